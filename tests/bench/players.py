"""The benchmark's people (this process): each opens a game, waits for the table to name them, opens their hand,
clicks through the panel until the move is made, and times what they wait for (``Measure``). The end-to-end
run (``e2e.py``), the memory part and the soak run play with them.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.i18n import t
from tests.bench.routes import table_kind
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
