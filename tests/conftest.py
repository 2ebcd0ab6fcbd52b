"""Shared fixtures: the Discord double and the real Teahouse bot started against it.

`double` is a started `DiscordDouble` holding the standard world ("Teahouse Test" with
#games, alice..frank and `admin` with Manage Server); a test package that wants it quicker
overrides the `settle_window` fixture. `bot` is the real `TeahouseBot`
started with `bot.start(token)` against it: READY, commands synced, its own SQLite file.
`teahouse` starts more (a restart, other settings): `async with teahouse(...) as bot:`.
The `double` fixture fails the test at teardown if the bot broke a Discord rule or
logged an error that the test did not take (`double.take_violations()`,
`double.take_bot_errors()`).

Property tests (Hypothesis) run under the "suite" profile loaded here: derandomized (every run
tries the same examples, so a run's answer does not depend on luck), no deadline (a busy machine
is slow, not wrong) and no example database (nothing from earlier runs changes what runs). README's
`pytest` runs short versions; the long ones (`SOAK_GAMES` random games per engine) are marked
`slow` and run with `pytest -m slow` (CI runs both).
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings

from tests.discord_double import DiscordDouble
from tests.discord_double.ratelimits import DEFAULT_LATENCY

if TYPE_CHECKING:
    from bot.app import TeahouseBot

StartTeahouse = Callable[..., AbstractAsyncContextManager["TeahouseBot"]]

#: random games per engine in the slow property runs (what the engine issues asked for)
SOAK_GAMES = 2000
settings.register_profile("suite", derandomize=True, deadline=None, database=None)
settings.load_profile("suite")


@pytest.fixture
def settle_window() -> float:
    """No quiet window: the bot runs in the test's loop, and the double knows when it is at rest
    (`DiscordDouble.quiet`). A test whose bot is another process overrides it (the double sees only its calls)."""
    return 0.0


def deal_from_the_test_name(monkeypatch: pytest.MonkeyPatch, nodeid: str) -> None:
    """Every game a test opens is dealt from seeds drawn from the test's name: a deal that breaks a test
    (a chongtong that ends the first hand at once) breaks it on every run, not once in sixty.

    The cog's dice are ``secrets.randbits(48)``; other draws (discord.py's nonces) stay random.
    `tests.play.driver.fix_deal` still fixes one seed where a test needs a known deal.
    """
    dice = random.Random(nodeid)
    real = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda bits: dice.getrandbits(48) if bits == 48 else real(bits))


@pytest.fixture
async def double(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
                 settle_window: float) -> AsyncIterator[DiscordDouble]:
    deal_from_the_test_name(monkeypatch, request.node.nodeid)
    # Discord-level tests run with network latency (50–250 ms, seeded, charged not slept) and rate limits on
    fake = DiscordDouble(settle_window=settle_window, latency=DEFAULT_LATENCY, rate_limits=True)
    monkeypatch.setattr(time, "time", fake.clock.time)  # the bot's wall clock follows double.clock
    await fake.start()
    fake.add_standard_world()
    try:
        yield fake
        fake.check()
    finally:
        await fake.stop()


def count_database_work(monkeypatch: pytest.MonkeyPatch, double: DiscordDouble) -> None:
    """aiosqlite runs every query in its own thread, which the event loop cannot see: count the queries in
    flight, and the double's settle() waits for them (a move is saved before the table shows it)."""
    import aiosqlite.core

    real = aiosqlite.core.Connection._execute
    in_flight = 0

    async def counted(connection: aiosqlite.Connection, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        nonlocal in_flight
        in_flight += 1
        try:
            return await real(connection, fn, *args, **kwargs)
        finally:
            in_flight -= 1

    monkeypatch.setattr(aiosqlite.core.Connection, "_execute", counted)
    double.busy_checks.append(lambda: in_flight > 0)


@pytest.fixture
def teahouse(double: DiscordDouble, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> StartTeahouse:
    """`async with teahouse(**config) as bot:` runs a real TeahouseBot against the double.

    Every bot of one test shares one SQLite file, so closing one and starting another is
    a restart. Keyword arguments override `Config` fields (e.g. `computer_delay_seconds=0`).
    """
    from bot.app import TeahouseBot
    from bot.config import Config

    count_database_work(monkeypatch, double)

    @asynccontextmanager
    async def start(**settings: Any) -> AsyncIterator[TeahouseBot]:
        config = Config(token=double.token, database_path=str(tmp_path / "teahouse.db"), **settings)
        # guild_ready_timeout: discord.py waits this long for more GUILD_CREATEs before READY (default 2 s).
        client = TeahouseBot(config, guild_ready_timeout=0.05)
        async with double.running(client):
            yield client

    return start


@pytest.fixture
async def bot(teahouse: StartTeahouse) -> AsyncIterator[TeahouseBot]:
    async with teahouse() as client:
        yield client
