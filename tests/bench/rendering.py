"""Renderer benchmark: ms per image (p50/p99) and PNG bytes for each kind.

``python -m tests.bench.rendering`` (add ``--quick`` for a short run). Goal: p99 <= 20 ms and
<= 300 KB per image at the default size. Card art is drawn once and cached, so the first call
of each kind (the warm-up) is not counted.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial

from bot.games import GAMES
from rendering import render_hand, render_leaderboard, render_summary, render_table
from rendering.gallery import NAMES, SEATS, _summary, play_out, play_to, rules_table, sample_leaderboard


def _cases() -> dict[str, Callable[[], bytes]]:
    cases: dict[str, Callable[[], bytes]] = {}
    for game in GAMES:
        game_id = game.id
        module, state = play_to(game_id, 11, game.example_moves)
        names = NAMES[: SEATS[game_id]]
        public = module.view(state, None)
        seat = min(module.to_act(state) or {0})
        private = module.view(state, seat)
        cases[f"{game_id}_table"] = partial(render_table, game_id, public, names)
        cases[f"{game_id}_hand"] = partial(render_hand, game_id, private)
        module, state = play_out(game_id, 11)
        summary = _summary(module, state)
        cases[f"{game_id}_summary"] = partial(render_summary, game_id, summary, names)
        cases[f"{game_id}_rules"] = partial(render_table, game_id, *rules_table(game_id))
    module, state = play_to("gouji", 3, 0)
    full = module.view(state, 0)
    cases["gouji_hand_36"] = partial(render_hand, "gouji", full)
    rows = sample_leaderboard() * 2
    cases["leaderboard"] = partial(render_leaderboard, rows, "Leaderboard")
    return cases


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run(quick: bool) -> dict[str, float]:
    """Per kind: wall ``<kind>.p50_ms``/``.p99_ms``/``.min_ms``, CPU ``.cpu_p50_ms``/``.cpu_p99_ms``, ``.kb``.

    The CPU figures are the ones to compare with the goal on a shared machine: wall time there
    includes waiting for a core.
    """
    repeats = 8 if quick else 60
    out: dict[str, float] = {}
    for kind, fn in _cases().items():
        data = fn()  # warm-up: sprites and fonts
        times, cpu = [], []
        for _ in range(repeats):
            start, start_cpu = time.perf_counter(), time.process_time()
            fn()
            cpu.append((time.process_time() - start_cpu) * 1000)
            times.append((time.perf_counter() - start) * 1000)
        out[f"{kind}.p50_ms"] = round(_pct(times, 0.5), 2)
        out[f"{kind}.p99_ms"] = round(_pct(times, 0.99), 2)
        out[f"{kind}.cpu_p50_ms"] = round(_pct(cpu, 0.5), 2)
        out[f"{kind}.cpu_p99_ms"] = round(_pct(cpu, 0.99), 2)
        out[f"{kind}.min_ms"] = round(min(times), 2)
        out[f"{kind}.kb"] = round(len(data) / 1024, 1)
    return out


def main() -> None:
    results = run("--quick" in sys.argv)
    kinds = sorted({key.split(".", 1)[0] for key in results})
    print(f"{'image':22} {'min ms':>8} {'p50 ms':>8} {'p99 ms':>8} {'cpu p50':>8} {'cpu p99':>8} {'KB':>7}")
    for kind in kinds:
        r = {k.split(".", 1)[1]: v for k, v in results.items() if k.split(".", 1)[0] == kind}
        print(f"{kind:22} {r['min_ms']:8.2f} {r['p50_ms']:8.2f} {r['p99_ms']:8.2f} {r['cpu_p50_ms']:8.2f} {r['cpu_p99_ms']:8.2f} "
              f"{r['kb']:7.1f}")


if __name__ == "__main__":
    main()
