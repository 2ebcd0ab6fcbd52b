"""Zheng Shangyou benchmark: engine speed, AI decision times, AI strength.

    python -m tests.bench.zhengshangyou [--quick]

* random playouts: five-player hands per second (``legal_actions`` + ``apply`` each step);
* per-move processing: engine step, snapshot (``to_dict`` + ``json.dumps``) and public view
  (``view(state, None)`` + its ``to_dict``), p50/p99 per move (the goal is <= 15 ms with rendering);
* AI decision time p50/p99 per level;
* ``easy`` vs ``random``: five-player individual matches (target 11), one ``easy`` seat
  (rotating) against four ``random`` ones; a win = the easy seat wins the match;
* ``hard`` vs ``easy``: four-player team hands (team4, target 1), ``hard`` on one team
  (alternating) against ``easy``; a win = the hard team wins the hand (its member
  finishes 1st).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from bot.games.zhengshangyou import apply, choose_action, legal_actions, new_game, to_act, view
from tests.bench.timing import Samples

Policy = Callable[[int], str]


def random_playouts(hands: int) -> tuple[float, float, float]:
    """(hands/s, microseconds per legal_actions+apply step, steps per hand)."""
    steps = 0
    start = time.perf_counter()
    for seed in range(hands):
        state = new_game(5, seed, {"target_score": 1})
        rng = random.Random(seed)
        while not state.finished:
            seat = min(to_act(state))
            apply(state, seat, rng.choice(legal_actions(state, seat)))
            steps += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, elapsed / steps * 1e6, steps / hands


def per_move(hands: int) -> dict[str, Samples]:
    """Milliseconds (wall clock and CPU) per move of: the engine step, the snapshot, the public view, all three."""
    times = {part: Samples() for part in ("engine", "snapshot", "view", "total")}
    clock, cpu = time.perf_counter, time.process_time
    for seed in range(hands):
        state = new_game(5, seed, {"target_score": 1})
        rng = random.Random(seed)
        while not state.finished:
            seat = min(to_act(state))
            t0, c0 = clock(), cpu()
            apply(state, seat, rng.choice(legal_actions(state, seat)))
            t1, c1 = clock(), cpu()
            json.dumps(state.to_dict())
            t2, c2 = clock(), cpu()
            view(state, None).to_dict()
            t3, c3 = clock(), cpu()
            for part, wall, used in (("engine", t1 - t0, c1 - c0), ("snapshot", t2 - t1, c2 - c1),
                                     ("view", t3 - t2, c3 - c2), ("total", t3 - t0, c3 - c0)):
                times[part].add(wall * 1000, used * 1000)
    return times


def play_match(seats: int, seed: int, options: dict[str, object], level_of: Policy,
               times: dict[str, Samples] | None = None, budget: float | None = None) -> list[int]:
    """Play one match; the winners' seats."""
    state = new_game(seats, seed, options)
    rng = random.Random(seed * 7919 + 1)
    while not state.finished:
        for seat in sorted(to_act(state)):
            legal = legal_actions(state, seat)
            level = level_of(seat)
            t0, c0 = time.perf_counter(), time.process_time()
            action = choose_action(view(state, seat), legal, level, rng, budget)
            if times is not None and len(legal) > 1:
                times.setdefault(level, Samples()).add((time.perf_counter() - t0) * 1000,
                                                       (time.process_time() - c0) * 1000)
            apply(state, seat, action)
            break
    return list(state.winners)


def levels(heroes: set[int], hero: str, other: str) -> Policy:
    """Seats in ``heroes`` play at level ``hero``, the others at ``other``."""
    return lambda seat: hero if seat in heroes else other


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(quick: bool) -> dict[str, float]:
    out: dict[str, float] = {}
    hps, us, steps = random_playouts(20 if quick else 300)
    out["random_hands_per_s"] = hps
    out["us_per_step"] = us
    out["steps_per_hand"] = steps
    print(f"random playouts: {hps:.0f} five-player hands/s, {us:.0f} us per legal_actions+apply, "
          f"{steps:.0f} steps/hand")

    moves = per_move(10 if quick else 100)
    parts = []
    for part, samples in moves.items():
        numbers = samples.numbers(f"move_{part}_", digits=4)
        out.update(numbers)
        p50, p99 = numbers[f"move_{part}_p50_ms"], numbers[f"move_{part}_p99_ms"]
        parts.append(f"{part} p50 {p50:.3f} / p99 {p99:.3f} ms")
    print("per move: " + "; ".join(parts) + " (snapshot = to_dict + json.dumps, view = view(None).to_dict())")

    times: dict[str, Samples] = {}
    games = 10 if quick else 500
    wins = 0
    for g in range(games):
        hero = g % 5
        winners = play_match(5, 10_000 + g, {"mode": "individual"}, levels({hero}, "easy", "random"), times)
        wins += hero in winners
    out["easy_vs_random"] = wins / games
    print(f"easy vs random: {wins}/{games} = {wins / games:.1%} (5-player individual matches to 11)")

    budget = 0.05 if quick else 0.2
    games = 4 if quick else 200
    wins = 0
    for g in range(games):
        team = g % 2
        winners = play_match(4, 20_000 + g, {"mode": "team4", "target_score": 1},
                             levels({team, team + 2}, "hard", "easy"), times, budget)
        wins += team == winners[0] % 2
    out["hard_vs_easy"] = wins / games
    print(f"hard vs easy: {wins}/{games} = {wins / games:.1%} (team4 hands, hard budget {budget}s)")

    for g in range(3 if quick else 30):
        play_match(5, 30_000 + g, {"target_score": 1}, levels(set(), "random", "random"), times)
    for level in ("random", "easy", "hard"):
        samples = times.get(level, Samples())
        out.update(samples.numbers(f"{level}_", digits=3))
        p50, p99 = out[f"{level}_p50_ms"], out[f"{level}_p99_ms"]
        values = samples.wall
        mean = statistics.fmean(values) if values else 0.0
        print(f"AI {level}: p50 {p50:.1f} ms, p99 {p99:.1f} ms, mean {mean:.1f} ms over {len(values)} decisions")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    run(parser.parse_args().quick)


if __name__ == "__main__":
    main()
