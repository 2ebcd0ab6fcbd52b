"""§13.6 Timeouts and §13.8 computer seats: the table rules of Gou Ji, as the Discord layer asks them.

Pure rules. Which window a seat is waited for in depends on public facts only (phase, turn, table,
duel), so a timer never reveals whether a player can play. Which seats are people, who opted in to
the automatic pass, and the clock itself belong to the Discord layer: where a rule depends on them,
it is stated here for the seats concerned and the table decides the people part.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Event
from ..core.timing import Timing
from . import engine
from .engine import PASS, State
from .notation import Action, Choose, Play, ShaoPai
from .policy import endgame_choice
from .views import View

#: the lead's limit: the turn length a game's or a server's turn timeout replaces (the others scale with it)
LEAD_SECONDS = 60
#: §13.6 limit of each decision window, in seconds
WINDOW_SECONDS: dict[str, int] = {
    "lead": LEAD_SECONDS, "follow": 40, "duel": 40, "team_choice": 20,
    "threes": 20, "revolution": 30, "ge_ming_vote": 30, "ge_ming_decide": 20,
    "swap": 15, "tribute_agree": 30, "tribute_return": 60,
}
#: §13.6 "On timeout" of each window, as the reminder says it (catalog ``clock.outcome.<name>``)
WINDOW_OUTCOMES: dict[str, str] = {
    "lead": "lowest_single", "follow": "pass", "duel": "pass", "team_choice": "default_member",
    "threes": "show_threes", "revolution": "ready", "ge_ming_vote": "agree", "ge_ming_decide": "insist",
    "swap": "no_swap", "tribute_agree": "tribute_agree", "tribute_return": "return_lowest",
}
#: §13.6: the reminder comes this long before the deadline
REMINDER_SECONDS = 15.0
#: §13.6: consecutive timeouts after which a player is marked AFK
AFK_AFTER_TIMEOUTS = 3
#: §13.6: an AFK player's decisions are made by the timeout rules after this grace
AFK_GRACE_SECONDS = 5.0


def window_name(state: State, seat: int) -> str | None:
    """The §13.6 window ``seat`` is waited for in, from public facts only (phase, table, duel), or None
    when he is in none; a Xian Rang Rang answer is part of the asked teammate's turn, so it ends with it."""
    phase = state.phase
    if phase != "play":
        return phase if phase in WINDOW_SECONDS else None
    if state.turn < 0:
        return "team_choice" if seat in state.candidates else None
    if state.top is None:
        return "lead"
    return "duel" if state.duel_a >= 0 else "follow"


@dataclass(frozen=True)
class Hold:
    """Computer seats hold back so that people decide first (§13.8). Who is a person is the table's."""

    #: the computer seats that hold back
    seats: frozenset[int]
    #: they hold only while one of these seats is a person's
    for_people: tuple[int, ...]
    #: how long, from the moment the window opened (``math.inf``: until a person acts)
    seconds: float
    #: names the window: a new key opens a new one (its clock starts again)
    key: tuple[int, ...] = ()


class GoujiTiming(Timing):
    """§13.6's windows, §13.8's computer seats and §13.1/§13.8's seat changes."""

    turn_seconds = LEAD_SECONDS
    #: §13.6: an AFK player is back "when he clicks anything"
    back_by = "click"
    substitutes = "between_hands"  # §13.1, §13.8

    def away_after(self, state: State) -> int:
        return AFK_AFTER_TIMEOUTS

    def away_grace(self, state: State) -> float | None:
        """§13.6: an AFK player's decisions are made by the timeout rules after 5 s; with ``afk_takeover = cpu``
        the computer policy (§13.8) plays his seat instead."""
        return None if state.options.get("afk_takeover") == "cpu" else AFK_GRACE_SECONDS

    # ------------------------------------------------------------------ who decides

    def deciders(self, state: State) -> set[int]:
        """R8.1: the seats that may claim Shao Pai now, besides ``to_act``. Their eligibility is hidden: the
        table asks only its computer seats among them (§13.8: a computer claims whenever it can)."""
        return engine.shao_claimants(state) - engine.to_act(state)

    def computer_hold(self, view: View) -> Hold | None:
        """§13.8, from the public view: whether computer seats leave a decision to people first.

        * The endgame slot (R9.6.3): with a person among the candidates, every computer waits for him.
        * A duel's answer: while a person of the responder's team holds cards, his computer teammates wait
          ``cpu_shao_wait_s`` from the moment the duel set was played, so that he can claim Shao Pai or
          answer himself. Only public facts decide, so it reveals nothing.
        """
        if view.phase != "play":
            return None
        if view.turn is None and view.candidates:
            return Hold(frozenset(range(engine.SEATS)), view.candidates, math.inf)
        if view.duel is None or view.top is None or view.turn is None or view.top_seat is None:
            return None
        responder = view.turn
        team = tuple(s.seat for s in view.seats if s.team == responder % 2 and s.cards)
        seconds = float(view.options.get("cpu_shao_wait_s", 8))
        key = (view.deal_no, len(view.trick), view.top_seat, responder)
        return Hold(frozenset(s.seat for s in view.seats if s.team == responder % 2), team, seconds, key)

    # ------------------------------------------------------------------ the clock

    def window(self, state: State, seat: int) -> float | None:
        """§13.6: each decision has its own limit (lead 60 s, follow and duel answer 40 s, votes 30 s …)."""
        name = window_name(state, seat)
        return None if name is None else WINDOW_SECONDS[name]

    def window_key(self, state: State, seat: int) -> tuple[int, int, str | None]:
        """Names the window ``seat`` is in within the hand and the deal: a new key starts a new limit."""
        return (state.hand_no, state.deal_no, window_name(state, seat))

    def reminder(self, state: State, window: float) -> float | None:
        """§13.6: a reminder 15 s before expiry."""
        return REMINDER_SECONDS

    def timeout_outcome(self, state: State, seat: int) -> str:
        """§13.6 "On timeout" of the window ``seat`` is in (``WINDOW_OUTCOMES``; a Shao Pai leader: the first
        legal restricted lead, R8.7); "computer" when he is in none. With ``afk_takeover = cpu`` an AFK
        player's last timeout hands him to the computer, but that move is still the rules' one."""
        name = window_name(state, seat)
        if name is None:
            return "computer"
        if name == "lead" and state.shao == seat:
            return "first_lead"
        return WINDOW_OUTCOMES[name]

    def timeout_action(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """§13.6: silence has the rules' default (lead the lowest single, pass, agree, insist, no swap,
        Jie Fang, show the 3s, return the lowest cards, the default endgame member)."""
        action = engine.timeout_action(state, seat)
        return action if action in legal else None

    # ------------------------------------------------------------------ moves made for a seat

    def made_for(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """§13: the only move ever made at once for a person is the pass of one who cannot beat, and only with
        ``auto_pass_opt_in`` and his own opt-in (the table keeps who opted in): an instant pass would
        otherwise reveal "cannot beat". None: he decides."""
        if state.phase != "play" or not state.options.get("auto_pass_opt_in", False):
            return None
        if any(isinstance(a, Play | ShaoPai) for a in legal):
            return None  # he can beat: his decision
        return PASS if PASS in legal else None

    def computer_action(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """§13.8: computer candidates for the endgame slot agree at the table, so both hands count: the one with
        the cheaper beating set fills it (``endgame_choice``). Said for computer candidates only: with a person
        among them the computers wait (``computer_hold``)."""
        if state.phase != "play" or state.turn >= 0 or seat not in state.candidates:
            return None
        best = endgame_choice({c: engine.legal_actions(state, c) for c in state.candidates})
        choice = Choose(best)
        return choice if best != seat and choice in legal else None

    def seat_changed(self, state: State) -> list[Event]:
        """R4.1 b, §13.8: after a seat changes hands the next hand is fresh. Mid-hand the hand continues; between
        hands the next hand, dealt when the last one ended and untouched yet, is dealt again as a fresh one."""
        if state.finished:
            return []
        if state.between_hands:
            return engine.redeal_fresh(state)
        engine.change_participant(state)
        return []


#: the table rules the Discord layer asks (``bot.games.core.timing``)
TIMING = GoujiTiming()

__all__ = ["AFK_AFTER_TIMEOUTS", "AFK_GRACE_SECONDS", "LEAD_SECONDS", "REMINDER_SECONDS", "TIMING",
           "WINDOW_OUTCOMES", "WINDOW_SECONDS", "GoujiTiming", "Hold", "window_name"]
