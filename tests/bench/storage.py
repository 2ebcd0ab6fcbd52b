"""Storage benchmark: leaderboard, /stats and /history latency with many games in one guild,
and the cost of recording a game (the game-end transaction).

    python -m tests.bench.storage            # 100,000 games (a few minutes)
    python -m tests.bench.storage --quick    # 2,000 games

Games are recorded through ``Storage.record_game`` itself (no bulk loading), into a WAL
file in a temporary folder: 1,000 people, the four games, ending across two years up to
``NOW``. Goal: p99 <= 20 ms per query at 100,000 games.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.storage import GameRecord, Seat, Storage
from tests.bench.timing import Samples

GUILD = 42
NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
SPAN = timedelta(days=730)
PEOPLE = 1000
# game id -> (seats, teams for that many seats or None)
SHAPES: dict[str, tuple[int, list[int] | None]] = {
    "gouji": (6, [0, 1, 0, 1, 0, 1]),
    "zhengshangyou": (4, None),
    "gostop": (3, None),
    "goita": (4, [0, 1, 0, 1]),
}


def _game(rng: random.Random, number: int, total: int) -> GameRecord:
    """The ``number``-th of ``total`` games, in time order; one seat in ten is the computer."""
    game = rng.choice(list(SHAPES))
    size, teams = SHAPES[game]
    people = rng.sample(range(1, PEOPLE + 1), size)
    seats = tuple(Seat.computer("normal", "cpu") if rng.random() < 0.1 else Seat.human(uid, f"p{uid}")
                  for uid in people)
    places = list(range(1, size + 1))
    rng.shuffle(places)
    team_places = None
    if teams is not None:
        winner = rng.randrange(2)
        team_places = {winner: 1, 1 - winner: 2}
        places = [team_places[t] for t in teams]
    ended = NOW - SPAN + SPAN * (number + 1) / total
    return GameRecord(
        game_id=f"bench-{number}", guild_id=GUILD, channel_id=7, thread_id=1_000_000 + number, game=game,
        options={}, seats=seats, places=tuple(places), points=tuple((size - p) * 10 for p in places),
        seed=rng.getrandbits(64), actions=tuple([i % size, "33"] for i in range(40)),
        started_at=ended - timedelta(minutes=15), ended_at=ended, teams=tuple(teams) if teams else None,
        team_places=team_places, rated=True,
    )


async def _time(call: Callable[[], Awaitable[Any]], times: int) -> Samples:
    """Wall clock and CPU time (this process: the event loop and aiosqlite's thread) per call."""
    samples = Samples()
    for _ in range(times):
        with samples.time():
            await call()
    return samples


async def _run(quick: bool, folder: Path) -> dict[str, float]:
    total, repeats = (2_000, 50) if quick else (100_000, 600)
    rng = random.Random(1)
    storage = await Storage.open(str(folder / "bench.db"))
    out: dict[str, float] = {"games": float(total)}
    try:
        records = [_game(rng, i, total) for i in range(total)]
        record_times = Samples()
        load_start = time.perf_counter()
        for game in records:
            with record_times.time():
                await storage.record_game(game)
        out["load_s"] = round(time.perf_counter() - load_start, 1)
        keep = max(100, total // 10)  # the game-end cost once the database is full
        tail = Samples(record_times.wall[-keep:], record_times.cpu[-keep:])
        out.update(tail.numbers("record_game_", digits=3))

        def board(sort: str, period: str) -> Callable[[], Awaitable[Any]]:
            return lambda: storage.leaderboard(GUILD, rng.choice(list(SHAPES)), sort=sort, period=period,  # type: ignore[arg-type]
                                               offset=rng.randrange(0, 100, 10), now=NOW)

        worst = 0.0
        for sort in ("rating", "points", "wins"):
            for period in ("all", "month", "week"):
                samples = await _time(board(sort, period), repeats)
                out.update(samples.numbers(f"leaderboard_{sort}_{period}_", digits=3))
                worst = max(worst, out[f"leaderboard_{sort}_{period}_cpu_p99_ms"])
        out["leaderboard_worst_cpu_p99_ms"] = worst
        queries: dict[str, Callable[[], Awaitable[Any]]] = {
            "stats": lambda: storage.stats(GUILD, rng.randint(1, PEOPLE)),
            "history_player": lambda: storage.history(GUILD, rng.randint(1, PEOPLE)),
            "history_guild": lambda: storage.history(GUILD),
            "game_record": lambda: storage.game_record(f"bench-{rng.randrange(total)}"),
        }
        for name, call in queries.items():
            out.update((await _time(call, repeats)).numbers(f"{name}_", digits=3))
    finally:
        await storage.close()
    return out


def run(quick: bool) -> dict[str, float]:
    """The numbers, in milliseconds unless the name says otherwise."""
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(_run(quick, Path(folder)))


if __name__ == "__main__":
    for name, value in run(quick="--quick" in sys.argv).items():
        print(f"{name:36} {value:>10}")
