"""Ready-made sets for the composer (§13.3): which of a seat's legal sets to offer first, within Discord's 25
options, so the common plays (a single, a pair, a triple, a whole group, a group with jokers) take one or
two picks. Pure: it orders the engine's own legal sets and never makes one up.

A 36-card hand leads several hundred sets (R6.1), so a list must choose. Following, every legal set beats
the table (R6.9); the cheapest of each level comes first (fewest jokers, fewest 2s, lowest level: the
§13.8 order), then the cheapest unbeatable one (a red joker ends the trick, R7.6), then the rest by cost.
Leading, each whole natural group comes first (low to high), then single wild cards and the whole group of
2s, then parts of groups (singles, pairs, …), then sets with wild cards, cheapest first.
"""

from __future__ import annotations

from collections.abc import Sequence

from .notation import TWO, Play, ShaoPai
from .policy import play_cost
from .previews import play_notes
from .views import View

#: Discord's limit of options in one select menu
LIMIT = 25


def _wilds(play: Play) -> int:
    return play.twos + play.bj + play.rj


def ready_plays(hand: Sequence[int], sets: Sequence[Play], leading: bool, limit: int = LIMIT) -> list[Play]:
    """Up to ``limit`` of ``sets`` (the seat's legal sets, or his Shao Pai claims' sets), the common ones first.

    ``hand`` is the seat's 18 rank counts (``hand_from_view``); ``leading``: the table is empty."""
    if leading:
        def lead_key(p: Play) -> tuple[int, ...]:
            if p.rank and not _wilds(p) and p.naturals == hand[p.rank]:
                return (0, p.rank)  # the whole natural group
            if not p.rank and (p.size == 1 or p.twos == hand[TWO] == p.size):
                return (1, p.level)  # one wild card, or all the 2s
            if p.rank and not _wilds(p):
                return (2, p.size, p.rank)  # part of a group: a single, a pair, …
            return (3, *play_cost(p), p.size)
        return sorted(sets, key=lead_key)[:limit]
    by_cost = sorted(sets, key=lambda p: (*play_cost(p), p.size))
    first: list[Play] = []
    levels: set[int] = set()
    for play in by_cost:
        if play.level not in levels:
            levels.add(play.level)
            first.append(play)
    unbeatable = next((p for p in by_cost if p.rj), None)
    if unbeatable is not None and unbeatable not in first:
        first.append(unbeatable)
    chosen = set(first[:limit])
    chosen |= set([p for p in by_cost if p not in chosen][:max(0, limit - len(chosen))])
    return [p for p in by_cost if p in chosen]


def rank_plays(sets: Sequence[Play], rank: int, limit: int = LIMIT) -> list[Play]:
    """Up to ``limit`` sets of natural rank ``rank`` (0: wild cards only): without wild cards first (by size),
    then with one wild card, two, … (2s before jokers, black before red)."""
    mine = [p for p in sets if p.rank == rank]
    return sorted(mine, key=lambda p: (_wilds(p), p.rj, p.bj, p.size))[:limit]


def offer_notes(view: View, actions: Sequence[Play | ShaoPai]) -> list[list[tuple[str, int | None]]]:
    """``play_notes`` of each of the seat's legal ``actions``, with few trials on a world (a panel lists 25).

    Whether a legal set starts a duel turns on the set only through its being Gou Ji-level without a red
    joker (R7.2, R7.6) and its being the seat's last cards (R7.9, R8.7); the rest (the Dui Men holding
    cards, Shao Pai mode) is the table's. So one trial answers for every such set of the same kind, and the
    other notes are read off the set (a red joker, the seat's last cards)."""
    seat = view.seat
    cards = view.seats[seat].cards if seat is not None else -1
    tried: dict[tuple[bool, bool], list[tuple[str, int | None]]] = {}
    out: list[list[tuple[str, int | None]]] = []
    for action in actions:
        play = action.play if isinstance(action, ShaoPai) else action
        if play.gouji and not play.rj:
            kind = (isinstance(action, ShaoPai), play.size == cards)
            if kind not in tried:
                tried[kind] = play_notes(view, action)
            out.append(tried[kind])
            continue
        notes: list[tuple[str, int | None]] = [("unbeatable", None)] if play.rj else []
        if play.size == cards:
            notes.append(("last_cards", None))
        out.append(notes)
    return out


__all__ = ["LIMIT", "offer_notes", "rank_plays", "ready_plays"]
