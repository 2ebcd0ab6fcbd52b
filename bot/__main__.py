"""``python -m bot`` / ``teahouse``: read the config, start the bot, stop cleanly on SIGINT/SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

import aiohttp
import discord

from .config import Config, ConfigError, load_config
from .logs import setup_logging
from .storage import StorageError
from .storage.url import secrets_of

log = logging.getLogger("teahouse")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="teahouse", description="Run the Teahouse Discord bot.")
    parser.add_argument("--config", type=Path, default=None,
                        help="TOML settings file (default: config.toml when present)")
    return parser.parse_args(argv)


async def run(config: Config) -> int:
    """Run until closed; a signal closes the bot (and with it the database) cleanly."""
    from .app import TeahouseBot

    bot = TeahouseBot(config)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    try:
        async with bot:
            await bot.start(config.token)
    except discord.LoginFailure:
        print("teahouse: setting 'token': Discord rejected the token; reset it in the Developer Portal "
              "and set DISCORD_TOKEN again", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as err:
        print(f"teahouse: cannot reach Discord ({type(err).__name__}); check the network and try again",
              file=sys.stderr)
        return 1
    except StorageError as err:
        setting = "database_url" if config.database_url else "database_path"
        print(f"teahouse: setting '{setting}': {err}", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("teahouse: the bot asked for an intent that is not enabled in the Developer Portal", file=sys.stderr)
        return 2
    log.info("stopped")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as err:
        print(f"teahouse: {err}", file=sys.stderr)
        return 2
    setup_logging(config.log_level, [config.token, *secrets_of(config.database_url)])
    return asyncio.run(run(config))


if __name__ == "__main__":
    sys.exit(main())
