"""Buttons on the public table that only read: the game's log and its rules (Zheng Shangyou §16.2,
Gou Ji §13.2).

Anyone in the thread may press them (a spectator too); the answer is private to whoever pressed,
so the table never changes and the game's lock is not taken (nothing changes; a move waiting for
the lock is not delayed by a picture being drawn).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.replies import send_private

from ..utils.language import private_language
from . import pictures
from .components import GameButton
from .controls import controls_for
from .messages import clip_join
from .session import GameSession

#: the verbs of these buttons: routed before the seat check (spectators welcome)
TABLE_VERBS = frozenset({"log", "rules"})
#: how many of the table's last public lines the Log shows
LOG_LINES = 20


def log_button(session: GameSession, lang: str, row: int | None = None) -> discord.ui.Item[Any]:
    return GameButton(session.id, "log", label=t(lang, "seats.button.log"), emoji="📜", row=row)


def rules_button(session: GameSession, lang: str, row: int | None = None) -> discord.ui.Item[Any]:
    return GameButton(session.id, "rules", label=t(lang, "seats.button.rules"), emoji="❓", row=row)


async def answer(interaction: discord.Interaction, session: GameSession, verb: str) -> None:
    """The log (the table's last public lines, nothing private) or the rules, to the presser only."""
    lang = private_language(interaction)
    if verb == "log":
        lines = list(session.lines[-LOG_LINES:])
        text = clip_join(t(lang, "seats.log.title"), *lines) if lines \
            else t(lang, "seats.log.empty")
        await send_private(interaction, text)
        return
    text = t(lang, f"games.rules.{session.game}", name=t(lang, f"{session.game}.name"))
    image = await pictures.rules_picture(session.game, lang)
    files = [] if image is None else [discord.File(image, filename="rules.png")]
    await send_private(interaction, text[:2000], files=files)
    for page in controls_for(session.game).rules_pages(lang):  # a preset's rules, on a page of their own
        await send_private(interaction, page[:2000])


__all__ = ["LOG_LINES", "TABLE_VERBS", "answer", "log_button", "rules_button"]
