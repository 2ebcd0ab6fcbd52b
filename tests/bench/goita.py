"""Goita benchmark: ``python -m tests.bench.goita [--quick]`` (not a test).

Prints random playouts per second (rounds of a match), legal_actions+apply time per move,
AI decision time p50/p99 per level (wall and CPU time), ``easy`` vs ``random`` and ``hard`` vs
``easy`` match win rates (the AI's team; sides alternate by seed), and the endgame measurement of
issue 29 (``endgame``): hard against a perfect player that sees every hand.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from bot.games import goita
from bot.games.goita.ai import DEFAULT_HARD_BUDGET_S

from .goita_endgame import endgame

HARD_BENCH_BUDGET_S = 0.05


def random_playouts(matches: int) -> tuple[float, float, int, float]:
    """(rounds per second, microseconds per legal_actions+apply, rounds, rounds per CPU second) over
    random matches. CPU time is printed too because the shared machine is often busy."""
    rng = random.Random(0)
    rounds = moves = 0
    cpu = time.process_time()
    start = time.perf_counter()
    for seed in range(matches):
        state = goita.new_game(4, seed)
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
    state = goita.new_game(4, seed)
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


def decision_times(level: str, decisions: int, budget_s: float | None = None) -> tuple[float, float, float]:
    """(p50, p99, CPU p99) milliseconds over decisions sampled from random-play positions."""
    rng = random.Random(1)
    times: list[float] = []
    cpu: list[float] = []
    seed = 0
    while len(times) < decisions:
        state = goita.new_game(4, 50_000 + seed)
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
    out.update(endgame(8 if quick else 300, 0.01 if quick else DEFAULT_HARD_BUDGET_S))
    return out


if __name__ == "__main__":
    run("--quick" in sys.argv)
