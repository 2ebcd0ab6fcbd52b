"""What is still out in Gou Ji, from one seat's view only (issue #45: the card counter, 记牌器).

Four packs: 16 cards of each natural rank and of 2s, 4 black and 4 red jokers (R1.1). A card is *played* once it
lay face up on the table this hand, *mine* in the asking seat's hand, *known* when it sits in a hand the seat
was shown (a partner's shown hand, R9.5, or an exposed Tiao Pai hand, R9.4); the rest is unseen.
"""

from __future__ import annotations

from collections import Counter

from bot.games.core import Tally

from .notation import RANK_TEXT
from .views import View

#: ranks as the view counts them (3..RJ), and the order a player reads them: jokers and 2s first
_RANKS = tuple(range(3, 18))
_READING_ORDER = (17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3)
PACKS = 4


def total(rank: int) -> int:
    """How many cards of ``rank`` the four packs hold."""
    return PACKS if rank >= 16 else 4 * PACKS


def count(view: View) -> tuple[Tally, ...]:
    """One ``Tally`` per rank, red joker first; nothing but ``view`` is read, so nothing hidden shows."""
    seen: dict[int, tuple[str, ...]] = dict(view.partner_hands)  # a hand both shown and exposed counts once
    for seat in view.seats:
        if seat.exposed is not None and seat.seat != view.seat:
            seen[seat.seat] = seat.exposed
    known: Counter[str] = Counter(card for cards in seen.values() for card in cards)
    rows = []
    for rank in _READING_ORDER:
        index = _RANKS.index(rank)
        text = RANK_TEXT[rank]
        rows.append(Tally(kind=text, total=total(rank), played=view.played[index],
                          mine=view.hand_counts[index] if view.seat is not None else 0, known=known[text]))
    return tuple(rows)
