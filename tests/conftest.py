"""Shared fixtures: the Discord double and the real Teahouse bot started against it.

`double` is a started `DiscordDouble` holding the standard world ("Teahouse Test" with
#games, alice..frank and `admin` with Manage Server). `bot` is the real `TeahouseBot`
started with `bot.start(token)` against it: READY, commands synced, its own SQLite file.
Both fail the test at teardown if the bot broke a Discord rule or logged an error that
the test did not take (`double.take_violations()`, `double.take_bot_errors()`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from tests.discord_double import DiscordDouble

BOT_START_TIMEOUT = 10.0


@pytest.fixture
async def double() -> AsyncIterator[DiscordDouble]:
    fake = DiscordDouble()
    await fake.start()
    fake.add_standard_world()
    try:
        yield fake
        fake.check()
    finally:
        await fake.stop()


async def start_bot(double: DiscordDouble, client: discord.Client) -> asyncio.Task[None]:
    """`client.start(token)` against the double, returning once READY and quiet."""
    task = asyncio.create_task(client.start(double.token), name="bot-under-test")
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=BOT_START_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:
        ready.cancel()
        if task in done:
            task.result()  # re-raise why the bot died
        raise TimeoutError(f"the bot was not READY within {BOT_START_TIMEOUT} s")
    await double.settle()
    return task


async def stop_bot(client: discord.Client, task: asyncio.Task[None]) -> None:
    await client.close()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.wait_for(task, BOT_START_TIMEOUT)


@pytest.fixture
async def bot(double: DiscordDouble, tmp_path: Path) -> AsyncIterator[discord.Client]:
    from bot.app import TeahouseBot
    from bot.config import Config

    config = Config(token=double.token, database_path=str(tmp_path / "teahouse.db"))
    # guild_ready_timeout is discord.py's wait for more GUILD_CREATEs before READY (2 s by default).
    client = TeahouseBot(config, guild_ready_timeout=0.05)
    task = await start_bot(double, client)
    try:
        yield client
    finally:
        await stop_bot(client, task)
