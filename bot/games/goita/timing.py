"""§12.10 Timing: the table rules the Discord layer asks (``bot.games.core.timing``).

The rules' part of the clock: the turn timer is the game's option ``turn_timeout`` (120 s, 0 = off), the
reminder comes at half time, a responder is passed at expiry and a leader is moved by the easy computer;
nobody answers for a deciding partner, nor, with the timer off, for a leader, who is timed only by the
5-minute idle window after which the other players may hand his seat to the computer or abort. Who those
other players are (people, not computers), and the server's pace, are the table's.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ..core.timing import WAIT, Timing
from .actions import PASS, Action
from .engine import DECIDE, PLAY, RITUAL_OFFSET, RITUAL_POINT, State
from .pieces import GYOKU, OU

#: §12.10, the timer off: a leader (or deciding partner) idle this long may be handed to the computer by
#: the other players, or the game aborted
IDLE_SECONDS = 300
#: the name (``window_key``) of that idle window: it times nobody when no other person could press anything
IDLE_WINDOW = "idle"


class GoitaTiming(Timing):
    """§12.10's clock, away rule and substitutes, and §12.5.4's pass against a king."""

    #: §12.10 (revised): the turn timer is on by default, 120 s (the option ``turn_timeout=0`` switches it off)
    turn_seconds = 120
    #: §12.10: the computer plays an away seat "until its person clicks again"
    back_by = "click"
    substitutes = "any"  # §12.10
    #: §12.10: after this many expiries in a row the seat shows *(away)* until its person clicks again;
    #: ``away_after`` (two in a row) is when the computer plays it at once
    shown_away_after = 1

    @staticmethod
    def timer(state: State) -> int:
        """§12.10: the turn timer in seconds at the rules' pace; 0: switched off."""
        return max(0, int(state.options["turn_timeout"]))

    @staticmethod
    def decides_alone(state: State) -> bool:
        """A leader or a deciding partner: nobody answers for them at expiry (a responder is passed; the
        dealing ritual's pick is chance)."""
        if state.phase == PLAY:
            return state.turn == state.attacker
        return state.phase == DECIDE

    def window(self, state: State, seat: int) -> float | None:
        """The timer when it is on. Off: only a leader or deciding partner is timed, by the idle window."""
        timer = self.timer(state)
        if timer > 0:
            return float(timer)
        return float(IDLE_SECONDS) if self.decides_alone(state) else 0.0

    def window_key(self, state: State, seat: int) -> Hashable:
        """``IDLE_WINDOW`` for the timer-off idle window, else one turn window."""
        return IDLE_WINDOW if self.timer(state) == 0 and self.decides_alone(state) else None

    def reminder(self, state: State, window: float) -> float | None:
        """§12.10: the reminder comes at half time; with the timer off there is none."""
        return window / 2 if self.timer(state) > 0 else window

    def timeout_outcome(self, state: State, seat: int) -> str:
        """§12.10: a responder is passed; with the timer on, a leader's move is made by the easy computer.
        A partner's Play/Redeal choice (strategic) and, with the timer off, an idle leader are never moved
        (``WAIT``). The dealing ritual's pick is chance: the computer makes it."""
        if state.phase in (RITUAL_POINT, RITUAL_OFFSET):
            return "computer"
        if state.phase == PLAY and state.turn != state.attacker:
            return "pass"
        if state.phase == PLAY and self.timer(state) > 0:
            return "computer"
        return WAIT

    def timeout_action(self, state: State, seat: int, legal: Sequence[Any]) -> Action | None:
        """§12.10: at expiry a responder is passed automatically (never the computer's block)."""
        return PASS if PASS in legal else None

    def made_for(self, state: State, seat: int, legal: Sequence[Any]) -> Action | None:
        """§12.5.4: against a king nobody can block and everybody knows it: the pass is made at once
        (``auto_pass_vs_king``, default on). Any other lone Pass waits (A16: it would reveal the hand)."""
        if state.phase != PLAY or not state.options.get("auto_pass_vs_king", True):
            return None
        if list(legal) == [PASS] and state.turn != state.attacker and state.attack in (OU, GYOKU):
            return PASS
        return None


#: the table rules the Discord layer asks (``bot.games.core.timing``)
TIMING = GoitaTiming()

__all__ = ["IDLE_SECONDS", "IDLE_WINDOW", "TIMING", "GoitaTiming"]
