"""Issue 29's measurement: hard against a perfect-information player in the second half of a deal.

Every seat plays easy until at most ``LEFT`` pieces are left in hands; from there one team is hard
(it sees its own view) and the other a perfect player (it sees every hand and plays a move the
exact solver rates best). Each deal is played twice with the teams swapped, so the luck of the
deal cancels. Reported: hard's mean points per deal (its team's round points, negative when the
other team goes out) with a 95% interval over deal pairs, the share of hard's decisions with every
seat at <= 4 pieces where its move is one the solver rates optimal (easy's share at the same
positions too), and the same with worlds drawn uniformly (no weighting by the others' actions).

How much of the gap is hidden information: a player told every hand is the solver itself (100% by
construction), so the bench also reports, at the same late positions, an *ideal-inference* player.
It is told how every other seat actually chose (easy exactly before ``LEFT`` pieces, the opponents a
solver-optimal move after; the partner anything) and keeps only the drawn worlds in which each of
their actions is what that player would have done there: exact inference for this bench, which no
real player has. It plays the best mean move over those worlds, as hard does. What it still gets wrong
no guess about the hands could fix; what hard gets wrong beyond it is inference (or budget). The same
player also plays whole second halves in hard's place (``ideal_inference``): its points per deal are about
what better guessing of the hands could win with hard's way of deciding (the best mean of exact values
solved world by world).
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable

from bot.games import goita
from bot.games.goita import ai as goita_ai
from bot.games.goita.actions import Action, Play
from bot.games.goita.engine import State
from bot.games.goita.inference import CODE, Inference, World, optimal
from bot.games.goita.pieces import BLOCKERS
from bot.games.goita.policy import easy_move
from bot.games.goita.solver import NO_ATTACK, Move, Position, Solver, to_types

LEFT = 18
LATE = 4
#: worlds drawn per late decision for the ideal-inference player (most are refused by its exact facts).
IDEAL_DRAWS = 1500
#: worlds drawn per decision when the ideal-inference player plays whole second halves. From 18 pieces most
#: draws are refused (300 draws kept a median of 4, and none in a fifth of the decisions), so 1,500 starve
#: it: over the same 227 deal pairs it scored -6.87 with 1,500 and -5.00 with 10,000, hard -6.76.
IDEAL_PLAY_DRAWS = 10_000
_TYPE8 = (0, 0, 1, 2, 3, 4, 5, 6, 7)

Player = Callable[[goita.View, list[Action], random.Random], Action]


#: shifts every deal the Goita bench plays: ``TEAHOUSE_BENCH_SEED_OFFSET=1000000 python -m tests.bench --parts goita``
#: measures the same things on other deals, so the median of three runs needs no other script
SEED_OFFSET = int(os.environ.get("TEAHOUSE_BENCH_SEED_OFFSET", "0"))


def new_deal(seed: int) -> State:
    """The match the bench plays as ``seed`` (``SEED_OFFSET`` later)."""
    return goita.new_game(4, seed + SEED_OFFSET)


def _move(act: Action) -> Move:
    return (_TYPE8[act.first], _TYPE8[act.attack]) if isinstance(act, Play) else (-1, -1)


def _position(state: State) -> Position:
    leading = state.turn == state.attacker
    return Position([to_types(h) for h in state.hands], state.turn, state.attacker,
                    NO_ATTACK if leading or state.attack < 0 else _TYPE8[state.attack], state.faceup_kings > 0,
                    bool(state.options["king_final_attack"]))


def true_values(state: State, solver: Solver, legal: list[Action]) -> dict[Move, int]:
    """The exact value of each legal action's move for the seat to act."""
    moves = list(dict.fromkeys(_move(a) for a in legal))
    return dict(solver.move_values(_position(state), moves))


def perfect_action(state: State, solver: Solver, legal: list[Action]) -> Action:
    """A move the solver rates best, the easy heuristic's favourite among equals."""
    values = true_values(state, solver, legal)
    best = max(values.values())
    order = goita_ai._shortlist(goita.view(state, state.turn), legal, len(legal))
    return next(a for a in order if values[_move(a)] == best)


def opening(seed: int) -> State | None:
    """A fresh deal played by easy everywhere down to ``LEFT`` pieces in hands (None: no such position)."""
    state = new_deal(seed)
    if state.phase != "play" or state.round_no != 1 or any(state.goshi):
        return None
    rng = random.Random(seed)
    while sum(state.sizes) > LEFT:
        seat = state.turn
        legal = goita.legal_actions(state, seat)
        goita.apply(state, seat, goita.choose_action(goita.view(state, seat), legal, "easy", rng))
        if state.round_no != 1:
            return None
    return state


def _explained(infer: Inference, world: World, solver: Solver) -> bool:
    """Would the bench's players have acted as the view's history says in ``world``? Easy everywhere
    while more than ``LEFT`` pieces were in hands, then the viewer's opponents solver-optimal (its
    partner is not checked: hard is not a fixed function of the world)."""
    me = infer.me
    for m in infer.replay(world):
        seat = m.seat
        f, a = m.first, m.piece
        if seat != me and sum(m.sizes) > LEFT:
            if (m.lead or f >= 0 or any(m.hands[seat][y] for y in BLOCKERS[m.attack])) and easy_move(
                    m.hands[seat], m.downs[seat], m.public, m.faceup, infer.final, m.lead, m.attack,
                    m.attacker == (seat + 2) % 4) != (f, a):
                return False
        elif seat % 2 != me % 2 and not optimal(solver, m, infer.final, (-1, -1) if f < 0 else (_TYPE8[f], _TYPE8[a])):
            return False
    return True


def ideal_action(state: State, solver: Solver, legal: list[Action], rng: random.Random) -> Action:
    """The ideal-inference player's move (see the module's note): the best mean over the drawn worlds
    that explain every other seat's actions exactly (the easy choice when none does)."""
    return ideal_view_action(goita.view(state, state.turn), solver, legal, rng)


def ideal_view_action(view: goita.View, solver: Solver, legal: list[Action], rng: random.Random,
                      draws: int = IDEAL_DRAWS) -> Action:
    """``ideal_action`` from what the seat to act sees (it is told only how the others chose, by the
    bench's rules: easy down to ``LEFT`` pieces, then the opponents perfect)."""
    assert view.seat is not None
    infer = Inference(view)
    order = goita_ai._shortlist(view, legal, len(legal))
    moves = list(dict.fromkeys(_move(a) for a in order))
    leading = view.leading or view.attacker is None
    attack = NO_ATTACK if leading or view.attack is None else _TYPE8[CODE[view.attack]]
    sums = [0] * len(moves)
    for _ in range(draws):
        world = infer.draw(rng)
        if _explained(infer, world, solver):
            pos = Position([to_types(h) for h in world.hands], view.seat,
                           view.seat if leading or view.attacker is None else view.attacker, attack,
                           view.faceup_kings > 0, infer.final)
            for i, (_, v) in enumerate(solver.move_values(pos, moves)):
                sums[i] += v
    best = max(range(len(moves)), key=lambda i: (sums[i], -i))
    return next(a for a in order if _move(a) == moves[best])


def play_out(start: State, hard_team: int, hard: Player, seed: int,
             late: list[tuple[bool, bool, bool]], ideal: bool = True) -> int:
    """The rest of the round: hard's team's points (negative when the other team goes out).

    For each decision of hard with every seat at <= LATE pieces, ``late`` gets (hard optimal, easy optimal,
    ideal-inference optimal; the last is False when ``ideal`` is off)."""
    state = State.from_dict(start.to_dict())
    solver = Solver()
    rng = random.Random(seed * 7 + hard_team)
    while True:
        seat = state.turn
        legal = goita.legal_actions(state, seat)
        if len(legal) == 1:
            action = legal[0]
        elif seat % 2 == hard_team:
            view = goita.view(state, seat)
            action = hard(view, legal, rng)
            if max(state.sizes) <= LATE:
                values = true_values(state, solver, legal)
                best = max(values.values())
                easy = goita.choose_action(view, legal, "easy", rng)
                knows = ideal and values[_move(ideal_action(state, solver, legal, random.Random(len(late))))] == best
                late.append((values[_move(action)] == best, values[_move(easy)] == best, knows))
        else:
            action = perfect_action(state, solver, legal)
        for event in goita.apply(state, seat, action):
            if event.kind == "hand_end":
                points = int(event.data["points"])
                return points if event.data["team"] == hard_team else -points


def measure(pairs: int, hard: Player, ideal: bool = True,
            pair_points: list[float] | None = None) -> dict[str, float]:
    """Mean points per deal for hard with a 95% interval, deals won, late agreement (hard, easy and the
    ideal-inference player). ``pair_points`` gets each deal pair's mean (the same deals in the same order
    for every player, so two players can be compared pair by pair)."""
    if pair_points is None:
        pair_points = []
    per_pair = pair_points
    late: list[tuple[bool, bool, bool]] = []
    won = games = 0
    seed = 0
    while len(per_pair) < pairs:
        seed += 1
        start = opening(70_000 + seed)
        if start is None:
            continue
        results = [play_out(start, team, hard, seed, late, ideal) for team in (0, 1)]
        per_pair.append(sum(results) / 2)
        won += sum(r > 0 for r in results)
        games += 2
    mean = statistics.fmean(per_pair)
    half = 1.96 * statistics.stdev(per_pair) / len(per_pair) ** 0.5 if len(per_pair) > 1 else 0.0
    return {"mean": mean, "low": mean - half, "high": mean + half, "won": won / games,
            "late_hard": sum(x[0] for x in late) / max(len(late), 1),
            "late_easy": sum(x[1] for x in late) / max(len(late), 1),
            "late_ideal": sum(x[2] for x in late) / max(len(late), 1), "late_n": len(late)}


def endgame(pairs: int, budget_s: float) -> dict[str, float]:
    """Hard over ``pairs`` deal pairs (with the ideal-inference player at its late positions), hard
    with uniform worlds over a third as many (the comparison that weighting by evidence helps), and the
    ideal-inference player in hard's place on the first third of the same deal pairs (not in a quick run):
    how far hard could get by guessing the hands better (it draws ``IDEAL_PLAY_DRAWS`` worlds a decision, about 0.3 CPU
    s from 18 pieces: no budget), with its paired difference from hard on the same deals."""
    out: dict[str, float] = {}
    points: dict[str, list[float]] = {}
    players: dict[str, tuple[Player, int]] = {
        "hard": (lambda view, legal, rng: goita.choose_action(view, legal, "hard", rng, budget_s), pairs),
        "hard_uniform": (lambda view, legal, rng: goita_ai._hard(view, legal, rng, budget_s, weighted=False)[0],
                         max(pairs // 3, 2)),
    }
    if pairs >= 30:                                     # not in a quick run: about 2.5 CPU s a deal pair
        players["ideal_inference"] = (lambda view, legal, rng: ideal_view_action(view, Solver(), legal, rng,
                                                                                 IDEAL_PLAY_DRAWS), pairs // 3)
    for name, (player, n) in players.items():
        started = time.process_time()
        m = measure(n, player, ideal=name == "hard", pair_points=points.setdefault(name, []))
        cpu = time.process_time() - started
        out[f"endgame_{name}_points"] = m["mean"]
        out[f"endgame_{name}_points_low"] = m["low"]
        out[f"endgame_{name}_points_high"] = m["high"]
        out[f"endgame_{name}_deals_won"] = m["won"]
        out[f"endgame_{name}_late_agreement"] = m["late_hard"]
        ideal = f", ideal inference {m['late_ideal']:.1%}" if name == "hard" else ""
        budget = f"budget {budget_s * 1000:.0f} ms" if name.startswith("hard") else f"{IDEAL_PLAY_DRAWS} draws"
        print(f"{name} vs perfect information, from <= {LEFT} pieces left ({n} deal pairs, {budget}): "
              f"{m['mean']:+.2f} points per deal (95% CI {m['low']:+.2f}, "
              f"{m['high']:+.2f}), {m['won']:.0%} of deals won; late agreement (each seat <= {LATE} pieces) "
              f"{m['late_hard']:.1%} (easy at the same positions {m['late_easy']:.1%}{ideal}, "
              f"{m['late_n']} decisions); {cpu:.0f} CPU s", flush=True)
        if name == "hard":
            out["endgame_easy_late_agreement"] = m["late_easy"]
            out["endgame_ideal_late_agreement"] = m["late_ideal"]
    ideal, hard = points.get("ideal_inference", []), points["hard"]
    diffs = [a - b for a, b in zip(ideal, hard, strict=False)]
    if len(diffs) > 1:
        out["endgame_ideal_minus_hard"] = statistics.fmean(diffs)
        se = statistics.stdev(diffs) / len(diffs) ** 0.5
        print(f"ideal_inference minus hard on the same {len(diffs)} deal pairs: {statistics.fmean(diffs):+.2f} "
              f"points per deal (se {se:.2f}): what guessing the hands better could still win", flush=True)
    return out
