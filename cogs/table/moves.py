"""The move path: how one move becomes the game's new state, top to bottom.

A click on a panel (``panel_play``) or a typed ``/play`` (``typed``) arrives acknowledged (``clicks.py``
answered it within Discord's 3 s) and:

1. takes the game's lock, the one serialized path every change passes, and checks the phase, the version
   the click was drawn at, a pause, and the seat, all under that hold;
2. hands the action to the engine through the running game (``session.live.apply``), which refuses an
   illegal one and changes nothing;
3. records what the engine said (``record_events``: public lines for the table, private notes, a hand's
   end and its summary) and saves the game before anything shows it (``_saved_or_undone``);
4. answers the person with the updated panel, then (``after_change``) the table message, the clock, the
   live panels of the others and the computer players follow, or the game's end when it is over.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

import discord

from bot.games.core import Event, IllegalAction
from bot.games.registry import engine
from bot.i18n import t
from bot.replies import answer_soon, reply_privately

from ..utils.language import private_language
from . import persistence, tips
from .attention import attention
from .computers import Computers
from .controls import controls_for, seating_for
from .endings import Endings
from .game_host import GameHost
from .hand_panel import HandPanel
from .idle import touch
from .session import PLAYING, GameSession
from .table_message import TableMessage
from .turn_clock import TurnClock
from .words import event_text, move_name, names, reason, safe_name

log = logging.getLogger("teahouse.games")

#: the pause between two hands (the summary stays on the table; "Next hand" ends it sooner)
BETWEEN_HANDS_SECONDS = 30


class Moves:
    """Moves of people (panel clicks and typed moves) and of the computers (``host.apply``) into the engine."""

    def __init__(self, host: GameHost, table: TableMessage, clock: TurnClock, panels: HandPanel,
                 computers: Computers, endings: Endings) -> None:
        self.host, self.table, self.clock, self.panels = host, table, clock, panels
        self.computers, self.endings = computers, endings

    async def panel_play(self, interaction: discord.Interaction, session: GameSession, seat: int,
                         version: int | None, action: Any) -> None:
        """Apply ``action`` for ``seat`` from a click on their panel and answer with the updated panel.

        A stale version, a paused or finished game or an illegal action changes nothing and is
        explained on the panel itself. Game-specific controls call this too, so every move from
        a panel goes through one path; it runs on the game's serialized path (the click holds
        the game's lock), where the phase and version it checks cannot change under it.
        """
        lang = private_language(interaction)
        async with session.lock:
            if session.phase != PLAYING:
                await reply_privately(interaction, t(lang, "games.error.game_over"))
                return
            if version is None or version != session.version:
                note = t(lang, "games.error.stale")
            elif session.paused_until is not None:
                note = t(lang, "games.error.paused")
            elif seating_for(session.game).on_hold(session):
                note = t(lang, "seats.pause.on_hold")
            elif action is None or session.seat_of(interaction.user.id) != seat:
                note = t(lang, "games.error.not_legal_now")
            else:
                try:
                    events = self.apply(session, seat, action)
                except IllegalAction as err:
                    note = reason(lang, err)
                else:
                    self.back_from_away(session, seat)
                    if await self._saved_or_undone(session):
                        self.after_change(session, events)
                        await self.panels.show(interaction, session, seat)
                        return
                    note = t(lang, "resilience.save_failed")
            await self.panels.show(interaction, session, seat, note=note)

    async def typed(self, interaction: discord.Interaction, text: str) -> None:
        answer_soon(interaction, private=True)
        lang = private_language(interaction)
        session = self.host.game_of(interaction.guild_id, interaction.user.id)
        if session is None:
            await reply_privately(interaction, t(lang, "games.error.not_playing"))
            return
        mod = engine(session.game)
        async with session.lock:
            seat = session.seat_of(interaction.user.id)
            if session.phase != PLAYING or session.live is None or seat is None:
                await reply_privately(interaction, t(lang, "games.error.not_playing"))
                return
            attention(self.host.bot).clicked(session.id, interaction.user.id)
            if session.paused_until is not None:
                await reply_privately(interaction, t(lang, "games.error.paused"))
                return
            if seating_for(session.game).on_hold(session):
                await reply_privately(interaction, t(lang, "seats.pause.on_hold"))
                return
            touch(session)
            try:
                action = mod.parse_action(text[:200])
                self.back_from_away(session, seat)
                events = self.apply(session, seat, action)
            except IllegalAction as err:
                await reply_privately(interaction, reason(lang, err))
                return
            if not await self._saved_or_undone(session):
                await reply_privately(interaction, t(lang, "resilience.save_failed"))
                return
            label = move_name(session.game, action, mod.format_action(action), lang)
            try:
                await reply_privately(interaction, t(lang, "games.played", move=discord.utils.escape_markdown(label)))
            except discord.HTTPException as err:  # Discord's fault, not ours: the move is committed and stands
                log.warning("reply to a typed move in game %s failed: Discord answered %s (code %s)",
                            session.id, err.status, err.code)
            finally:  # the move is committed: the table and the computers go on even if the reply failed
                self.after_change(session, events)
        await self.table.notes.tell_privately(interaction, session)

    async def _saved_or_undone(self, session: GameSession) -> bool:
        """Save a person's move. False when the database refused it even after retries: the move was
        undone (the session is back at its last saved state) and the game goes on from there (the
        clock and the computers are armed again), so the person can simply try again."""
        try:
            await persistence.save(self.host.bot, session)
        except persistence.SaveFailed:
            self.after_change(session)
            return False
        return True

    def back_from_away(self, session: GameSession, seat: int) -> None:
        """A person who was idle and moves again takes their seat back (from the computer or the
        timeout rules); the table says so when they had been marked away."""
        info = session.seats[seat]
        if info.user_id is not None and not info.left:
            if seating_for(session.game).is_away(session, seat):
                session.add_line(t(session.lang, "clock.back", player=safe_name(info.name)))
            info.ai, info.timeouts = None, 0

    async def come_back(self, session: GameSession, seat: int) -> None:
        """An away person clicked ("I'm back", or anything where the rules say so): his own window again."""
        if not seating_for(session.game).is_away(session, seat):
            return  # the common case
        async with session.lock:
            if session.phase != PLAYING or not seating_for(session.game).is_away(session, seat):
                return
            self.back_from_away(session, seat)
            await persistence.save(self.host.bot, session)
        self.after_change(session)

    def apply(self, session: GameSession, seat: int, action: Any) -> list[Event]:
        """Engine first (raises IllegalAction and changes nothing), then the session's record of it."""
        if session.live is None:
            raise IllegalAction("core.not_your_turn", "It is not your turn.")  # a lobby: nobody's turn
        events = session.live.apply(seat, action)
        mod = session.live.engine
        session.log.append((seat, mod.format_action(action)))
        session.pinged.discard(seat)
        self.record_events(session, events)
        return events

    def record_events(self, session: GameSession, events: Sequence[Event]) -> None:
        """Events in words: public lines for the table, private notes for their viewers; a hand's end pauses."""
        seat_names = names(session, session.lang)
        tips.heard(session, events)  # the words the table showed, explained once to each person (tips.py)
        for index, event in enumerate(events):
            if event.kind == "hand_start" and session.paused_until is not None:
                session.hand_first_line = session.lines_total  # the table of the new hand starts here
            text = event_text(session.game, event, seat_names, session.lang)
            if event.kind == "hand_end":
                session.paused_until = time.time() + BETWEEN_HANDS_SECONDS
                session.hand_summary = controls_for(session.game).hand_summary(
                    session, [e for e in events[:index] if e.visible_to is None], dict(event.data))
            if not text:
                continue
            if event.visible_to is None:
                session.add_line(text)
            else:
                for viewer in event.visible_to:
                    session.private_notes.setdefault(viewer, []).append(text)
        for notes in session.private_notes.values():
            del notes[:-10]

    def after_change(self, session: GameSession, events: Sequence[Event] = ()) -> None:
        """After a committed move: summaries, then the table, the clock and the computers."""
        if session.phase == PLAYING and session.live is not None and session.live.finished:
            self.endings.soon(session)
            return
        self.clock.arm(session)
        self.table.want(session)
        self.panels.follow_game(session)  # a live panel shows a decision that comes or goes at once
        self.computers.start(session)

    def deciders(self, session: GameSession) -> set[int]:
        """Seats that may act now: the engine's ``to_act`` and any the game's controls add (claims)."""
        if session.live is None:
            return set()
        return session.live.to_act() | seating_for(session.game).deciders(session)

    def waiting_humans(self, session: GameSession) -> set[int]:
        if session.live is None or session.paused_until is not None:
            return set()
        made = self.computers.made_for(session)  # one possible move: made for them, nobody waits
        return {s for s in session.live.to_act()
                if not session.seats[s].computer_plays and s not in made}


__all__ = ["BETWEEN_HANDS_SECONDS", "Moves"]
