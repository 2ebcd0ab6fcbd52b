"""Memory per active game and processing time per move (engine + snapshot + public render).

``run(quick)`` keeps N games of each kind in memory, each advanced by random legal
moves to mid-game, and reports the resident-memory growth per game; then it times the
work one move costs the bot before any Discord call: apply, JSON snapshot, table render.
"""

from __future__ import annotations

import gc
import json
import os
import random
import time
from typing import Any

from bot.games import GAME_IDS, record
from bot.games.registry import engine

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_bytes() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * PAGE


def seats_for(game: str) -> int:
    return record(game).example_seats


def advance(mod: Any, state: Any, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        acting = sorted(mod.to_act(state))
        if not acting:
            return
        seat = acting[0]
        legal = mod.legal_actions(state, seat)
        mod.apply(state, seat, rng.choice(legal))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def run(quick: bool) -> dict[str, float]:
    count = 100 if quick else 1000
    out: dict[str, float] = {}
    for game in GAME_IDS:
        try:
            mod = engine(game)
        except ImportError:
            continue
        gc.collect()
        before = rss_bytes()
        keep = []
        for seed in range(count):
            state = mod.new_game(seats_for(game), seed)
            advance(mod, state, random.Random(seed), 20)
            keep.append(state)
        gc.collect()
        out[f"{game}_kb_per_game"] = round((rss_bytes() - before) / count / 1024, 1)
        out[f"{game}_snapshot_kb"] = round(len(json.dumps(keep[0].to_dict())) / 1024, 1)
        out.update(_per_move(game, mod, 50 if quick else 300))
        del keep
    return out


def _per_move(game: str, mod: Any, moves: int) -> dict[str, float]:
    """Engine + snapshot + public render, the bot's own work for one move."""
    try:
        import rendering

        render = rendering.render_table
    except (ImportError, AttributeError):
        render = None
    rng = random.Random(7)
    state = mod.new_game(seats_for(game), 7)
    names = [f"Player {i + 1}" for i in range(seats_for(game))]
    times: list[float] = []
    for _ in range(moves):
        acting = sorted(mod.to_act(state))
        if not acting:
            state = mod.new_game(seats_for(game), rng.randrange(10**6))
            continue
        started = time.perf_counter()
        legal = mod.legal_actions(state, acting[0])
        mod.apply(state, acting[0], rng.choice(legal))
        json.dumps(state.to_dict())
        if render is not None:
            render(game, mod.view(state, None), names)
        times.append((time.perf_counter() - started) * 1000)
    return {f"{game}_move_ms_p50": round(percentile(times, 0.5), 2),
            f"{game}_move_ms_p99": round(percentile(times, 0.99), 2)}
