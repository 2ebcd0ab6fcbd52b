"""Combinations (rules §5): classify a selection of cards, compare plays, list candidate plays.

A ``Combo`` is one reading of a selection: its type, size, shape and strength.
``interpretations`` is the §5.8 classifier; ``beats`` is §5.7. ``combinations_in``
lists every combination in a hand with its readings (optionally only one shape),
which is what ``legal_actions`` and the AI build on.

>>> from bot.games.core import Card
>>> [c.label for c in interpretations(tuple(map(Card.parse, ["9s", "BJ", "RJ"])))]
['set', 'run']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from bot.games.core import Card, rank_name
from bot.games.core.cards import SUIT_SYMBOLS

SINGLE = "single"
SET = "set"
RUN = "run"
MULTI = "multi"
TWO = 15
BJ = 16
RJ = 17
ACE = 14


class Combo(NamedTuple):
    """One reading of a selection. ``rank`` is the set rank (single/set) or the top rank (runs).

    ``k`` ranks x ``m`` cards per rank: a single is 1x1, a set 1xn, a run nx1.
    """

    kind: str
    n: int
    k: int
    m: int
    rank: int
    suited: bool
    pure: bool

    @property
    def shape(self) -> tuple[str, int, int, int]:
        return (self.kind, self.n, self.k, self.m)

    @property
    def label(self) -> str:
        """The "play as" word: ``set``, ``run``, ``single`` or ``3x4`` for a multiple sequence."""
        return f"{self.k}x{self.m}" if self.kind == MULTI else self.kind

    def to_dict(self) -> dict[str, object]:
        return self._asdict()


def seq_top_max(twos_natural: bool) -> int:
    """The highest sequence rank: A, or 2 with the §12 option."""
    return TWO if twos_natural else ACE


def beats(new: Combo, old: Combo) -> bool:
    """§5.7: same type/size/shape and strictly higher (suited runs beat mixed ones)."""
    if new.shape != old.shape:
        return False
    if new.kind == RUN and new.suited != old.suited:
        return new.suited
    return new.rank > old.rank or (new.rank == old.rank and new.pure and not old.pure)


def _set_combo(cards: Sequence[Card], allow_joker_pair: bool) -> Combo | None:
    low = min(c.rank for c in cards)
    if low == BJ and not allow_joker_pair:
        return None
    pure = True
    for c in cards:
        r = c.rank
        if r == low:
            continue
        if (r == TWO and low <= ACE) or r >= BJ:
            pure = False
            continue
        return None
    n = len(cards)
    return Combo(SET, n, 1, n, low, False, pure)


def _run_combo(cards: Sequence[Card], top_max: int) -> Combo | None:
    n = len(cards)
    nat_ranks = []
    suits = set()
    for c in cards:
        if c.rank >= BJ:
            continue
        if c.rank == TWO and top_max < TWO:
            return None
        nat_ranks.append(c.rank)
        suits.add(c.suit)
    if len(set(nat_ranks)) != len(nat_ranks):
        return None
    lo, hi = min(nat_ranks), max(nat_ranks)
    top = min(lo + n - 1, top_max)
    bottom = top - n + 1
    if hi - lo + 1 > n or bottom < 3 or bottom > lo:
        return None
    return Combo(RUN, n, n, 1, top, len(suits) == 1, len(nat_ranks) == n)


def _fits(counts: dict[int, int], jokers: int, t_nat: int, bottom: int, top: int, m: int) -> bool:
    """Window [bottom, top] with ``t_nat`` natural 2s: no rank over m, every empty rank gets a joker."""
    empty = 0
    for r in range(bottom, top + 1):
        c = counts.get(r, 0) + (t_nat if r == TWO else 0)
        if c > m:
            return False
        if c == 0:
            empty += 1
    return empty <= jokers


def _multi_fit(counts: dict[int, int], jokers: int, twos: int, k: int, m: int, top_max: int,
               twos_natural: bool) -> Combo | None:
    """The highest window (and, there, the purest reading) for shape k x m, if any."""
    n = k * m
    lo = min(counts) if counts else None
    hi = max(counts) if counts else None
    for top in range(top_max, k + 1, -1):
        bottom = top - k + 1
        if lo is not None and hi is not None and (lo < bottom or hi > top):
            continue
        for t_nat in _natural_two_options(twos, m, twos_natural and top == TWO):
            if _fits(counts, jokers, t_nat, bottom, top, m):
                return Combo(MULTI, n, k, m, top, False, jokers == 0 and twos - t_nat == 0)
    return None


def _natural_two_options(twos: int, m: int, allowed: bool) -> range:
    """How many 2s may count as natural 2s, most first (R12.4); none without the option."""
    return range(min(twos, m), -1, -1) if allowed else range(0, 1)


def interpretations(cards: Sequence[Card], twos_natural: bool = False,
                    allow_joker_pair: bool = True) -> list[Combo]:
    """Every reading of ``cards`` (§5.8): sets first, then runs, then multiple sequences by larger k."""
    n = len(cards)
    if n == 0:
        return []
    if n == 1:
        return [Combo(SINGLE, 1, 1, 1, cards[0].rank, False, True)]
    out: list[Combo] = []
    s = _set_combo(cards, allow_joker_pair)
    if s is not None:
        out.append(s)
    if n < 3:
        return out
    top_max = seq_top_max(twos_natural)
    r = _run_combo(cards, top_max)
    if r is not None:
        out.append(r)
    if n >= 6:
        counts: dict[int, int] = {}
        jokers = twos = 0
        for c in cards:
            if c.rank >= BJ:
                jokers += 1
            elif c.rank == TWO:
                twos += 1
            else:
                counts[c.rank] = counts.get(c.rank, 0) + 1
        for m in range(2, n // 3 + 1):
            if n % m:
                continue
            combo = _multi_fit(counts, jokers, twos, n // m, m, top_max, twos_natural)
            if combo is not None:
                out.append(combo)
    return out


def reading(cards: Sequence[Card], combo: Combo, twos_natural: bool = False) -> str:
    """The play with wild cards showing what they stand for (R5.6.4): ``7♠ 2♦(7) 2♥(7)``.

    ``cards`` must be sorted (as every play is).
    """
    if combo.kind == SINGLE:
        return str(cards[0])
    if combo.kind == SET:
        name = rank_name(combo.rank)
        return " ".join(str(c) if c.rank == combo.rank else f"{c}({name})" for c in cards)
    window = list(range(combo.rank - combo.k + 1, combo.rank + 1))
    slots: dict[int, list[str]] = {r: [] for r in window}
    wild: list[Card] = []
    natural_twos = 0
    if combo.kind == MULTI and twos_natural and combo.rank == TWO:
        counts: dict[int, int] = {}
        for c in cards:
            if c.rank < TWO:
                counts[c.rank] = counts.get(c.rank, 0) + 1
        jokers = sum(1 for c in cards if c.rank >= BJ)
        twos = sum(1 for c in cards if c.rank == TWO)
        natural_twos = next(t for t in _natural_two_options(twos, combo.m, True)
                            if _fits(counts, jokers, t, window[0], window[-1], combo.m))
    for c in cards:
        if c.rank >= BJ or (c.rank == TWO and not (combo.kind == RUN and twos_natural)):
            if c.rank == TWO and natural_twos > 0:
                natural_twos -= 1
                slots[TWO].append(str(c))
                continue
            wild.append(c)
        else:
            slots[c.rank].append(str(c))
    suit = ""
    if combo.kind == RUN and combo.suited:
        suit = SUIT_SYMBOLS[next(c.suit for c in cards if c.suit is not None)]
    jokers_first = sorted(wild, key=lambda c: (c.rank < BJ, c.rank))
    for r in window:  # ranks with no natural card take a joker first (R5.5.3)
        if not slots[r] and jokers_first:
            c = jokers_first.pop(0)
            slots[r].append(f"{c}({rank_name(r)}{suit})")
    for r in window:
        while len(slots[r]) < combo.m and jokers_first:
            c = jokers_first.pop(0)
            slots[r].append(f"{c}({rank_name(r)}{suit})")
    return " ".join(x for r in window for x in slots[r])


# ---------------------------------------------------------------- candidate generation


def _subsets(items: Sequence[Card], min_size: int = 0, max_size: int | None = None) -> Iterator[tuple[Card, ...]]:
    top = len(items) if max_size is None else min(max_size, len(items))
    for size in range(min_size, top + 1):
        yield from combinations(items, size)


def group(hand: Iterable[Card]) -> tuple[dict[int, list[Card]], list[Card]]:
    """Natural cards by rank (3..15; 15 holds the 2s) and the jokers."""
    nat: dict[int, list[Card]] = {r: [] for r in range(3, TWO + 1)}
    jokers: list[Card] = []
    for c in hand:
        if c.rank >= BJ:
            jokers.append(c)
        else:
            nat[c.rank].append(c)
    return nat, jokers


def _sets(nat: dict[int, list[Card]], jokers: list[Card], size: int | None,
          min_rank: int, allow_joker_pair: bool = True) -> Iterator[tuple[Card, ...]]:
    twos = nat[TWO]
    for rank in range(max(3, min_rank), TWO + 1):
        naturals = nat[rank]
        if not naturals:
            continue
        pool = twos + jokers if rank < TWO else jokers
        for s in _subsets(naturals, 1, size):
            rest = pool
            if size is None:
                for w in _subsets(rest, max(0, 2 - len(s))):
                    yield s + w
            elif 0 <= size - len(s) <= len(rest):
                for w in combinations(rest, size - len(s)):
                    yield s + w
    if len(jokers) == 2 and size in (None, 2) and min_rank <= BJ and allow_joker_pair:
        yield tuple(jokers)


def _runs(nat: dict[int, list[Card]], jokers: list[Card], top_max: int,
          length: int | None) -> Iterator[tuple[Card, ...]]:
    n_j = len(jokers)
    for bottom in range(3, top_max - 1):
        partial: list[tuple[tuple[Card, ...], int]] = [((), 0)]
        for r in range(bottom, top_max + 1):
            nxt: list[tuple[tuple[Card, ...], int]] = []
            naturals = nat[r] if r < TWO or top_max == TWO else []
            for cards, used in partial:
                for c in naturals:
                    nxt.append((cards + (c,), used))
                if used < n_j:
                    nxt.append((cards, used + 1))
            partial = nxt
            if not partial:
                break
            span = r - bottom + 1
            if span >= 3 and (length is None or span == length):
                for cards, used in partial:
                    if not cards:
                        continue
                    for js in combinations(jokers, used):
                        yield cards + js
            if length is not None and span >= length:
                break


def _multis(nat: dict[int, list[Card]], jokers: list[Card], top_max: int, twos_natural: bool,
            shape: tuple[int, int] | None, hand_size: int) -> Iterator[tuple[Card, ...]]:
    wild_pool = nat[TWO] + jokers
    n_w, n_j = len(wild_pool), len(jokers)
    usable = {r: (nat[r] if r < TWO or twos_natural else []) for r in range(3, top_max + 1)}
    counts = {r: len(v) for r, v in usable.items()}
    shapes = [shape] if shape else [(k, m) for m in (2, 3, 4, 5, 6) for k in range(3, 13) if k * m <= hand_size]
    subsets: dict[tuple[int, int], list[tuple[Card, ...]]] = {}
    for k, m in shapes:
        for top in range(k + 2, top_max + 1):
            window = range(top - k + 1, top + 1)
            # quick feasibility: every empty rank needs a joker, and there must be enough cards
            if sum(1 for r in window if not counts[r]) > n_j:
                continue
            if sum(min(counts[r], m) for r in window) + n_w < k * m:
                continue
            choices: list[list[tuple[Card, ...]]] = []
            for r in window:
                key = (r, m)
                if key not in subsets:
                    subsets[key] = list(_subsets(usable[r], 0, m))
                choices.append(subsets[key])
            yield from _multi_fill(choices, 0, (), 0, m, wild_pool, n_w, jokers)


def _multi_fill(choices: list[list[tuple[Card, ...]]], i: int, chosen: tuple[Card, ...], deficit: int,
                m: int, wild_pool: list[Card], n_w: int, jokers: list[Card]) -> Iterator[tuple[Card, ...]]:
    if i == len(choices):
        pool = [w for w in wild_pool if w not in chosen] if deficit else []
        for ws in combinations(pool, deficit):
            yield chosen + ws
        return
    for s in choices[i]:
        d = deficit + m - len(s)
        if d > n_w:
            continue
        yield from _multi_fill(choices, i + 1, chosen + s, d, m, wild_pool, n_w, jokers)


def combinations_in(hand: Sequence[Card], twos_natural: bool, allow_joker_pair: bool,
                    shape: tuple[str, int, int, int] | None = None,
                    min_rank: int = 3) -> list[tuple[tuple[Card, ...], list[Combo]]]:
    """Every combination in the sorted ``hand`` (of ``shape`` if given) with all its readings.

    Each selection appears once, as a sorted tuple, in a deterministic order. Readings are
    computed directly where the construction fixes them (singles, sets and runs without
    jokers) and by ``interpretations`` otherwise. ``min_rank`` skips singles and sets below it.
    """
    nat, jokers = group(hand)
    top_max = seq_top_max(twos_natural)
    out: list[tuple[tuple[Card, ...], list[Combo]]] = []
    kind = shape[0] if shape else None
    if kind in (None, SINGLE):
        out.extend(((c,), [Combo(SINGLE, 1, 1, 1, c.rank, False, True)]) for c in hand if c.rank >= min_rank)
    # selections another generator may produce again, keyed by card identity (cheap to hash;
    # every card here is one of the hand's own objects)
    seen: set[tuple[int, ...]] = set()
    if kind in (None, SET):
        for cards in _sets(nat, jokers, shape[1] if shape else None, min_rank, allow_joker_pair):
            n = len(cards)
            low = cards[0].rank
            if (twos_natural and cards[-1].rank >= BJ) or (n == 3 and cards[1].rank >= BJ) or (
                    n >= 6 and cards[-2].rank >= BJ):
                # one natural + two jokers may be a run; two jokers may make a multiple sequence
                out.append((cards, interpretations(cards, twos_natural, allow_joker_pair)))
                seen.add(tuple(map(id, cards)))
            else:
                out.append((cards, [Combo(SET, n, 1, n, low, False, cards[-1].rank == low)]))
    if kind in (None, RUN):
        for cards in _runs(nat, jokers, top_max, shape[1] if shape else None):
            n = len(cards)
            if cards[-1].rank >= BJ:  # jokers: the same cards may come from two windows
                key = tuple(map(id, cards))
                if key in seen:
                    continue
                seen.add(key)
                if (n == 3 and cards[1].rank >= BJ) or twos_natural:
                    # one natural + two jokers is also a set; with natural 2s in runs, a 2 may be
                    # wild in a multiple sequence made of the same cards
                    out.append((cards, interpretations(cards, twos_natural, allow_joker_pair)))
                    continue
            run = _run_combo(cards, top_max)
            if run is not None:
                out.append((cards, [run]))
    if kind in (None, MULTI) and len(hand) >= 6:
        mshape = (shape[2], shape[3]) if shape else None
        for raw in _multis(nat, jokers, top_max, twos_natural, mshape, len(hand)):
            cards = tuple(sorted(raw)) if twos_natural else raw
            key = tuple(map(id, cards))
            if key in seen:
                continue
            seen.add(key)
            found = interpretations(cards, twos_natural, allow_joker_pair)
            if any(c.kind == MULTI for c in found):  # a mere set here is listed by the set generator
                out.append((cards, found))
    return out

