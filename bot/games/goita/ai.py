"""Computer players for Goita. They see only a seat's ``View`` and the legal list.

- ``random``: any legal action.
- ``easy``: one-ply heuristics: keep tempo with attacks others can hardly block, do not
  block the partner, save high pieces for the going-out attack, hide the least useful piece.
- ``hard``: imagines the hidden pieces (``inference``: worlds drawn from the hard facts, weighed by
  how well they explain what the others did) and searches each world. With at most
  ``SOLVE_PIECES`` pieces left in hands the worlds come from a Markov chain that visits them in
  proportion to their weight (``Inference.chain``: independent draws leave only a handful that count
  there), every world is solved exactly (``solver``) and the action with the best mean value is
  played; before that, each
  shortlisted candidate is played out to the end of the round with every seat on the easy policy
  (a candidate clearly behind the best one stops being played out, so the rest get more worlds),
  and hard leaves the easy choice only when the paired mean gain is clearly positive. The budget is CPU time of the deciding thread, with a
  wall-time cap (``WALL_CAP_S``) for busy machines.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence

from bot.games.core import Choice

from .actions import Action, Decide, Offset, Pass, Play, Point
from .inference import NEGLIGIBLE, Inference, World, counts, seen
from .pieces import GYOKU, IDS, NUM_PIECES, OU, SHI, TYPE, VALUE
from .policy import Scorer, rollout
from .reasons import Searched, explain
from .solver import NO_ATTACK, Move, Position, SearchLimit, Solver, to_types
from .views import View

CODE = {name: code for code, name in enumerate(IDS)}
LEVELS = ("random", "easy", "hard")
DEFAULT_HARD_BUDGET_S = 0.15


_counts = counts
_seen = seen


def choose_action(view: View, legal: Sequence[Action], level: str, rng: random.Random,
                  budget_s: float | None = None, search: int | None = None) -> Action:
    """Pick one of ``legal`` for the seat ``view`` belongs to; ``search``: a fixed number of imagined worlds
    for hard instead of the time ``budget_s``."""
    return _choose(view, legal, level, rng, budget_s, search)[0]


def choose_with_reason(view: View, legal: Sequence[Action], level: str, rng: random.Random,
                       budget_s: float | None = None, search: int | None = None) -> Choice:
    """``choose_action``'s move and the reasons it weighed (``reasons.explain``)."""
    action, searched = _choose(view, legal, level, rng, budget_s, search)
    return Choice(action, explain(view, action, searched))


def _choose(view: View, legal: Sequence[Action], level: str, rng: random.Random, budget_s: float | None,
            search: int | None) -> tuple[Action, Searched | None]:
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; use one of {LEVELS}")
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1 or level == "random":
        return (legal[0] if len(legal) == 1 else rng.choice(list(legal))), None
    first = legal[0]
    if isinstance(first, Decide):
        return _decide(view, legal), None
    if isinstance(first, Point | Offset):
        return rng.choice(list(legal)), None
    if level == "hard":
        return _hard(view, legal, rng, DEFAULT_HARD_BUDGET_S if budget_s is None else budget_s, search=search)
    return _easy(view, legal), None


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
    scorer = Scorer(hand, seen, sum(hand), partner_attacked)
    best, best_score = legal[0], -1e9
    for act in legal:
        score = _easy_score(act, scorer, partner_attacked)
        if score > best_score:
            best, best_score = act, score
    return best


def _easy_score(act: Action, scorer: Scorer, partner_attacked: bool) -> float:
    if isinstance(act, Pass):
        return 4.0 if partner_attacked else 0.0
    assert isinstance(act, Play)
    return scorer.score(act.lead, act.first, act.attack)


# ---------------------------------------------------------------- hard

#: with at most this many pieces left in hands, every sampled world is solved exactly (a few ms each).
SOLVE_PIECES = 20
#: solver nodes per CPU second on a slow machine: a guard that keeps one world within the budget.
NODES_PER_S = 200_000
#: worlds drawn at a time before they are picked again by weight.
BATCH = 48
MAX_CANDIDATES = 8
#: the value of a round win that also wins the match, on top of its points.
CLINCH_BONUS = 150
#: how sure rollouts must be before overruling the heuristic; a cap on sampled worlds (draws, repeats included).
CONFIDENCE_Z = 1.0
MAX_WORLDS = 800
#: rollouts race the candidates: from ``RACE_FIRST`` distinct worlds on, and again every ``RACE_EVERY``, a
#: candidate this many standard errors behind the leader is dropped (0: every candidate to the end), so the
#: worlds left go to the contenders. Hard vs easy, duplicate deals at 50 ms, with 8 candidates and 800 worlds
#: against 6 and 400 without racing: +0.98 points per deal (se 0.43, 1,611 deal pairs; +2.45 on the first
#: 400, +0.49 on the 1,211 after); racing alone +1.60 (se 0.80, 400); 800 worlds alone -0.07 (se 0.82, 400).
RACE_Z = 2.0
RACE_FIRST = 16
RACE_EVERY = 8
#: a cap on the worlds drawn for exact solving: the budget, not this, ends a decision (a world weighed
#: and solved late in a round costs well under a millisecond, and more worlds agree more often).
MAX_SOLVE_WORLDS = 2000
#: the budget is CPU time of the deciding thread, so a busy machine does not make the player weaker.
_clock = time.thread_time
#: but a decision also ends after this much wall time (or the budget, if longer): on a machine busy
#: enough to give the thread a third of a core, players would otherwise wait several budgets.
WALL_CAP_S = 0.25
#: piece code -> solver type (the kings are one type).
_TYPE8 = (0, 0, 1, 2, 3, 4, 5, 6, 7)


def _move_of(act: Action) -> Move:
    if isinstance(act, Play):
        return _TYPE8[act.first], _TYPE8[act.attack]
    return -1, -1


def _shortlist(view: View, legal: Sequence[Action], k: int) -> list[Action]:
    """The ``k`` best actions by the easy heuristic, best first (search only ranks these)."""
    hand = _counts(view.hand or ())
    seen = _seen(view)
    me = view.seat if view.seat is not None else 0
    partner_attacked = view.attacker is not None and view.attacker == (me + 2) % 4
    scorer = Scorer(hand, seen, sum(hand), partner_attacked)
    scored = sorted(legal, key=lambda act: -_easy_score(act, scorer, partner_attacked))
    return scored[:k]


def _worlds(infer: Inference, rng: random.Random, weighted: bool) -> Iterator[World]:
    while True:
        yield from infer.sample(rng, BATCH, weighted)


def _weighed(infer: Inference, rng: random.Random, weighted: bool) -> Iterator[tuple[World, float]]:
    """Drawn worlds, each with its evidence weight (1 when ``weighted`` is off; 0 for a world that counts
    for nothing beside the heaviest before it, see ``NEGLIGIBLE``)."""
    heaviest = 0.0
    while True:
        world = infer.draw(rng)
        if not weighted:
            yield world, 1.0
            continue
        weight = infer.weight(world, NEGLIGIBLE * heaviest)
        heaviest = max(heaviest, weight)
        yield world, weight


def _chained(infer: Inference, rng: random.Random, weighted: bool) -> Iterator[tuple[World, float]]:
    """``Inference.chain``'s worlds, each counting once (uniform draws when ``weighted`` is off)."""
    if not weighted:
        return _weighed(infer, rng, False)
    return ((world, 1.0) for world in infer.chain(rng))


def _hard(view: View, legal: Sequence[Action], rng: random.Random, budget_s: float,
          weighted: bool = True, search: int | None = None) -> tuple[Action, Searched | None]:
    """Solve sampled worlds exactly near the end of a round; before that, roll each world out. ``search`` fixes
    the number of worlds instead of the time ``budget_s``."""
    if view.seat is None or view.turn is None:
        return _easy(view, legal), None
    cpu_end = _clock() + budget_s
    wall_end = time.perf_counter() + max(WALL_CAP_S, budget_s)

    def time_left() -> float:
        if search is not None:
            return float("inf")
        return min(cpu_end - _clock(), wall_end - time.perf_counter())

    order = _shortlist(view, legal, len(legal))
    if sum(view.hand_sizes) <= SOLVE_PIECES:
        solver = Solver((view.target - view.scores[0], view.target - view.scores[1]), CLINCH_BONUS)
        solved = _solve(view, order, _chained(Inference(view, solver), rng, weighted), solver, time_left,
                        MAX_SOLVE_WORLDS if search is None else search)
        if solved is not None:
            return solved
    worlds = _worlds(Inference(view), rng, weighted)
    return _rollouts(view, order[:MAX_CANDIDATES], worlds, time_left, MAX_WORLDS if search is None else search)


def solve_worlds(view: View, legal: Sequence[Action], rng: random.Random, worlds: int,
                 weighted: bool = True) -> Action:
    """Hard's exact decision over a fixed number of sampled worlds, with no clock: what tests compare."""
    solver = Solver((view.target - view.scores[0], view.target - view.scores[1]), CLINCH_BONUS)
    order = _shortlist(view, legal, len(legal))
    solved = _solve(view, order, _chained(Inference(view, solver), rng, weighted), solver, lambda: float("inf"),
                    worlds)
    return order[0] if solved is None else solved[0]


def _solve(view: View, order: Sequence[Action], worlds: Iterator[tuple[World, float]], solver: Solver,
           time_left: Callable[[], float], limit: int = MAX_SOLVE_WORLDS) -> tuple[Action, Searched] | None:
    """The action with the best weighted mean exact value over sampled worlds (ties: the easy choice);
    ``None`` when not even one world could be solved in time. Each world counts by its evidence weight
    rather than being drawn again by it, so none is lost to resampling; hands drawn again are not solved
    again."""
    me = view.seat if view.seat is not None else 0
    acts: dict[Move, Action] = {}
    for act in order:
        acts.setdefault(_move_of(act), act)
    cands = list(acts)
    attacker = me if view.leading or view.attacker is None else view.attacker
    attack = NO_ATTACK if attacker == me or view.attack is None else _TYPE8[CODE[view.attack]]
    final = bool(view.options.get("king_final_attack", False))
    sums = [0.0] * len(cands)
    weights = 0.0
    known: dict[tuple[tuple[int, ...], ...], list[int]] = {}     # hands -> move values (worlds repeat)
    solved = drawn = 0
    while drawn < limit:
        left = time_left()
        if left <= 0 and solved:
            break
        solver.node_limit = 1 << 62                       # weighing worlds may solve small positions
        world, weight = next(worlds)
        drawn += 1
        if weight <= 0.0:
            continue                                      # it would count for nothing
        types = [to_types(h) for h in world.hands]
        key = tuple(map(tuple, types))
        values = known.get(key)
        if values is None:
            pos = Position(types, me, attacker, attack, view.faceup_kings > 0, final)
            solver.node_limit = solver.nodes + max(int(min(left, 60.0) * NODES_PER_S), 2_000)
            try:
                values = known[key] = [v for _, v in solver.move_values(pos, cands)]
            except SearchLimit:
                break
        for i, v in enumerate(values):
            sums[i] += weight * v
        weights += weight
        solved += 1
    if not solved:
        return None
    best = max(range(len(cands)), key=lambda i: (sums[i], -i))
    return acts[cands[best]], Searched(sums[best] / weights if weights else 0.0, solved, exact=True)


def _rollouts(view: View, cands: Sequence[Action], worlds: Iterator[World], time_left: Callable[[], float],
              limit: int = MAX_WORLDS) -> tuple[Action, Searched]:
    """One-step Monte Carlo improvement of easy: each candidate played out with every seat on easy.

    With ``RACE_Z`` set, a candidate clearly behind another (their paired mean difference below
    ``RACE_Z`` standard errors, distinct worlds counted once) is no longer played out, so the worlds
    left go to the contenders; the easy choice (``cands[0]``) always stays, as the reference."""
    me = view.seat if view.seat is not None else 0
    final = bool(view.options.get("king_final_attack", False))
    attack = CODE[view.attack] if view.attack is not None else -1
    attacker = view.attacker if view.attacker is not None else me
    public0 = [0] * NUM_PIECES
    for cols in view.table:
        for col in cols:
            public0[CODE[col.attack]] += 1
            if not col.face_down and col.first is not None:
                public0[CODE[col.first]] += 1
    active = list(range(len(cands)))
    history: list[list[float]] = []                   # each round's values (a repeated world: the same list)
    played: dict[int, tuple[World, list[float]]] = {}
    next_check = RACE_FIRST
    while len(history) < 2 or time_left() > 0:
        world = next(worlds)
        # worlds picked again by weight repeat; a rollout is deterministic, so each is played once
        known = played.get(id(world))
        if known is not None:
            values = known[1]
        else:
            values = [0.0] * len(cands)
            played[id(world)] = (world, values)
            downs0 = [[0] * NUM_PIECES for _ in range(4)]
            for s, cols in enumerate(view.table):
                for col, first in zip(cols, world.firsts[s], strict=True):
                    if col.face_down:
                        downs0[s][first] += 1
            for i in active:
                act = cands[i]
                hands = [h[:] for h in world.hands]
                sizes = list(view.hand_sizes)
                faceup = view.faceup_kings
                public = public0[:]
                downs = [d[:] for d in downs0]
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
                    if sizes[me] == 0:
                        winner, pts = me, VALUE[act.attack] * (2 if act.lead and TYPE[act.first] == TYPE[act.attack] else 1)
                    else:
                        winner, pts = rollout(hands, sizes, (me + 1) % 4, me, act.attack, faceup, final, public, downs)
                else:
                    winner, pts = rollout(hands, sizes, (me + 1) % 4, attacker, attack, faceup, final, public, downs)
                team = winner % 2
                gain = pts + (CLINCH_BONUS if view.scores[team] + pts >= view.target else 0)
                values[i] = gain if team == me % 2 else -gain
        history.append(values)
        if len(history) >= limit:
            break
        if RACE_Z > 0 and len(played) >= next_check and len(active) > 1:
            next_check = len(played) + RACE_EVERY
            active = _race(active, history, len(played), RACE_Z)
            if active == [0]:
                break
    # leave the easy choice only for a clearly better action (mean gain above Z standard errors,
    # counting distinct worlds only)
    best, best_gain = 0, 0.0
    for i in active[1:]:
        mean, se = _paired(history, i, 0, len(played))
        if mean > best_gain and mean > CONFIDENCE_Z * se:
            best, best_gain = i, mean
    return cands[best], Searched(sum(v[best] for v in history) / len(history), len(history), exact=False)


def _paired(history: Sequence[Sequence[float]], i: int, j: int, distinct: int) -> tuple[float, float]:
    """The mean of candidate ``i``'s value minus ``j``'s over the rounds, and its standard error counting
    ``distinct`` worlds (a repeated world is one observation, not several)."""
    n = len(history)
    total = sq = 0.0
    for values in history:
        d = values[i] - values[j]
        total += d
        sq += d * d
    mean = total / n
    return mean, (max(sq / n - mean * mean, 0.0) / distinct) ** 0.5


def _race(active: list[int], history: Sequence[Sequence[float]], distinct: int, z: float) -> list[int]:
    """``active`` without the candidates more than ``z`` standard errors behind the one with the best mean
    (the easy choice, index 0, is kept)."""
    n = len(history)
    lead = max(active, key=lambda i: (sum(v[i] for v in history) / n, -i))
    out = []
    for i in active:
        if i == 0 or i == lead:
            out.append(i)
            continue
        mean, se = _paired(history, i, lead, distinct)
        if mean + z * se >= 0:
            out.append(i)
    return out
