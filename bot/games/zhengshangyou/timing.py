"""§16.6 Timeouts: one turn timer for every decision, its reminder, AFK, and the timeout move in words.

The move itself is ``ai.timeout_action`` (it needs the seat's own view); what it will be is said
aloud in the reminder, so ``timeout_outcome`` reads the public view only.
"""

from __future__ import annotations

from ..core.timing import Timing
from .engine import PLAY, RETURN, TAKE_RETURN, TAKE_TRIBUTE, TRIBUTE
from .views import View

#: §16.6: 90 s for every decision: the turn length a game's or a server's setting replaces
TURN_SECONDS = 90
#: §16.6: the reminder comes this long before the deadline
REMINDER_SECONDS = 20.0
#: §16.6: consecutive timeouts after which a player is marked AFK
AFK_AFTER_TIMEOUTS = 2
#: §16.6: an AFK player's decisions are made by the timeout policies after this grace
AFK_GRACE_SECONDS = 5.0

_EXCHANGE_OUTCOMES = {TRIBUTE: "tribute_top", RETURN: "return_low", TAKE_TRIBUTE: "take_higher",
                      TAKE_RETURN: "take_higher"}


def timeout_outcome(public: View) -> str:
    """§16.6 in words, from the public phase and table (catalog ``clock.outcome.<name>``): pass when
    following, the lowest single when leading, a top card as tribute, the lowest card as return, the
    higher card when choosing; "computer" where no policy applies."""
    if public.phase == PLAY:
        return "pass" if public.top is not None else "lowest_single"
    return _EXCHANGE_OUTCOMES.get(public.phase, "computer")


class ZhengShangyouTiming(Timing):
    """§16.6's clock and §16.1's seat order, as the Discord layer asks them."""

    turn_seconds = TURN_SECONDS
    back_by = "button"
    #: §16.6: 30 minutes without any person's action abandons the game with its scores posted
    idle_abandon_seconds = 30 * 60.0
    #: §16.1: the lobby's order is the play order
    lobby_order_is_play_order = True

    def away_after(self, state: object) -> int:
        return AFK_AFTER_TIMEOUTS

    def away_grace(self, state: object) -> float | None:
        return AFK_GRACE_SECONDS


#: the table rules the Discord layer asks (``bot.games.core.timing``)
TIMING = ZhengShangyouTiming()

__all__ = ["TIMING", "AFK_AFTER_TIMEOUTS", "AFK_GRACE_SECONDS", "REMINDER_SECONDS", "TURN_SECONDS", "timeout_outcome"]
