"""A quicker double (short settle window) and a bot whose computers move at once, for many games per test."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import TeahouseBot
from bot.config import Config
from tests.discord_double import DiscordDouble


@pytest.fixture
async def double(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[DiscordDouble]:
    fake = DiscordDouble(settle_window=0.02)
    monkeypatch.setattr(time, "time", fake.clock.time)
    await fake.start()
    fake.add_standard_world()
    try:
        yield fake
        fake.check()
    finally:
        await fake.stop()


@pytest.fixture
async def bot(double: DiscordDouble, tmp_path: Path) -> AsyncIterator[TeahouseBot]:
    config = Config(token=double.token, database_path=str(tmp_path / "teahouse.db"), computer_delay_seconds=0.0)
    client = TeahouseBot(config, guild_ready_timeout=0.05)
    async with double.running(client):
        yield client
