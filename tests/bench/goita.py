"""Goita benchmark: ``python -m tests.bench.goita [--quick]`` (not a test).

Prints random playouts per second (rounds of a match), legal_actions+apply time per move,
AI decision time p50/p99 per level (wall and CPU time), ``easy`` vs ``random`` and ``hard`` vs
``easy`` match win rates (the AI's team; sides alternate by seed), ``hard`` against ``easy`` in points per
deal over duplicate deals (``duplicate_deals``), and the endgame measurement of issue 29 (``endgame``):
hard against a perfect player that sees every hand. ``TEAHOUSE_BENCH_SEED_OFFSET=<n>`` plays other deals
(a repeat run, for a median of three).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from bot.games import goita
from bot.games.goita.ai import DEFAULT_HARD_BUDGET_S
from bot.games.goita.engine import State

from .goita_endgame import endgame, new_deal

HARD_BENCH_BUDGET_S = 0.05


def random_playouts(matches: int) -> tuple[float, float, int, float]:
    """(rounds per second, microseconds per legal_actions+apply, rounds, rounds per CPU second) over
    random matches. CPU time is printed too because the shared machine is often busy."""
    rng = random.Random(0)
    rounds = moves = 0
    cpu = time.process_time()
    start = time.perf_counter()
    for seed in range(matches):
        state = new_deal(seed)
        while state.phase != "over":
            seat = next(iter(goita.to_act(state)))
            for event in goita.apply(state, seat, rng.choice(goita.legal_actions(state, seat))):
                if event.kind == "hand_end":
                    rounds += 1
            moves += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return rounds / elapsed, elapsed / moves * 1e6, rounds, rounds / cpu


def play_match(seed: int, levels: list[str], budget_s: float | None = None,
               timings: dict[str, list[float]] | None = None) -> int:
    """Play one match with a level per seat; returns the winning team."""
    state = new_deal(seed)
    rngs = [random.Random(seed * 10 + s) for s in range(4)]
    while state.phase != "over":
        seat = min(goita.to_act(state))
        legal = goita.legal_actions(state, seat)
        t0 = time.perf_counter()
        action = goita.choose_action(goita.view(state, seat), legal, levels[seat], rngs[seat], budget_s)
        if timings is not None and len(legal) > 1:
            timings.setdefault(levels[seat], []).append(time.perf_counter() - t0)
        goita.apply(state, seat, action)
    return state.winner_team


def win_rate(strong: str, weak: str, games: int, budget_s: float | None = None,
             timings: dict[str, list[float]] | None = None) -> float:
    wins = 0
    for seed in range(games):
        team = seed % 2
        levels = [strong if s % 2 == team else weak for s in range(4)]
        wins += play_match(10_000 + seed, levels, budget_s, timings) == team
    return wins / games


def duplicate_deals(strong: str, weak: str, pairs: int, budget_s: float | None = None) -> tuple[float, float]:
    """``strong``'s mean points per deal against ``weak`` with a 95% half-width: each first-round deal is
    played twice, the teams swapped, so the luck of the deal cancels (deals that open with a pawn hand or
    five pawns are skipped). It tells changes apart sooner than ``win_rate``: hard against easy at 50 ms
    scores about +9 points per deal, with a standard deviation of about 16 per deal pair (300 pairs:
    +-1.8); two versions of hard on the same deals differ by about 16 per pair too (250 pairs: a
    standard error of 1), so compare them paired, by deal."""
    per_pair: list[float] = []
    seed = 0
    while len(per_pair) < pairs:
        seed += 1
        start = new_deal(90_000 + seed)
        if start.phase != "play" or any(start.goshi):
            continue
        points = 0
        for team in (0, 1):
            points += _deal_points(State.from_dict(start.to_dict()), team, strong, weak, seed, budget_s)
        per_pair.append(points / 2)
    mean = statistics.fmean(per_pair)
    half = 1.96 * statistics.stdev(per_pair) / len(per_pair) ** 0.5 if len(per_pair) > 1 else 0.0
    return mean, half


def _deal_points(state: State, team: int, strong: str, weak: str, seed: int, budget_s: float | None) -> int:
    """The round played out with ``strong`` in ``team``: that team's points (negative when the other wins)."""
    levels = [strong if s % 2 == team else weak for s in range(4)]
    rngs = [random.Random(seed * 10 + s) for s in range(4)]
    while True:
        seat = min(goita.to_act(state))
        legal = goita.legal_actions(state, seat)
        action = goita.choose_action(goita.view(state, seat), legal, levels[seat], rngs[seat], budget_s)
        for event in goita.apply(state, seat, action):
            if event.kind == "hand_end":
                won = int(event.data["points"])
                return won if event.data["team"] == team else -won


def decision_times(level: str, decisions: int, budget_s: float | None = None) -> tuple[float, float, float]:
    """(p50, p99, CPU p99) milliseconds over decisions sampled from random-play positions."""
    rng = random.Random(1)
    times: list[float] = []
    cpu: list[float] = []
    seed = 0
    while len(times) < decisions:
        state = new_deal(50_000 + seed)
        seed += 1
        while state.phase != "over" and len(times) < decisions:
            seat = min(goita.to_act(state))
            legal = goita.legal_actions(state, seat)
            if len(legal) > 1 and rng.random() < 0.3:
                t0, c0 = time.perf_counter(), time.thread_time()
                goita.choose_action(goita.view(state, seat), legal, level, random.Random(seed), budget_s)
                times.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
            goita.apply(state, seat, rng.choice(legal))
    times.sort()
    cpu.sort()
    p99 = min(len(times) - 1, int(len(times) * 0.99))
    return statistics.median(times), times[p99], cpu[p99]


def run(quick: bool) -> dict[str, float]:
    out: dict[str, float] = {}
    rps, us, rounds, cpu_rps = random_playouts(40 if quick else 600)
    out["random_rounds_per_s"] = rps
    out["random_rounds_per_cpu_s"] = cpu_rps
    out["us_per_move"] = us
    print(f"random playouts: {rps:,.0f} rounds/s wall, {cpu_rps:,.0f} rounds per CPU second ({rounds} rounds); "
          f"legal_actions+apply {us:.1f} µs/move")
    for level, n in (("random", 200), ("easy", 200), ("hard", 10 if quick else 150)):
        p50, p99, cpu99 = decision_times(level, n)
        out[f"{level}_p50_ms"], out[f"{level}_p99_ms"], out[f"{level}_p99_cpu_ms"] = p50, p99, cpu99
        print(f"AI {level}: p50 {p50:.2f} ms, p99 {p99:.2f} ms per decision, p99 {cpu99:.2f} ms CPU "
              f"({n} decisions)")
    games = 20 if quick else 500
    out["easy_vs_random"] = win_rate("easy", "random", games)
    print(f"easy vs random: {out['easy_vs_random']:.1%} of {games} matches (the easy team)")
    games = 2 if quick else 200
    budget = 0.005 if quick else HARD_BENCH_BUDGET_S
    out["hard_vs_easy"] = win_rate("hard", "easy", games, budget)
    print(f"hard vs easy: {out['hard_vs_easy']:.1%} of {games} matches (hard budget {budget * 1000:.0f} ms)")
    pairs = 2 if quick else 300
    out["hard_vs_easy_points"], half = duplicate_deals("hard", "easy", pairs, budget)
    print(f"hard vs easy: {out['hard_vs_easy_points']:+.2f} points per deal (95% CI +-{half:.2f}), {pairs} duplicate "
          f"deal pairs (hard budget {budget * 1000:.0f} ms)")
    out.update(endgame(8 if quick else 300, 0.01 if quick else DEFAULT_HARD_BUDGET_S))
    return out


if __name__ == "__main__":
    run("--quick" in sys.argv)
