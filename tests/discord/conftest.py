"""`tiny`: a minimal bot (see tinybot.py) running against the `double` fixture."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.discord_double import DiscordDouble

from .tinybot import TinyBot


@pytest.fixture
async def tiny(double: DiscordDouble) -> AsyncIterator[TinyBot]:
    client = TinyBot()
    async with double.running(client):
        yield client
