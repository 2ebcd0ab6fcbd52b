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
from itertools import accumulate, combinations
from operator import attrgetter
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
    naturals = [c for c in cards if c.rank < BJ]
    nat_ranks = [c.rank for c in naturals]
    if (top_max < TWO and TWO in nat_ranks) or len(set(nat_ranks)) != len(nat_ranks):
        return None
    lo, hi = min(nat_ranks), max(nat_ranks)
    top = min(lo + n - 1, top_max)
    bottom = top - n + 1
    if hi - lo + 1 > n or bottom < 3 or bottom > lo:
        return None
    return Combo(RUN, n, n, 1, top, len({c.suit for c in naturals}) == 1, len(nat_ranks) == n)


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


# readings of selections of 3+ cards already classified (see ``interpretations``)
_READINGS: dict[tuple[object, ...], tuple[Combo, ...]] = {}
_READINGS_MAX = 20_000
_RANK = attrgetter("rank")


def interpretations(cards: Sequence[Card], twos_natural: bool = False,
                    allow_joker_pair: bool = True) -> list[Combo]:
    """Every reading of ``cards`` (§5.8): sets first, then runs, then multiple sequences by larger k.

    The readings depend only on the ranks and on whether the natural cards share a suit (a run's
    ``suited``), so those of 3+ cards are remembered by that: classifying a 6-card selection
    costs far more than the look-up, and move generation asks about the same shapes again and
    again. The table is emptied when full, which keeps it small.
    """
    if len(cards) < 3:
        return _interpretations(cards, twos_natural, allow_joker_pair)
    key = (*map(_RANK, cards), len({c.suit for c in cards if c.rank < BJ}) == 1, twos_natural, allow_joker_pair)
    found = _READINGS.get(key)
    if found is None:
        if len(_READINGS) >= _READINGS_MAX:
            _READINGS.clear()
        found = _READINGS[key] = tuple(_interpretations(cards, twos_natural, allow_joker_pair))
    return list(found)


def _interpretations(cards: Sequence[Card], twos_natural: bool, allow_joker_pair: bool) -> list[Combo]:
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


_NO_CARDS: list[Card] = []  # every rank a hand lacks, in ``group``; never changed


def group(hand: Iterable[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Natural cards by rank (a list indexed by rank 0..15; 15 holds the 2s) and the jokers.

    Read-only: the ranks the hand lacks share one empty list.
    """
    nat: list[list[Card]] = [_NO_CARDS] * (TWO + 1)
    jokers: list[Card] = []
    for c in hand:
        r = c.rank
        if r >= BJ:
            jokers.append(c)
        elif nat[r] is _NO_CARDS:
            nat[r] = [c]
        else:
            nat[r].append(c)
    return nat, jokers


def _runs(nat: list[list[Card]], jokers: list[Card], top_max: int,
          length: int | None) -> Iterator[tuple[tuple[Card, ...], bool | None]]:
    """Runs by bottom rank, then length, then card choice (jokers fill gaps and are listed last).

    Each comes with whether it is suited, found while it is built (cheaper than checking every
    run afterwards), or ``None`` when it holds jokers (``combinations_in`` reads those).
    """
    n_j = len(jokers)
    need = 3 if length is None else length
    usable = [nat[r] if r < TWO or top_max == TWO else [] for r in range(3, top_max + 1)]
    size = len(usable)
    # the window from rank index i can reach up to (not including) the (n_j + 1)-th empty rank
    empties = [i for i, cards in enumerate(usable) if not cards] + [size] * (n_j + 1)
    e = 0
    for i in range(size - 2):
        while empties[e] < i:
            e += 1
        end = empties[e + n_j]
        if end - i < need:
            continue
        last = end if length is None else i + length
        if not n_j:
            # each partial run carries its suit while all its cards share one (else None)
            plain: list[tuple[tuple[Card, ...], str | None]] = [((c,), c.suit) for c in usable[i]]
            for j in range(i + 1, last):
                plain = [(cards + (c,), suit if c.suit == suit else None)
                         for cards, suit in plain for c in usable[j]]
                if j - i >= 2 and (length is None or j - i + 1 == length):
                    for cards, suit in plain:
                        yield cards, suit is not None
            continue
        partial: list[tuple[tuple[Card, ...], int]] = [((), 0)]
        for j in range(i, last):
            naturals = usable[j]
            nxt: list[tuple[tuple[Card, ...], int]] = []
            for cards, used in partial:
                for c in naturals:
                    nxt.append((cards + (c,), used))
                if used < n_j:
                    nxt.append((cards, used + 1))
            partial = nxt
            if j - i >= 2 and (length is None or j - i + 1 == length):
                for cards, used in partial:
                    if not cards:
                        continue
                    if not used:
                        yield cards, len(set(map(_SUIT, cards))) == 1
                        continue
                    for js in combinations(jokers, used):
                        yield cards + js, None


def _multis(nat: list[list[Card]], jokers: list[Card], top_max: int, twos_natural: bool,
            shape: tuple[int, int] | None, hand_size: int) -> Iterator[tuple[Card, ...]]:
    wild_pool = nat[TWO] + jokers
    n_w, n_j = len(wild_pool), len(jokers)
    usable = nat if twos_natural else nat[:TWO] + [[]]  # indexed by rank
    counts = [len(cards) for cards in usable]
    shapes = [shape] if shape else [(k, m) for m in (2, 3, 4, 5, 6) for k in range(3, 13) if k * m <= hand_size]
    subsets: dict[tuple[int, int], list[tuple[Card, ...]]] = {}
    # prefix sums (index r + 1 covers ranks 0..r), so a window's totals cost two look-ups
    empty_before = list(accumulate([0] + [c == 0 for c in counts]))
    capped_before: dict[int, list[int]] = {}
    # A window that fits k x m also fits (k-1) x m (drop an end rank) and k x (m-1) (drop a
    # card per rank), so once a shape has no window, longer and fatter ones have none either.
    dead_m = 99  # the smallest m with no window at all
    dead_k: dict[int, int] = {}  # per m, the smallest k with no window
    for k, m in shapes:
        if m >= dead_m or k >= dead_k.get(m, 99):
            continue
        if m not in capped_before:
            capped_before[m] = list(accumulate([0] + [c if c < m else m for c in counts]))
        cap = capped_before[m]
        fits = False
        for top in range(k + 2, top_max + 1):
            bottom = top - k + 1
            # quick feasibility: every empty rank needs a joker, and there must be enough cards
            if cap[top + 1] - cap[bottom] + n_w < k * m or empty_before[top + 1] - empty_before[bottom] > n_j:
                continue
            fits = True
            window = range(bottom, top + 1)
            choices: list[list[tuple[Card, ...]]] = []
            for r in window:
                key = (r, m)
                if key not in subsets:
                    subsets[key] = list(_subsets(usable[r], 0, m))
                choices.append(subsets[key])
            yield from _multi_fill(choices, 0, (), 0, m, wild_pool, n_w, twos_natural)
        if not fits:
            dead_k[m] = k
            if k == 3:
                dead_m = m


def _multi_fill(choices: list[list[tuple[Card, ...]]], i: int, chosen: tuple[Card, ...], deficit: int,
                m: int, wild_pool: list[Card], n_w: int, twos_natural: bool) -> Iterator[tuple[Card, ...]]:
    if i == len(choices):
        if not deficit:
            yield chosen
            return
        # only natural 2s can be both chosen and wild (2s and jokers match no other rank)
        pool = [w for w in wild_pool if w not in chosen] if twos_natural else wild_pool
        for ws in combinations(pool, deficit):
            yield chosen + ws
        return
    for s in choices[i]:
        d = deficit + m - len(s)
        if d > n_w:
            continue
        yield from _multi_fill(choices, i + 1, chosen + s, d, m, wild_pool, n_w, twos_natural)


_SINGLE: dict[int, Combo] = {r: Combo(SINGLE, 1, 1, 1, r, False, True) for r in range(3, RJ + 1)}
# shared readings of runs by [size][top rank][suited]: all natural, or with jokers
_NATURAL_RUN: list[list[list[Combo]]] = [[[Combo(RUN, n, n, 1, top, s, True) for s in (False, True)]
                                          for top in range(TWO + 1)] for n in range(TWO)]
_WILD_RUN: list[list[list[Combo]]] = [[[Combo(RUN, n, n, 1, top, s, False) for s in (False, True)]
                                       for top in range(TWO + 1)] for n in range(TWO)]
_SUIT = attrgetter("suit")
# shared readings of sets by [size][rank]: all natural, or with wild cards (a set has at most
# 4 naturals + 4 twos + 2 jokers)
_PURE_SET: list[list[Combo]] = [[Combo(SET, n, 1, n, r, False, True) for r in range(TWO + 1)] for n in range(11)]
_WILD_SET: list[list[Combo]] = [[Combo(SET, n, 1, n, r, False, False) for r in range(TWO + 1)] for n in range(11)]


def _add_sets(out: list[tuple[tuple[Card, ...], list[Combo]]], seen: set[tuple[int, ...]],
              nat: list[list[Card]], jokers: list[Card], size: int | None, min_rank: int,
              twos_natural: bool, allow_joker_pair: bool) -> None:
    """The sets part of ``combinations_in``: ``_sets``'s selections, in its order, with their readings."""
    low_pool = nat[TWO] + jokers
    least = 2 if size is None else size
    for rank in range(max(3, min_rank), TWO + 1):
        naturals = nat[rank]
        if not naturals:
            continue
        pool = low_pool if rank < TWO else jokers
        n_pool = len(pool)
        if len(naturals) + n_pool < least:
            continue
        for k in range(1, len(naturals) + 1):
            if size is None:
                wild_sizes = range(max(0, 2 - k), n_pool + 1)
            elif 0 <= size - k <= n_pool:
                wild_sizes = range(size - k, size - k + 1)
            else:
                continue
            for s in combinations(naturals, k):
                for w_size in wild_sizes:
                    if w_size == 0:  # natural cards only: a pure set
                        out.append((s, [_PURE_SET[k][rank]]))
                        continue
                    for w in combinations(pool, w_size):
                        cards = s + w
                        n = k + w_size
                        if (twos_natural and cards[-1].rank >= BJ) or (n == 3 and cards[1].rank >= BJ) or (
                                n >= 6 and cards[-2].rank >= BJ):
                            # one natural + two jokers may be a run; two jokers may make a multiple sequence
                            out.append((cards, interpretations(cards, twos_natural, allow_joker_pair)))
                            seen.add(tuple(map(id, cards)))
                        else:  # wild cards sort last, so the set is not pure
                            out.append((cards, [_WILD_SET[n][rank]]))
    if len(jokers) == 2 and size in (None, 2) and min_rank <= BJ and allow_joker_pair:
        cards = tuple(jokers)
        if twos_natural:
            out.append((cards, interpretations(cards, twos_natural, allow_joker_pair)))
            seen.add(tuple(map(id, cards)))
        else:
            out.append((cards, [Combo(SET, 2, 1, 2, BJ, False, False)]))


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
        single = _SINGLE
        out.extend([((c,), [single[c.rank]]) for c in hand if c.rank >= min_rank])
    # selections another generator may produce again, keyed by card identity (cheap to hash;
    # every card here is one of the hand's own objects)
    seen: set[tuple[int, ...]] = set()
    if kind in (None, SET):
        _add_sets(out, seen, nat, jokers, shape[1] if shape else None, min_rank, twos_natural, allow_joker_pair)
    if kind in (None, RUN):
        for cards, natural_suited in _runs(nat, jokers, top_max, shape[1] if shape else None):
            n = len(cards)
            if natural_suited is not None:
                # natural cards only: the window is the cards' own ranks (what _run_combo finds)
                out.append((cards, [_NATURAL_RUN[n][cards[-1].rank][natural_suited]]))
                continue
            # jokers: the same cards may come from two windows
            key = tuple(map(id, cards))
            if key in seen:
                continue
            seen.add(key)
            if (n == 3 and cards[1].rank >= BJ) or twos_natural:
                # one natural + two jokers is also a set; with natural 2s in runs, a 2 may be
                # wild in a multiple sequence made of the same cards
                out.append((cards, interpretations(cards, twos_natural, allow_joker_pair)))
                continue
            # what _run_combo finds: naturals of distinct ranks within n, then the jokers;
            # the jokers go on top of the naturals as far as the ace allows
            k = n - 1 if cards[-2].rank < BJ else n - 2
            low = cards[0].rank
            top = min(low + n - 1, top_max)
            if top - n + 1 < 3:
                continue
            out.append((cards, [_WILD_RUN[n][top][len(set(map(_SUIT, cards[:k]))) == 1]]))
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

