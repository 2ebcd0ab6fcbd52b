"""Answering an interaction within Discord's 3 seconds, whether the work behind it is quick or slow.

``answer_soon`` starts a watchdog: when the handler has not answered within
``ACK_BUDGET_SECONDS`` it acknowledges (defers) the interaction, and the handler's answer
then arrives as an edit or a follow-up. A quick answer is the interaction's own response, one
call. The helpers below send an answer the right way in both cases, under a per-interaction
lock that the watchdog shares, so an interaction is never acknowledged twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import aiohttp
import discord

log = logging.getLogger("teahouse.replies")

#: a request whose connection dropped before Discord answered: to a person, the same as a 5xx (try it again)
DROPPED = (aiohttp.ClientError, OSError)

#: How long a handler may work before the interaction is deferred. Discord drops an answer after 3 s
#: counted from when it sent the event; this leaves room for the network both ways and a busy loop.
ACK_BUDGET_SECONDS = 1.0
#: An answer the handler starts later than this after it got the interaction is preceded by a bare
#: acknowledgement: a big answer (a picture) started near the budget could reach Discord after its 3 s.
DIRECT_ANSWER_SECONDS = 0.5
#: An acknowledgement this long after Discord created the interaction is logged: close to being refused.
LATE_ACK_WARNING_SECONDS = 2.0

_LOCK = "teahouse.answer_lock"
_WATCHDOG = "teahouse.answer_watchdog"
_TRIED = "teahouse.answer_tried"  # time.monotonic() a response was sent, even if Discord refused it (an expired token)
_RECEIVED = "teahouse.received"  # time.monotonic() when the handler began
_PRIVATE = "teahouse.private"  # a command's deferred answer is ephemeral


def _lock(interaction: discord.Interaction) -> asyncio.Lock:
    lock = interaction.extras.get(_LOCK)
    if lock is None:
        lock = interaction.extras[_LOCK] = asyncio.Lock()
    return lock


def answer_soon(interaction: discord.Interaction, *, private: bool = False,
                budget: float = ACK_BUDGET_SECONDS) -> None:
    """Make sure the interaction is acknowledged within ``budget`` seconds from now.

    A component click is deferred as an update of its message; a command as "thinking…",
    private when ``private`` (its answer is then ephemeral).
    """
    if interaction.extras.get(_WATCHDOG) is not None or interaction.response.is_done():
        return
    interaction.extras[_RECEIVED] = time.monotonic()
    interaction.extras[_PRIVATE] = private

    async def defer_unless_answered() -> None:
        async with _lock(interaction):
            if interaction.response.is_done() or interaction.extras.get(_TRIED) is not None:
                return
            await _defer(interaction)

    def due() -> None:
        task = asyncio.create_task(defer_unless_answered())
        task.add_done_callback(_log_failure)

    # a timer, not a sleeping task: nearly every click is answered in time, and a cancelled task leaves its
    # CancelledError, traceback and frames in a cycle that only a full garbage collection frees
    interaction.extras[_WATCHDOG] = asyncio.get_running_loop().call_later(budget, due)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        error = task.exception()
        log.info("deferring an interaction failed: %s", error)


def _note_late(interaction: discord.Interaction, how: str) -> None:
    """Log an acknowledgement that came close to Discord's 3 s, with how long the bot held the interaction
    and how long the answer's own request took (slow requests: a busy loop or network, not slow work)."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    if age < LATE_ACK_WARNING_SECONDS:
        return
    now = time.monotonic()
    received, tried = interaction.extras.get(_RECEIVED), interaction.extras.get(_TRIED)
    held = now - received if received is not None else float("nan")
    sending = now - tried if tried is not None else float("nan")
    data: Any = interaction.data or {}
    log.warning("interaction %s (%s) %s %.2f s after it was created; the bot held it %.2f s, the answer's "
                "request took %.2f s", interaction.id, str(data.get("custom_id") or data.get("name") or "?")[:40],
                how, age, held, sending)


def _answered(interaction: discord.Interaction) -> None:
    _note_late(interaction, "answered")
    watchdog = interaction.extras.get(_WATCHDOG)
    if watchdog is not None and interaction.response.is_done():
        watchdog.cancel()


async def _defer(interaction: discord.Interaction) -> None:
    """Acknowledge without an answer yet (under the interaction's lock): a click as an update of its
    message, a command as "thinking…" (private as ``answer_soon`` was told)."""
    with contextlib.suppress(discord.InteractionResponded):
        if interaction.type == discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=bool(interaction.extras.get(_PRIVATE)), thinking=True)
        _note_late(interaction, "deferred")


async def _acknowledged_if_slow(interaction: discord.Interaction) -> None:
    """Before a handler's answer (under the lock): when the handler took a while and nothing acknowledged yet,
    a bare acknowledgement goes first and the answer follows as an edit or a follow-up."""
    received = interaction.extras.get(_RECEIVED)
    if not interaction.response.is_done() and received is not None and \
            time.monotonic() - received >= DIRECT_ANSWER_SECONDS:
        _trying(interaction)
        await _defer(interaction)
        watchdog = interaction.extras.get(_WATCHDOG)
        if watchdog is not None:
            watchdog.cancel()


def _trying(interaction: discord.Interaction) -> None:
    """The handler answers now: the watchdog must not answer too, whether or not this answer gets through."""
    interaction.extras[_TRIED] = time.monotonic()


async def reply_privately(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer: the response if none was sent yet, otherwise a follow-up.

    Mentions in ``text`` (names people typed) never notify anybody.
    """
    await send_private(interaction, text, allowed_mentions=discord.AllowedMentions.none())


async def send_private(interaction: discord.Interaction, content: str, **kwargs: Any) -> int | None:
    """A new ephemeral message (``files``, ``view`` as for ``send_message``): the response, or a follow-up.

    Returns the follow-up's message id, or None when the message is the interaction's own response
    (``@original``): what a later edit through the interaction's token needs.
    """
    kwargs = {key: value for key, value in kwargs.items() if value is not None}
    if "view" in kwargs:
        _not_kept(kwargs["view"])
    async with _lock(interaction):
        await _acknowledged_if_slow(interaction)
        if not interaction.response.is_done():
            _trying(interaction)
            with contextlib.suppress(discord.InteractionResponded):
                await interaction.response.send_message(content, ephemeral=True, **kwargs)
                _answered(interaction)
                return None
        message = await interaction.followup.send(content, ephemeral=True, wait=True, **kwargs)
        return message.id


def _not_kept(view: discord.ui.View) -> None:
    """A view made only of ``DynamicItem``s is answered through its items' custom ids, never through the view
    object, so it is stopped before it is sent and discord.py keeps no copy. Otherwise an ephemeral
    response's view is kept, with a timer task, for 15 minutes (about one per hand a person opens: most of a
    live game's memory), and its timeout unregisters the DynamicItem classes every game's buttons use."""
    if view.children and all(isinstance(item, discord.ui.DynamicItem) for item in view.children):
        view.stop()


async def send_public(interaction: discord.Interaction, content: str, **kwargs: Any) -> discord.Message:
    """A new public message as the answer (a lobby): the response, or a follow-up."""
    async with _lock(interaction):
        await _acknowledged_if_slow(interaction)
        if not interaction.response.is_done():
            _trying(interaction)
            with contextlib.suppress(discord.InteractionResponded):
                await interaction.response.send_message(content, **kwargs)
                _answered(interaction)
                return await interaction.original_response()
        if interaction.response.type == discord.InteractionResponseType.deferred_channel_message:
            # the answer takes the place of "thinking…"; unlike a follow-up's message, the edited one comes back
            # with its channel and server (a lobby's thread is opened from it)
            files = kwargs.pop("files", None)
            return await interaction.edit_original_response(content=content, **kwargs,
                                                            **({"attachments": files} if files else {}))
        return await interaction.followup.send(content, wait=True, **kwargs)


async def edit_clicked(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the message whose component was clicked (``content``, ``attachments``, ``view``)."""
    async with _lock(interaction):
        await _acknowledged_if_slow(interaction)
        if not interaction.response.is_done():
            _trying(interaction)
            with contextlib.suppress(discord.InteractionResponded):
                await interaction.response.edit_message(**kwargs)
                _answered(interaction)
                return
        await interaction.edit_original_response(**kwargs)
