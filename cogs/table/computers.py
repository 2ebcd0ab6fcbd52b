"""Computer players: they move whenever a seat they hold may act, one decision at a time.

A computer's decision is made and applied in one hold of the game's lock, and a burst of their
moves is saved once (before anything shows it), not once a move.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any

from bot.games.core import rng_for
from bot.i18n import t

from .controls import controls_for, seating_for
from .game_host import GameHost
from .hints import computer_choice
from .persistence import SaveFailed
from .session import PLAYING, GameSession
from .words import names, with_the_move

log = logging.getLogger("teahouse.computers")

#: After a failed save of computer moves, how long the driver waits before making them again.
SAVE_FAILED_PAUSE_S = 1.0


class Computers:
    """The computer seats of every game."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.tasks: dict[int, asyncio.Task[None]] = {}  # game -> its driver
        self.unsaved: set[int] = set()  # games with computer moves not yet saved
        # game -> (state version, the moves made for people now): legal actions are asked once a version
        self._forced: dict[int, tuple[int, dict[int, Any]]] = {}

    def made_for(self, session: GameSession) -> dict[int, Any]:
        """People the game does not wait for: their decision has one legal action, made for them at once
        (DESIGN.md, "Pings and the table message"); by seat. Nobody is pinged or timed for them."""
        live = session.live
        if live is None or session.phase != PLAYING or session.paused_until is not None:
            return {}
        if seating_for(session.game).on_hold(session):  # a team's pause holds forced moves too (§13.6)
            return {}
        cached = self._forced.get(session.id)
        if cached is not None and cached[0] == session.version:
            return cached[1]
        seating = seating_for(session.game)
        out: dict[int, Any] = {}
        for seat in sorted(live.to_act()):
            if session.seats[seat].computer_plays:
                continue
            action = seating.made_for_them(session, seat, live.legal(seat))
            if action is not None:
                out[seat] = action
        self._forced[session.id] = (session.version, out)
        return out

    async def make_for_them(self, session: GameSession) -> bool:
        """Make the one possible move of each person who has nothing to choose; True when one was made."""
        delay = seating_for(session.game).made_for_them_delay(session, self.host.computer_delay)
        if delay > 0:
            await asyncio.sleep(delay)  # a short delay: people see the table move
        async with session.lock:
            moves = self.made_for(session)
            if not moves:
                return False
            seat, action = next(iter(moves.items()))
            since = session.lines_total
            events = self.host.apply(session, seat, action)
            with_the_move(session, since, controls_for(session.game).made_for_them_line(session, seat, action,
                                                                                       session.lang))
            self.unsaved.add(session.id)
        self.host.after_change(session, events)
        return True

    def start(self, session: GameSession) -> None:
        """Let the computers of this game decide, unless they are at it already."""
        self.host.spawn(self.tasks, session, self.drive(session))

    async def drive(self, session: GameSession) -> None:
        """Let every computer-controlled seat that may act do so, one decision at a time.

        A burst of computer moves is saved once, when it ends (no computer may move at once), not
        after every move: a table or panel that shows a move saves it first (``commit``). Nothing
        is awaited between finding no computer to move and returning: a change in that gap would
        find this driver still running and not start another, and the game would wait forever;
        so the burst's save is awaited first and then everything is looked at again.
        """
        # a team's pause (on_hold) stops them too: its end starts them again
        while session.phase == PLAYING and session.paused_until is None and not seating_for(session.game).on_hold(session):
            if self.made_for(session) and await self.make_for_them(session):
                continue
            seats = self._deciding(session)
            wait = seating_for(session.game).computer_wait(self.host, session, seats) if seats else math.inf
            if wait > 0 and session.id in self.unsaved:
                await self.commit(session)  # the burst is over: saved once, then look again
                continue
            if wait == math.inf:
                return  # no computer may act, or people decide first: the next change starts them again
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            version = session.version
            await asyncio.sleep(self.host.computer_delay)
            if session.version != version:  # the game changed while they thought (a person, a clock): who moves now
                seats = self._deciding(session)
                if not seats or seating_for(session.game).computer_wait(self.host, session, seats) > 0:
                    continue  # nobody, or they must wait: looked at again from the top
                version = session.version
            for seat in seats:
                await self.move(session, seat, session.seats[seat].ai or "easy")
            if session.version == version:
                self._stopped(session, seats)
                return  # nobody could move (no legal action): wait for the next change

    def _deciding(self, session: GameSession) -> list[int]:
        """The computer seats that may act now."""
        return sorted(s for s in self.host.deciders(session) if session.seats[s].computer_plays)

    def _stopped(self, session: GameSession, seats: list[int]) -> None:
        """Log a driver that stops while a computer could move: its game would wait for nobody."""
        if session.phase != PLAYING or session.paused_until is not None or seating_for(session.game).on_hold(session):
            return
        live = session.live
        able = [s for s in self._deciding(session) if live is not None and live.legal(s)]
        if able:
            log.warning("game %s: the computers stopped with seats %s able to move (tried %s, version %s)",
                        session.id, able, seats, session.version)

    async def move(self, session: GameSession, seat: int, level: str, *, timed_out: bool = False) -> None:
        """A computer's decision for ``seat``, checked and applied in one hold of the game's lock: a
        person's click waits (it is acknowledged already) and then sees the new version."""
        async with session.lock:
            live = session.live
            if live is None or session.phase != PLAYING or seat not in self.host.deciders(session):
                return
            if not timed_out and not session.seats[seat].computer_plays:
                return  # a person took the seat while the computer was thinking (substitutes.py)
            if seating_for(session.game).on_hold(session):
                return  # a team's pause began while the computer was thinking
            legal = live.legal(seat)
            if not legal:
                return
            seating = seating_for(session.game)
            forced = (seating.timeout_action(session, seat, legal) if timed_out
                      else seating.computer_action(session, seat, legal))
            rng = rng_for(session.seed, "computer", session.version, seat)
            action, why = (forced, "") if forced is not None else await computer_choice(session, seat, legal, level, rng)
            since = session.lines_total
            events = self.host.apply(session, seat, action)
            if timed_out:  # on the move's own line ("Alice passes. ⏰ Alice ran out of time. …"), before a hand's end
                mover = "rules" if forced is not None else "computer"
                with_the_move(session, since, "— " + t(session.lang, "games.timed_out",
                                                       player=names(session, session.lang)[seat])
                              + " " + t(session.lang, f"clock.moved.{mover}"))
            if why:  # a practice table says why the computer played it (hints.py)
                session.add_line(why)
            self.unsaved.add(session.id)  # committed once per burst, before anything shows it (_commit)
        self.host.after_change(session, events)

    async def commit(self, session: GameSession) -> None:
        """Save computer moves not yet saved: called before any message that could show them.

        A burst of computer moves is saved once instead of once a move; a crash before the
        save loses only moves nobody saw, which the computers replay the same way (their
        randomness is seeded by game, version and seat).
        """
        if session.id in self.unsaved and session.phase == PLAYING:
            self.unsaved.discard(session.id)
            try:
                await self.host.save(session)
            except SaveFailed:
                # The moves were undone (never shown): after a pause the game goes on from its saved state as
                # after any change, and the computers make them again. The caller may be the table or a live
                # panel, with the driver gone already (a burst that ends the hand stops it with no save of its
                # own): nothing else would start it, and the game waited for ever with a computer to move.
                await asyncio.sleep(SAVE_FAILED_PAUSE_S)
                if session.phase == PLAYING and self.host.sessions.get(session.id) is session:
                    self.host.after_change(session)
