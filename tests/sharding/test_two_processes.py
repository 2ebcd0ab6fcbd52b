"""Shards spread over two bot processes on one database, one of them SIGKILLed and replaced.

Two real bot processes (subprocesses, like production) connect to the double at once, one per
gateway shard; each server's events reach the process that runs its shard. Each server hosts
two games with two people each (so they are rated). At random moments a process is killed with
SIGKILL and a replacement is started with its shards: it resumes that process's running games
from the database, and the people go on clicking the same buttons. In the end every game has
its final summary, each result and rating is written exactly once and replays from its seed and
action log, and ``/leaderboard`` in each server shows exactly that server's players.

Runs on PostgreSQL (the point) and on one SQLite file shared by both processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
from pathlib import Path

import pytest

from bot.i18n import t
from bot.storage import Storage
from tests.discord_double import DiscordDouble, InteractionFailed
from tests.discord_double.errors import UserActionError
from tests.discord_double.gateway import Session
from tests.discord_double.model import Channel
from tests.discord_double.people import Person
from tests.pg_fixtures import NewUrl
from tests.play.driver import final_summary, play_one_step, table_message, to_move
from tests.resilience.helpers import replays_to_its_result

#: bot processes started, killed and replaced over whole games: minutes, not seconds:
#: `pytest -m slow` runs it (CI does, after README's `pytest`)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2
KILLS = int(os.environ.get("TEAHOUSE_SHARD_KILLS", "2"))
#: (game, options, seats) hosted in every server: two people and computers, short matches
GAMES = (("zhengshangyou", "mode=individual target_score=2", 4), ("gostop", "rounds=1", 3))


class ShardProcess:
    """The bot process that runs one shard: start, SIGKILL, start a replacement. A spare has done its
    imports and waits for "go", so a replacement connects quickly."""

    def __init__(self, double: DiscordDouble, database_url: str, shard: int, logs: Path,
                 command_sync: str | None = None) -> None:
        self.double, self.database_url, self.shard, self.logs = double, database_url, shard, logs
        self.command_sync = command_sync or ("global" if shard == 0 else "off")
        self.process: asyncio.subprocess.Process | None = None
        self.spare: asyncio.subprocess.Process | None = None
        self.spawned = 0

    async def _spawn(self) -> asyncio.subprocess.Process:
        env = {**os.environ, "TEAHOUSE_TEST_TOKEN": self.double.token, "PYTHONPATH": str(ROOT),
               "TEAHOUSE_TEST_DATABASE_URL": self.database_url}
        self.spawned += 1
        log = self.logs / f"shard{self.shard}-{self.spawned}.log"
        with open(log, "wb") as out:
            return await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.sharding.bot_process", self.double.api_url, self.double.gateway_url,
                str(SHARDS), str(self.shard), self.command_sync, cwd=str(ROOT), env=env,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.DEVNULL, stderr=out)

    def _live_session(self) -> Session | None:
        live = [s for s in self.double.gateway.sessions.values()
                if s.shard_id == self.shard and s.resumable and s.connection is not None]
        return live[-1] if live else None

    async def start(self) -> None:
        """Start (or replace) this shard's process; returns once it has identified and gone quiet."""
        before = self._live_session()
        self.process, self.spare = self.spare or await self._spawn(), None
        self.spare = await self._spawn()
        assert self.process.stdin is not None
        self.process.stdin.write(b"go\n")
        await self.process.stdin.drain()
        for _ in range(3000):
            session = self._live_session()
            if session is not None and session is not before:
                break
            assert self.process.returncode is None, f"the shard {self.shard} process died: see {self.logs}"
            await asyncio.sleep(0.02)
        else:
            raise AssertionError(f"shard {self.shard} did not connect")
        await self.double.settle()

    async def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()

    async def stop(self) -> None:
        for process in (self.spare, self.process):
            if process is not None and process.returncode is None:
                process.send_signal(signal.SIGKILL)
                await process.wait()


async def _open(double: DiscordDouble, channel: Channel, host: Person, guest: Person, game: str, options: str,
                seats: int) -> Channel:
    before = {c.id for c in double.threads}
    lobby = await host.run("/game new", channel=channel, game=game, options=options)
    lobby = await guest.click(lobby, t("en", "games.button.join"))
    for _ in range(seats - 2):
        lobby = await host.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
    await host.click(lobby, t("en", "games.button.start"))
    await double.settle()
    [thread] = [c for c in double.threads if c.id not in before]
    return thread


@pytest.fixture(params=[pytest.param("postgresql", marks=pytest.mark.postgres), "sqlite"])
def new_database(request: pytest.FixtureRequest, tmp_path: Path) -> NewUrl:
    """``await new_database()``: an empty database on this run's backend."""
    if request.param == "postgresql":
        maker: NewUrl = request.getfixturevalue("new_postgres_url")
        return maker

    async def sqlite_file() -> str:
        return f"sqlite:///{tmp_path / 'teahouse.db'}"

    return sqlite_file


async def test_two_processes_one_killed_and_replaced_finish_every_game_once(
        double: DiscordDouble, new_database: NewUrl, tmp_path: Path) -> None:
    database_url = await new_database()
    double.shard_count = SHARDS  # what GET /gateway/bot recommends
    rng = random.Random(int(os.environ.get("TEAHOUSE_SHARD_SEED", "2424")))
    guilds = {shard: double.add_guild_on_shard(f"Shard {shard} server", shard, SHARDS) for shard in range(SHARDS)}
    channels = {shard: double.add_channel(guild, "games") for shard, guild in guilds.items()}
    players = {(shard, i): [double.add_person(f"s{shard}g{i}{who}", guild) for who in "ab"]
               for shard, guild in guilds.items() for i in range(len(GAMES))}
    processes = {shard: ShardProcess(double, database_url, shard, tmp_path) for shard in range(SHARDS)}
    double.take_bot_errors()
    try:
        for shard in range(SHARDS):  # shard 0 first: it registers the commands
            await processes[shard].start()
        assert {s.shard_id for s in double.gateway.sessions.values() if s.connection is not None} == {0, 1}

        threads: dict[tuple[int, int], Channel] = {}
        for (shard, i), (host, guest) in players.items():
            game, options, seats = GAMES[i]
            threads[shard, i] = await _open(double, channels[shard], host, guest, game, options, seats)

        kills: list[tuple[int, int]] = []  # (step, shard)
        next_kill = rng.randint(3, 40)
        done: set[tuple[int, int]] = set()
        for step in range(6000):
            if len(done) == len(threads):
                break
            if len(kills) < KILLS and step >= next_kill:
                shard = rng.randrange(SHARDS)
                await asyncio.sleep(rng.uniform(0, 0.05))  # somewhere inside whatever the process is doing
                await processes[shard].kill()
                kills.append((step, shard))
                if rng.random() < 0.5:  # sometimes people click while the shard is down
                    with contextlib.suppress(UserActionError, InteractionFailed):
                        key = rng.choice([k for k in threads if k[0] == shard])
                        await play_one_step(threads[key], players[key], rng)
                await processes[shard].start()
                next_kill = step + rng.randint(10, 60)
            key = rng.choice(sorted(set(threads) - done))
            try:
                if await play_one_step(threads[key], players[key], rng):
                    done.add(key)
            except (UserActionError, InteractionFailed):  # a click on its way when a process was killed
                double.take_violations()
            await double.settle()
        stuck = {key: (table.content if (table := table_message(threads[key])) else None)
                 for key in set(threads) - done}
        assert not stuck, f"unfinished after kills {kills} (the last table of each): {stuck}"
        assert len(kills) == KILLS

        # /leaderboard in each server, answered by the process that runs its shard, lists its own players
        for shard in range(SHARDS):
            for i, (game, _, _) in enumerate(GAMES):
                board = await players[shard, 0][0].run("/leaderboard", channel=channels[shard], game=game)
                for (other, j), people in players.items():
                    for person in people:
                        shown = person.mention in board.content
                        assert shown == (other == shard and j == i), (shard, game, person.name, board.content)
    finally:
        for process in processes.values():
            await process.stop()
    double.take_bot_errors()
    double.take_violations()
    errors = [f"{log.name}: {text[min(i for i in (text.find(' ERROR '), text.find('Traceback')) if i >= 0):][:3000]}"
              for log in sorted(tmp_path.glob("shard*.log"))
              if " ERROR " in (text := log.read_text()) or "Traceback" in text]
    assert not errors, f"the bot processes logged errors (kills {kills}): {errors}"

    storage = await Storage.open(database_url)
    try:
        for (shard, i), people in players.items():
            guild, game = guilds[shard].id, GAMES[i][0]
            [entry] = [h for h in await storage.history(guild, limit=50) if h.game == game]  # recorded once
            record = await storage.game_record(entry.game_id)
            assert record is not None and replays_to_its_result(record), (shard, game)
            assert entry.rated
            for person in people:
                [stats] = await storage.stats(guild, person.id)
                assert (stats.game, stats.games, stats.rated_games) == (game, 1, 1)
                [seat] = [s for s in entry.seats if s.user_id == person.id]
                assert seat.rating_before is None and seat.rating_after == stats.rating  # rated once, from fresh
                for period in ("week", "month"):
                    rows = await storage.leaderboard(guild, game, sort="points", period=period, limit=10)
                    assert [r.games for r in rows if r.user_id == person.id] == [1]
            assert await storage.leaderboard_size(guild, game, sort="rating") == 2
        assert await storage.active_snapshots() == []
        assert (await storage._db.fetchone("SELECT COUNT(*) FROM games")) == (len(players),)
    finally:
        await storage.close()
    print(f"\nkills (step, shard): {kills}")


@pytest.mark.postgres
async def test_a_replacement_process_resumes_the_turn_clock_of_a_game_it_took_over(
        double: DiscordDouble, new_postgres_url: NewUrl, tmp_path: Path) -> None:
    """Killed while a person's turn clock runs, the process's replacement moves for them when the
    time is up: nobody clicks anything after the kill. (If the old process's clock fired before the
    kill landed, the takeover is tried again on the person's next turn.)"""
    database_url = await new_postgres_url()
    guild = double.add_guild_on_shard("Clock server", 1, SHARDS)
    channel = double.add_channel(guild, "games")
    zoe = double.add_person("zoe", guild)
    process = ShardProcess(double, database_url, 1, tmp_path, command_sync="global")
    storage = await Storage.open(database_url)
    double.take_bot_errors()
    try:
        await process.start()
        before = {c.id for c in double.threads}
        lobby = await zoe.run("/game new", channel=channel, game="gostop", options="rounds=1", turn_seconds=10)
        for _ in range(2):
            lobby = await zoe.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
        await zoe.click(lobby, t("en", "games.button.start"))
        await double.settle()
        [thread] = [c for c in double.threads if c.id not in before]

        async def version() -> int | None:
            snapshots = await storage.active_snapshots()
            return snapshots[0].state_version if snapshots else None

        taken_over_at: int | None = None
        for _ in range(5):
            for _ in range(3000):  # until it is her turn (the computers move at once)
                table = table_message(thread)
                if table is not None and zoe.id in to_move(table) or final_summary(thread) is not None:
                    break
                await asyncio.sleep(0.02)
            assert final_summary(thread) is None, "the game ended before a takeover could be tried"
            waiting = await version()
            assert waiting is not None, "the running game has no snapshot"
            await process.kill()
            if await version() == waiting:  # killed with her clock still running
                taken_over_at = waiting
                await process.start()
                break
            await process.start()
        assert taken_over_at is not None, "the old process's clock fired first every time"
        for _ in range(3000):  # nobody clicks: only the replacement's clock can move the game on
            now = await version()
            if now is None or now > taken_over_at:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the replacement did not resume the turn clock")
    finally:
        await process.stop()
        await storage.close()
    double.take_bot_errors()
    double.take_violations()
