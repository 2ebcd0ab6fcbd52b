"""Every button and select of every game: checked against what it names, acknowledged, routed.

A click is answered once (a second delivery is ignored), acknowledged at once (``answer_soon``), refused
when it names a game of another server or channel (``trust.py``), and then, holding the game's lock, routed:
the lobby's verbs to the lobby desk, the game's own controls first, then the generic verbs of the spine
(the hand panel, its pages, a move, the next hand). Moves go on in ``moves.py``.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.games.registry import engine
from bot.i18n import t
from bot.replies import answer_soon, edit_clicked, reply_privately
from bot.storage import STORAGE_FAULTS

from ..utils.language import private_language
from . import counter, hints, persistence, table_buttons
from .attention import attention
from .components import (
    BUTTON_TEMPLATE,
    PAGE_TEMPLATE,
    REPLAY_TEMPLATES,
    SELECT_TEMPLATE,
    parse_number,
    plausible_values,
)
from .controls import BACK_VERB, controls_for, seating_for
from .counter import COUNT_VERB
from .game_host import GameHost
from .hand_panel import HandPanel
from .idle import touch
from .lobby import LOBBY_VERBS, LobbyDesk
from .moves import Moves
from .session import LOBBY, PLAYING, GameSession
from .table_buttons import TABLE_VERBS
from .table_message import TableMessage
from .trust import clicked_where_it_belongs

log = logging.getLogger("teahouse.games")

class Clicks:
    """Routes each click onto its game's serialized path."""

    def __init__(self, host: GameHost, moves: Moves, lobby: LobbyDesk, panels: HandPanel, table: TableMessage) -> None:
        self.host, self.moves, self.lobby, self.panels, self.table = host, moves, lobby, panels, table

    async def on_click(self, interaction: discord.Interaction, game: int, version: int | None, verb: str,
                       arg: str, values: list[str]) -> None:
        """Every button and select of every game arrives here; a fault is answered, never left hanging."""
        try:
            await self._click(interaction, game, version, verb, arg, values)
            session = self.host.sessions.get(game)
            if session is not None:
                await self.table.notes.tell_privately(interaction, session)
        except STORAGE_FAULTS as err:  # the database refused: what it undid is shown again, with a polite line
            log.warning("click %s on game %s not saved (%s)", verb, game, type(err).__name__)
            with contextlib.suppress(discord.HTTPException):
                await self._not_saved(interaction, game)
        except discord.HTTPException as err:  # Discord's fault, not ours: no traceback, a plain "try again"
            log.warning("click %s on game %s: Discord answered %s (code %s)", verb, game, err.status, err.code)
            with contextlib.suppress(discord.HTTPException):
                await reply_privately(interaction, t(private_language(interaction), "resilience.discord_busy"))
        except Exception:
            log.exception("click %s on game %s failed", verb, game)
            with contextlib.suppress(discord.HTTPException):
                await reply_privately(interaction, t(private_language(interaction), "games.error.internal"))

    async def _not_saved(self, interaction: discord.Interaction, game: int) -> None:
        """A click whose change the database refused: the session is back at its saved moment, so a private
        panel the click already updated is shown again as stored, and the person hears it did not go through."""
        lang = private_language(interaction)
        session = self.host.sessions.get(game)
        message = interaction.message
        seat = session.seat_of(interaction.user.id) if session is not None else None
        if session is not None and seat is not None and session.phase == PLAYING and message is not None \
                and message.flags.ephemeral:
            async with session.lock:
                await self.panels.show(interaction, session, seat, note=t(lang, "resilience.not_saved"))
            return
        await reply_privately(interaction, t(lang, "resilience.not_saved"))

    async def unknown_component(self, interaction: discord.Interaction) -> None:
        """A click on a component whose custom id none of our components parses (an old or damaged
        message, or a forged click): answered privately rather than left to fail. Every component the bot
        draws is a ``DynamicItem`` of one of these templates, so nothing else would ever answer it."""
        if interaction.type != discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom = str(data.get("custom_id", ""))
        if any(template.fullmatch(custom) for template in (BUTTON_TEMPLATE, SELECT_TEMPLATE, PAGE_TEMPLATE, *REPLAY_TEMPLATES)):
            return
        if not self.host.bot.seen.first(interaction.id):  # delivered twice: the first delivery answers it
            return
        log.info("unparsable custom id %r", custom[:100])
        with contextlib.suppress(discord.HTTPException):
            await reply_privately(interaction, t(private_language(interaction), "games.error.unknown_button"))

    async def _click(self, interaction: discord.Interaction, game: int, version: int | None, verb: str,
                     arg: str, values: list[str]) -> None:
        if not self.host.bot.seen.first(interaction.id):  # delivered twice: the first delivery answers it
            return
        answer_soon(interaction)  # acknowledged within Discord's 3 s even if the lock, a save or a picture is slow
        lang = private_language(interaction)
        if not plausible_values(values):  # a forged click: refused before anything reads it
            await reply_privately(interaction, t(lang, "games.error.unknown_button"))
            return
        if verb == "rematch":
            await self.lobby.rematch(interaction, game)
            return
        session = self.host.sessions.get(game)
        if session is None:
            await reply_privately(interaction, t(lang, "games.error.game_over"))
            return
        if not clicked_where_it_belongs(interaction, session):  # a forged or foreign click: refused, nothing read
            log.info("click %s on game %s refused: it came from another server or channel", verb, game)
            await reply_privately(interaction, t(lang, "games.error.elsewhere"))
            return
        if verb in TABLE_VERBS:  # Log, Rules: read only, for anyone, private: no lock, no seat needed
            await table_buttons.answer(interaction, session, verb)
            return
        if verb == COUNT_VERB:  # the panel's Count: read only and private, so no lock (counter.py)
            await counter.answer(interaction, session)
            return
        async with session.lock:  # the game's one serialized path: checks below see a settled game
            await self._click_in_game(interaction, session, version, verb, arg, values)

    async def _click_in_game(self, interaction: discord.Interaction, session: GameSession, version: int | None,
                             verb: str, arg: str, values: list[str]) -> None:
        lang = private_language(interaction)
        if session.phase not in (LOBBY, PLAYING):
            await reply_privately(interaction, t(lang, "games.error.game_over"))
            return
        attention(self.host.bot).clicked(session.id, interaction.user.id)  # whoever clicks is at this table now
        if session.phase == LOBBY:
            touch(session)
            await self.lobby.click(interaction, session, verb, values)
            return
        if verb in LOBBY_VERBS:
            await reply_privately(interaction, t(lang, "games.error.started"))
            return
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            message = interaction.message
            if message is not None and message.flags.ephemeral:  # an old panel of a seat now someone else's
                await edit_clicked(interaction, content=t(lang, "games.error.not_seated"), attachments=[], view=None)
                return
            await reply_privately(interaction, t(lang, "games.error.not_seated"))
            return
        touch(session)  # a person acted: the table is not idle (§16.6)
        if engine(session.game).TIMING.back_by == "click" and verb != BACK_VERB:
            await self.moves.come_back(session, seat)  # §13.6: AFK "until he clicks anything"
        drafts = session.ui_fingerprint()
        if await controls_for(session.game).on_click(self.host, interaction, session, seat, version, verb, arg, values):
            if session.phase == PLAYING and session.ui_fingerprint() != drafts:
                await self.host.save(session)  # a composer step: the picks are saved with the game
            return
        if verb == BACK_VERB:
            await self.moves.come_back(session, seat)
            await self.panels.show(interaction, session, seat)
        elif verb == "hand":
            await self.panels.open(interaction, session)
        elif verb in ("refresh", "page"):
            page = parse_number(arg, 0, signed=True) if verb == "page" else 0
            await self.panels.show(interaction, session, seat, page=page)
        elif verb in ("do", hints.PLAY_VERB):
            choice = values[0] if values else arg
            await self._panel_move(interaction, session, seat, version, choice)
        elif verb == "next":
            await self._resume(interaction, session)
        elif verb == hints.HINT_VERB:
            await hints.ask(self.host, self.panels, interaction, session, seat)
        else:
            await reply_privately(interaction, t(lang, "games.error.unknown_button"))

    async def _panel_move(self, interaction: discord.Interaction, session: GameSession, seat: int,
                          version: int | None, choice: str) -> None:
        """A click on the generic panel: ``choice`` is an index into the seat's legal actions."""
        legal = session.live.legal(seat) if session.live is not None else []
        index = parse_number(choice)
        action = legal[index] if 0 <= index < len(legal) else None
        await self.moves.panel_play(interaction, session, seat, version, action)

    async def _resume(self, interaction: discord.Interaction, session: GameSession) -> None:
        async with session.lock:
            if session.phase != PLAYING or session.paused_until is None:
                await reply_privately(interaction, t(private_language(interaction), "games.error.not_paused"))
                return
            waiting = seating_for(session.game).ready_for_next(session, session.seat_of(interaction.user.id))
            if waiting:  # Gou Ji §13.6: the next hand starts when all are Ready (or after the pause)
                await persistence.save(self.host.bot, session)
                self.table.want(session)
                await reply_privately(interaction, t(private_language(interaction), "options.ready.waiting",
                                                     players=", ".join(waiting)))
                return
            session.paused_until = None
            await persistence.save(self.host.bot, session)
        # the next hand has started (and is saved): the clock, the table and the computers go on even when
        # the answer fails (a click acknowledged too late raised here, and the game waited for nobody)
        self.moves.after_change(session)
        clicked = interaction.message
        if clicked is not None and not clicked.flags.ephemeral and clicked.id == session.table_message_id:
            # the finished hand's table answers the click itself: it stays as the hand's record, without its
            # buttons, and the new hand's table follows below; an answer takes nothing of Discord's global limit
            with contextlib.suppress(discord.HTTPException):
                await edit_clicked(interaction, view=None)
                self.table.buttons_removed(session, clicked.id)
                self.table.routes.offer(session, interaction)  # the new hand's table may follow up on it
                return
        await reply_privately(interaction, t(private_language(interaction), "games.next_hand_started"))
        self.table.routes.offer(session, interaction)


__all__ = ["Clicks"]
