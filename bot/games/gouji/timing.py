"""§13.6 Timeouts: each decision window's name, its length and what the rules do when it runs out.

Pure rules, read by the Discord clock: which window a seat is waited for in depends on public
facts only (phase, turn, table, duel), so a timer never reveals whether a player can play. The
move a timeout makes is ``engine.timeout_action``; ``timeout_outcome`` names it for the reminder.
"""

from __future__ import annotations

from ..core.timing import Timing
from .engine import State

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


def window_seconds(state: State, seat: int) -> int | None:
    """The rules' limit of the window ``seat`` is in (None: he is in none)."""
    name = window_name(state, seat)
    return None if name is None else WINDOW_SECONDS[name]


def window_key(state: State, seat: int) -> tuple[int, int, str | None]:
    """Names the window ``seat`` is in within the hand and the deal: a new key starts a new limit."""
    return (state.hand_no, state.deal_no, window_name(state, seat))


def timeout_outcome(state: State, seat: int) -> str | None:
    """What the rules do when ``seat``'s window runs out (``WINDOW_OUTCOMES``; a Shao Pai leader: the first
    legal restricted lead, R8.7), or None when he is in no window."""
    name = window_name(state, seat)
    if name is None:
        return None
    if name == "lead" and state.shao == seat:
        return "first_lead"
    return WINDOW_OUTCOMES[name]


class GoujiTiming(Timing):
    """§13.6's windows and §13.1/§13.8's seat changes, as the Discord layer asks them."""

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


#: the table rules the Discord layer asks (``bot.games.core.timing``)
TIMING = GoujiTiming()

__all__ = ["TIMING",
    "AFK_AFTER_TIMEOUTS", "AFK_GRACE_SECONDS", "LEAD_SECONDS", "REMINDER_SECONDS", "WINDOW_OUTCOMES",
    "WINDOW_SECONDS", "timeout_outcome", "window_key", "window_name", "window_seconds",
]
