"""One Teahouse process running some of the gateway shards, against a Discord double in the test process.

``python -m tests.sharding.bot_process <api_url> <gateway_url> <shard_count> <shard_ids> <command_sync>``
with the token in ``TEAHOUSE_TEST_TOKEN`` and the database in ``TEAHOUSE_TEST_DATABASE_URL`` (so a
password never sits on a command line). ``shard_ids`` is comma-separated. As in
tests/resilience/bot_process.py, it imports everything first and waits for "go" on stdin, so a
replacement can be ready while the process it replaces still runs.
"""

from __future__ import annotations

import asyncio
import os
import sys

import discord
import yarl

import cogs.games  # noqa: F401  (imported before the go-ahead: the slow part of starting)
import rendering  # noqa: F401
from bot.app import TeahouseBot
from bot.config import Config


async def main(api_url: str, gateway_url: str, shard_count: str, shard_ids: str, command_sync: str) -> None:
    discord.http.Route.BASE = api_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    config = Config(token=os.environ["TEAHOUSE_TEST_TOKEN"], database_url=os.environ["TEAHOUSE_TEST_DATABASE_URL"],
                    computer_delay_seconds=0.0, shard_count=int(shard_count),
                    shard_ids=tuple(int(i) for i in shard_ids.split(",")), command_sync=command_sync)
    bot = TeahouseBot(config, guild_ready_timeout=0.05)
    async with bot:
        await bot.start(config.token)


if __name__ == "__main__":
    if sys.stdin.readline().strip() == "go":
        asyncio.run(main(*sys.argv[1:6]))
