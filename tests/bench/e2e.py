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
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import json
import logging
import os
import pstats
import random
import re
import signal
import sys
import tempfile
import threading
import time
import tracemalloc
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from bot.i18n import t
from bot.pacing import under_global_limit
from tests.bench import routes
from tests.bench.load import BusyCore, Chatter, chat_cost
from tests.bench.routes import route_lines, route_numbers, table_kind
from tests.bench.timing import pct, process_cpu_seconds, rss_kb, tree
from tests.discord_double import DiscordDouble
from tests.discord_double.errors import UserActionError
from tests.discord_double.interactions import InteractionRecord, RestCall
from tests.discord_double.model import Button, Channel, Message, SelectMenu
from tests.discord_double.people import Person

# game, lobby options, computers: every seat but one is a computer
GAMES = (("zhengshangyou", "mode=individual", 3), ("gouji", "", 5), ("gostop", "", 2), ("goita", "", 3))
IDLE = 0.05  # a game with no call in flight for this long has answered (used only to pace the person)
TICK = 0.005
STUCK_SECONDS = 60.0
# After a deferred answer, how long a person looks for the move on the panel or the table before taking the
# click for a composer step (it was 2 s: under load a move shown later was counted as a step, and its wait
# left out of the move figures)
MOVE_SHOWN_SECONDS = 20.0
CHANNEL_PATH = re.compile(r"^/channels/(\d+)")
VERSIONED = re.compile(r"^t[hs]:\d+:(\d+):")
NAV_VERBS = re.compile(r"^t[hs]:\d+:[0-9-]+:(refresh|page|back|hint)\b")  # hint: asks, plays nothing (#45)


# ---------------------------------------------------------------- the person's side (this process)


@dataclass
class Measure:
    """One person interaction and every call it caused."""

    kind: str  # "hand" (open the panel), "step" (a composer step), "move", "next" (next hand), "stalled"
    record: InteractionRecord
    calls: list[RestCall] = field(default_factory=list)
    cpu_ms: float | None = None  # the bot's CPU from just before delivery until the game went quiet (one game only)

    @property
    def latency(self) -> float | None:
        ends = [c.finished for c in self.calls if c.finished is not None]
        return max(ends) - self.record.delivered_at if ends else None

    def _table_ends(self) -> list[float]:
        """When each table post or edit among the calls ended (a live panel's later, deliberately paced follow-up
        edits and old tables' removal left out)."""
        return [c.finished for c in self.calls if c.finished is not None and table_kind(c) is not None]

    @property
    def table_latency(self) -> float | None:
        """Until the table showed it: the end of the last table post or edit among the calls."""
        ends = self._table_ends()
        return max(ends) - self.record.delivered_at if ends else None

    @property
    def first_table_latency(self) -> float | None:
        """Until the table first showed it: the end of the first table post or edit among the calls."""
        ends = self._table_ends()
        return min(ends) - self.record.delivered_at if ends else None

    @property
    def sent(self) -> float | None:
        """Until the bot sent its last call (the double's own time answering it left out)."""
        starts = [c.started for c in self.calls]
        return max(starts) - self.record.delivered_at if starts else None

    @property
    def other_calls(self) -> int:
        return sum(1 for c in self.calls if not (c.is_interaction_response and c.interaction_id == self.record.id))


@dataclass
class Game:
    """One game's table as its person follows it: the calls on its channel and thread."""

    index: int
    kind: str
    person: Person
    channel: Channel
    thread: Channel | None = None
    current: Measure | None = None
    open_calls: list[RestCall] = field(default_factory=list)
    last_finish: float = 0.0
    public_calls: int = 0  # calls on the game's channel/thread, and public writes by token: table updates and the like
    measures: list[Measure] = field(default_factory=list)
    moves: int = 0
    #: this person's own choices and thinking times: seeded per game, so what a person does does not depend
    #: on how the games' turns interleave in this run
    rng: random.Random = field(default_factory=random.Random)
    outcome: str = ""
    stall: str = ""  # what the person saw when they gave up waiting (printed, to find why)
    opened_id: int = 0  # the /game new interaction's id: the game's id in the bot's records
    trail: list[str] = field(default_factory=list)  # the person's last interactions and what they saw (a stall's note)

    def take(self, call: RestCall) -> None:
        self.open_calls.append(call)
        if self.current is not None:
            self.current.calls.append(call)
        if call.interaction_id is None:
            self.public_calls += 1

    def idle(self, now: float) -> bool:
        if self.open_calls:
            self.open_calls = [c for c in self.open_calls if c.finished is None]
            if self.open_calls:
                return False
        return now - self.last_finish >= IDLE

    def note_finish(self, call: RestCall) -> None:
        if call.finished is not None:
            self.last_finish = max(self.last_finish, call.finished)
            if call.interaction_id is not None and table_kind(call) is not None:
                self.public_calls += 1  # the table written through an interaction's token


class Watcher:
    """Routes each REST call the double records to its game and wakes the people waiting on one.

    One ticker for all games (not one poll loop per person), so a hundred waiting people cost
    the double's process almost nothing.
    """

    def __init__(self, double: DiscordDouble) -> None:
        self.double = double
        self.cursor = 0
        self.by_channel: dict[int, Game] = {}
        self.by_interaction: dict[int, Game] = {}
        self.waiting: list[tuple[Callable[[float], bool], asyncio.Future[None]]] = []
        self.inflight: list[tuple[RestCall, Game]] = []
        self._task: asyncio.Task[None] | None = None
        self.lag_worst = 0.0  # the double's own event loop: how late its ticker ran (it answers the bot too)
        self.lag_over = 0  # ticks later than 0.25 s

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def add(self, game: Game) -> None:
        self.by_channel[game.channel.id] = game

    def begin(self, game: Game, kind: str, record: InteractionRecord) -> Measure:
        """The person just delivered `record`: from now on the game's calls are its calls."""
        self.sync()
        self.by_interaction[record.id] = game
        measure = Measure(kind, record)
        game.current = measure
        game.measures.append(measure)
        return measure

    def sync(self) -> None:
        calls = self.double.calls
        while self.cursor < len(calls):
            call = calls[self.cursor]
            self.cursor += 1
            game = self._game_of(call)
            if game is not None:
                game.take(call)
                self.inflight.append((call, game))
        still = []
        for call, game in self.inflight:
            if call.finished is None:
                still.append((call, game))
            else:
                game.note_finish(call)
        self.inflight = still

    def _game_of(self, call: RestCall) -> Game | None:
        if call.interaction_id is not None:
            return self.by_interaction.get(call.interaction_id)
        match = CHANNEL_PATH.match(call.path)
        if match is None:
            return None
        channel_id = int(match[1])
        game = self.by_channel.get(channel_id)
        if game is None:
            found = self.double.find_channel(channel_id)
            if found is not None and found[1].parent_id is not None:
                game = self.by_channel.get(found[1].parent_id)
                if game is not None:
                    self.by_channel[channel_id] = game
        return game

    async def until(self, condition: Callable[[float], bool], timeout: float = STUCK_SECONDS) -> bool:
        """Wait until `condition(now)` holds (checked every tick); False on timeout."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (condition, future)
        self.waiting.append(entry)
        try:
            await asyncio.wait_for(future, timeout)
            return True
        except TimeoutError:
            return False
        finally:
            with contextlib.suppress(ValueError):
                self.waiting.remove(entry)

    async def _run(self) -> None:
        clock = self.double.clock
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + TICK
            await asyncio.sleep(TICK)
            lag = loop.time() - due
            self.lag_worst, self.lag_over = max(self.lag_worst, lag), self.lag_over + (lag > 0.25)
            self.sync()
            now = clock.monotonic()
            for condition, future in list(self.waiting):
                if not future.done() and condition(now):
                    future.set_result(None)


class Players:
    """The scripted people, one per game, and what they do."""

    def __init__(self, double: DiscordDouble, watcher: Watcher, think: tuple[float, float],
                 cpu: Callable[[], float] | None = None) -> None:
        self.double = double
        self.watcher = watcher
        self.think = think
        self._playing = 0  # people still short of their moves (``expect``); without it, each stops at theirs
        self.everyone_done = asyncio.Event()
        self.everyone_done.set()
        self.games = GAMES  # what each kind of game is opened with (the soak run plays short matches)
        #: how long a person waits for an answer before going on (the soak run: a click the killed bot never got
        #: fails after Discord's 3 s, and a person tries again soon)
        self.answer_timeout = STUCK_SECONDS
        self.cpu = cpu  # the bot's CPU seconds so far: set only when one game runs, so all of it is that game's
        self._cpu_mark = 0.0
        self.hand = t("en", "games.button.hand")
        self.next_hand = t("en", "games.button.next_hand")
        self.turn_prefix = t("en", "games.table.turn", who="").strip()
        self.over = t("en", "games.summary.match_over", game="").split("**")[-1].strip()
        self.only_move = t("en", "options.auto.only_move")
        self.stale = t("en", "games.error.stale")
        self.stale_answers = 0  # clicks on an older view, answered with the current one (the soak's kills)
        self.made_later = False  # computers think (``--computer-delay``): a move made for a person comes that late

    def mark_cpu(self) -> None:
        """Just before a person acts: where the bot's CPU stood."""
        if self.cpu is not None:
            self._cpu_mark = self.cpu()

    def charge_cpu(self, measure: Measure) -> None:
        """The game went quiet: the bot's CPU since the mark is this interaction's (computers' replies included)."""
        if self.cpu is not None:
            measure.cpu_ms = (self.cpu() - self._cpu_mark) * 1000

    async def answered(self, game: Game, record: InteractionRecord, timeout: float | None = None) -> bool:
        """The interaction is acknowledged and the game has gone quiet (within ``answer_timeout``)."""
        return await self.watcher.until(lambda now: record.responded and game.idle(now),
                                        timeout or self.answer_timeout)

    async def open(self, game: Game, sem: asyncio.Semaphore) -> None:
        """/game new in the game's own channel, computers in the other seats, start; wait for the table."""
        name, options, computers = next(g for g in self.games if g[0] == game.kind)
        async with sem:
            kwargs: dict[str, Any] = {"game": name}
            if options:
                kwargs["options"] = options
            record = await game.person.begin_run("/game new", channel=game.channel, **kwargs)
            game.opened_id = record.id
            self.watcher.by_interaction[record.id] = game
            # the thread first: the double names a message's thread by id only, which discord.py cannot
            # parse for a thread it has not seen yet (a lobby edit racing the thread's creation crashed)
            await self.watcher.until(lambda now: record.responded and game.idle(now) and any(
                c.parent_id == game.channel.id for c in self.double.threads))
            lobby = self.double.response_message(record)
            assert lobby is not None, f"no lobby for game {game.index}"
            for _ in range(computers):
                await self._acted(game, lambda: game.person.begin_select(
                    lobby, t("en", "games.add_computer_placeholder"), ["easy"]))
            await self._acted(game, lambda: game.person.begin_click(lobby, t("en", "games.button.start")))
            assert await self.watcher.until(lambda now: self._table(game) is not None and game.idle(now)), \
                f"no table for game {game.index}"
            threads = [c for c in self.double.threads if c.parent_id == game.channel.id]
            assert threads, f"game {game.index} opened no thread"
            game.thread = threads[-1]

    async def _acted(self, game: Game, act: Callable[[], Awaitable[InteractionRecord]]) -> None:
        """A lobby click, made again when it was never answered: one that met the bot killed (its gateway gone
        with it) fails, as Discord's "This interaction failed", and a person clicks again (the soak's Start
        lost that way left a lobby its person took for a game that never moved)."""
        for _ in range(3):
            try:
                record = await act()
            except UserActionError:  # no bot connected at all yet
                await asyncio.sleep(1.0)
                continue
            self.watcher.by_interaction[record.id] = game
            if await self.answered(game, record) or record.responded:
                return
        raise AssertionError(f"game {game.index}: its lobby answered none of three clicks")

    def _tables(self, game: Game) -> list[Message]:
        """Table messages in the game's thread (the newest few messages: the table is always among them)."""
        thread = game.thread
        if thread is None:
            threads = [c for c in self.double.threads if c.parent_id == game.channel.id]
            if not threads:
                return []
            thread = threads[-1]
        return [m for m in _recent_public(thread, 12) if m.has_button(self.hand)]

    def _table(self, game: Game) -> Message | None:
        tables = self._tables(game)
        return tables[-1] if tables else None

    def _mine(self, game: Game, table: Message) -> bool:
        for line in table.content.splitlines():
            if line.startswith(self.turn_prefix):
                return str(game.person.id) in line
        return False

    def _over(self, game: Game) -> bool:
        assert game.thread is not None
        return bool(self.over) and any(self.over in m.content for m in _recent_public(game.thread, 3))

    async def pause(self, game: Game) -> None:
        await asyncio.sleep(game.rng.uniform(*self.think))

    async def turn(self, game: Game, mark: int, timeout: float = STUCK_SECONDS) -> Message | None:
        """The table once it shows this person's turn (or "next hand", or the match's end).

        With `mark` >= 0 the table must also have been updated since (a public call after it):
        right after a move the old table still names this person.
        """
        def ready(now: float) -> bool:
            if not game.idle(now):
                return False
            if self._over(game):  # its end is said: nothing more comes (a stale click after it moves nothing)
                return True
            if game.public_calls <= mark:
                return False
            tables = self._tables(game)
            if len(tables) > 1:
                return False  # re-posted: the old table is still to be deleted or turned into a summary
            return (bool(tables) and (tables[0].has_button(self.next_hand) or self._mine(game, tables[0]))
                    or self._over(game))

        if not await self.watcher.until(ready, timeout):
            game.outcome = "stalled"
            game.stall = self._stall_note(game, mark)
            if game.current is not None:
                game.current.kind = "stalled"  # its calls ran on (turn clock, reminders): not one answer
            return None
        if self._over(game):
            game.outcome = "match over"
            return None
        return self._table(game)

    def _note(self, game: Game, record: InteractionRecord, seen: str) -> None:
        """Keep what the person did and saw, the last few: a stalled game's note says how it came to wait."""
        at = self.double.clock.monotonic()
        game.trail = [*game.trail[-5:], f"{at:.1f} {record.name[-24:]} answered {record.response_type} "
                                        f"public calls {game.public_calls}: {seen}"]

    def _stall_note(self, game: Game, mark: int) -> str:
        """What the table looked like when the person gave up waiting: the way to find why it stalled."""
        now = self.double.clock.monotonic()
        recent = _recent_public(game.thread, 4) if game.thread is not None else []
        shown = " || ".join(f"[{m.id}{' hand' if m.has_button(self.hand) else ''}"
                            f"{' next' if m.has_button(self.next_hand) else ''}] {m.content[-300:]!r}" for m in recent)
        open_calls = [f"{c.method} {c.path}" for c in game.open_calls if c.finished is None]
        return (f"game {game.index} ({game.kind}) after {game.moves} moves: public calls {game.public_calls} "
                f"(mark {mark}), idle {game.idle(now)}, open calls {open_calls}, "
                f"last call {now - game.last_finish:.1f} s ago, now {now:.1f}; the person's last interactions: "
                f"{' | '.join(game.trail)}; recent messages: {shown}")

    def expect(self, games: int) -> None:
        """How many people play: each goes on until all of them have made their moves."""
        self._playing = games
        self.everyone_done = asyncio.Event()

    def _reached(self) -> None:
        """One person made their moves (or their game ended or stalled)."""
        self._playing -= 1
        if self._playing <= 0:
            self.everyone_done.set()

    async def play(self, game: Game, moves: int) -> None:
        """Play `moves` moves (or until the match ends or stalls), then go on playing until everyone has made
        theirs, so every game stays live for the whole run: a person who stopped early would leave a game
        waiting for them, whose reminders and timeouts are not what a live game costs. Then stop counting
        this game's calls. Every move is measured, those after the first `moves` too."""
        mark = -1  # the table has already settled after the start
        reached = False
        while True:
            if not reached and game.moves >= moves:
                reached = True
                self._reached()
            if reached and self.everyone_done.is_set():
                break
            table = await self.turn(game, mark)
            if table is None:
                break
            await self.pause(game)
            mark = game.public_calls
            if self._over(game):  # the match's end was said while the person thought: no click on the old table
                continue
            if table.has_button(self.next_hand):
                with contextlib.suppress(UserActionError):
                    self.mark_cpu()
                    record = await game.person.begin_click(table, self.next_hand)
                    measure = self.watcher.begin(game, "next", record)
                    await self.answered(game, record)
                    self.charge_cpu(measure)
                continue
            try:
                self.mark_cpu()
                record = await game.person.begin_click(table, self.hand)
            except UserActionError:  # the table was re-posted meanwhile
                mark = -1
                continue
            measure = self.watcher.begin(game, "hand", record)
            await self.answered(game, record)
            self.charge_cpu(measure)
            panel = self.double.response_message(record)
            self._note(game, record, f"panel version {_version(panel) if panel is not None else None}")
            if panel is None or not await self._compose(game, panel):
                mark = -1
        if not reached:
            self._reached()
        if game.outcome != "stalled":
            await self.turn(game, mark)  # the last move's table update: stalled only as any other wait is
            await asyncio.sleep(0.5)
        self.watcher.sync()
        game.current = None

    def _moved(self, game: Game, seen: int, panel_id: int, before: int | None, now: float) -> bool:
        """After a deferred answer: the table changed, or the panel (edited later) shows a newer version."""
        if game.public_calls > seen:
            return True
        shown = self.double.message(panel_id)
        version = _version(shown) if shown is not None else None
        return version is not None and before is not None and version > before

    def _made_for(self, game: Game) -> bool:
        """The table's last line about this person is a move made for them (their only possible one, after the
        computers' thinking time), not one their click made: they had clicked in their composer while it came."""
        table = self._table(game) if self.made_later else None
        name = game.person.name.lower()
        about = [line for line in table.content.splitlines() if name in line.lower()] if table is not None else []
        return bool(about) and self.only_move in about[-1]

    async def _compose(self, game: Game, panel: Message) -> bool:
        """Click through the panel (a composer may take a few steps) until a move is made; True if one was."""
        before = _version(panel)
        for step in range(8):
            await self.pause(game)
            selects = [c for c in panel.selects if _playable(c)]
            buttons = [c for c in panel.buttons if _playable(c)]
            if not selects and not buttons:
                return False
            self.mark_cpu()
            if selects and (not buttons or game.rng.random() < (0.8 if step == 0 else 0.3)):
                menu = game.rng.choice(selects)
                record = await game.person.begin_select(panel, menu.custom_id, [game.rng.choice(menu.options).value])
            else:
                button = game.rng.choice(buttons)
                assert button.custom_id is not None
                record = await game.person.begin_click(panel, button.custom_id)
            public = game.public_calls
            measure = self.watcher.begin(game, "move", record)
            await self.answered(game, record)
            self.charge_cpu(measure)
            after = self.double.response_message(record)
            version = _version(after) if after is not None else None
            if after is not None and self.stale in after.content:
                # an older view (the game moved, or the bot restarted): the answer is the current one, no move
                measure.kind = "step"
                self.stale_answers += 1
                self._note(game, record, f"stale, version {before} -> {version}")
                before, panel = version, after
                continue
            # the answer shows a newer version; or a deferred answer, then the panel or the table showed the move
            if (version is not None and before is not None and version > before) or (version is None and await
                    self.watcher.until(partial(self._moved, game, public, panel.id, before), MOVE_SHOWN_SECONDS)):
                game.moves += 1
                await self.watcher.until(game.idle)  # the table's edit is done: what it shows can be read
                if self._made_for(game):
                    measure.kind = "made_for"  # not this click's: it came after the computers' thinking time
                self._note(game, record, f"{measure.kind}, version {before} -> {version}")
                return True
            measure.kind = "step"  # the composer moved on (or explained a refusal); no move yet
            self._note(game, record, f"step, version {before} -> {version}")
            if after is None or after.id != panel.id:
                return False
            panel = after
        return False


def _recent_public(channel: Channel, count: int) -> list[Message]:
    """The newest `count` public messages, oldest first. The table is edited in place, so hand panels
    (ephemeral, in the same thread) pile up after it: counting them would lose it."""
    found: list[Message] = []
    for message in reversed(channel.messages):
        if not message.ephemeral and not message.deleted:
            found.append(message)
            if len(found) == count:
                break
    return found[::-1]


def _playable(component: Button | SelectMenu) -> bool:
    """Moves and composer steps: not navigation, not "back", not the version-free info buttons."""
    if component.custom_id is None or getattr(component, "disabled", False):
        return False
    if isinstance(component, SelectMenu) and not component.options:
        return False
    match = VERSIONED.match(component.custom_id)
    return match is not None and not NAV_VERBS.match(component.custom_id)


def _version(message: Message) -> int | None:
    ids = [b.custom_id for b in message.buttons] + [s.custom_id for s in message.selects]
    versions = [int(m[1]) for c in ids if c and (m := VERSIONED.match(c))]
    return max(versions) if versions else None


# ---------------------------------------------------------------- the bot's side (its own process)


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


def _child(api_url: str, gateway_url: str, token: str, database: str, profile: str) -> None:
    """``database`` is a SQLite path, or "env" for the URL in TEAHOUSE_BENCH_DATABASE_URL (a password
    stays off the command line)."""
    """Run the real bot against the double at these URLs until SIGTERM; optionally profile it."""
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


class _GcPauses:
    """A ``gc.callbacks`` hook: how long each collection held a process's thread, per generation (wall and CPU
    time: on a busy machine the wall time also counts waits for a core)."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[tuple[float, float]]] = {0: [], 1: [], 2: []}  # (wall s, CPU s) each
        self._started = (0.0, 0.0)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter(), time.thread_time()
        else:
            wall, cpu = self._started
            self.pauses[info["generation"]].append((time.perf_counter() - wall, time.thread_time() - cpu))

    def lines(self) -> list[str]:
        out = []
        for generation, pauses in self.pauses.items():
            if pauses:
                walls, cpus = [w for w, _ in pauses], [c for _, c in pauses]
                out.append(f"gen{generation}: {len(pauses)} collections, {sum(walls):.2f} s in all (CPU {sum(cpus):.2f} s), "
                           f"worst {1000 * max(walls):.0f} ms (CPU {1000 * max(cpus):.0f} ms)")
        return out


_GC = _GcPauses()  # the bot's (in its process)


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


def _print_warnings(log: Path) -> None:
    """The bot's own account of slow answers and Discord's limits: late acknowledgements (how long the
    bot held each) and global rate limits, counted, with a few examples."""
    text = log.read_text(errors="replace") if log.exists() else ""
    for marker in ("the bot held it", "Global rate limit", "the computers stopped", "behind", "loop lag",
                   "garbage collection", "objects a full collection", "global pacer", "busiest second at the bot",
                   "table requests", "pictures drawn"):
        lines = [line for line in text.splitlines() if marker in line]
        if lines:
            print(f"  bot log, {len(lines)} x {marker!r}: " + " | ".join(line[:400] for line in lines[:4]),
                  file=sys.stderr)


def _print_pacer_line(log: Path) -> None:
    """The pacer's line every 10 s (``_pacer_line``): waiting/held, requests and turns, hold in ms, pictures."""
    text = log.read_text(errors="replace") if log.exists() else ""
    found = re.findall(r"pacer line at (\d+) s: (\d+) waiting, (\d+) turns held; in \d+ s: (\d+) requests, (\d+) "
                       r"turns held (\d+) ms on average; (\d+) pictures queued", text)
    if found:
        print("  pacer line every 10 s (s: waiting/held, requests/turns, hold ms, pictures queued): "
              + " ".join(f"{t}:{w}/{h},{r}/{n},{ms},{q}" for t, w, h, r, n, ms, q in found), file=sys.stderr)


def _pictures_drawn(log: Path) -> dict[str, int]:
    """The pictures the bot drew, by renderer function, from its log (written when it stops; games opening
    included, so a little more than the play's)."""
    text = log.read_text(errors="replace") if log.exists() else ""
    found = re.findall(r"pictures drawn: (\{.*?\});", text)
    return json.loads(found[-1]) if found else {}


class BotProcess:
    """The bot under test in a child process; its CPU time is read from /proc."""

    def __init__(self, double: DiscordDouble, folder: Path, profile: str = "", database_url: str = "",
                 deals: str = "", computer_delay: float = 0.0) -> None:
        self.double = double
        self.computer_delay = computer_delay  # the computers' thinking time (the bot's default is 1.5 s)
        self.deals = deals  # "" = the bot draws its deals as it does for players; else the bench's seed
        self.folder = folder
        self.profile = profile
        self.database_url = database_url  # "" = a SQLite file in the folder
        self.proc: asyncio.subprocess.Process | None = None
        self.log = folder / "bot.log"

    async def start(self, settle: bool = True) -> None:
        """Start the bot and wait until it is connected; with ``settle``, also until it is quiet (a fresh start: a
        restart among live games is never quiet for long)."""
        database = "env" if self.database_url else str(self.folder / "teahouse.db")
        args = ["-m", "tests.bench.e2e", "--child", self.double.api_url, self.double.gateway_url,
                self.double.token, database, self.profile]
        env = {**os.environ, "TEAHOUSE_BENCH_DATABASE_URL": self.database_url, "TEAHOUSE_BENCH_DEALS": self.deals,
               "TEAHOUSE_BENCH_COMPUTER_DELAY": str(self.computer_delay)}
        with open(self.log, "ab") as log:  # a restarted bot (the soak run) writes on after the killed one
            # TEAHOUSE_BENCH_BOT_DIR: the bot's code from another checkout (before/after pairs, one harness)
            self.proc = await asyncio.create_subprocess_exec(sys.executable, *args, stderr=log, env=env,
                                                             stdout=asyncio.subprocess.DEVNULL,
                                                             cwd=os.environ.get("TEAHOUSE_BENCH_BOT_DIR") or None)
        await self.double.gateway.wait_ready(timeout=60)
        if settle:
            await self.double.settle(window=0.3, timeout=60)

    def cpu_seconds(self) -> float:
        """CPU seconds of the bot and any worker processes it started, every thread, to the nanosecond."""
        if self.proc is None:
            return 0.0
        self._tree = tree(self.proc.pid)
        return sum(process_cpu_seconds(pid) for pid in self._tree)

    def main_cpu_seconds(self) -> float:
        """CPU seconds of the bot's own process alone (its worker processes, which draw the pictures, left out)."""
        return 0.0 if self.proc is None else process_cpu_seconds(self.proc.pid)

    def cpu_seconds_fast(self) -> float:
        """As ``cpu_seconds``, over the processes found by its last call (read around every interaction)."""
        if self.proc is None:
            return 0.0
        return sum(process_cpu_seconds(pid) for pid in getattr(self, "_tree", [self.proc.pid]))

    def rss_mb(self) -> float:
        """Resident memory of the bot and its worker processes, MiB."""
        if self.proc is None:
            return 0.0
        return sum(rss_kb(pid) for pid in tree(self.proc.pid)) / 1024

    async def stop(self) -> None:
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.proc.wait(), 30)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()

    def errors(self) -> list[str]:
        """ERROR lines of the bot's log; a log with any is kept (its path is printed) for a look."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        found = [line for line in text.splitlines() if line.startswith(("ERROR", "CRITICAL"))]
        if found:
            kept = Path(tempfile.gettempdir()) / f"teahouse-e2e-bot-{os.getpid()}.log"
            kept.write_text(text)
            print(f"  the bot logged errors: {kept}", file=sys.stderr)
        return found


# ---------------------------------------------------------------- one run


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
    double_gc = _GcPauses()
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
            drawn = _pictures_drawn(bot.log)
            _print_warnings(bot.log)
            _print_pacer_line(bot.log)
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
        _child(*sys.argv[2:7])
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
