"""§16.6 Timeouts: one turn timer for every decision, its reminder, AFK, and the move a timeout makes.

What the timeout will do is said aloud in the reminder, so ``timeout_outcome`` reads the public view
only; the move itself (``timeout_action``) reads the seat's own view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.core import Card

from ..core.timing import Timing
from .actions import Action, Pass, Play, Return, TakeTribute, Tribute
from .engine import PLAY, RETURN, TAKE_RETURN, TAKE_TRIBUTE, TRIBUTE, State, listed_readings, view
from .notation import sort_cards
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


def timeout_action(view: View, legal: Sequence[Action]) -> Action:
    """What the bot does for a player who lets the turn timer run out (§16.6).

    Following: pass. Leading: the lowest single (ties by suit order ♣ ♦ ♥ ♠). Tribute: a
    top-rank card in that suit order. Picking a tribute or returned card: the higher one;
    if equal, the tribute thrown by the last player / the card returned by 1st place.
    Giving a return: the lowest card.
    """
    if not legal:
        raise ValueError("no legal action to choose from")
    first = legal[0]
    if isinstance(first, Play | Pass):
        for a in legal:
            if isinstance(a, Pass):
                return a
        singles = [a for a in legal if isinstance(a, Play) and len(a.cards) == 1]
        return min(singles, key=lambda a: a.cards[0]) if singles else first
    if isinstance(first, Tribute | Return):
        return min(legal, key=lambda a: getattr(a, "card"))  # noqa: B009
    ex = view.exchange
    favoured: Card | None = None
    if ex is not None:
        cards, givers = (ex.tributes, ex.tribute_givers) if isinstance(first, TakeTribute) else (
            ex.returns, ex.return_givers)
        favourite = ex.last_seat if isinstance(first, TakeTribute) else ex.first_seat
        favoured = next((c for c, g in zip(cards, givers, strict=True) if g == favourite), None)

    def key(a: Action) -> tuple[int, bool]:
        card: Card = getattr(a, "card")  # noqa: B009
        return (card.rank, card == favoured)

    return max(legal, key=key)


def timeout_play_as(mine: View, legal: Sequence[Action], picked: Sequence[Card], reading: str | None) -> Play | None:
    """§16.6: a "Play as" prompt left unanswered leads the reading picked (``reading``, a ``Play.as_``), else
    the first one the prompt lists; None when the cards ``picked`` are not such a prompt (one reading or none)."""
    cards = sort_cards(list(picked))
    readings = listed_readings(mine, legal, cards) if cards else []
    if len(readings) < 2:
        return None
    chosen = [p for p in readings if p.as_ == reading]
    return (chosen or readings)[0]


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

    def reminder(self, state: object, window: float) -> float | None:
        """§16.6: the reminder comes 20 s before the deadline of every decision."""
        return REMINDER_SECONDS

    def timeout_outcome(self, state: State, seat: int) -> str:
        """§16.6 in words, from the public view (``timeout_outcome``)."""
        return timeout_outcome(view(state, None))

    def timeout_action(self, state: State, seat: int, legal: Sequence[Any]) -> Any | None:
        """§16.6: pass when following, the lowest single when leading, the rule's card in an exchange."""
        return timeout_action(view(state, seat), legal) if legal else None


#: the table rules the Discord layer asks (``bot.games.core.timing``)
TIMING = ZhengShangyouTiming()

__all__ = ["AFK_AFTER_TIMEOUTS", "AFK_GRACE_SECONDS", "REMINDER_SECONDS", "TIMING", "TURN_SECONDS", "timeout_action",
           "timeout_outcome", "timeout_play_as"]
