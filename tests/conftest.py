"""Shared fixtures: the Discord double and the real Teahouse bot started against it.

`double` is a started `DiscordDouble` holding the standard world ("Teahouse Test" with
#games, alice..frank and `admin` with Manage Server). `bot` is the real `TeahouseBot`
started with `bot.start(token)` against it: READY, commands synced, its own SQLite file.
Both fail the test at teardown if the bot broke a Discord rule or logged an error that
the test did not take (`double.take_violations()`, `double.take_bot_errors()`).
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.discord_double import DiscordDouble

if TYPE_CHECKING:
    from bot.app import TeahouseBot


@pytest.fixture
async def double(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[DiscordDouble]:
    fake = DiscordDouble()
    monkeypatch.setattr(time, "time", fake.clock.time)  # the bot's wall clock follows double.clock
    await fake.start()
    fake.add_standard_world()
    try:
        yield fake
        fake.check()
    finally:
        await fake.stop()


@pytest.fixture
async def bot(double: DiscordDouble, tmp_path: Path) -> AsyncIterator[TeahouseBot]:
    from bot.app import TeahouseBot
    from bot.config import Config

    config = Config(token=double.token, database_path=str(tmp_path / "teahouse.db"))
    # guild_ready_timeout: discord.py waits this long for more GUILD_CREATEs before READY (default 2 s).
    client = TeahouseBot(config, guild_ready_timeout=0.05)
    async with double.running(client):
        yield client
