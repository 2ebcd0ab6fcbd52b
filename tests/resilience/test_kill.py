"""SIGKILL at random moments: every game resumes at its last committed move and finishes.

The bot runs as a subprocess against the double. Four people each host a short game of a
different kind (one person and computers) and play it through the buttons; meanwhile the
bot is killed with SIGKILL at random moments and started again. In the end every game has
its final summary, each result is recorded exactly once and replays from its seed and action
log, and SQLite's integrity check is ok.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
import sys
from pathlib import Path
from types import SimpleNamespace

from bot.i18n import t
from tests.discord_double import DiscordDouble, InteractionFailed
from tests.discord_double.errors import UserActionError
from tests.discord_double.model import Channel
from tests.discord_double.people import Person
from tests.play.driver import MatchLog, choose, final_summary, table_message, to_move

from .helpers import SHORT, count, replays_to_its_result

KILLS = count("KILLS", 12, 12)
ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """Start, SIGKILL and restart the bot process; counts the kills. A spare process has done its
    imports and waits for "go", so a restart is quick."""

    def __init__(self, double: DiscordDouble, database: Path) -> None:
        self.double, self.database = double, database
        self.process: asyncio.subprocess.Process | None = None
        self.spare: asyncio.subprocess.Process | None = None
        self.kills = 0

    async def _spawn(self) -> asyncio.subprocess.Process:
        env = {**os.environ, "TEAHOUSE_TEST_TOKEN": self.double.token, "PYTHONPATH": str(ROOT)}
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.resilience.bot_process", self.double.api_url, self.double.gateway_url,
            str(self.database), cwd=str(ROOT), env=env, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)

    async def start(self) -> None:
        identifies = self.double.gateway.identifies
        self.process, self.spare = self.spare or await self._spawn(), await self._spawn()
        assert self.process.stdin is not None
        self.process.stdin.write(b"go\n")
        await self.process.stdin.drain()
        for _ in range(1500):
            if self.double.gateway.identifies > identifies:
                break
            assert self.process.returncode is None, "the bot process died"
            await asyncio.sleep(0.02)
        await self.double.settle()

    async def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        self.kills += 1

    async def stop(self) -> None:
        for process in (self.spare, self.process):
            if process is not None and process.returncode is None:
                process.send_signal(signal.SIGKILL)
                await process.wait()


async def _step(double: DiscordDouble, where: Channel, host: Person, rng: random.Random) -> bool:
    """One move by the host if it is their turn; True once the game is over."""
    if final_summary(where) is not None:
        return True
    table = table_message(where)
    if table is None:
        return False
    if table.has_button(t("en", "games.button.next_hand")):
        await host.click(table, t("en", "games.button.next_hand"))
    elif host.id in to_move(table):
        panel = await host.click(table, t("en", "games.button.hand"))
        await choose(host, panel, rng, MatchLog())
    return False


async def test_sigkill_at_random_moments_loses_no_committed_move(double: DiscordDouble, tmp_path: Path) -> None:
    database = tmp_path / "teahouse.db"
    bot = BotProcess(double, database)
    rng = random.Random(1414)
    hosts = {"goita": double["alice"], "zhengshangyou": double["bob"], "gostop": double["carol"],
             "gouji": double["dave"]}
    double.take_bot_errors()
    await bot.start()
    try:
        threads: dict[str, Channel] = {}
        for game, host in hosts.items():
            options, seats = SHORT[game]
            before = {c.id for c in double.threads}
            lobby = await host.run("/game new", game=game, options=options)
            for _ in range(seats - 1):
                lobby = await host.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
            await host.click(lobby, t("en", "games.button.start"))
            await double.settle()
            threads[game] = next(c for c in double.threads if c.id not in before)
        next_kill = asyncio.get_running_loop().time() + rng.uniform(0.3, 1.5)
        done: set[str] = set()
        for _ in range(5000):
            if len(done) == len(hosts):
                break
            if bot.kills < KILLS and asyncio.get_running_loop().time() >= next_kill:
                await asyncio.sleep(rng.uniform(0, 0.05))  # somewhere inside whatever the bot is doing
                await bot.kill()
                await bot.start()
                next_kill = asyncio.get_running_loop().time() + rng.uniform(0.3, 1.5)
            game = rng.choice(sorted(set(hosts) - done))
            try:
                if await _step(double, threads[game], hosts[game], rng):
                    done.add(game)
            except (UserActionError, InteractionFailed):  # killed while the click was on its way
                double.take_violations()
            await double.settle()
        assert done == set(hosts), f"unfinished: {set(hosts) - done}"
    finally:
        await bot.stop()
    double.take_bot_errors()
    double.take_violations()

    with contextlib.closing(sqlite3.connect(database)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = db.execute("SELECT game_id, game, options, seed, actions FROM games").fetchall()
        assert sorted(r[1] for r in rows) == sorted(hosts)  # each result recorded once
        for game_id, game, options, seed, actions in rows:
            places = [p for (p,) in db.execute(
                "SELECT place FROM game_seats WHERE game_id = ? ORDER BY seat", (game_id,))]
            record = SimpleNamespace(game=game, seats=places, seed=int(seed), options=json.loads(options),
                                     actions=json.loads(actions), places=tuple(places))
            assert replays_to_its_result(record), game
        assert db.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0] == 0
    print(f"\nkills survived: {bot.kills}")
    assert bot.kills >= KILLS
