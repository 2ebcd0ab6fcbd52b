"""The easy policy on piece counts, for any seat in any world: the model of how players choose.

The hard player rolls rounds out with it (``rollout``) and weighs sampled worlds by how well it
explains what the other seats did (``inference``). It knows only what the seat it plays knows:
that seat's hand, its own face-down pieces and the face-up pieces.
"""

from __future__ import annotations

from .pieces import BLOCKERS, COPIES, GYOKU, NUM_PIECES, OU, TYPE, VALUE

#: copies of each piece's *type* (the two kings are one type).
TYPE_COPIES = tuple(2 if p <= GYOKU else COPIES[p] for p in range(NUM_PIECES))


def kings_ok(h: list[int], faceup: int, block_king: bool, final: bool, size: int) -> bool:
    return faceup > 0 or block_king or (h[OU] > 0 and h[GYOKU] > 0) or (final and size == 2)


def outside(p: int, hand: list[int], seen: list[int]) -> int:
    """Unseen copies of ``p``'s type that another player might block ``p`` with (kings count for 2..6)."""
    t = TYPE[p]
    if t == 0:
        return 0
    same = TYPE_COPIES[p] - seen[p]
    if 2 <= p <= 6:
        same += 2 - seen[OU] - seen[GYOKU]
    return max(same, 0)


class Scorer:
    """The easy player's scores of the moves of one hand; what does not depend on the move (who else
    might block each piece, the highest piece) is worked out once, since easy scores every move."""

    __slots__ = ("hand", "size", "partner_attacked", "out", "top")

    def __init__(self, hand: list[int], seen: list[int], size: int, partner_attacked: bool) -> None:
        """``seen``: the seat's hand plus every piece on the table it can see."""
        self.hand = hand
        self.size = size
        self.partner_attacked = partner_attacked
        self.out = [outside(p, hand, seen) if hand[p] else 0 for p in range(NUM_PIECES)]   # moves use held pieces
        self.top = max((VALUE[p] for p in range(NUM_PIECES) if hand[p]), default=0)

    def score(self, lead: bool, f: int, a: int) -> float:
        """The score of playing ``f`` then ``a`` (a pass scores 4 when the partner attacked, else 0)."""
        if self.size == 2:
            return 1000.0 + VALUE[a] * (2 if lead and TYPE[f] == TYPE[a] else 1)
        score = 0.0 if lead else 6.0
        if self.partner_attacked:
            score -= 8.0
        if not lead and f <= GYOKU:
            score -= 4.0                                   # kings are precious blockers
        left_a = self.hand[a] - 1 - (f == a)
        # an attack nobody can answer keeps the lead; a lone high piece is kept for going out
        score -= 1.5 * self.out[a]
        score += 1.0 * left_a
        if VALUE[a] == self.top and self.size > 4 and left_a == 0:
            score -= VALUE[a] / 15
        if lead:
            score += 0.6 * self.out[f] - VALUE[f] / 25 - (2.0 if f <= GYOKU else 0.0)
        return score


def easy_move(h: list[int], down: list[int], public: list[int], faceup: int, final: bool, leading: bool,
              attack: int, partner_attacked: bool) -> tuple[int, int]:
    """Exactly what the easy player (``ai``) does with hand ``h``: ``(first, attack)`` or ``(-1, -1)`` to
    pass. It scores the legal actions in the engine's order and keeps the first best, as easy does;
    ``policy`` below is a faster approximation for rollouts. The model of the others in ``inference``."""
    size = sum(h)
    seen = [h[p] + down[p] + public[p] for p in range(NUM_PIECES)]
    have = [p for p in range(NUM_PIECES) if h[p]]
    scorer = Scorer(h, seen, size, partner_attacked)
    kings_free = faceup > 0 or (final and size == 2) or (h[OU] > 0 and h[GYOKU] > 0)
    if leading:
        best, best_score = (-1, -1), -1e9
        for f in have:
            for a in have:
                if (a != f or h[f] > 1) and (a > GYOKU or kings_free):
                    sc = scorer.score(True, f, a)
                    if sc > best_score:
                        best, best_score = (f, a), sc
        return best
    best, best_score = (-1, -1), (4.0 if partner_attacked else 0.0)
    for f in BLOCKERS[attack]:
        if not h[f]:
            continue
        kings = kings_free or f <= GYOKU
        for a in have:
            if (a != f or h[f] > 1) and (a > GYOKU or kings):
                sc = scorer.score(False, f, a)
                if sc > best_score:
                    best, best_score = (f, a), sc
    return best


def policy(h: list[int], size: int, down: list[int], public: list[int], faceup: int, final: bool,
            leading: bool, attack: int, partner_attacked: bool) -> tuple[int, int]:
    """The easy heuristic on counts, for one seat: ``(first, attack)``, or ``(-1, -1)`` to pass.

    It knows what that seat knows: its hand ``h``, its face-down pieces ``down`` and the face-up
    pieces ``public``."""
    held = [p for p in range(NUM_PIECES) if h[p]]
    kings_seen = h[OU] + h[GYOKU] + public[OU] + public[GYOKU] + down[OU] + down[GYOKU]
    top = 0
    out = [0] * NUM_PIECES                                    # copies others might block with
    for p in held:
        if VALUE[p] > top:
            top = VALUE[p]
        if p > GYOKU:
            o = TYPE_COPIES[p] - h[p] - public[p] - down[p] + (2 - kings_seen if p <= 6 else 0)
            out[p] = o if o > 0 else 0
    if leading:
        kings = kings_ok(h, faceup, False, final, size)
        if size == 2:
            x, y = (held * 2)[:2] if len(held) == 1 else held
            if (x <= GYOKU and not kings) or (VALUE[y] > VALUE[x] and (y > GYOKU or kings)):
                x, y = y, x
            return y, x
        a, best = -1, -1e9
        for x in held:
            if x <= GYOKU and not kings:
                continue
            sc = -1.5 * out[x] + h[x] - 1
            if VALUE[x] == top and h[x] == 1 and size > 4:
                sc -= VALUE[x] / 15
            if sc > best:
                a, best = x, sc
        f, best = -1, -1e9
        for y in held:
            if y == a and h[y] < 2:
                continue
            sc = 0.6 * out[y] - VALUE[y] / 25 - (2.0 if y <= GYOKU else 0.0) - (1.0 if y == a else 0.0)
            if sc > best:
                f, best = y, sc
        return f, a
    f = -1
    for y in BLOCKERS[attack]:                                # an exact match before a king
        if h[y]:
            f = y
            break
    if f < 0:
        return -1, -1
    h[f] -= 1
    kings = kings_ok(h, faceup, f <= GYOKU, final, size)
    a, best = -1, (4.0 if partner_attacked else 0.0)
    for x in held:
        if not h[x] or (x <= GYOKU and not kings):
            continue
        if size == 2:
            a = x
            break
        sc = 6.0 - (8.0 if partner_attacked else 0.0) - (4.0 if f <= GYOKU else 0.0) - 1.5 * out[x] + h[x] - 1
        if VALUE[x] == top and h[x] == 1 and size > 4:
            sc -= VALUE[x] / 15
        if sc > best:
            a, best = x, sc
    h[f] += 1
    return (f, a) if a >= 0 else (-1, -1)


def rollout(hands: list[list[int]], sizes: list[int], turn: int, attacker: int, attack: int,
             faceup: int, final: bool, public: list[int], downs: list[list[int]]) -> tuple[int, int]:
    """Play the round out with every seat following the easy policy; returns (winner seat, points)."""
    while True:
        h = hands[turn]
        lead = turn == attacker
        if not lead:
            for y in BLOCKERS[attack]:
                if h[y]:
                    break
            else:
                turn = (turn + 1) % 4                         # nothing to block with: pass
                continue
        f, a = policy(h, sizes[turn], downs[turn], public, faceup, final, lead, attack,
                       attacker == (turn + 2) % 4)
        if f < 0:
            turn = (turn + 1) % 4
            continue
        h[f] -= 1
        h[a] -= 1
        public[a] += 1
        if lead:
            downs[turn][f] += 1
        else:
            public[f] += 1
            faceup += f <= GYOKU
        faceup += a <= GYOKU
        sizes[turn] -= 2
        if sizes[turn] == 0:
            return turn, VALUE[a] * (2 if lead and TYPE[f] == TYPE[a] else 1)
        attack, attacker = a, turn
        turn = (turn + 1) % 4
