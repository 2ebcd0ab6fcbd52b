"""The real bot in a process of its own, pointed at a Discord double served by the test process.

``python -m tests.resilience.bot_process <api_url> <gateway_url> <database>`` with the token in
``TEAHOUSE_TEST_TOKEN``: the kill test runs this, SIGKILLs it mid-game and runs it again. The
process imports everything first and then waits for a line on stdin, so a spare can be ready
while the previous bot still runs (a restart then costs a connection, not Python's start-up).
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


async def main(api_url: str, gateway_url: str, database: str) -> None:
    discord.http.Route.BASE = api_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    config = Config(token=os.environ["TEAHOUSE_TEST_TOKEN"], database_path=database, computer_delay_seconds=0.0)
    bot = TeahouseBot(config, guild_ready_timeout=0.05)
    async with bot:
        await bot.start(config.token)


if __name__ == "__main__":
    if sys.stdin.readline().strip() == "go":
        asyncio.run(main(*sys.argv[1:4]))
