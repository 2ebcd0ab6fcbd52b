"""A live hand panel: the private panel the bot may still edit through its interaction's token, what it shows,
and how it is saved with the game so that a restarted bot follows it again (``hand_panel`` keeps it up)."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import discord

from .messages import Surface

TOKEN_SECONDS = 15 * 60  # how long Discord accepts edits through an interaction's token
RETIRE_MARGIN_SECONDS = 60  # the panel says it stopped following this long before the token runs out
LIVE_EDIT_SECONDS = 1.5  # at most one edit of a live panel per this long; the latest state wins
ORIGINAL = "@original"  # the interaction's own response, as its webhook's message id
TOKEN_GONE = {10015, 10008, 50027}  # unknown webhook, unknown message, invalid webhook token


@dataclass(eq=False)
class LivePanel:
    """A panel the bot may still edit: the token that reaches it, and what it shows.

    It keeps the interaction's token (as its follow-up webhook) and ids, not the interaction: that holds the
    clicked message with all its controls, most of a live panel's memory."""

    token: discord.Webhook  # the interaction's follow-up webhook: its token edits the response and follow-ups
    interaction_id: int
    clicked_id: int | None  # the private panel that was clicked, when the answer edited it
    message_id: int | None  # None: the interaction's own response
    seat: int
    lang: str
    page: int
    shown: bytes  # a digest of the text and controls it shows (the picture follows them)
    picture: Hashable | None = None  # what its picture shows (``pictures.hand_shows``); None: not known
    edited_at: float = 0.0
    could_act: bool = False  # it showed moves: a turn that comes or goes is shown at once, other changes paced
    dirty: bool = False
    task: asyncio.Task[None] | None = None
    retire: asyncio.TimerHandle | None = field(default=None, repr=False)

    @property
    def token_born(self) -> float:
        return discord.utils.snowflake_time(self.interaction_id).timestamp()

    def record(self) -> dict[str, Any]:
        """What is saved with the game to follow the panel again after a restart (``restored``)."""
        return {"token": self.token.token, "interaction": self.interaction_id, "clicked": self.clicked_id,
                "message": self.message_id, "seat": self.seat, "lang": self.lang, "page": self.page,
                "shown": self.shown.hex()}

    @classmethod
    def restored(cls, client: discord.Client, record: dict[str, Any]) -> LivePanel:
        """The panel of a saved ``record``, reached through its interaction's webhook (the application's id and
        the token), as before the restart; its picture is not known (the next edit that changes it sends it)."""
        assert client.application_id is not None
        token = discord.Webhook.partial(client.application_id, str(record["token"]), client=client)
        return cls(token, int(record["interaction"]), record.get("clicked"), record.get("message"),
                   int(record["seat"]), str(record["lang"]), int(record.get("page", 0)),
                   bytes.fromhex(str(record.get("shown", ""))))

    def cancel(self) -> None:
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        if self.retire is not None:
            self.retire.cancel()

    async def edit(self, content: str, view: discord.ui.View,
                   attachments: list[discord.File] | None = None) -> None:
        """Edit the panel through the token (``attachments`` None: keep the picture)."""
        files: Any = {} if attachments is None else {"attachments": attachments}
        await self.token.edit_message(ORIGINAL if self.message_id is None else self.message_id,  # type: ignore[arg-type]
                                      content=content, view=view, **files)


def shown_by(surface: Surface) -> bytes:
    """What a panel shows, as a digest to compare (the picture is drawn from the same moment): each live panel
    keeps it, and the text and controls themselves came to a few KB a game."""
    shown = repr((surface.content, surface.controls_key()))
    return hashlib.blake2b(shown.encode(), digest_size=16).digest()
