"""Computer players for Goita. They see only a seat's ``View`` and the legal list.

- ``random``: any legal action.
- ``easy``: one-ply heuristics: keep tempo with attacks others can hardly block, do not
  block the partner, save high pieces for the going-out attack, hide the least useful piece.
- ``hard``: one-step Monte Carlo improvement of ``easy``: deal the unseen pieces consistently with
  the view (hand sizes, public five-pawn holders), keep the world (of a few) in which the other
  seats' past plays best match what the easy policy would have done, then play each shortlisted
  candidate out to the end of the round with every seat on the easy policy. It leaves the easy
  choice only when the paired mean gain is clearly positive.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from .actions import Action, Decide, Offset, Pass, Play, Point
from .pieces import BLOCKERS, COPIES, GYOKU, IDS, NUM_PIECES, OU, SHI, TYPE, VALUE
from .view import View

CODE = {name: code for code, name in enumerate(IDS)}
LEVELS = ("random", "easy", "hard")
DEFAULT_HARD_BUDGET_S = 0.15
#: copies of each piece's *type* (the two kings are one type).
TYPE_COPIES = tuple(2 if p <= GYOKU else COPIES[p] for p in range(NUM_PIECES))


def _counts(pieces: Sequence[str | None]) -> list[int]:
    out = [0] * NUM_PIECES
    for name in pieces:
        if name is not None:
            out[CODE[name]] += 1
    return out


def _seen(view: View) -> list[int]:
    """Pieces the viewer knows are not in another player's hand: own hand plus every piece on the table
    the viewer can see (own face-down included)."""
    seen = _counts(view.hand or ())
    for cols in view.table:
        for col in cols:
            seen[CODE[col.attack]] += 1
            if col.first is not None:
                seen[CODE[col.first]] += 1
    return seen


def choose_action(view: View, legal: Sequence[Action], level: str, rng: random.Random,
                  budget_s: float | None = None) -> Action:
    """Pick one of ``legal`` for the seat ``view`` belongs to."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; use one of {LEVELS}")
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1 or level == "random":
        return legal[0] if len(legal) == 1 else rng.choice(list(legal))
    first = legal[0]
    if isinstance(first, Decide):
        return _decide(view, legal)
    if isinstance(first, Point | Offset):
        return rng.choice(list(legal))
    if level == "hard":
        return _hard(view, legal, rng, DEFAULT_HARD_BUDGET_S if budget_s is None else budget_s)
    return _easy(view, legal)


def _decide(view: View, legal: Sequence[Action]) -> Action:
    """Play on with a strong hand (kings, high pieces, few pawns); otherwise redeal."""
    hand = _counts(view.hand or ())
    strength = hand[OU] + hand[GYOKU] + sum(1 for p in range(2, 6) if hand[p] >= 2) - hand[SHI] // 2
    want_redeal = strength < 2
    for act in legal:
        if isinstance(act, Decide) and act.redeal == want_redeal:
            return act
    return legal[0]


# ---------------------------------------------------------------- easy

def _easy(view: View, legal: Sequence[Action]) -> Action:
    hand = _counts(view.hand or ())
    seen = _seen(view)
    me = view.seat if view.seat is not None else 0
    partner_attacked = view.attacker is not None and view.attacker == (me + 2) % 4
    size = sum(hand)
    best, best_score = legal[0], -1e9
    for act in legal:
        score = _easy_score(act, hand, seen, size, partner_attacked, view.faceup_kings)
        if score > best_score:
            best, best_score = act, score
    return best


def _outside(p: int, hand: list[int], seen: list[int]) -> int:
    """Unseen copies of ``p``'s type that another player might block ``p`` with (kings count for 2..6)."""
    t = TYPE[p]
    if t == 0:
        return 0
    same = TYPE_COPIES[p] - seen[p]
    if 2 <= p <= 6:
        same += 2 - seen[OU] - seen[GYOKU]
    return max(same, 0)


def _easy_score(act: Action, hand: list[int], seen: list[int], size: int, partner_attacked: bool,
                faceup_kings: int) -> float:
    if isinstance(act, Pass):
        return 4.0 if partner_attacked else 0.0
    assert isinstance(act, Play)
    f, a = act.first, act.attack
    if size == 2:
        return 1000.0 + VALUE[a] * (2 if act.lead and TYPE[f] == TYPE[a] else 1)
    score = 0.0 if act.lead else 6.0
    if partner_attacked:
        score -= 8.0
    if not act.lead and f <= GYOKU:
        score -= 4.0                                   # kings are precious blockers
    left = hand[:]
    left[f] -= 1
    left[a] -= 1
    # an attack nobody can answer keeps the lead; a lone high piece is kept for going out
    score -= 1.5 * _outside(a, hand, seen)
    score += 1.0 * left[a]
    top = max(VALUE[p] for p in range(NUM_PIECES) if hand[p])
    if VALUE[a] == top and size > 4 and left[a] == 0:
        score -= VALUE[a] / 15
    if act.lead:
        score += 0.6 * _outside(f, hand, seen) - VALUE[f] / 25 - (2.0 if f <= GYOKU else 0.0)
    return score


# ---------------------------------------------------------------- hard

def _determinize(view: View, rng: random.Random) -> tuple[list[list[int]], list[list[int]]] | None:
    """Hands for every seat, and each other seat's face-down pieces in lead order: the viewer's own
    hand, the others dealt from the unseen pieces, five-pawn holders getting their pawns first."""
    me = view.seat if view.seat is not None else 0
    seen = _seen(view)
    pool = [p for p in range(NUM_PIECES) for _ in range(COPIES[p] - seen[p])]
    rng.shuffle(pool)
    hidden_down = [sum(1 for c in view.table[s] if c.first is None) for s in range(4)]
    hands = [[0] * NUM_PIECES for _ in range(4)]
    hands[me] = _counts(view.hand or ())
    need = {s: view.hand_sizes[s] + hidden_down[s] for s in range(4) if s != me}
    # public five pawns (A10): such a player still holds 5 minus the pawns he has shown
    for s in need:
        if view.goshi[s]:
            shown = sum(1 for c in view.table[s] for p in (c.first, c.attack) if p == "shi")
            want = min(5 - shown, need[s], view.hand_sizes[s])
            for _ in range(max(want, 0)):
                if SHI in pool:
                    pool.remove(SHI)
                    hands[s][SHI] += 1
                    need[s] -= 1
    pos = 0
    downs: list[list[int]] = [[], [], [], []]
    for s, n in need.items():
        # the first hand_sizes pieces stay in hand; the rest were face down
        in_hand = view.hand_sizes[s] - hands[s][SHI]
        for i in range(n):
            if pos >= len(pool):
                return None
            p = pool[pos]
            pos += 1
            if i < in_hand:
                hands[s][p] += 1
            else:
                downs[s].append(p)
    return hands, downs


def _mismatches(view: View, hands_now: list[list[int]], down_lists: list[list[int]], final: bool) -> int:
    """How many past actions of the other seats the easy policy would not have taken in this world.

    The round is replayed from the world's starting hands (current hand plus everything each seat
    has played since), and each other seat's choice is compared with the policy's."""
    me = view.seat if view.seat is not None else 0
    hands = [h[:] for h in hands_now]
    later = [iter(d) for d in down_lists]
    steps = []
    for step in view.history:                               # put every played piece back first
        if step.kind == "pass":
            steps.append((step.seat, -1, -1, False))
            continue
        assert step.attack is not None
        a = CODE[step.attack]
        f = CODE[step.first] if step.first is not None else next(later[step.seat], -1)
        if f < 0:
            return 99
        hands[step.seat][f] += 1
        hands[step.seat][a] += 1
        steps.append((step.seat, f, a, step.kind == "lead"))
    public = [0] * NUM_PIECES
    downs = [[0] * NUM_PIECES for _ in range(4)]
    sizes = [sum(h) for h in hands]
    faceup, attack, attacker, missed = 0, -1, -1, 0
    for seat, f, a, lead in steps:
        h = hands[seat]
        if seat != me:
            pf, pa = _policy(h, sizes[seat], downs[seat], public, faceup, final, f >= 0 and lead,
                             attack, attacker == (seat + 2) % 4)
            if f < 0:
                missed += pf >= 0
            elif lead:
                missed += pa != a
            else:
                missed += (pf, pa) != (f, a)
        if f < 0:
            continue
        h[f] -= 1
        h[a] -= 1
        sizes[seat] -= 2
        public[a] += 1
        if lead:
            downs[seat][f] += 1
        else:
            public[f] += 1
            faceup += f <= GYOKU
        faceup += a <= GYOKU
        attack, attacker = a, seat
    return missed


def _sample_world(view: View, rng: random.Random, final: bool) -> tuple[list[list[int]], list[list[int]]] | None:
    """The determinization, out of a few, that best agrees with how the others have played."""
    best, best_missed = None, 1 << 30
    for _ in range(WORLD_TRIES):
        world = _determinize(view, rng)
        if world is None:
            return best
        missed = _mismatches(view, world[0], world[1], final)
        if missed < best_missed:
            best, best_missed = world, missed
            if missed == 0:
                break
    return best


def _kings_ok(h: list[int], faceup: int, block_king: bool, final: bool, size: int) -> bool:
    return faceup > 0 or block_king or (h[OU] > 0 and h[GYOKU] > 0) or (final and size == 2)


def _policy(h: list[int], size: int, down: list[int], public: list[int], faceup: int, final: bool,
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
        kings = _kings_ok(h, faceup, False, final, size)
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
    kings = _kings_ok(h, faceup, f <= GYOKU, final, size)
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


def _rollout(hands: list[list[int]], sizes: list[int], turn: int, attacker: int, attack: int,
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
        f, a = _policy(h, sizes[turn], downs[turn], public, faceup, final, lead, attack,
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


MAX_CANDIDATES = 6
#: the value of a round win that also wins the match, on top of its points.
CLINCH_BONUS = 150
#: worlds drawn to find one that agrees with the others' play.
WORLD_TRIES = 6
#: how sure search must be before overruling the heuristic; a cap on sampled worlds.
CONFIDENCE_Z = 1.0
MAX_WORLDS = 400


def _shortlist(view: View, legal: Sequence[Action], k: int) -> list[Action]:
    """The ``k`` best actions by the easy heuristic, best first (search only ranks these)."""
    hand = _counts(view.hand or ())
    seen = _seen(view)
    me = view.seat if view.seat is not None else 0
    partner_attacked = view.attacker is not None and view.attacker == (me + 2) % 4
    size = sum(hand)
    scored = sorted(legal, key=lambda act: -_easy_score(act, hand, seen, size, partner_attacked, view.faceup_kings))
    return scored[:k]


def _hard(view: View, legal: Sequence[Action], rng: random.Random, budget_s: float) -> Action:
    if view.seat is None or view.turn is None:
        return _easy(view, legal)
    me = view.seat
    # an immediate going-out play is never worse than anything else: take the best one
    outs = [a for a in legal if isinstance(a, Play) and view.hand_sizes[me] == 2]
    if outs:
        return _easy(view, outs)
    cands = _shortlist(view, legal, MAX_CANDIDATES)
    final = bool(view.options.get("king_final_attack", False))
    attack = CODE[view.attack] if view.attack is not None else -1
    attacker = view.attacker if view.attacker is not None else me
    public0 = [0] * NUM_PIECES
    downs0 = [[0] * NUM_PIECES for _ in range(4)]
    for s, cols in enumerate(view.table):
        for col in cols:
            public0[CODE[col.attack]] += 1
            if col.first is not None:
                (downs0[s] if col.face_down else public0)[CODE[col.first]] += 1
    deadline = time.perf_counter() + budget_s
    # paired differences against the easy choice (cands[0]) in the same sampled world
    diff_sum = [0.0] * len(cands)
    diff_sq = [0.0] * len(cands)
    values = [0.0] * len(cands)
    rounds = 0
    while rounds < 2 or time.perf_counter() < deadline:
        rounds += 1
        sampled = _sample_world(view, rng, final)
        if sampled is None:
            break
        world = sampled[0]
        for i, act in enumerate(cands):
            hands = [h[:] for h in world]
            sizes = list(view.hand_sizes)
            faceup = view.faceup_kings
            public = public0[:]
            downs = [d[:] for d in downs0]
            for s, sampled_downs in enumerate(sampled[1]):
                for p in sampled_downs:
                    downs[s][p] += 1
            if isinstance(act, Play):
                h = hands[me]
                h[act.first] -= 1
                h[act.attack] -= 1
                sizes[me] -= 2
                faceup += (act.first <= GYOKU and not act.lead) + (act.attack <= GYOKU)
                public[act.attack] += 1
                if act.lead:
                    downs[me][act.first] += 1
                else:
                    public[act.first] += 1
                winner, pts = _rollout(hands, sizes, (me + 1) % 4, me, act.attack, faceup, final, public, downs)
            else:
                winner, pts = _rollout(hands, sizes, (me + 1) % 4, attacker, attack, faceup, final, public, downs)
            team = winner % 2
            gain = pts + (CLINCH_BONUS if view.scores[team] + pts >= view.target else 0)
            values[i] = gain if team == me % 2 else -gain
        for i in range(1, len(cands)):
            d = values[i] - values[0]
            diff_sum[i] += d
            diff_sq[i] += d * d
        if rounds >= MAX_WORLDS:
            break
    # leave the easy choice only for a clearly better action (mean gain above Z standard errors)
    best, best_gain = 0, 0.0
    for i in range(1, len(cands)):
        mean = diff_sum[i] / rounds
        var = max(diff_sq[i] / rounds - mean * mean, 0.0)
        if mean > best_gain and mean > CONFIDENCE_Z * (var / rounds) ** 0.5:
            best, best_gain = i, mean
    return cands[best]

