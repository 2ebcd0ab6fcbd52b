"""Gou Ji benchmark: ``python -m tests.bench.gouji [--quick]``.

Prints random playouts per second (one-hand sessions, ``legal_actions`` + ``apply`` per step),
the time per move, AI decision times per level, and the win rates of ``easy`` against ``random``
and of ``hard`` against ``easy`` (the AI's team's hand score > 0 wins, 0 counts half; every deal is
played twice with the teams' levels swapped, to take the luck of the deal out).
"""

from __future__ import annotations

import random
import sys
import time

from bot.games.gouji import (
    Action,
    ShaoPai,
    State,
    apply,
    choose_action,
    legal_actions,
    new_game,
    to_act,
    view,
)
from tests.bench.timing import Samples

ONE_HAND = {"session_hands": 1}


def random_playouts(hands: int) -> tuple[float, float, float]:
    """Hands per second (wall clock, CPU time) and seconds per move of uniformly random play."""
    steps = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for seed in range(hands):
        rng = random.Random(seed)
        state = new_game(6, seed, ONE_HAND)
        while not state.finished:
            seat = rng.choice(sorted(to_act(state)))
            apply(state, seat, rng.choice(legal_actions(state, seat)))
            steps += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, hands / (time.process_time() - cpu), elapsed / steps


Timer = dict[str, Samples]  # AI level -> wall-clock and CPU time of each decision


def play_hand(seed: int, levels: list[str], budget: float | None, timer: Timer | None = None) -> list[int]:
    """One hand with ``levels[seat]`` deciding each seat; returns the team points."""
    rng = random.Random(seed * 7 + 1)
    state = new_game(6, seed, ONE_HAND)
    while not state.finished:
        seat, action = _next_decision(state, levels, rng, budget, timer)
        apply(state, seat, action)
    points: list[int] = state.history[-1]["points"]
    return points


def _next_decision(state: State, levels: list[str], rng: random.Random, budget: float | None,
                   timer: Timer | None) -> tuple[int, Action]:
    waiting = to_act(state)
    if state.duel_a >= 0:  # computer teammates of the responder may claim Shao Pai (rules §13.8)
        for seat in range(6):
            if seat not in waiting and levels[seat] != "random":
                claims: list[Action] = [a for a in legal_actions(state, seat) if isinstance(a, ShaoPai)]
                if claims:
                    return seat, _decide(state, seat, claims, levels[seat], rng, budget, timer)
    seat = rng.choice(sorted(waiting))
    return seat, _decide(state, seat, legal_actions(state, seat), levels[seat], rng, budget, timer)


def _decide(state: State, seat: int, legal: list[Action], level: str, rng: random.Random,
            budget: float | None, timer: Timer | None) -> Action:
    samples = timer.setdefault(level, Samples()) if timer is not None else Samples()
    with samples.time():
        action = choose_action(view(state, seat), legal, level, rng, budget)
    return action


def win_rate(ai: str, other: str, hands: int, budget: float | None, timer: Timer) -> float:
    """Duplicate format: each deal is played twice, the AI on either team; wins count 1, draws 1/2."""
    score = 0.0
    for game in range(hands):
        seed, team = 10_000 + game // 2, game % 2
        levels = [ai if s % 2 == team else other for s in range(6)]
        points = play_hand(seed, levels, budget, timer)
        score += 1.0 if points[team] > 0 else 0.5 if points[team] == 0 else 0.0
    return score / hands


def run(quick: bool) -> dict[str, float]:
    out: dict[str, float] = {}
    per_sec, per_cpu_sec, per_move = random_playouts(5 if quick else 200)
    out["random_hands_per_s"] = per_sec
    out["random_hands_per_cpu_s"] = per_cpu_sec
    out["move_us"] = per_move * 1e6
    timer: Timer = {}
    hard_budget = 0.01 if quick else 0.1
    out["easy_vs_random"] = win_rate("easy", "random", 4 if quick else 500, None, timer)
    out["hard_budget_s"] = hard_budget
    out["hard_vs_easy"] = win_rate("hard", "easy", 2 if quick else 100, hard_budget, timer)
    for level, samples in timer.items():  # wall clock and CPU time per decision, and how many
        out.update(samples.numbers(f"{level}_", digits=3))
    return out


def main() -> None:
    quick = "--quick" in sys.argv
    for name, value in run(quick).items():
        print(f"{name:>22}: {value:.3f}")


if __name__ == "__main__":
    main()
