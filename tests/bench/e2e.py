"""End to end through the Discord double: what a player waits for, and what a move costs in REST calls.

    python -m tests.bench.e2e [--quick] [--games 1,100,300,500] [--moves N] [--think 2,6] [--profile bot.prof]
                              [--backend sqlite|postgresql|both] [--seed N] [--computer-delay S]

``--profile`` counts each thread's CPU time (``time.thread_time``): waits for the GIL or a core are left out.
``TEAHOUSE_BENCH_TRACEMALLOC=<path>`` (also for the memory part) writes where the bot's live Python memory was
allocated when it is stopped. A stalled game is printed with what its person last saw, and the bot's log is kept.

The real bot (``TeahouseBot``, computer players with no thinking delay unless ``--computer-delay``) runs in a process of
its own, talking to the Discord double in this one, so the double's work (parsing requests,
building messages, gateway events) does not eat into the bot's time. For each size it opens
that many games at once, the four games in turn, each in its own channel with one scripted
person and computers in every other seat. The person plays as people do (as
``tests/play/driver.py``): waits until the table names them, thinks, opens their hand, thinks,
clicks through the panel (a composer may take a few steps) until the move is made; between
hands they press "next hand". Each plays on until all have made their moves, so all N games stay
live to the end (a person who stopped early left a game waiting for them: at 500 games its
reminders and timeouts were a fifth of the calls, and not what a live game costs). Full run: one
game alone (fast pace: alone, the pace does not matter), then 100, 300 and 500 games with people thinking 2-6 s per decision, enough moves
for 600+ samples per percentile (a p99 not among the 5 worst); ``--quick``: 1 and 5 games at a fast pace, a few moves each,
within 20 s per size.

A click in the panel after which the table shows the person's only possible move made for them (with
``--computer-delay``, it comes after that thinking time, while they were still composing) is not counted as their
move (kind ``made_for``).

Measured per person interaction, in real (wall-clock) time: from the moment the double delivers
it to the end of the last REST call it causes — every call on that game's channel and thread or
with that interaction's token, until that person's next interaction. A move's calls therefore
include the computers' instant replies and the one table update that shows them, and the live panel's
later follow-up edits (paced, one per 1.5 s). Click to table, the goal's measure, is ``move_table_p50_ms``/
``_p99_ms``: until the last table post or edit among a move's calls (moves whose table changed); ``move_table_first_*``:
until the first (the same edit when computers move at once: it shows their replies too). ``--computer-delay S`` gives the
computers that much thinking time (the bot's default is 1.5 s): each of their moves then has an edit of its own, the
last comes seconds after the click, and ``move_table_first_*`` is the wait for the person's own move. The double's
fake clock is never moved here (asserted), so its timestamps are real time. Per size
(``games<N>.``): ``<kind>_p50_ms``/``_p99_ms`` for kinds ``move`` (the click that makes the
move), ``hand`` (opening the panel), ``step`` (a composer step), ``next`` (next hand);
``<kind>_sent_*`` the same up to the moment the bot sent its last call (the double's own
answering time left out); ``<kind>_count`` samples (the table marks a p99 from under 600).
``calls_per_move``: REST calls of the click that makes the move, its interaction response
counted (``calls_per_move_besides_response``: without it, as earlier runs reported);
``calls_per_human_move_all``: every call of the interactions a move takes (opening the hand,
composer steps, the move, next hand) per move. The bot's CPU, read from its CPU-time clock (all
threads, worker processes included, to the nanosecond): ``bot_cpu_pct`` of one core and
``bot_cpu_ms_per_move`` (computers' moves included), split into ``bot_main_cpu_ms_per_move`` (the bot's own
process) and ``bot_pictures_cpu_ms_per_move`` (its worker processes: the pictures); with one game alone, where all of it is that
game's, also per interaction: ``<kind>_cpu_p50_ms``/``_p99_ms`` and ``interaction_cpu_*`` (from
just before the person acts until the game has gone quiet, computers' replies included). These
CPU figures are the honest ones on a shared machine: wall times there mostly measure waiting for
a core (``load_avg_1min`` says how busy it was). The bot's RSS at start, with every game open,
and at the end (``bot_rss_*_mb``; the memory part has the per-game figure). The first two
interactions of each game (cold caches) are not counted.

Load beside the games (issue #48): ``--chatter R`` posts R unrelated messages a second in five channels with no
game (``chatter_per_s`` the rate reached; before the games open, ``bot_cpu_us_per_chat_message`` is the bot's
CPU per such message, measured over a burst of 2,000); ``--busy-core`` keeps one core busy with another process
for the whole run. Table posts and edits a second by route kind (``table_edits_per_s_bot_token`` /
``_webhook``, and their busiest second) and the busiest second of all calls under Discord's global limit
against its 50 a second (``global_limit_busiest_s``, ``global_limit_headroom``): ``tests/bench/routes.py``.
Pictures drawn per human move (``render_hand_per_move``, ``render_table_per_move``, games' opening included).
``TEAHOUSE_BENCH_BOT_DIR=<checkout>`` runs the bot's code from another checkout under this harness (before/after
pairs measured alike). The bot logs its global pacer's line every 10 s, printed as ``pacer line every 10 s``. The soak run (an hour of games with faults and kills) is ``python -m tests.bench.soak``.

The same ``--seed`` (default 1) plays the same games in every run: each game's deal comes from the seed and its
channel's name, and each person's choices and thinking times from the seed and the game's number, so what a
person does does not depend on how the games' turns interleave. Two versions of the bot are therefore compared
on the same work (the computers' moves follow from the deal); a different seed gives other games.

Discord's rate limits and network latency are on (issue #30): ``http_429_per_1000_moves`` (people's moves;
0 wanted) and ``rate_limit_waits_per_1000_moves`` (buckets used up, each a real pacing wait).

To find why, it also prints (stderr): the calls under Discord's global limit by route, the 429s by route,
and from the bot's own log the late acknowledgements (how long the bot held each, how long the answer's
request took), global rate limits, and its event loop's lag (sampled every 50 ms; while it is late, a
thread samples where the loop's thread is, reported at the end as ``loop lag sample``).

Goals (issue #25): click-to-table p99 <= 50 ms at 100 games and <= 250 ms at 500, no
acknowledgement later than 3 s and no stalled game at 500, bot CPU per human move <= 15 ms.
Per-move processing (engine + snapshot + render) is in the ``memory`` part. Nothing here is asserted.

The database (issue #24): a SQLite file by default; ``--backend postgresql`` (or ``both``, or
``TEAHOUSE_BENCH_BACKENDS=sqlite,postgresql`` for ``python -m tests.bench``) runs each size on a new
database of the PostgreSQL server in ``TEAHOUSE_TEST_POSTGRES_URL``, or of a throwaway server this
run starts (``tests/pg_cluster.py``). SQLite's numbers keep their names; PostgreSQL's are named
``games<N>.postgresql.<measure>``, and ``both`` prints the two side by side.

This file runs the sizes and reports; the people are ``players.py``, the bot's process ``bot_process.py`` (from
outside) and ``bot_child.py`` (inside it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import pstats
import random
import re
import sys
import tempfile
import time
from collections import Counter
from functools import partial
from pathlib import Path

from tests.bench import routes
from tests.bench.bot_child import run_bot
from tests.bench.bot_process import BotProcess, pictures_drawn, print_pacer_line, print_warnings
from tests.bench.load import BusyCore, Chatter, chat_cost
from tests.bench.players import GAMES, Game, Measure, Players, Watcher
from tests.bench.routes import route_lines, route_numbers
from tests.bench.timing import GcPauses, pct, process_cpu_seconds
from tests.discord_double import DiscordDouble


def _print_median_moves(table: list[Game], count: int = 3) -> None:
    """Where a typical move's time goes: the calls of the moves nearest the median (``_calls_line``)."""
    moves = sorted((m for g in table for m in g.measures[2:] if m.kind == "move" and m.latency is not None),
                   key=lambda m: m.latency or 0.0)
    middle = len(moves) // 2
    for m in moves[max(0, middle - count // 2): middle + count - count // 2]:
        print(f"  a median move ({1000 * (m.latency or 0):.0f} ms): {_calls_line(m)}", file=sys.stderr)


def _write_timeline(path: Path, table: list[Game], count: int = 40) -> None:
    """``TEAHOUSE_BENCH_TIMELINE=<path>``: the first `count` games' interactions and calls, one JSON line
    each, in order (what the person did, and every call it was followed by): to see why a call was made."""
    with path.open("w") as out:
        for game in table[:count]:
            for m in game.measures:
                out.write(json.dumps({"game": game.index, "kind": game.kind, "interaction": m.kind,
                                      "name": m.record.name,
                                      "at": round(m.record.delivered_at, 3)}) + "\n")
                for c in m.calls:  # the text of public calls only: a private panel's shows a hand
                    body = c.body if isinstance(c.body, dict) and c.interaction_id is None else {}
                    content = str(body.get("content") or "")
                    out.write(json.dumps({"game": game.index, "call": c.key, "status": c.status,
                                          "at": round(c.started, 3), "by_token": c.interaction_id is not None,
                                          "content": content[-160:]}) + "\n")


def _print_tail_moves(table: list[Game], count: int = 3, first: bool = False) -> None:
    """Where the slow tail's time goes: the calls of the moves nearest the p99 of click -> table (with ``first``,
    the table's first edit: computers that think), as the median moves' are printed (a late first call: the bot
    was busy or waited; a slow call: the double or the line)."""
    def shown(m: Measure) -> float | None:
        return m.first_table_latency if first else m.table_latency

    moves = sorted((m for g in table for m in g.measures[2:] if m.kind == "move" and shown(m) is not None),
                   key=lambda m: shown(m) or 0.0)
    at = int(len(moves) * 0.99)
    for m in moves[max(0, at - count // 2): at + count - count // 2]:
        print(f"  a p99 move (table after {1000 * (shown(m) or 0):.0f} ms): {_calls_line(m)}", file=sys.stderr)


def _calls_line(m: Measure) -> str:
    """A move's calls, each as its route and start..end in ms after the click was delivered."""
    start = m.record.delivered_at
    return " | ".join(f"{re.sub(r'/[{][a-z_]+[}]', '', c.key)} "
                      f"{1000 * (c.started - start):.0f}..{1000 * ((c.finished or c.started) - start):.0f}"
                      for c in sorted(m.calls, key=lambda c: c.started))



def _kinds() -> list[str]:
    """The games opened in turn: all four, or those ``TEAHOUSE_BENCH_ONLY`` names (comma-separated), to chase
    one game's fault with more of its tables."""
    only = [k for k in os.environ.get("TEAHOUSE_BENCH_ONLY", "").split(",") if k]
    unknown = set(only) - {g[0] for g in GAMES}
    if unknown:
        raise SystemExit(f"TEAHOUSE_BENCH_ONLY names no bench game: {', '.join(sorted(unknown))}")
    return only or [g[0] for g in GAMES]


_pct = pct


async def measure(games: int, moves: int, think: tuple[float, float], seed: int = 1,
                  profile: str = "", budget: float = 600.0, database_url: str = "",
                  chatter: float = 0.0, busy_core: bool = False, computer_delay: float = 0.0) -> dict[str, float]:
    """Open `games` games at once, let each person play `moves` moves (within `budget` seconds), on
    the database at `database_url` ("" = a new SQLite file); `chatter` unrelated messages a second in other
    channels meanwhile, and with `busy_core` another process keeps one core busy for the whole run; the
    computers think `computer_delay` seconds a move."""
    # Discord's rate limits and network latency are on (latency is charged to deadlines, not slept);
    # rate-limit waits happen in real time here: a player really waits for them.
    double = DiscordDouble(skip_rate_limit_waits=False)
    await double.start()
    guild = double.add_guild("Teahouse Bench")
    watcher = Watcher(double)
    double_gc = GcPauses()
    thresholds = gc.get_threshold()
    table: list[Game] = []
    kinds = _kinds()
    for i in range(games):
        kind = kinds[i % len(kinds)]
        channel = double.add_channel(guild, f"table-{i:03d}")
        game = Game(i, kind, double.add_person(f"p{i:03d}", guild), channel, rng=random.Random(f"{seed}/{i}"))
        watcher.add(game)
        table.append(game)
    talk = Chatter(double, guild, chatter)
    busy = BusyCore()
    with tempfile.TemporaryDirectory(prefix="teahouse-e2e-") as folder:
        bot = BotProcess(double, Path(folder), profile, database_url, deals=str(seed), computer_delay=computer_delay)
        # alone, all the bot's CPU between a click and the game going quiet is that click's
        players = Players(double, watcher, think, bot.cpu_seconds_fast if games == 1 else None)
        players.made_later = computer_delay > 0
        try:
            await bot.start()
            watcher.start()
            rss_start = bot.rss_mb()
            if busy_core:
                busy.start()
            # the bot's own process only: chat reaches no picture process (which loads its renderer meanwhile)
            chat_us = await chat_cost(talk, partial(process_cpu_seconds, bot.proc.pid)) if chatter and bot.proc else None
            opening = time.perf_counter()
            sem = asyncio.Semaphore(4)  # opening games is not measured: keep it gentle
            await asyncio.gather(*(players.open(g, sem) for g in table))
            if not computer_delay:  # computers that think keep moving: the bot is never quiet for long
                await double.settle(window=0.2, timeout=60)
            opening = time.perf_counter() - opening
            rss_open = bot.rss_mb()
            offset = double.clock.offset
            cpu0, wall0, here0 = bot.cpu_seconds(), time.perf_counter(), time.process_time()
            main0 = bot.main_cpu_seconds()
            play_from, chat0 = double.clock.monotonic(), talk.posted
            talk.start()
            players.expect(len(table))
            gc.callbacks.append(double_gc)
            # no full collection in this process while the games play: at 500 games one took the double a second
            # (all it keeps of every game), its answers waited, and the bot's acknowledgements looked late
            gc.set_threshold(thresholds[0], thresholds[1], 10**9)
            tasks = [asyncio.create_task(players.play(g, moves)) for g in table]
            _, late = await asyncio.wait(tasks, timeout=budget)
            for task in late:  # a run that overran its budget reports what it has
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for game in table:
                if game.current is not None:
                    game.current.kind, game.outcome = "stalled", "cut short"
            await watcher.until(lambda now: all(g.idle(now) for g in table), timeout=30)
            cpu, wall, here = bot.cpu_seconds() - cpu0, time.perf_counter() - wall0, time.process_time() - here0
            main_cpu = bot.main_cpu_seconds() - main0
            play_until, chatted = double.clock.monotonic(), talk.posted - chat0
            await talk.stop()
            rss_end = bot.rss_mb()
            assert double.clock.offset == offset, "the fake clock moved: latencies would include the jump"
        finally:
            busy.stop()
            await talk.stop()
            with contextlib.suppress(ValueError):
                gc.callbacks.remove(double_gc)
            gc.set_threshold(*thresholds)
            await watcher.stop()
            await bot.stop()
            errors = bot.errors()
            drawn = pictures_drawn(bot.log)
            print_warnings(bot.log)
            print_pacer_line(bot.log)
            if any(g.stall for g in table) and bot.log.exists():
                kept = Path(tempfile.gettempdir()) / f"teahouse-e2e-stall-{os.getpid()}.log"
                kept.write_bytes(bot.log.read_bytes())
                print(f"  a game stalled; the bot's log: {kept}", file=sys.stderr)
            await double.stop()
    for line in errors[:5]:
        print(f"  bot log: {line[:300]}", file=sys.stderr)
    for game in table:
        if game.stall:
            print(f"  stalled: {game.stall}", file=sys.stderr)
    for violation in double.violations[:5]:
        print(f"  double: {violation}", file=sys.stderr)
    print(f"  the double's loop lag: worst {watcher.lag_worst:.2f} s, {watcher.lag_over} ticks over 0.25 s; "
          f"its garbage collection: {'; '.join(double_gc.lines())}", file=sys.stderr)
    _print_median_moves(table)
    _print_tail_moves(table, first=bool(computer_delay))
    if os.environ.get("TEAHOUSE_BENCH_TIMELINE"):
        _write_timeline(Path(os.environ["TEAHOUSE_BENCH_TIMELINE"]), table)
    posts = Counter(("mention " if "<@" in str((c.body or {}).get("content", "")) else "") +
                    str((c.body or {}).get("content", "")).split("\n")[0][:30]
                    for c in double.calls if c.key == "POST /channels/{channel_id}/messages")
    print(f"  messages posted, by first line: {dict(posts.most_common(6))}", file=sys.stderr)
    arrivals = Counter(int(c.started) for c in double.calls
                       if routes.under_global_limit(c))
    print(f"  busiest second at the double: {max(arrivals.values(), default=0)} calls under the global limit",
          file=sys.stderr)
    counted = Counter(c.key for c in double.calls if routes.under_global_limit(c))
    print(f"  calls under the global limit, by route: {dict(counted.most_common(6))}", file=sys.stderr)
    paced_in: Counter[str] = Counter()  # which of a person's interactions the paced calls fell in (after it, before the next)
    per_move: Counter[int] = Counter()
    for game in table:
        for m in game.measures:
            paced = sum(1 for c in m.calls if routes.under_global_limit(c))
            paced_in[m.kind] += paced
            if m.kind == "move":
                per_move[paced] += 1
    print(f"  calls under the global limit, by the interaction they followed: {dict(paced_in)}; "
          f"per move: {dict(sorted(per_move.items()))}", file=sys.stderr)
    if double.rate_limits.limited:  # which routes ran into Discord's limits: where to look
        limited = Counter(call.key for call in double.rate_limits.limited)
        print(f"  429 by route: {dict(limited.most_common(5))}", file=sys.stderr)
    print(f"  {route_lines(double, play_from, play_until)}", file=sys.stderr)
    numbers = _numbers(table, double, cpu, wall, errors)
    numbers.update(route_numbers(double, play_from, play_until))
    numbers["chatter_per_s"] = round(chatted / wall, 1) if wall else 0.0
    numbers["busy_core"] = float(busy_core)
    numbers["computer_delay_s"] = computer_delay
    if chat_us is not None:
        numbers["bot_cpu_us_per_chat_message"] = round(chat_us, 1)
    moves_made = sum(g.moves for g in table)
    for name in ("render_hand", "render_table"):
        numbers[f"{name}_per_move"] = round(drawn.get(name, 0) / moves_made, 2) if moves_made else 0.0
    numbers["double_cpu_pct"] = round(100 * here / wall, 1) if wall else 0.0
    if moves_made:  # where the bot's CPU goes: its own process, or the worker processes drawing the pictures
        numbers["bot_main_cpu_ms_per_move"] = round(1000 * main_cpu / moves_made, 1)
        numbers["bot_pictures_cpu_ms_per_move"] = round(1000 * (cpu - main_cpu) / moves_made, 1)
    numbers["opening_s"] = round(opening, 1)
    numbers["play_s"] = round(wall, 1)
    # the bot's RSS: started (no game), all games open, after play (cold caches included: see the memory part)
    numbers["bot_rss_start_mb"] = round(rss_start, 1)
    numbers["bot_rss_open_mb"] = round(rss_open, 1)
    numbers["bot_rss_end_mb"] = round(rss_end, 1)
    return numbers


def _numbers(table: list[Game], double: DiscordDouble, cpu: float, wall: float,
             errors: list[str]) -> dict[str, float]:
    by_kind: dict[str, list[Measure]] = {}
    for game in table:
        counted = game.measures[2:]  # the first hand + move of each game warm caches (card art, fonts)
        for m in counted:
            by_kind.setdefault(m.kind, []).append(m)
    out: dict[str, float] = {}
    for kind in ("move", "hand", "step", "next"):
        done = by_kind.get(kind, [])
        lat = [m.latency * 1000 for m in done if m.latency is not None]
        out[f"{kind}_count"] = float(len(lat))
        out[f"{kind}_p50_ms"] = round(_pct(lat, 0.5), 1)
        out[f"{kind}_p99_ms"] = round(_pct(lat, 0.99), 1)
        sent = [m.sent * 1000 for m in done if m.sent is not None]
        out[f"{kind}_sent_p50_ms"] = round(_pct(sent, 0.5), 1)
        out[f"{kind}_sent_p99_ms"] = round(_pct(sent, 0.99), 1)
        used = [m.cpu_ms for m in done if m.cpu_ms is not None]
        if used:  # one game alone: the bot's CPU per interaction, computers' replies included
            out[f"{kind}_cpu_p50_ms"] = round(_pct(used, 0.5), 1)
            out[f"{kind}_cpu_p99_ms"] = round(_pct(used, 0.99), 1)
        if kind == "move":  # click to table: the goal of issue #25
            shown = [m.table_latency * 1000 for m in done if m.table_latency is not None]
            out["move_table_count"] = float(len(shown))
            out["move_table_p50_ms"] = round(_pct(shown, 0.5), 1)
            out["move_table_p99_ms"] = round(_pct(shown, 0.99), 1)
            first = [m.first_table_latency * 1000 for m in done if m.first_table_latency is not None]
            out["move_table_first_p50_ms"] = round(_pct(first, 0.5), 1)
            out["move_table_first_p99_ms"] = round(_pct(first, 0.99), 1)
            calls = [len(m.calls) for m in done]  # the interaction response counted
            out["calls_per_move"] = round(sum(calls) / len(calls), 2) if calls else 0.0
            out["calls_per_move_max"] = float(max(calls, default=0))
            besides = [m.other_calls for m in done]
            out["calls_per_move_besides_response"] = round(sum(besides) / len(besides), 2) if besides else 0.0
            acks = [(m.record.responded_at - m.record.delivered_at) * 1000 for m in done
                    if m.record.responded_at is not None]
            out["move_ack_p99_ms"] = round(_pct(acks, 0.99), 1)
    every = [m for game in table for m in game.measures]  # acknowledgements: every interaction counts
    acks_all = [(m.record.responded_at - m.record.delivered_at) * 1000 for m in every
                if m.record.responded_at is not None]
    out["ack_count"] = float(len(acks_all))
    out["ack_p50_ms"] = round(_pct(acks_all, 0.5), 1)
    out["ack_p99_ms"] = round(_pct(acks_all, 0.99), 1)
    out["acks_later_than_3s"] = float(sum(a > 3000 for a in acks_all)
                                      + sum(m.record.responded_at is None for m in every))
    human_moves = sum(g.moves for g in table)
    counted_all = [m for game in table for m in game.measures[2:]]
    # every call a human move brings: opening the hand, composer steps, the move, next hand (responses included)
    counted_moves = sum(m.kind == "move" for m in counted_all)
    out["calls_per_human_move_all"] = (round(sum(len(m.calls) for m in counted_all) / counted_moves, 2)
                                       if counted_moves else 0.0)
    cpu_all = [m.cpu_ms for m in counted_all if m.cpu_ms is not None]
    if cpu_all:
        out["interaction_count"] = float(len(cpu_all))
        out["interaction_cpu_p50_ms"] = round(_pct(cpu_all, 0.5), 1)
        out["interaction_cpu_p99_ms"] = round(_pct(cpu_all, 0.99), 1)
    out["human_moves_per_s"] = round(human_moves / wall, 1) if wall else 0.0
    out["rest_calls_per_s"] = round(len(double.calls) / wall, 1) if wall else 0.0
    out["bot_cpu_pct"] = round(100 * cpu / wall, 1) if wall else 0.0
    out["bot_cpu_ms_per_move"] = round(1000 * cpu / human_moves, 1) if human_moves else 0.0  # computers' included
    interactions = sum(len(g.measures) for g in table)
    out["bot_cpu_ms_per_interaction"] = round(1000 * cpu / interactions, 1) if interactions else 0.0
    out["load_avg_1min"] = round(os.getloadavg()[0], 2)  # other work on the machine stretches wall times
    out["stalled_games"] = float(sum(g.outcome in ("stalled", "cut short") for g in table))
    out["rule_violations"] = float(len(double.violations))
    # Discord's rate limits: 429s (0 wanted) and buckets used up (each one a discord.py pacing wait)
    limits = double.rate_limits
    out["http_429"] = float(len(limits.limited))
    out["http_429_per_1000_moves"] = round(1000 * len(limits.limited) / human_moves, 2) if human_moves else 0.0
    out["rate_limit_waits_per_1000_moves"] = (
        round(1000 * sum(limits.exhausted.values()) / human_moves, 1) if human_moves else 0.0)
    out["bot_errors"] = float(len(errors))
    return out


QUICK = {1: (6, (0.05, 0.15)), 5: (6, (0.05, 0.15))}  # games -> (moves per person, thinking seconds)
# Alone, a game's numbers do not depend on the pace, so one game plays fast (and its per-interaction
# CPU is exact); with company, people think 2-6 s per decision (about 10 s a move), a brisk pace for
# card games on Discord. Moves per person: 600+ counted moves per size (each game's first is not counted).
FULL = {1: (80, (0.02, 0.05)), 100: (8, (2.0, 6.0)), 300: (4, (2.0, 6.0)), 500: (3, (2.0, 6.0))}


BACKENDS = ("sqlite", "postgresql")


class PostgresServer:
    """Where the PostgreSQL runs get their databases: TEAHOUSE_TEST_POSTGRES_URL's server, or a
    throwaway one started on first use and stopped by ``close``."""

    def __init__(self) -> None:
        self.admin_url = os.environ.get("TEAHOUSE_TEST_POSTGRES_URL", "")
        self.folder: Path | None = None

    async def new_database(self) -> str:
        import asyncpg

        from tests import pg_cluster
        from tests.pg_fixtures import with_database

        if not self.admin_url:
            self.folder = Path(tempfile.mkdtemp(prefix="teahouse-bench-pg-"))
            self.admin_url = pg_cluster.start(self.folder)
        name = f"teahouse_bench_{os.getpid()}_{random.randrange(1 << 30)}"
        conn = await asyncpg.connect(self.admin_url)
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return with_database(self.admin_url, name)

    def close(self) -> None:
        from tests import pg_cluster

        if self.folder is not None:
            pg_cluster.stop(self.folder)


def backends_from(text: str) -> tuple[str, ...]:
    chosen = tuple(BACKENDS if text.strip() == "both" else (b.strip() for b in text.split(",") if b.strip()))
    unknown = [b for b in chosen if b not in BACKENDS]
    if unknown or not chosen:
        raise ValueError(f"backend must be sqlite, postgresql or both, not {text!r}")
    return chosen


def run(quick: bool, sizes: tuple[int, ...] | None = None, moves: int | None = None,
        think: tuple[float, float] | None = None, profile: str = "",
        backends: tuple[str, ...] | None = None, chatter: float = 0.0, busy_core: bool = False,
        seed: int = 1, computer_delay: float = 0.0) -> dict[str, float]:
    """``games<N>.<measure>`` for each size: 1 and 5 games quickly, else 1, 100, 300 and 500; on PostgreSQL
    ``games<N>.postgresql.<measure>``. Each size runs on each backend in turn, SQLite first."""
    plan = QUICK if quick else FULL
    sizes = sizes or tuple(plan)
    backends = backends or backends_from(os.environ.get("TEAHOUSE_BENCH_BACKENDS", "sqlite"))
    server = PostgresServer()
    out: dict[str, float] = {}
    try:
        for size in sizes:
            default_moves, default_think = plan.get(size, (6 if quick else 8, (0.05, 0.15) if quick else (2.0, 6.0)))
            pace = think or default_think
            count = moves or default_moves
            for backend in backends:
                url = asyncio.run(server.new_database()) if backend == "postgresql" else ""
                numbers = asyncio.run(measure(size, count, pace, profile=profile if size == max(sizes) else "",
                                              budget=20.0 if quick else 600.0, database_url=url,
                                              chatter=chatter, busy_core=busy_core, seed=seed,
                                              computer_delay=computer_delay))
                numbers = {"think_min_s": pace[0], "think_max_s": pace[1], **numbers}
                prefix = f"games{size}." + ("" if backend == "sqlite" else f"{backend}.")
                out.update({f"{prefix}{key}": value for key, value in numbers.items()})
                print(f"  e2e {size} games: {json.dumps(numbers)}", file=sys.stderr, flush=True)  # kept if a later size is cut off
                print(f"  e2e {size} games on {backend}: move p50 {numbers['move_p50_ms']} ms, "
                      f"p99 {numbers['move_p99_ms']} ms, {numbers['calls_per_move']} calls/move, "
                      f"bot CPU {numbers['bot_cpu_pct']}% ({numbers['bot_cpu_ms_per_move']} ms/move)", file=sys.stderr, flush=True)
    finally:
        server.close()
    return out


def side_by_side(results: dict[str, float]) -> str:
    """SQLite's and PostgreSQL's numbers of each size in two columns."""
    lines = [f"{'measure':<32}  {'sqlite':>12}  {'postgresql':>12}"]
    for key, value in results.items():
        size, _, measure_name = key.partition(".")
        if measure_name.startswith("postgresql."):
            continue
        other = results.get(f"{size}.postgresql.{measure_name}")
        if other is not None:
            lines.append(f"{size + '.' + measure_name:<32}  {value:>12g}  {other:>12g}")
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        run_bot(*sys.argv[2:7])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", default="", help="comma-separated sizes, e.g. 1,10,100")
    parser.add_argument("--moves", type=int, default=0, help="human moves per game")
    parser.add_argument("--think", default="", help="a person's thinking time range in seconds, e.g. 0.5,1.5")
    parser.add_argument("--profile", default="", help="cProfile the bot process of the largest size into this file")
    parser.add_argument("--seed", type=int, default=1,
                        help="the deals and each person's choices: the same seed plays the same games")
    parser.add_argument("--backend", default="", help="sqlite (default), postgresql, or both side by side")
    parser.add_argument("--chatter", type=float, default=0.0,
                        help="unrelated messages a second in other channels while the games play (e.g. 20)")
    parser.add_argument("--busy-core", action="store_true", help="another process keeps one core busy")
    parser.add_argument("--computer-delay", type=float, default=0.0,
                        help="the computers' thinking time in seconds (the bot's default is 1.5; here 0)")
    args = parser.parse_args()
    sizes = tuple(int(s) for s in args.games.split(",") if s) or None
    think = tuple(float(s) for s in args.think.split(",")) if args.think else None
    backends = backends_from(args.backend) if args.backend else None
    results = run(args.quick, sizes, args.moves or None, think[:2] if think else None, args.profile,  # type: ignore[arg-type]
                  backends, chatter=args.chatter, busy_core=args.busy_core, seed=args.seed,
                  computer_delay=args.computer_delay)
    width = max(len(k) for k in results)
    for key, value in results.items():
        print(f"{key:<{width}}  {value:g}")
    if backends and len(backends) > 1:
        print("\n" + side_by_side(results))
    if args.profile:
        for path in (args.profile, args.profile + ".threads"):
            if Path(path).exists():
                print(f"\n== {path} (cumulative, top 30)")
                pstats.Stats(path).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
