"""The database fails under a game, and the bot's own ends of a game: nothing stalls, nothing is lost,
nothing is said twice, and what is said comes after what is stored.

Faults are injected where the disk is: the SQLite connection's ``execute`` raises what SQLite raises
("disk I/O error", "database or disk is full") for the chosen statements, as many times as asked.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table.session import PLAYING
from tests.conftest import StartTeahouse
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.discord_double.people import Person
from tests.play.driver import final_summary, games_cog, play_one_step

from .helpers import SHORT, move_button, open_table, play_on, replays_to_its_result, session_of


class DiskFaults:
    """Make the bot's SQLite connection fail statements that start with ``prefix``."""

    def __init__(self, bot: TeahouseBot) -> None:
        self.conn: Any = bot.storage._db._conn  # type: ignore[attr-defined]
        self.real: Callable[..., Awaitable[Any]] = self.conn.execute
        # [prefix, times left (None: until cleared), message, which parameters (None: any)]
        self.rules: list[list[Any]] = []
        self.failed = 0
        self.conn.execute = self._execute

    def fail(self, prefix: str, times: int | None = 1, message: str = "disk I/O error",
             when: Callable[[Sequence[Any]], bool] | None = None) -> None:
        """Fail the statements that start with ``prefix`` (and whose parameters ``when`` accepts)."""
        self.rules.append([prefix, times, message, when])

    def clear(self) -> None:
        self.rules.clear()

    def _execute(self, sql: str, *args: Any, **kwargs: Any) -> Any:
        for rule in self.rules:
            if sql.lstrip().startswith(rule[0]) and rule[1] != 0 and (rule[3] is None or rule[3](
                    args[0] if args else ())):
                if rule[1] is not None:
                    rule[1] -= 1
                self.failed += 1
                raise sqlite3.OperationalError(rule[2])
        return self.real(sql, *args, **kwargs)


async def _saved_version(bot: TeahouseBot, game_id: int) -> int | None:
    for snapshot in await bot.storage.active_snapshots():
        if snapshot.game_id == str(game_id):
            return snapshot.state_version
    return None


def _warnings(caplog: pytest.LogCaptureFixture, text: str) -> list[logging.LogRecord]:
    """The bot's warnings that contain ``text``; none may carry a traceback."""
    found = [r for r in caplog.records if r.name.startswith("teahouse") and text in r.getMessage()]
    assert all(r.exc_info is None for r in found)
    return found


async def test_a_move_whose_save_fails_is_retried_then_undone_and_the_game_never_stalls(
        double: DiscordDouble, bot: TeahouseBot, caplog: pytest.LogCaptureFixture) -> None:
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    session = session_of(bot, where)
    assert session is not None
    disk = DiskFaults(bot)
    moves = 0
    undone: list[str] = []

    async def fault(person: Person, panel: Message) -> None:
        nonlocal moves
        button = move_button(panel)
        if button is None:
            return
        moves += 1  # every other move with a one-click button gets a fault, the first one the worst
        if moves % 2 == 0:
            return
        before = (session.version, len(session.log))
        if (moves // 2) % 2:  # one failed write: tried again, the move stands and nobody hears of it
            disk.fail("INSERT INTO snapshots", times=1)
            reply = await person.click(panel, button)
            assert session.version > before[0] and t("en", "resilience.save_failed") not in reply.content
        else:  # the disk keeps failing: the move is undone and the person is told privately
            disk.fail("INSERT INTO snapshots", times=None)
            reply = await person.click(panel, button)
            disk.clear()
            assert reply.ephemeral and t("en", "resilience.save_failed") in reply.content, reply.content
            assert (session.version, len(session.log)) == before  # memory is back at the saved state
            assert await _saved_version(bot, session.id) == session.version  # and agrees with the database
            undone.append(reply.content)
        await double.settle()

    final = await play_on(double, bot, where, [alice], seed=5, before_move=fault)

    assert final is not None and undone and disk.failed > len(undone)  # games stalled: 0
    assert double.take_bot_errors() == [] and len(_warnings(caplog, "not saved")) == len(undone)
    history = await bot.storage.history(double.guild.id)
    record = await bot.storage.game_record(history[0].game_id)
    assert len(history) == 1 and record is not None and replays_to_its_result(record)  # moves lost: 0


# the second seed with ``pytest -m slow`` (README's test command stays under 5 minutes: it was at 306 s)
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
async def test_computer_moves_whose_save_fails_are_made_again_and_the_game_never_stalls(
        double: DiscordDouble, bot: TeahouseBot, seed: int) -> None:
    """A burst of computer moves is saved once, by whatever shows it first: the computers' driver, or the
    table or a live panel. When that save fails for good, the moves are undone (nobody saw them) and must
    be made again. A burst that ends the hand stops the driver with no save of its own, so the table saves
    it; when that failed, the hand's end was undone and nobody made the moves again: the game waited for
    ever with a computer to move (#43)."""
    alice = double["alice"]
    where, _ = await open_table(double, alice, "zhengshangyou", "mode=individual target_score=6", computers=3)
    disk = DiskFaults(bot)
    hands_refused = 0

    def hand_over(params: Sequence[Any]) -> bool:
        return json.loads(params[13]).get("paused_until") is not None  # the snapshot's ``extra``: between hands

    async def refuse_the_hands_end(person: Person, panel: Message) -> None:
        """The first save of a hand's end fails, every try of it, for three hands."""
        nonlocal hands_refused
        if hands_refused < 3 and not any(rule[1] for rule in disk.rules):
            disk.clear()
            disk.fail("INSERT INTO snapshots", times=3, when=hand_over)
            hands_refused += 1

    final = await play_on(double, bot, where, [alice], seed=seed, before_move=refuse_the_hands_end)

    assert final is not None and disk.failed >= 6  # games stalled: 0 (play_on fails on a stuck game)
    assert double.take_bot_errors() == []
    history = await bot.storage.history(double.guild.id)
    record = await bot.storage.game_record(history[0].game_id)
    assert len(history) == 1 and record is not None and replays_to_its_result(record)  # moves lost: 0


async def test_a_result_the_disk_refuses_is_recorded_and_summarised_once_after_a_restart(
        double: DiscordDouble, teahouse: StartTeahouse, caplog: pytest.LogCaptureFixture) -> None:
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    async with teahouse(computer_delay_seconds=0.0) as bot:
        where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
        DiskFaults(bot).fail("INSERT INTO games", times=None, message="database or disk is full")
        final = await play_on(double, bot, where, [alice], seed=2)
        await double.settle()
        assert final is None  # nothing says the match is over before it is recorded
        assert await bot.storage.history(double.guild.id) == []
        assert double.take_bot_errors() == [] and len(_warnings(caplog, "not recorded")) == 1  # handled, once
    async with teahouse(computer_delay_seconds=0.0) as bot:
        await double.settle()
        marker = t("en", "games.summary.match_over", game="").split("**")[-1].strip()
        assert len([m for m in where.public_messages if marker in m.content]) == 1
        history = await bot.storage.history(double.guild.id)
        assert len(history) == 1 and not history[0].abandoned
        assert not games_cog(bot).sessions and await bot.storage.active_snapshots() == []
    assert double.take_bot_errors() == [] and len(_warnings(caplog, "not recorded")) == 1
    assert not [r for r in caplog.records if "never retrieved" in r.getMessage()]


async def test_a_bot_stopped_between_recording_and_announcing_announces_at_its_next_start(
        double: DiscordDouble, teahouse: StartTeahouse) -> None:
    """The kill test's unfinished game: the result was recorded (with the snapshot dropped in the same
    transaction), then the process stopped before the summary was posted, and nothing ever posted it."""
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    marker = t("en", "games.summary.match_over", game="").split("**")[-1].strip()
    async with teahouse(computer_delay_seconds=0.0) as bot:
        where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
        session = session_of(bot, where)
        assert session is not None
        stopping: list[asyncio.Task[None]] = []

        def stop_while_announcing(_: Message) -> None:
            """The end has begun and the result is recorded: the next post hangs, and the bot stops."""
            if session.phase == PLAYING or stopping:
                return
            with sqlite3.connect(bot.config.database_path) as db:
                if db.execute("SELECT COUNT(*) FROM games").fetchone()[0]:
                    double.faults.delay("POST /channels/{channel_id}/messages", 1.0, times=1)
                    stopping.append(asyncio.create_task(bot.close()))

        double.observers.append(stop_while_announcing)
        rng = random.Random(2)
        for _ in range(3000):
            if stopping or await play_one_step(where, [alice], rng):
                break
            await double.settle()
        assert stopping, "the match never ended"
        await stopping[0]
        double.observers.remove(stop_while_announcing)
        with sqlite3.connect(bot.config.database_path) as db:  # recorded, its snapshot kept for the announcement
            assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
            assert db.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0] == 1
    await double.settle()
    assert not [m for m in where.public_messages if marker in m.content]  # ... and never said
    async with teahouse(computer_delay_seconds=0.0) as bot:
        await double.settle()
        assert len([m for m in where.public_messages if marker in m.content]) == 1
        assert len(await bot.storage.history(double.guild.id)) == 1  # recorded once
        assert not games_cog(bot).sessions and await bot.storage.active_snapshots() == []


async def test_the_result_is_recorded_before_the_summary_says_the_match_is_over(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    """The sharding flake: /leaderboard right after the summary said "no rated results yet"."""
    alice, bob = double["alice"], double["bob"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, joiners=(bob,), computers=seats - 2)
    marker = t("en", "games.summary.match_over", game="").split("**")[-1].strip()
    seen: list[int] = []

    def on_message(message: Message) -> None:
        if marker in message.content and not seen:
            with sqlite3.connect(bot.config.database_path) as db:  # what any other reader sees right now
                seen.append(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    double.observers.append(on_message)
    final = await play_on(double, bot, where, [alice, bob], seed=3)

    assert final is not None and seen == [1]
    board = await alice.run("/leaderboard", game="zhengshangyou")
    assert f"<@{alice.id}>" in board.content or alice.name in board.content


async def test_abandon_stores_no_result_and_history_says_abandoned(double: DiscordDouble,
                                                                   bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, joiners=(bob,), computers=seats - 2)
    await double.settle()

    reply = await alice.run("/game abandon", channel=where)
    await double.settle()

    assert reply.ephemeral and session_of(bot, where) is None
    assert final_summary(where) is None  # no "the match is over", nobody placed first
    assert any(m.content == t("en", "games.abandoned") for m in where.public_messages)
    history = await bot.storage.history(double.guild.id)
    assert len(history) == 1 and history[0].abandoned and not history[0].rated
    assert all(not s.won and s.place == 0 and s.points == 0 for s in history[0].seats)
    assert await bot.storage.stats(double.guild.id, alice.id) == []  # no totals, no games counted
    shown = await alice.run("/history")
    assert t("en", "history.abandoned") in shown.content and "winner: —" in shown.content
    assert double.take_bot_errors() == []


async def test_a_server_that_removed_the_bot_ends_its_games_unrated_and_is_left_alone(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    options, seats = SHORT["zhengshangyou"]
    first, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    assert await play_on(double, bot, first, [alice], seed=4) is not None  # a finished record, which stays
    where, _ = await open_table(double, alice, "zhengshangyou", options, joiners=(bob,), computers=seats - 2)
    session = session_of(bot, where)
    assert session is not None and session.rated

    for channel in (double.default_channel, *double.threads):  # 403/50001 on every route
        double.lock_out(channel)
    games_cog(bot).refresh_table(session)
    await double.settle()
    double.gateway.dispatch(double.guild.id, "GUILD_DELETE", {"id": str(double.guild.id)})
    await double.settle()
    calls = len(double.calls)
    for _ in range(6):  # an hour passes: turn clocks, computers, table retries would all be due
        double.clock.advance(600)
        await double.settle()

    assert len(double.calls) == calls  # nothing keeps retrying a server the bot has left
    assert not games_cog(bot).sessions and await bot.storage.active_snapshots() == []
    history = await bot.storage.history(double.guild.id)
    assert [h.abandoned for h in history] == [True, False] and not history[0].rated
    assert double.take_bot_errors() == []
