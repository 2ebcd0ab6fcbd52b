"""What runs in the bot's own process under the benchmark (``python -m tests.bench.e2e --child``): the real bot
pointed at the double, deals drawn from the bench's seed, and the bot's side of the diagnostics (its busiest
second, event-loop lag and where the loop was held, garbage-collection pauses, the pacer's line, tracemalloc),
written to its log when it is told to stop.
"""

from __future__ import annotations

import asyncio
import cProfile
import gc
import json
import logging
import os
import pstats
import random
import signal
import sys
import threading
import time
import tracemalloc
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bot.pacing import under_global_limit
from tests.bench.timing import GcPauses


def _same_deals(client: Any, seed: str) -> None:
    """Every run deals the same: a game's seed comes from the bench's seed and its channel's name (``table-007``)
    instead of ``secrets``, so two runs (two versions of the bot) play the same deals with the same computer
    moves, and a difference in CPU per move is the bot's, not the deals'. Only the lobby's start draws from
    ``secrets.randbits``; the bot's other randomness is derived from the game's seed."""
    if not seed:
        return
    import secrets

    def stable(bits: int) -> int:
        frame = sys._getframe(1)
        while frame is not None and "session" not in frame.f_locals:
            frame = frame.f_back  # type: ignore[assignment]
        session = frame.f_locals["session"] if frame is not None else None
        channel = client.get_channel(session.channel_id) if session is not None else None
        name = getattr(channel, "name", None) or str(getattr(session, "channel_id", ""))
        return random.Random(f"{seed}/{name}").getrandbits(bits)

    secrets.randbits = stable  # type: ignore[assignment]


def run_bot(api_url: str, gateway_url: str, token: str, database: str, profile: str) -> None:
    """Run the real bot against the double at these URLs until SIGTERM; optionally profile it. ``database`` is a
    SQLite path, or "env" for the URL in TEAHOUSE_BENCH_DATABASE_URL (a password stays off the command line)."""
    import discord
    import yarl

    from bot.app import TeahouseBot, tune_garbage_collection
    from bot.config import Config

    discord.http.Route.BASE = api_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    worker_profiles: list[cProfile.Profile] = []

    def profile_worker() -> None:
        p = cProfile.Profile(time.thread_time)  # CPU time: waits for the GIL or a core not counted
        worker_profiles.append(p)
        p.enable()

    async def main() -> None:
        if profile:
            asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(initializer=profile_worker))
        delay = float(os.environ.get("TEAHOUSE_BENCH_COMPUTER_DELAY") or 0.0)
        if database == "env":
            config = Config(token=token, database_url=os.environ["TEAHOUSE_BENCH_DATABASE_URL"],
                            computer_delay_seconds=delay)
        else:
            config = Config(token=token, database_path=database, computer_delay_seconds=delay)
        client = TeahouseBot(config, guild_ready_timeout=0.05)
        _same_deals(client, os.environ.get("TEAHOUSE_BENCH_DEALS", ""))
        assert client.http.http_trace is not None  # the pacer's: the send times are noted after its wait
        client.http.http_trace.on_request_start.append(_note_send)
        loop = asyncio.get_running_loop()
        def stop() -> None:
            _trace_report()
            _busiest_second_report()
            _blocked_report()
            _gc_report()
            _objects_report()
            pacer = client.pacer
            logging.getLogger("bench").warning(
                "global pacer: %d requests, %d of them waited for their turn, %.1f s on average; %d turns taken "
                "before reading the game, held %.0f ms on average", pacer.taken, pacer.waited,
                pacer.wait_seconds / max(1, pacer.waited), pacer.turns, 1000 * pacer.turn_seconds / max(1, pacer.turns))
            from cogs.table import pictures
            logging.getLogger("bench").warning("pictures drawn: %s; pictures kept: %d KiB", json.dumps(
                dict(pictures.DRAWN)), pictures.kept_bytes() // 1024)
            games_cog = client.get_cog("Games")
            if games_cog is not None:
                logging.getLogger("bench").warning("table requests, by why: %s",
                                                   dict(games_cog.table.sent.most_common()))  # type: ignore[attr-defined]
            asyncio.ensure_future(client.close())

        loop.add_signal_handler(signal.SIGTERM, stop)
        if os.environ.get("TEAHOUSE_BENCH_TRACEMALLOC"):  # SIGUSR1: trace afresh from now (the memory part: after
            loop.add_signal_handler(signal.SIGUSR1, _trace_afresh)  # warm-up, so the report is what games keep)
        parent = os.getppid()

        async def orphaned() -> None:  # the benchmark died without stopping us: stop too
            while os.getppid() == parent:
                await asyncio.sleep(1.0)
            await client.close()

        watchdog = asyncio.create_task(orphaned())
        tune_garbage_collection()  # as ``python -m bot`` does
        gc.callbacks.append(_GC)
        lag = asyncio.create_task(_loop_lag())
        line = asyncio.create_task(_pacer_line(client))
        async with client:
            await client.start(token)
        watchdog.cancel()
        lag.cancel()
        line.cancel()

    if os.environ.get("TEAHOUSE_BENCH_TRACEMALLOC") and not os.environ.get("TEAHOUSE_BENCH_TRACE_ON_SIGNAL"):
        tracemalloc.start(8)
    main_profile = cProfile.Profile(time.thread_time) if profile else None
    if main_profile is not None:
        main_profile.enable()
    asyncio.run(main())
    if main_profile is not None:
        main_profile.disable()
        main_profile.dump_stats(profile)
        if worker_profiles:
            stats = pstats.Stats(worker_profiles[0])
            for p in worker_profiles[1:]:
                stats.add(p)
            stats.dump_stats(profile + ".threads")


_SENT: list[float] = []  # when the bot began each request under Discord's global limit (not interaction answers)


async def _note_send(session: Any, context: Any, params: Any) -> None:
    """An aiohttp trace hook after the pacer's: when each request under the global limit goes out, for the
    bot's own count of its busiest second, next to the double's (whose clock also counts its own event loop's
    lateness)."""
    if under_global_limit(str(params.url)):
        _SENT.append(time.monotonic())


def _busiest_second_report() -> None:
    """The most requests the bot started under the global limit within any one second (a sliding window)."""
    most, first = 0, 0
    for last, when in enumerate(_SENT):
        while when - _SENT[first] >= 1.0:
            first += 1
        most = max(most, last - first + 1)
    logging.getLogger("bench").warning("busiest second at the bot: %d requests under the global limit (of %d)",
                                       most, len(_SENT))


_BEAT = [time.monotonic()]  # when the bot's event loop last ran its lag timer
_BLOCKED: Counter[str] = Counter()  # where the loop's thread was while the loop was late, sampled


def _sample_blocked_loop(threshold: float = 0.25) -> None:
    """A thread of its own: while the event loop is late, sample where its thread is (what holds it up)."""
    main = threading.main_thread().ident
    while True:
        time.sleep(0.02)
        if time.monotonic() - _BEAT[0] > threshold:
            frame = sys._current_frames().get(main or 0)
            where: list[str] = []
            while frame is not None and len(where) < 6:
                where.append(f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno} {frame.f_code.co_name}")
                frame = frame.f_back
            _BLOCKED[" < ".join(where)] += 1


_GC = GcPauses()  # the bot's (in its process)


def _gc_report() -> None:
    for line in _GC.lines():
        logging.getLogger("bench").warning("garbage collection %s", line)


def _objects_report() -> None:
    """What a full collection walks: the bot's objects by type (the frozen start-up ones not counted)."""
    objects = gc.get_objects()
    counts = Counter(type(o).__name__ for o in objects)
    logging.getLogger("bench").warning("objects a full collection walks: %d, %d frozen; most: %s", sum(counts.values()),
                                       gc.get_freeze_count(), counts.most_common(12))
    holders: Counter[str] = Counter()
    for frame in [o for o in objects if type(o).__name__ == "frame"][:2000]:
        code = frame.f_code
        holders[f"{code.co_filename.rsplit('/', 2)[-1]}:{code.co_name}"] += 1
    logging.getLogger("bench").warning("objects a full collection walks, frames by code: %s", holders.most_common(8))
    errors = Counter(type(o).__name__ for o in objects if isinstance(o, BaseException))
    logging.getLogger("bench").warning("objects a full collection walks, exceptions: %s", errors.most_common(8))


def _blocked_report() -> None:
    for where, count in _BLOCKED.most_common(8):
        logging.getLogger("bench").warning("loop lag sample x%d: %s", count, where)


async def _pacer_line(client: Any, every: float = 10.0) -> None:
    """Log, every 10 s, the global pacer's line as it stands (requests waiting in it, turns held) and what went
    through it since (requests, turns and how long they were held), and the pictures waiting to be drawn: what
    holds the line, over the run (the end's "global pacer" totals cannot tell an opening backlog from a
    steady one)."""
    from cogs.table import pictures

    pacer, started = client.pacer, time.monotonic()
    taken, turns, held_s = pacer.taken, pacer.turns, pacer.turn_seconds
    while True:
        await asyncio.sleep(every)
        waiting = len(getattr(pacer._line, "_waiters", None) or ())  # asyncio.Lock's queue: bench-only reading
        painter = pictures._painter
        drawing = len(getattr(painter, "_pending_work_items", {}) or {})  # the pool's queue, likewise
        new_turns = pacer.turns - turns
        logging.getLogger("bench").warning(
            "pacer line at %.0f s: %d waiting, %d turns held; in %.0f s: %d requests, %d turns held %.0f ms on "
            "average; %d pictures queued", time.monotonic() - started, waiting, pacer.held, every,
            pacer.taken - taken, new_turns, 1000 * (pacer.turn_seconds - held_s) / max(1, new_turns), drawing)
        taken, turns, held_s = pacer.taken, pacer.turns, pacer.turn_seconds


async def _loop_lag(tick: float = 0.05) -> None:
    """Log, every 10 s, how late the bot's event loop ran a timer (its worst lag): a loop that answers late
    with the CPU idle waits on something (the GIL held by a worker thread, a blocking call)."""
    loop = asyncio.get_running_loop()
    worst, late, since = 0.0, 0, loop.time()
    threading.Thread(target=_sample_blocked_loop, daemon=True).start()
    while True:
        due = loop.time() + tick
        await asyncio.sleep(tick)
        _BEAT[0] = time.monotonic()
        lag = loop.time() - due
        worst, late = max(worst, lag), late + (lag > 0.25)
        if loop.time() - since >= 10.0:
            if worst > 0.25:
                logging.getLogger("bench").warning("loop lag: worst %.2f s, %d ticks over 0.25 s in 10 s", worst, late)
            worst, late, since = 0.0, 0, loop.time()


def _trace_afresh() -> None:
    """Forget what was traced so far and trace from now: the report is then what was allocated since and lives on."""
    tracemalloc.stop()
    tracemalloc.start(8)


def _trace_report() -> None:
    """With ``TEAHOUSE_BENCH_TRACEMALLOC=<path>``: where the bot's live memory was allocated, written there when
    it is told to stop (the games still open), by line and by the first line of ours on the way."""
    path = os.environ.get("TEAHOUSE_BENCH_TRACEMALLOC")
    if not path or not tracemalloc.is_tracing():
        return
    snapshot = tracemalloc.take_snapshot()
    lines = [f"total {sum(s.size for s in snapshot.statistics('filename')) / 1024:.0f} KiB", "-- by line"]
    lines += [str(stat) for stat in snapshot.statistics("lineno")[:40]]
    ours: dict[str, int] = {}
    for stat in snapshot.statistics("traceback"):
        frame = next((f for f in reversed(stat.traceback) if "/site-packages/" not in f.filename
                      and "/lib/python3" not in f.filename), stat.traceback[0])
        key = f"{frame.filename}:{frame.lineno}"
        ours[key] = ours.get(key, 0) + stat.size
    lines.append("-- by the last line of ours")
    lines += [f"{size / 1024:8.0f} KiB  {key}" for key, size in sorted(ours.items(), key=lambda kv: -kv[1])[:40]]
    lines.append("-- the largest whole tracebacks")
    for stat in snapshot.statistics("traceback")[:12]:
        lines.append(f"{stat.size / 1024:8.0f} KiB in {stat.count} blocks: " + " <- ".join(
            f"{Path(f.filename).name}:{f.lineno}" for f in reversed(stat.traceback)))
    Path(path).write_text("\n".join(lines) + "\n")
