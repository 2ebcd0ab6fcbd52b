"""SIGKILL at random moments: every game resumes at its last committed move and finishes.

The bot runs as a subprocess against the double. Four pairs of people each play a short rated
game of a different kind (two people and computers) through the buttons; meanwhile the bot is
killed with SIGKILL at random moments and started again. In the end every game has its final
summary, each result is recorded exactly once (rated) and replays from its seed and action log,
each person's rating is written exactly once (one rated game in their totals, the rating there
being the one their seat records), and SQLite's integrity check is ok.
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

import pytest

from bot.i18n import t
from bot.storage.store import ENDED_VERSION
from tests.discord_double import DiscordDouble, InteractionFailed
from tests.discord_double.errors import UserActionError
from tests.discord_double.model import Channel
from tests.play.driver import play_one_step, table_message

from .helpers import SHORT, count, replays_to_its_result

#: the bot as another process, killed a dozen times over four games: minutes, not seconds:
#: `pytest -m slow` runs it (CI does, after README's `pytest`)
pytestmark = pytest.mark.slow

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


async def test_sigkill_at_random_moments_loses_no_committed_move(double: DiscordDouble, tmp_path: Path) -> None:
    # The bot is another process: the double sees its calls, not its work, so a step waits for 20 ms of
    # quiet (a bounded timing assumption; a step that comes too early only finds nothing to click yet)
    double.settle_window = 0.02
    database = tmp_path / "teahouse.db"
    bot = BotProcess(double, database)
    rng = random.Random(1414)
    extra = (double.add_person("gina"), double.add_person("hank"))
    hosts = {"goita": (double["alice"], double["bob"]), "zhengshangyou": (double["carol"], double["dave"]),
             "gostop": (double["erin"], double["frank"]), "gouji": extra}
    double.take_bot_errors()
    await bot.start()
    try:
        threads: dict[str, Channel] = {}
        for game, (host, guest) in hosts.items():
            options, seats = SHORT[game]
            before = {c.id for c in double.threads}
            lobby = await host.run("/game new", game=game, options=options)
            lobby = await guest.click(lobby, t("en", "games.button.join"))
            for _ in range(seats - 2):
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
                if await play_one_step(threads[game], hosts[game], rng):
                    done.add(game)
            except (UserActionError, InteractionFailed):  # killed while the click was on its way
                double.take_violations()
            await double.settle()
        stuck = {game: (table.content if (table := table_message(threads[game])) else None)
                 for game in set(hosts) - done}
        assert not stuck, f"unfinished (the last table of each): {stuck}"
    finally:
        await bot.stop()
    double.take_bot_errors()
    double.take_violations()

    with contextlib.closing(sqlite3.connect(database)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = db.execute("SELECT game_id, game, options, seed, actions FROM games WHERE rated").fetchall()
        assert sorted(r[1] for r in rows) == sorted(hosts)  # each result recorded once, rated
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == len(hosts)
        people = {p.id for pair in hosts.values() for p in pair}
        totals = db.execute("SELECT user_id, games, rated_games, mu, sigma FROM player_totals").fetchall()
        assert {r[0] for r in totals} == people and all(r[1] == 1 and r[2] == 1 for r in totals), totals
        seats = dict(((r[0]), (r[1], r[2])) for r in db.execute(
            "SELECT user_id, mu_after, sigma_after FROM game_seats WHERE user_id IS NOT NULL"))
        assert len(seats) == len(people)  # one seat each: a result written twice would add a row
        for user_id, _games, _rated, mu, sigma in totals:  # each rating written once: the totals hold
            assert seats[user_id] == (mu, sigma) and mu is not None  # exactly the rating of their one game
        for game_id, game, options, seed, actions in rows:
            places = [p for (p,) in db.execute(
                "SELECT place FROM game_seats WHERE game_id = ? ORDER BY seat", (game_id,))]
            record = SimpleNamespace(game=game, seats=places, seed=int(seed), options=json.loads(options),
                                     actions=json.loads(actions), places=tuple(places))
            assert replays_to_its_result(record), game
        # no game left to resume (ended games keep a tombstone row, which no late save brings back)
        assert db.execute("SELECT COUNT(*) FROM snapshots WHERE state_version < ?", (ENDED_VERSION,)).fetchone()[0] == 0
    print(f"\nkills survived: {bot.kills}; rated games: {len(rows)}; people rated once: {len(totals)}")
    assert bot.kills >= KILLS
