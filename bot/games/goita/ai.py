"""Computer players for Goita. They see only a seat's ``View`` and the legal list.

- ``random``: any legal action.
- ``easy``: one-ply heuristics: keep tempo with attacks others can hardly block, do not
  block the partner, save high pieces for the going-out attack, hide the least useful piece.
- ``hard``: flat Monte Carlo: deal the unseen pieces consistently with the view (hand sizes,
  public five-pawn holders), play each candidate out to the end of the round with a fast
  heuristic policy, keep the action with the best mean team score.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from .actions import PASS, Action, Decide, Offset, Pass, Play, Point
from .pieces import BLOCKERS, COPIES, GYOKU, IDS, NUM_PIECES, OU, SHI, TYPE, VALUE
from .view import View

CODE = {name: code for code, name in enumerate(IDS)}
DEFAULT_HARD_BUDGET_S = 0.2
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

def _determinize(view: View, rng: random.Random) -> list[list[int]] | None:
    """Hands for every seat: the viewer's own, the others dealt from the unseen pieces (face-down
    pieces of others take their share), five-pawn holders getting their pawns first."""
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
    return hands


def _kings_ok(h: list[int], faceup: int, block_king: bool, final: bool, size: int) -> bool:
    return faceup > 0 or block_king or (h[OU] > 0 and h[GYOKU] > 0) or (final and size == 2)


def _rollout(hands: list[list[int]], sizes: list[int], turn: int, attacker: int, attack: int,
             faceup: int, final: bool, rng: random.Random) -> tuple[int, int]:
    """Play the round out with a quick policy; returns (winner seat, points)."""
    rand = rng.random
    while True:
        h = hands[turn]
        if turn == attacker:
            have = [p for p in range(NUM_PIECES) if h[p]]
            kings = _kings_ok(h, faceup, False, final, sizes[turn])
            attacks = [p for p in have if p > GYOKU or kings]
            # prefer attacking with a piece held twice or more, hide a lone low piece
            multi = [p for p in attacks if h[p] > 1]
            a = rng.choice(multi) if multi and rand() < 0.7 else rng.choice(attacks)
            h[a] -= 1
            rest = [p for p in have if h[p]]
            f = rng.choice(rest)
            h[f] -= 1
            lead = True
        else:
            f = -1
            if attacker != (turn + 2) % 4 or sizes[turn] == 2:
                for b in BLOCKERS[attack]:
                    if h[b]:
                        f = b
                        break
            if f < 0 or (sizes[turn] > 2 and rand() < 0.15):
                turn = (turn + 1) % 4
                continue
            h[f] -= 1
            kings = _kings_ok(h, faceup, f <= GYOKU, final, sizes[turn])
            attacks = [p for p in range(NUM_PIECES) if h[p] and (p > GYOKU or kings)]
            if not attacks:
                h[f] += 1
                turn = (turn + 1) % 4
                continue
            a = rng.choice(attacks)
            h[a] -= 1
            lead = False
            if f <= GYOKU:
                faceup += 1
        if a <= GYOKU:
            faceup += 1
        sizes[turn] -= 2
        if sizes[turn] == 0:
            return turn, VALUE[a] * (2 if lead and TYPE[f] == TYPE[a] else 1)
        attack, attacker = a, turn
        turn = (turn + 1) % 4


def _hard(view: View, legal: Sequence[Action], rng: random.Random, budget_s: float) -> Action:
    if view.seat is None or view.turn is None:
        return _easy(view, legal)
    me = view.seat
    # an immediate going-out play is never worse than anything else: take the best one
    outs = [a for a in legal if isinstance(a, Play) and view.hand_sizes[me] == 2]
    if outs:
        return _easy(view, outs)
    cands = list(legal)
    totals = [0.0] * len(cands)
    counts = [0] * len(cands)
    final = bool(view.options.get("king_final_attack", False))
    attack = CODE[view.attack] if view.attack is not None else -1
    attacker = view.attacker if view.attacker is not None else me
    deadline = time.perf_counter() + budget_s
    # the easy choice gets a small head start so thin budgets fall back on it
    easy = _easy(view, legal)
    bonus = [0.5 if c == easy else 0.0 for c in cands]
    rounds = 0
    while rounds < 2 or time.perf_counter() < deadline:
        rounds += 1
        world = _determinize(view, rng)
        if world is None:
            break
        for i, act in enumerate(cands):
            hands = [h[:] for h in world]
            sizes = list(view.hand_sizes)
            faceup = view.faceup_kings
            if isinstance(act, Play):
                h = hands[me]
                h[act.first] -= 1
                h[act.attack] -= 1
                sizes[me] -= 2
                faceup += (act.first <= GYOKU and not act.lead) + (act.attack <= GYOKU)
                winner, pts = _rollout(hands, sizes, (me + 1) % 4, me, act.attack, faceup, final, rng)
            else:
                winner, pts = _rollout(hands, sizes, (me + 1) % 4, attacker, attack, faceup, final, rng)
            totals[i] += pts if winner % 2 == me % 2 else -pts
            counts[i] += 1
        if rounds >= 400:
            break
    best = max(range(len(cands)), key=lambda i: totals[i] / max(counts[i], 1) + bonus[i])
    return cands[best] if counts[best] else easy


__all__ = ["PASS", "choose_action"]
