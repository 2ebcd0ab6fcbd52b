"""What is still out in Zheng Shangyou, from one seat's view only (issue #45: the card counter).

One pack of 54 (R1.1): four cards of each rank, one black and one red joker. A card is *played* once it lay on
the table this hand, *mine* in the asking seat's hand, *known* when everyone saw it go to another seat in the
tribute exchange (§8) and it was not played since, or lies face up on offer in it; the rest is unseen.
"""

from __future__ import annotations

from collections import Counter

from bot.games.core import Tally, rank_name
from bot.games.core.cards import BLACK_JOKER, RED_JOKER

from .views import View

#: the order a player reads the count in: jokers and 2s first, then A down to 3
_READING_ORDER = (RED_JOKER, BLACK_JOKER, *range(15, 2, -1))


def total(rank: int) -> int:
    """How many cards of ``rank`` the pack holds."""
    return 1 if rank >= BLACK_JOKER else 4


def count(view: View) -> tuple[Tally, ...]:
    """One ``Tally`` per rank, red joker first; nothing but ``view`` is read, so nothing hidden shows."""
    played = Counter(card.rank for card in view.played)
    mine = Counter(card.rank for card in view.hand)
    known: Counter[int] = Counter()
    for seat, cards in enumerate(view.known):
        if seat != view.seat:
            known.update(card.rank for card in cards)
    offer = view.exchange
    if offer is not None:  # the revealed cards wait on the table until taken (then they are in ``known``)
        on_table = {"take_tribute": offer.tributes, "take_return": offer.returns}.get(offer.step, ())
        known.update(card.rank for card in on_table)
    return tuple(Tally(kind=rank_name(rank), total=total(rank), played=played[rank], mine=mine[rank],
                       known=known[rank]) for rank in _READING_ORDER)

