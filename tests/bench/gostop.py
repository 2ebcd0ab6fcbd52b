"""Go-Stop benchmark: engine speed, AI decision times and AI strength.

    python -m tests.bench.gostop [--quick] [--jobs=2]

A "game" in the strength tables is a two-player match of ``ROUNDS`` rounds; each deal is played twice
with the seats swapped. The AI under test wins when it ends with more chips, a tie counts half.
Under the matgo preset (rules §10A.2) hard and easy also play duplicate deals, and the table gives hard's
chips per round against easy with its 95% interval (the mean of each deal's two seatings, ± 1.96 standard
errors over deals).
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

from bot.games.gostop import ai, apply, choose_action, legal_actions, new_game, to_act, view
from bot.games.gostop.ai import DEFAULT_BUDGET_S
from tests.bench.timing import Samples

ROUNDS = 3
MATGO = {"preset": "matgo"}


def random_playouts(seconds: float) -> tuple[float, float, float]:
    """Random two-player rounds per wall second and per CPU second, and microseconds (CPU) per step."""
    start, cpu0 = time.perf_counter(), time.process_time()
    rounds = moves = 0
    seed = 0
    while time.perf_counter() - start < seconds:
        st = new_game(2, seed, {"rounds": 1})
        rng = random.Random(seed)
        while not st.finished:
            seat = st.turn
            apply(st, seat, rng.choice(legal_actions(st, seat)))
            moves += 1
        rounds += 1
        seed += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu0
    return rounds / elapsed, rounds / cpu, cpu / max(1, moves) * 1e6


def decision_times(level: str, decisions: int, budget: float | None) -> Samples:
    """Wall-clock and CPU milliseconds of each decision at ``level`` over random positions."""
    samples = Samples()
    seed = 1000
    rng = random.Random(7)
    while len(samples.wall) < decisions:
        st = new_game(2 + seed % 2, seed, {"rounds": 1})
        while not st.finished and len(samples.wall) < decisions:
            (seat,) = to_act(st)
            legal = legal_actions(st, seat)
            with samples.time():
                action = choose_action(view(st, seat), legal, level, rng, budget)
            apply(st, seat, action)
        seed += 1
    return samples


def match(levels: tuple[str, str], seed: int, budget: float | None,
          options: dict[str, Any] | None = None) -> list[int]:
    """Final chips of a two-player match; ``levels[i]`` plays seat i."""
    st = new_game(2, seed, {"rounds": ROUNDS, **(options or {})})
    rngs = [random.Random(seed * 2 + 1), random.Random(seed * 2 + 2)]
    while not st.finished:
        (seat,) = to_act(st)
        legal = legal_actions(st, seat)
        action = choose_action(view(st, seat), legal, levels[seat], rngs[seat], budget)
        apply(st, seat, action)
    return st.chips


def _match_score(job: tuple[str, str, int, float | None]) -> float:
    """1, 0.5 or 0 for ``level`` in match ``g``.

    Matches come in pairs on the same deals with the seats swapped (``g // 2`` picks the deals, ``g % 2``
    the seat), as in the Gou Ji bench, so the luck of the cards cancels out of the win rate.

    ``hard``'s budget is counted in CPU time of the deciding thread here, so the strength measured does
    not depend on what else the machine runs (play counts wall time; decision times are measured apart).
    """
    level, against, g, budget = job
    ai._clock = time.thread_time
    me = g % 2
    levels = (level, against) if me == 0 else (against, level)
    chips = match(levels, 50_000 + g // 2, budget)
    return 1.0 if chips[me] > chips[1 - me] else 0.5 if chips[me] == chips[1 - me] else 0.0


def _match_chips(job: tuple[str, str, int, float | None, dict[str, Any]]) -> int:
    """``level``'s chips in match ``g`` (deal ``g // 2``, seat ``g % 2``), as in ``_match_score``."""
    level, against, g, budget, options = job
    ai._clock = time.thread_time
    me = g % 2
    levels = (level, against) if me == 0 else (against, level)
    return match(levels, 60_000 + g // 2, budget, options)[me]


def duplicate_chips(level: str, against: str, deals: int, budget: float | None, options: dict[str, Any],
                    jobs: int = 1) -> tuple[float, float, float]:
    """``level``'s chips per round against ``against`` on ``deals`` duplicate deals (each played from both
    seats): the mean, the half-width of its 95% interval, and the share of deals it came out ahead."""
    work = [(level, against, g, budget, options) for g in range(2 * deals)]
    if jobs <= 1:
        chips = list(map(_match_chips, work))
    else:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            chips = pool.map(_match_chips, work, chunksize=1)
    per_deal = [(chips[2 * d] + chips[2 * d + 1]) / 2 / ROUNDS for d in range(deals)]
    mean = sum(per_deal) / deals
    spread = math.sqrt(sum((x - mean) ** 2 for x in per_deal) / (deals - 1)) if deals > 1 else 0.0
    ahead = sum(1.0 if x > 0 else 0.5 if x == 0 else 0.0 for x in per_deal) / deals
    return mean, 1.96 * spread / math.sqrt(deals), ahead


def win_rate(level: str, against: str, games: int, budget: float | None = None, jobs: int = 1) -> float:
    """Share of ``games`` seeded matches won by ``level``; ``jobs`` > 1 spreads them over processes."""
    work = [(level, against, g, budget) for g in range(games)]
    if jobs <= 1:
        return sum(map(_match_score, work)) / games
    from multiprocessing import Pool

    with Pool(jobs) as pool:
        return sum(pool.map(_match_score, work, chunksize=1)) / games


def run(quick: bool, say: Any = None, jobs: int = 1) -> dict[str, float]:
    """All measurements; ``say`` (e.g. ``print``) reports each line as soon as it is known.

    ``jobs`` processes play the strength matches (the full hard-vs-easy table takes about 15 minutes
    on one core).
    """
    report = say or (lambda *_: None)
    out: dict[str, float] = {}
    wall, cpu, per_move = random_playouts(1.0 if quick else 10.0)
    out["random_rounds_per_s"], out["random_rounds_per_cpu_s"], out["us_per_move"] = wall, cpu, per_move
    report(f"  random playouts: {wall:.0f} two-player rounds/s wall clock, {cpu:.0f} per CPU second, "
           f"{per_move:.1f} us CPU per legal_actions+apply")
    hard_budget = 0.05 if quick else None
    for level, n in (("random", 600), ("easy", 200 if quick else 1000), ("hard", 10 if quick else 600)):
        numbers = decision_times(level, n, hard_budget if level == "hard" else None).numbers(f"{level}_", digits=3)
        out.update(numbers)
        report(f"  {level:6} decision: p50 {numbers[f'{level}_p50_ms']:.2f} ms, p99 {numbers[f'{level}_p99_ms']:.2f} ms "
               f"(CPU {numbers[f'{level}_cpu_p50_ms']:.2f} / {numbers[f'{level}_cpu_p99_ms']:.2f}) over {n} decisions")
    out["easy_vs_random"] = win_rate("easy", "random", 20 if quick else 500, jobs=jobs)
    report(f"  easy vs random: {out['easy_vs_random']:.1%} over {20 if quick else 500} matches of {ROUNDS} rounds")
    bench_budget = 0.02 if quick else DEFAULT_BUDGET_S
    out["hard_budget_s"] = bench_budget
    games = 2 if quick else 400  # 200 deals, each played from both seats
    out["hard_vs_easy"] = win_rate("hard", "easy", games, bench_budget, jobs)
    report(f"  hard vs easy:   {out['hard_vs_easy']:.1%} over {games} matches of {ROUNDS} rounds, each deal from both seats "
           f"(hard budget {bench_budget} s of CPU time per decision)")
    deals = 2 if quick else 200
    mean, half, ahead = duplicate_chips("hard", "easy", deals, bench_budget, MATGO, jobs)
    out["matgo_hard_vs_easy_chips_per_round"], out["matgo_hard_vs_easy_ci95"] = round(mean, 2), round(half, 2)
    out["matgo_hard_ahead"] = ahead
    report(f"  matgo (맞고) hard vs easy: {mean:+.2f} chips per round (95% interval ±{half:.2f}), ahead on "
           f"{ahead:.1%} of {deals} duplicate deals of {ROUNDS} rounds (hard budget {bench_budget} s of CPU time)")
    return out


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    jobs = next((int(a.split("=", 1)[1]) for a in argv if a.startswith("--jobs=")), 1)
    print(f"Go-Stop benchmark ({'quick' if quick else 'full'}, {jobs} process(es) for the matches)", flush=True)
    run(quick, lambda line: print(line, flush=True), jobs)


if __name__ == "__main__":
    main(sys.argv[1:])
