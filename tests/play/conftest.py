"""The real bot for game tests: computer players move at once, so a match takes seconds."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import TeahouseBot
from bot.config import Config
from tests.discord_double import DiscordDouble


@pytest.fixture
async def bot(double: DiscordDouble, tmp_path: Path) -> AsyncIterator[TeahouseBot]:
    config = Config(token=double.token, database_path=str(tmp_path / "teahouse.db"), computer_delay_seconds=0.0)
    client = TeahouseBot(config, guild_ready_timeout=0.05)
    async with double.running(client):
        yield client
