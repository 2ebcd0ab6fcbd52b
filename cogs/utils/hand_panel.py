"""A person's private hand panel: their hand's picture, their moves, and what only they may know.

The panel is an ephemeral message, so only its owner's clicks reach it; it is answered by editing
the clicked panel, or as a new private message from the table's "My hand".
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.i18n import t
from bot.replies import edit_clicked, reply_privately, send_private

from . import pictures
from .controls import controls_for
from .game_host import GameHost
from .language import private_language
from .messages import Surface, panel_surface
from .old_messages import too_old_to_edit
from .session import PLAYING, GameSession

log = logging.getLogger("teahouse.games")


class HandPanel:
    """The private panels of every game."""

    def __init__(self, host: GameHost) -> None:
        self.host = host

    async def build(self, session: GameSession, seat: int, lang: str, page: int = 0, note: str = "") -> Surface:
        await self.host.commit(session)
        image = await asyncio.to_thread(pictures.seat_hand(session, seat, lang))
        surface = panel_surface(session, seat, lang, image, page=page, note=note)
        surface.items += controls_for(session.game).back_items(session, seat, lang)
        return surface

    async def open(self, interaction: discord.Interaction, session: GameSession) -> None:
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            await reply_privately(interaction, t(private_language(interaction), "games.error.not_seated"))
            return
        surface = await self.build(session, seat, private_language(interaction))
        await self._answer(interaction, session, surface, edit=False)

    async def show(self, interaction: discord.Interaction, session: GameSession, seat: int,
                          page: int = 0, note: str = "") -> None:
        surface = await self.build(session, seat, private_language(interaction), page=page, note=note)
        edit = interaction.message is not None and interaction.message.flags.ephemeral
        edit = edit and not too_old_to_edit(interaction.message)  # 30046: an hour-old panel is sent afresh
        await self._answer(interaction, session, surface, edit=edit)

    async def _answer(self, interaction: discord.Interaction, session: GameSession, surface: Surface,
                          edit: bool) -> None:
        """Answer the click with the panel: the clicked private panel edited, or a new private one."""
        for attempt in range(2):  # a 503 once more: the 3-second window allows it
            try:
                if edit:
                    await edit_clicked(interaction, content=surface.content, attachments=surface.files(),
                                       view=surface.view())
                else:
                    await send_private(interaction, surface.content, files=surface.files(), view=surface.view())
                return
            except discord.DiscordServerError as err:
                if attempt:
                    self._failed(interaction, session, err)
            except discord.HTTPException as err:
                self._failed(interaction, session, err)
                return

    def _failed(self, interaction: discord.Interaction, session: GameSession,
                      err: discord.HTTPException) -> None:
        """The private panel could not be shown (expired token, unknown interaction, Discord down).

        Never raises, so a move that was already committed still reaches the table: the table
        is re-posted at the bottom with a line asking the player to press "My hand" again, and
        pings them when it is their turn.
        """
        log.info("panel of game %s not shown: %s (code %s)", session.id, err.status, err.code)
        if session.phase != PLAYING:
            return
        seat = session.seat_of(interaction.user.id)
        if seat is not None:
            session.pinged.discard(seat)
        session.add_line(t(session.lang, "resilience.panel_expired", who=f"<@{interaction.user.id}>"))
        session.table_posted_at = 0.0
        self.host.refresh_table(session)
