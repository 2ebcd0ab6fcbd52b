"""What the other seats may hold, as seen from one seat: worlds drawn from the hard facts, weighed by the soft ones.

Hard facts (a drawn world never contradicts them, and no world is drawn only to be thrown away):
- counts: each seat holds ``hand_sizes[s]`` pieces, and each hidden face-down piece is one piece;
- every face-up piece, and the viewer's own hand and own face-down pieces, are out of the pool;
- the pawn check (R5.1–R5.6): a seat held at most 4 pawns at the deal, or exactly 5 when it was
  shown (A10), else the round would have ended or been announced;
- R6.9: a king attack made while no king lay face up (and not after a king block, nor X1's last
  piece) means that seat held both kings at the start of that turn, so the other king is still in
  its hand or lies face down in one of its columns from that turn on.

A world is drawn exactly (uniformly among the deals that agree with these facts): the king of an
R6.9 fact goes first to one of its possible places, then the number of unseen pawns per seat is
drawn from its exact (capped) distribution, then the rest are shuffled into the free places.

Soft facts: how each seat played. ``weight`` replays the round in the world and multiplies, for each
action of another seat, 1 when the easy player would have done the same (``policy.easy_move``, exactly
what ``ai``'s easy does) (or, late in the round, when
the exact solver rates it best in the world) and a small probability otherwise, under a mixture of an
easy player and a freer one: a pass where easy would block makes holding a blocker less likely, never impossible
(R6.10).

Late in a round most drawn worlds explain the others' actions badly: of 150 draws from 18 pieces, a
median of about 5 counted (the effective number, by weight). ``chain`` therefore walks from world to
world (Metropolis-Hastings: two hidden pieces swapped, or now and then a new draw), which visits worlds
in proportion to prior times weight and keeps proposing near the ones that explain the play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb

from .pieces import COPIES, GYOKU, IDS, NUM_PIECES, OU, SHI
from .policy import easy_move
from .solver import NO_ATTACK, Position, Solver, to_types
from .views import View

CODE = {name: code for code, name in enumerate(IDS)}
#: likelihood of an action the easy policy would not take, by kind. Sharper values guess easy players'
#: hands better still, but other players are not easy: these leave room for them.
NOISE_PASS = 0.1          # passed where easy would block
NOISE_BLOCK = 0.1         # blocked where easy would pass, or blocked/attacked differently
NOISE_LEAD_ATTACK = 0.15  # led with another attack piece
NOISE_LEAD_DOWN = 0.4     # put another piece face down
#: each seat is, with this probability, an easy player whose deviations are rarer still (the noise
#: squared); otherwise a freer player. The mixture sharpens guesses about easy players without
#: trusting the model blindly for others.
EASY_PRIOR = 0.9
#: at most this many pieces in hands, an action the exact solver rates best in the world is explained too
#: (strong players are not easy players); solving there costs about a millisecond. 18 rather than 12:
#: late agreement 89.2% against 88.3% with 12 (300 deal pairs each, bench opponents play perfectly
#: from 18 pieces), at no measurable cost in points.
EVIDENCE_SOLVE_PIECES = 18
#: a world weighing less than this share of the heaviest one drawn before it counts for nothing: it is
#: not weighed to the end (``weight``'s floor), nor searched. Almost half the late worlds are that light.
NEGLIGIBLE = 1e-4
_TYPE8 = (0, 0, 1, 2, 3, 4, 5, 6, 7)


def counts(pieces: Sequence[str | None]) -> list[int]:
    out = [0] * NUM_PIECES
    for name in pieces:
        if name is not None:
            out[CODE[name]] += 1
    return out


def seen(view: View) -> list[int]:
    """Pieces the viewer knows are not in another player's hand: own hand plus every piece on the table
    the viewer can see (own face-down included)."""
    out = counts(view.hand or ())
    for cols in view.table:
        for col in cols:
            out[CODE[col.attack]] += 1
            if col.first is not None:
                out[CODE[col.first]] += 1
    return out


@dataclass
class World:
    """Every seat's hand (piece counts) and the first piece of every column (face-down ones drawn)."""

    hands: list[list[int]]
    firsts: list[list[int]]


@dataclass
class Moment:
    """The round in one world just before one step of its history (``Inference.replay``).

    ``first``/``piece``: the step's first piece and attack piece (-1 for a pass); ``attack`` and
    ``attacker``: the attack standing before the step (-1 before the first lead)."""

    hands: list[list[int]]
    sizes: list[int]
    downs: list[list[int]]
    public: list[int]
    faceup: int = 0
    attack: int = -1
    attacker: int = -1
    seat: int = 0
    lead: bool = False
    first: int = -1
    piece: int = -1


def optimal(solver: Solver, m: Moment, final: bool, move: tuple[int, int]) -> bool:
    """Is ``move`` (solver types) one a perfect player would make at ``m``?"""
    attacker = m.seat if m.lead else m.attacker
    pos = Position([to_types(h) for h in m.hands], m.seat, attacker,
                   NO_ATTACK if attacker == m.seat or m.attack < 0 else _TYPE8[m.attack], m.faceup > 0, final)
    return solver.is_best(pos, move)


class Inference:
    """The facts one view gives; ``draw`` and ``weight`` are then cheap and can be repeated."""

    def __init__(self, view: View, solver: Solver | None = None) -> None:
        """``solver``: also explain late actions as perfect play (see ``EVIDENCE_SOLVE_PIECES``)."""
        self.view = view
        self.solver = solver
        self.me = me = view.seat if view.seat is not None else 0
        self.final = bool(view.options.get("king_final_attack", False))
        unseen = [COPIES[p] - n for p, n in enumerate(seen(view))]
        self.unseen = unseen
        self.others = [s for s in range(4) if s != me]
        #: columns of each seat whose first piece the viewer cannot see
        self.hidden_cols = [[i for i, c in enumerate(view.table[s]) if c.first is None] for s in range(4)]
        self.hidden_cols[me] = []
        self.king = self._king_fact()
        slots = {s: view.hand_sizes[s] + len(self.hidden_cols[s]) for s in self.others}
        if self.king is not None:
            slots[self.king[0]] -= 1
        self.free = slots
        self.pawn_splits, self.pawn_weights = self._pawn_splits(slots, unseen[SHI])
        self._pawn_caps_hold = self._caps_hold(slots, unseen[SHI])
        rest = [p for p in range(NUM_PIECES) if p != SHI for _ in range(unseen[p])]
        if self.king is not None:
            rest.remove(self.king[1])
        self.rest = rest

    # ------------------------------------------------------------ hard facts

    def _king_fact(self) -> tuple[int, int, list[int]] | None:
        """(seat, the other king, the columns whose face-down piece it may be) from R6.9, if a king attack
        was made on the strength of holding both kings; ``None`` when there is no such fact."""
        view = self.view
        faceup = 0
        plays = [0, 0, 0, 0]
        sizes_then = self._sizes_at_each_step()
        for i, step in enumerate(view.history):
            if step.kind == "pass":
                continue
            assert step.attack is not None
            col = plays[step.seat]
            plays[step.seat] += 1
            a = CODE[step.attack]
            block_king = step.kind == "block" and step.first is not None and CODE[step.first] <= GYOKU
            if (a <= GYOKU and faceup == 0 and not block_king and step.seat != self.me
                    and not (self.final and sizes_then[i] == 2)):
                other = GYOKU if a == OU else OU
                if self.unseen[other] > 0:
                    return step.seat, other, [c for c in self.hidden_cols[step.seat] if c >= col]
            faceup += block_king + (a <= GYOKU)
        return None

    def _sizes_at_each_step(self) -> list[int]:
        """The acting seat's hand size at the start of each step of the round."""
        sizes = list(self.view.hand_sizes)
        out = [0] * len(self.view.history)
        for i in range(len(self.view.history) - 1, -1, -1):
            step = self.view.history[i]
            if step.kind != "pass":
                sizes[step.seat] += 2
            out[i] = sizes[step.seat]
        return out

    def pawn_cap(self, seat: int) -> tuple[int, int]:
        """(least, most) unseen pawns ``seat`` may hold in hand or face down (R5.1, A10)."""
        shown = sum(1 for c in self.view.table[seat] for p in (c.first, c.attack) if p == "shi")
        if self.view.goshi[seat]:
            return 5 - shown, 5 - shown
        return 0, 4 - shown

    def _caps_hold(self, slots: dict[int, int], pawns: int) -> bool:
        """Do the pawn caps leave a way to place the unseen pawns (else ``draw`` relaxed them)?"""
        caps = [self.pawn_cap(s) for s in self.others]
        lo = sum(max(c[0], 0) for c in caps)
        hi = sum(min(slots[s], c[1]) for s, c in zip(self.others, caps, strict=True))
        return lo <= pawns <= hi

    def _pawn_splits(self, slots: dict[int, int], pawns: int) -> tuple[list[tuple[int, ...]], list[float]]:
        """Every way to split the unseen pawns among the other seats, with its exact prior weight."""
        seats = self.others
        caps = [self.pawn_cap(s) for s in seats]
        for relax in (False, True):
            splits: list[tuple[int, ...]] = []
            weights: list[float] = []
            lo = [0 if relax else max(c[0], 0) for c in caps]
            hi = [slots[s] if relax else min(slots[s], c[1]) for s, c in zip(seats, caps, strict=True)]
            for x0 in range(lo[0], hi[0] + 1):
                for x1 in range(lo[1], hi[1] + 1):
                    x2 = pawns - x0 - x1
                    if lo[2] <= x2 <= hi[2]:
                        splits.append((x0, x1, x2))
                        weights.append(float(comb(slots[seats[0]], x0) * comb(slots[seats[1]], x1)
                                             * comb(slots[seats[2]], x2)))
            if splits:
                return splits, weights
        return [], []                          # the view itself is inconsistent (hand-crafted tests)

    # ------------------------------------------------------------ drawing

    def draw(self, rng: random.Random) -> World:
        """One world, exactly from the deals that agree with every hard fact."""
        view = self.view
        hands = [[0] * NUM_PIECES for _ in range(4)]
        hands[self.me] = counts(view.hand or ())
        firsts = [[-1 if c.first is None else CODE[c.first] for c in view.table[s]] for s in range(4)]
        # the places still to fill: -1 is a place in hand, i >= 0 the face-down piece of column i
        places = {s: [-1] * view.hand_sizes[s] + list(self.hidden_cols[s]) for s in self.others}
        if self.king is not None:
            seat, piece, cols = self.king
            options = [-1] * view.hand_sizes[seat] + cols
            where = options[rng.randrange(len(options))] if options else -1
            places[seat].remove(where)
            if where < 0:
                hands[seat][piece] += 1
            else:
                firsts[seat][where] = piece
        split = rng.choices(self.pawn_splits, self.pawn_weights)[0] if self.pawn_splits else (0, 0, 0)
        rest = self.rest[:]
        if not self.pawn_splits:
            rest += [SHI] * self.unseen[SHI]
        rng.shuffle(rest)
        pos = 0
        for s, pawns in zip(self.others, split, strict=True):
            free = places[s]
            rng.shuffle(free)
            for i, where in enumerate(free):
                if i < pawns:
                    p = SHI
                else:
                    p = rest[pos]
                    pos += 1
                if where < 0:
                    hands[s][p] += 1
                else:
                    firsts[s][where] = p
        return World(hands, firsts)

    def consistent(self, world: World) -> bool:
        """Does ``world`` keep the pawn caps (R5.1, A10) and the king fact (R6.9) that ``draw`` keeps?"""
        if self.pawn_splits and self._pawn_caps_hold:
            for s in self.others:
                pawns = world.hands[s][SHI] + sum(world.firsts[s][c] == SHI for c in self.hidden_cols[s])
                lo, hi = self.pawn_cap(s)
                if not lo <= pawns <= hi:
                    return False
        if self.king is not None:
            seat, piece, cols = self.king
            if not world.hands[seat][piece] and not any(world.firsts[seat][c] == piece for c in cols):
                return False
        return True

    def neighbour(self, world: World, rng: random.Random) -> World | None:
        """``world`` with two hidden pieces of two other seats swapped (a symmetric proposal for
        ``chain``); ``None`` when the swap breaks a hard fact or changes nothing."""
        places = [(s, -1, p) for s in self.others for p in range(NUM_PIECES) for _ in range(world.hands[s][p])]
        places += [(s, c, world.firsts[s][c]) for s in self.others for c in self.hidden_cols[s]]
        if len(places) < 2:
            return None
        (s1, c1, p1), (s2, c2, p2) = rng.sample(places, 2)
        if s1 == s2 or p1 == p2:
            return None
        hands = [h[:] for h in world.hands]
        firsts = [f[:] for f in world.firsts]
        for s, c, old, new in ((s1, c1, p1, p2), (s2, c2, p2, p1)):
            if c < 0:
                hands[s][old] -= 1
                hands[s][new] += 1
            else:
                firsts[s][c] = new
        out = World(hands, firsts)
        return out if self.consistent(out) else None

    def chain(self, rng: random.Random, start: int = 32, fresh: float = 0.2) -> Iterator[World]:
        """Worlds in proportion to prior times ``weight`` (Metropolis-Hastings): from the heaviest of ``start``
        draws, each step proposes a swap of two hidden pieces (``neighbour``) or, with probability
        ``fresh``, a new independent draw, and keeps it with probability min(1, its weight / the current
        one's). Weighing draws alone leaves a handful of worlds that count late in a round (most weigh
        next to nothing); the chain keeps proposing near the worlds that explain what the others did."""
        current = self.draw(rng)
        cw = self.weight(current)
        for _ in range(start - 1):
            world = self.draw(rng)
            w = self.weight(world, cw)
            if w > cw:
                current, cw = world, w
        while True:
            proposal = self.draw(rng) if rng.random() < fresh else self.neighbour(current, rng)
            if proposal is not None:
                u = rng.random()
                w = self.weight(proposal, u * cw)
                if w > 0.0 and w >= u * cw:
                    current, cw = proposal, w
            yield current

    # ------------------------------------------------------------ soft facts

    def replay(self, world: World) -> Iterator[Moment]:
        """The round's history replayed in ``world``: before each step, the round as it stood then.

        One ``Moment`` is yielded and updated in place (its lists change after the next step)."""
        view = self.view
        hands = [h[:] for h in world.hands]
        for s in range(4):
            for col, first in zip(view.table[s], world.firsts[s], strict=True):
                hands[s][first] += 1
                hands[s][CODE[col.attack]] += 1
        m = Moment(hands, [sum(h) for h in hands], [[0] * NUM_PIECES for _ in range(4)], [0] * NUM_PIECES)
        played = [0, 0, 0, 0]
        for step in view.history:
            seat = m.seat = step.seat
            m.lead = step.kind == "lead"
            m.first = m.piece = -1
            if step.kind != "pass":
                assert step.attack is not None
                m.first, m.piece = world.firsts[seat][played[seat]], CODE[step.attack]
                played[seat] += 1
            yield m
            f, a = m.first, m.piece
            if f < 0:
                continue
            m.hands[seat][f] -= 1
            m.hands[seat][a] -= 1
            m.sizes[seat] -= 2
            m.public[a] += 1
            if m.lead:
                m.downs[seat][f] += 1
            else:
                m.public[f] += 1
                m.faceup += f <= GYOKU
            m.faceup += a <= GYOKU
            m.attack, m.attacker = a, seat

    def weight(self, world: World, floor: float = 0.0) -> float:
        """How likely the others' actions so far are in ``world`` under the noisy easy policy; 0 as soon as
        it is sure to be below ``floor`` (later actions can only lower it), which saves replaying and
        solving the rest of a world that would count for nothing."""
        soft = [1.0] * 4
        sharp = [1.0] * 4
        for m in self.replay(world):
            seat = m.seat
            if seat == self.me:
                continue
            pf, pa = easy_move(m.hands[seat], m.downs[seat], m.public, m.faceup, self.final, m.lead, m.attack,
                               m.attacker == (seat + 2) % 4)
            if m.first < 0:
                noise = NOISE_PASS if pf >= 0 and not self._best(m, (-1, -1)) else 1.0
            elif (pf, pa) == (m.first, m.piece) or self._best(m, (_TYPE8[m.first], _TYPE8[m.piece])):
                noise = 1.0
            elif m.lead:
                noise = (NOISE_LEAD_ATTACK if pa != m.piece else 1.0) * (NOISE_LEAD_DOWN if pf != m.first else 1.0)
            else:
                noise = NOISE_BLOCK
            if noise < 1.0:
                soft[seat] *= noise
                sharp[seat] *= noise * noise
                if floor > 0.0 and self._mixture(soft, sharp) < floor:
                    return 0.0
        return self._mixture(soft, sharp)

    def _mixture(self, soft: list[float], sharp: list[float]) -> float:
        """The weight of a world from each other seat's likelihood as an easy player (``sharp``) and as a
        freer one (``soft``)."""
        w = 1.0
        for s in self.others:
            w *= EASY_PRIOR * sharp[s] + (1 - EASY_PRIOR) * soft[s]
        return w

    def _best(self, m: Moment, move: tuple[int, int]) -> bool:
        """Is ``move`` one a perfect player would make at ``m`` (only asked in small positions)?"""
        if self.solver is None or sum(m.sizes) > EVIDENCE_SOLVE_PIECES:
            return False
        return optimal(self.solver, m, self.final, move)

    def sample(self, rng: random.Random, n: int, weighted: bool = True) -> list[World]:
        """``n`` worlds for search: drawn, then picked again in proportion to their weights (each
        kept world then counts the same)."""
        drawn = [self.draw(rng) for _ in range(n)]
        if not weighted:
            return drawn
        weights: list[float] = []
        for w in drawn:
            weights.append(self.weight(w, NEGLIGIBLE * max(weights, default=0.0)))
        total = sum(weights)
        if total <= 0:
            return drawn
        # systematic resampling: low variance, keeps the order of the draws
        step = total / n
        u = rng.random() * step
        out: list[World] = []
        acc = 0.0
        i = 0
        for world, wt in zip(drawn, weights, strict=True):
            acc += wt
            while u < acc and i < n:
                out.append(world)
                u += step
                i += 1
        while len(out) < n:
            out.append(drawn[-1])
        rng.shuffle(out)
        return out
