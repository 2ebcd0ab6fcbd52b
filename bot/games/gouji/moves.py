"""Move generation on rank counts (R2.5): every set a hand can lead or beat with, by rank multiset.

A hand is a list of 18 ints, ``hand[r]`` = cards of rank r (3..14 naturals, 15 = 2,
16 = BJ, 17 = RJ; indexes 0..2 unused). Lists of sets are cached by the counts they
depend on, because a 36-card hand with wild cards can lead several hundred sets.
"""

from __future__ import annotations

from .notation import BJ, RJ, TWO, Play, make_play

Hand = list[int]
_Wilds = list[tuple[int, int, int]]

_WILD_CACHE: dict[tuple[int, int, int], _Wilds] = {}
_WILD_TOTAL_CACHE: dict[tuple[int, int, int, int], _Wilds] = {}
_RANK_SETS: dict[tuple[int, int, int, int, int], list[Play]] = {}
_WILD_ONLY: dict[tuple[int, int, int], list[Play]] = {}


def wild_combos(twos: int, bj: int, rj: int) -> _Wilds:
    """Every (2s, BJ, RJ) choice within what is held, the empty one included."""
    key = (twos, bj, rj)
    out = _WILD_CACHE.get(key)
    if out is None:
        out = _WILD_CACHE[key] = [(t, b, r) for t in range(twos + 1) for b in range(bj + 1) for r in range(rj + 1)]
    return out


def wild_combos_total(twos: int, bj: int, rj: int, total: int) -> _Wilds:
    """The wild choices of exactly ``total`` cards."""
    key = (twos, bj, rj, total)
    out = _WILD_TOTAL_CACHE.get(key)
    if out is None:
        out = _WILD_TOTAL_CACHE[key] = [c for c in wild_combos(twos, bj, rj) if c[0] + c[1] + c[2] == total]
    return out


def _rank_sets(rank: int, count: int, twos: int, bj: int, rj: int) -> list[Play]:
    key = (rank, count, twos, bj, rj)
    out = _RANK_SETS.get(key)
    if out is None:
        if len(_RANK_SETS) > 50_000:
            _RANK_SETS.clear()
        combos = wild_combos(twos, bj, rj)
        out = _RANK_SETS[key] = [make_play(rank, k, t, b, r) for k in range(1, count + 1) for t, b, r in combos]
    return out


def _wild_only(twos: int, bj: int, rj: int) -> list[Play]:
    key = (twos, bj, rj)
    out = _WILD_ONLY.get(key)
    if out is None:
        out = _WILD_ONLY[key] = [make_play(0, 0, t, b, r) for t, b, r in wild_combos(twos, bj, rj) if t + b + r]
    return out


def all_sets(hand: Hand) -> list[Play]:
    """Every set the hand can lead (R6.1, R6.3)."""
    twos, bj, rj = hand[TWO], hand[BJ], hand[RJ]
    out: list[Play] = []
    for rank in range(3, 15):
        count = hand[rank]
        if count:
            out += _rank_sets(rank, count, twos, bj, rj)
    out += _wild_only(twos, bj, rj)
    return out


def beating_sets(hand: Hand, top: Play) -> list[Play]:
    """Every set of the hand that beats ``top`` (R6.5, R6.9)."""
    if top.rj:
        return []
    n, level, need_rj = top.size, top.level, top.bj
    twos, bj, rj = hand[TWO], hand[BJ], hand[RJ]
    out: list[Play] = []
    for rank in range(max(level + 1, 3), 15):
        count = hand[rank]
        if count:
            out += _rank_beats(rank, min(count, n), n, twos, bj, rj, need_rj)
    if level < 17:
        out += _wild_beats(n, twos, bj, rj, need_rj, max(level, 14))
    return out


_RANK_BEATS: dict[tuple[int, ...], list[Play]] = {}
_WILD_BEATS: dict[tuple[int, ...], list[Play]] = {}


def _rank_beats(rank: int, kmax: int, n: int, twos: int, bj: int, rj: int, need_rj: int) -> list[Play]:
    key = (rank, kmax, n, twos, bj, rj, need_rj)
    out = _RANK_BEATS.get(key)
    if out is None:
        if len(_RANK_BEATS) > 100_000:
            _RANK_BEATS.clear()
        out = _RANK_BEATS[key] = [make_play(rank, k, t, b, r) for k in range(1, kmax + 1)
                                  for t, b, r in wild_combos_total(twos, bj, rj, n - k) if r >= need_rj]
    return out


def _wild_beats(n: int, twos: int, bj: int, rj: int, need_rj: int, level: int) -> list[Play]:
    key = (n, twos, bj, rj, need_rj, level)
    out = _WILD_BEATS.get(key)
    if out is None:
        out = _WILD_BEATS[key] = [make_play(0, 0, t, b, r) for t, b, r in wild_combos_total(twos, bj, rj, n)
                                  if r >= need_rj and (15 if t else 17 if r else 16) > level]
    return out


def cheapest_beat(hand: Hand, top: Play) -> Play | None:
    """The beating set with the fewest jokers, then fewest 2s, then lowest level, then fewest red jokers.

    Equal to ``min(beating_sets(hand, top), key=...)`` with that key, without listing them all.
    """
    if top.rj:
        return None
    n, level, need_rj = top.size, top.level, top.bj
    twos, bj, rj = hand[TWO], hand[BJ], hand[RJ]
    for jokers in range(need_rj, min(n, bj + rj) + 1):
        r_min = max(need_rj, jokers - bj)
        if r_min > rj:
            continue
        for t in range(0, min(twos, n - jokers) + 1):
            k = n - jokers - t
            if k:
                for rank in range(max(level + 1, 3), 15):
                    if hand[rank] >= k:
                        return make_play(rank, k, t, jokers - r_min, r_min)
                continue
            # wild cards only: level 15 with 2s, else 16 (black only) or 17 (with a red joker)
            if t:
                if level < 15:
                    return make_play(0, 0, t, jokers - r_min, r_min)
            elif r_min == 0 and level < 16:
                return make_play(0, 0, 0, jokers, 0)
            elif level < 17:
                r = max(r_min, 1)
                if r <= rj:
                    return make_play(0, 0, 0, jokers - r, r)
    return None


def holds(hand: Hand, play: Play) -> bool:
    """The hand contains the set's cards."""
    return (hand[play.rank] >= play.naturals if play.rank else True) and hand[TWO] >= play.twos \
        and hand[BJ] >= play.bj and hand[RJ] >= play.rj


def remove(hand: Hand, play: Play) -> None:
    if play.rank:
        hand[play.rank] -= play.naturals
    hand[TWO] -= play.twos
    hand[BJ] -= play.bj
    hand[RJ] -= play.rj


def natural_ranks(hand: Hand) -> int:
    return sum(1 for r in range(3, 15) if hand[r])


def remainder_ok(hand: Hand, play: Play, allow_empty: bool = False) -> bool:
    """R8.3: after ``play`` the rest splits into joker sets and one final set (non-empty unless allowed)."""
    left = sum(hand) - play.size
    if left == 0:
        return allow_empty
    m = natural_ranks(hand)
    if play.rank and hand[play.rank] == play.naturals:
        m -= 1
    jokers = hand[BJ] + hand[RJ] - play.bj - play.rj
    return jokers >= m - 1


def shao_claims(hand: Hand, top: Play, allow_single_set: bool) -> list[Play]:
    """The sets B1 that make a valid Shao Pai claim against ``top`` (R8.3)."""
    return [p for p in beating_sets(hand, top) if remainder_ok(hand, p, allow_single_set)]


def is_one_set(hand: Hand) -> bool:
    return sum(hand) > 0 and natural_ranks(hand) <= 1


def whole_hand(hand: Hand) -> Play:
    rank = next((r for r in range(3, 15) if hand[r]), 0)
    return make_play(rank, hand[rank] if rank else 0, hand[TWO], hand[BJ], hand[RJ])


def shao_leads(hand: Hand) -> list[Play]:
    """R8.7: a joker set that keeps the rest playable, or the whole hand when it is one set."""
    out = [p for p in all_sets(hand) if (p.bj or p.rj) and remainder_ok(hand, p)]
    if is_one_set(hand):
        final = whole_hand(hand)
        if final not in out:
            out.append(final)
    return out


def highest(hand: Hand, n: int) -> list[int]:
    """The ``n`` highest cards by R2.1 (tribute, R5.3)."""
    out: list[int] = []
    for rank in range(17, 2, -1):
        take = min(hand[rank], n - len(out))
        out += [rank] * take
        if len(out) == n:
            break
    return out


def lowest(hand: Hand, n: int) -> list[int]:
    """The ``n`` lowest cards (return_lowest, R5.4)."""
    out: list[int] = []
    for rank in range(3, 18):
        take = min(hand[rank], n - len(out))
        out += [rank] * take
        if len(out) == n:
            break
    return out


def return_choices(hand: Hand, n: int) -> list[tuple[int, ...]]:
    """Every multiset of ``n`` cards of the hand, ascending (n is 1 or 2)."""
    ranks = [r for r in range(3, 18) if hand[r]]
    if n == 1:
        return [(r,) for r in ranks]
    out: list[tuple[int, ...]] = []
    for i, a in enumerate(ranks):
        for b in ranks[i:]:
            if a != b or hand[a] >= 2:
                out.append((a, b))
    return out
