"""The bot's resident memory per open game, and the CPU one move costs the bot before any Discord call.

    python -m tests.bench.memory [--quick] [--games N]

Memory: the real bot runs in a child process against the Discord double, as in the e2e part.
Its VmRSS (``/proc/<pid>/status``, with its picture process's) is read when it is up with no game (``rss_idle_mb``), after
one warm-up game of each kind has been opened and played a move (``rss_warm_mb``: fonts, card
art, code paths used once), and after N more games have been opened the way a person does it
(/game new, computers added, start) and each played ``MOVES`` human moves (the hand panel opened,
so its view is live) (``rss_loaded_mb``). ``kb_per_game`` = (loaded - warm) / N: everything a live
game keeps (session, engine state, lobby and table views, hand panels, discord.py's messages,
threads and interaction state), and what the picture process's store of kept pictures grows by while the
tables' variety fills it (bounded by bytes: ``rendering.kept.KEPT_BYTES``). ``kb_per_game_second_half`` is
what each game of the second half of the N adds (RSS read at N/2 too): once the store holds the tables' working
set, the growth a game brings by itself. ``first_use_mb`` = warm - idle, paid once per process.
``TEAHOUSE_BENCH_TRACEMALLOC=<path>`` writes where the memory the N games keep was allocated (traced from the
warm-up's end, so what the report lists is theirs).

Per move: engine step (``legal_actions`` + ``apply``), JSON snapshot and public table picture,
in this process, over random games; wall clock and CPU time per move (``<game>_move_*``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import tempfile
from pathlib import Path
from typing import Any

from bot.games import GAME_IDS, record
from bot.games.registry import engine
from tests.bench.bot_process import BotProcess
from tests.bench.players import GAMES, Game, Players, Watcher
from tests.bench.timing import Samples, rss_kb, tree
from tests.discord_double import DiscordDouble

MOVES = 1  # human moves per game before reading the loaded RSS
SIZES = {True: 4, False: 100}  # games opened (besides the warm-up ones)
PER_MOVE = {True: 50, False: 600}  # timed moves per game


async def _settled_rss(bot: BotProcess, double: DiscordDouble) -> tuple[int, int]:
    """VmRSS once the bot has been quiet a while: the bot's and its picture process's (which keeps the picture
    caches) together, and the bot's own."""
    await double.settle(window=0.5, timeout=60)
    await asyncio.sleep(1.0)
    assert bot.proc is not None
    return sum(rss_kb(pid) for pid in tree(bot.proc.pid)), rss_kb(bot.proc.pid)


async def _open_and_play(players: Players, games: list[Game], moves: int) -> None:
    sem = asyncio.Semaphore(4)
    await asyncio.gather(*(players.open(g, sem) for g in games))
    await asyncio.gather(*(players.play(g, moves) for g in games))


async def measure(count: int, moves: int = MOVES) -> dict[str, float]:
    """Open one warm-up game of each kind, then ``count`` more; the bot's RSS at each stage."""
    double = DiscordDouble(skip_rate_limit_waits=False)
    await double.start()
    guild = double.add_guild("Teahouse Memory")
    watcher = Watcher(double)
    made: list[Game] = []
    for i in range(len(GAMES) + count):
        channel = double.add_channel(guild, f"table-{i:03d}")
        game = Game(i, GAMES[i % len(GAMES)][0], double.add_person(f"p{i:03d}", guild), channel,
                    rng=random.Random(f"3/{i}"))
        watcher.add(game)
        made.append(game)
    warmups, loaded = made[: len(GAMES)], made[len(GAMES):]
    players = Players(double, watcher, (0.05, 0.15))
    out: dict[str, float] = {}
    tracing = bool(os.environ.get("TEAHOUSE_BENCH_TRACEMALLOC"))
    if tracing:  # traced from the warm-up's end only: what the N games keep (tracing from the start slowed the
        os.environ["TEAHOUSE_BENCH_TRACE_ON_SIGNAL"] = "1"  # cold first commands past Discord's 3 s)
    with tempfile.TemporaryDirectory(prefix="teahouse-memory-") as folder:
        bot = BotProcess(double, Path(folder))
        try:
            await bot.start()
            watcher.start()
            idle, _ = await _settled_rss(bot, double)
            await _open_and_play(players, warmups, moves)
            warm, warm_own = await _settled_rss(bot, double)
            if tracing and bot.proc is not None:
                os.kill(bot.proc.pid, signal.SIGUSR1)
            half = len(loaded) // 2
            await _open_and_play(players, loaded[:half], moves)
            midway, _ = await _settled_rss(bot, double)
            await _open_and_play(players, loaded[half:], moves)
            full, full_own = await _settled_rss(bot, double)
        finally:
            os.environ.pop("TEAHOUSE_BENCH_TRACE_ON_SIGNAL", None)  # later parts' bots trace from their start
            await watcher.stop()
            await bot.stop()
            errors = bot.errors()
            await double.stop()
    opened = sum(g.thread is not None for g in loaded)
    out["games"] = float(opened)
    out["human_moves"] = float(sum(g.moves for g in loaded))
    out["rss_idle_mb"] = round(idle / 1024, 1)
    out["rss_warm_mb"] = round(warm / 1024, 1)
    out["rss_loaded_mb"] = round(full / 1024, 1)
    out["first_use_mb"] = round((warm - idle) / 1024, 1)
    out["kb_per_game"] = round((full - warm) / opened, 1) if opened else 0.0
    # of it, the bot's own process (the rest is the picture process's caches)
    out["kb_per_game_bot_process"] = round((full_own - warm_own) / opened, 1) if opened else 0.0
    second = sum(g.thread is not None for g in loaded[half:])
    out["kb_per_game_second_half"] = round((full - midway) / second, 1) if second else 0.0
    out["errors"] = float(len(errors))
    return out


def _per_move(game: str, mod: Any, moves: int) -> dict[str, float]:
    """Engine + snapshot + public render, the bot's own work for one move."""
    import rendering

    rng = random.Random(7)
    seats = record(game).example_seats
    state = mod.new_game(seats, 7)
    names = [f"Player {i + 1}" for i in range(seats)]
    rendering.render_table(game, mod.view(state, None), names)  # the first picture loads fonts and art
    samples = Samples()
    while len(samples.wall) < moves:
        acting = sorted(mod.to_act(state))
        if not acting:
            state = mod.new_game(seats, rng.randrange(10**6))
            continue
        with samples.time():
            legal = mod.legal_actions(state, acting[0])
            mod.apply(state, acting[0], rng.choice(legal))
            json.dumps(state.to_dict())
            rendering.render_table(game, mod.view(state, None), names)
    return samples.numbers(f"{game}_move_")


def run(quick: bool, games: int | None = None) -> dict[str, float]:
    out = {f"bot_{key}": value for key, value in asyncio.run(measure(games or SIZES[quick])).items()}
    for game in GAME_IDS:
        out.update(_per_move(game, engine(game), PER_MOVE[quick]))
    return out


def main() -> None:
    """``--games N`` and ``--games=N`` alike; an argument it does not know is refused, not ignored (``--games 300``
    once ran the default size)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, default=None, help="games opened besides the warm-up ones (default: 100, quick: 4)")
    args = parser.parse_args()
    for key, value in run(args.quick, args.games).items():
        print(f"{key:28} {value:>10}")


if __name__ == "__main__":
    main()
