"""What is still out in Go-Stop, from one seat's view only (issue #45: the card counter).

Per month: which of its four cards lie on the table, which were captured and by whom, which the seat holds or
saw shown (a shaken triple, R10A), and which are still unseen (other hands, the stock). A month *could still
give a set* to the seat when the card it adds to a scoring set (godori's birds, the three ribbon sets, three
brights: R6.2–R6.5) is not in another player's captures and no card of that set is either.
"""

from __future__ import annotations

from bot.games.core import Tally

from .cards import BIRDS, BRIGHTS, CARDS_OF_MONTH, CHEONG_DAN, CHO_DAN, HONG_DAN, ID_OF, IDS, JOKER2, JOKER3
from .views import View

#: the scoring sets a month's card may belong to, by name (the names of ``View.score_parts``)
SETS: dict[str, frozenset[int]] = {"godori": BIRDS, "hong_dan": HONG_DAN, "cheong_dan": CHEONG_DAN,
                                   "cho_dan": CHO_DAN}
#: three brights score (R6.2)
BRIGHTS_NEEDED = 3
TABLE, HAND, UNSEEN = "table", "hand", "unseen"


def places(view: View) -> dict[int, str]:
    """Where each card the seat can see lies: ``table``, ``hand``, ``captured:<seat>`` or ``shown:<seat>``."""
    where: dict[int, str] = {}
    for cards in view.layout:
        where.update((ID_OF[c], TABLE) for c in cards)
    for stack in view.stacks:
        where.update((ID_OF[c], TABLE) for c in stack.jokers)
    if view.pending is not None:  # the card played or turned up while its player chooses what it takes
        for card in (view.pending.played, view.pending.flipped):
            if card is not None:
                where.setdefault(ID_OF[card], TABLE)
    where.update((ID_OF[c], HAND) for c in view.hand)
    for player in view.players:
        where.update((ID_OF[c], f"captured:{player.seat}") for c in player.captures)
        if player.seat != view.seat:
            where.update((ID_OF[c], f"shown:{player.seat}") for c in player.shown)
    return where


def _open_sets(view: View, where: dict[int, str]) -> dict[str, bool]:
    """Each set: can the seat still complete it (no card of it in another player's captures)?"""
    mine = f"captured:{view.seat}"

    def others_hold(card: int) -> bool:
        place = where.get(card, UNSEEN)
        return place.startswith("captured:") and place != mine

    out = {name: not any(others_hold(c) for c in cards) for name, cards in SETS.items()}
    out["brights"] = sum(not others_hold(c) for c in BRIGHTS) >= BRIGHTS_NEEDED
    return out


def _row(kind: str, name_key: str, cards: tuple[int, ...], where: dict[int, str], open_sets: dict[str, bool]) -> Tally:
    groups: dict[str, list[str]] = {}
    for card in cards:
        groups.setdefault(where.get(card, UNSEEN), []).append(IDS[card])
    sets = tuple(name for name, members in (*SETS.items(), ("brights", BRIGHTS))
                 if open_sets.get(name, False) and any(c in members and where.get(c, UNSEEN) in (TABLE, HAND, UNSEEN)
                                                       for c in cards))
    played = sum(len(ids) for place, ids in groups.items() if place.startswith("captured:"))
    known = sum(len(ids) for place, ids in groups.items() if place == TABLE or place.startswith("shown:"))
    return Tally(kind=kind, name_key=name_key, total=len(cards), played=played, mine=len(groups.get(HAND, ())), known=known,
                 places=tuple((place, tuple(ids)) for place, ids in sorted(groups.items(), key=_reading_order)), sets=sets)


def _reading_order(item: tuple[str, list[str]]) -> tuple[int, str]:
    """Places as a player reads them: the table, what was captured or shown (by seat), the hand, the unseen."""
    place = item[0]
    return ({TABLE: 0, HAND: 3, UNSEEN: 4}.get(place, 1 if place.startswith("captured:") else 2), place)


def count(view: View) -> tuple[Tally, ...]:
    """One ``Tally`` per month (``kind`` "1".."12"), and one for the jokers in play; nothing but ``view`` is
    read, so nothing hidden shows."""
    where = places(view)
    open_sets = _open_sets(view, where)
    rows = [_row(str(month), f"gostop.ui.month.{month}", CARDS_OF_MONTH[month], where, open_sets) for month in range(1, 13)]
    if view.jokers:
        rows.append(_row("joker", "gostop.ui.joker", (JOKER2, JOKER3)[:view.jokers], where, {}))
    return tuple(rows)
