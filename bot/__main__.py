"""``python -m bot`` / ``teahouse``: read the config, start the bot, stop cleanly on SIGINT/SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import aiohttp
import discord

from . import __version__
from .config import Config, ConfigError, load_config
from .logs import setup_logging
from .storage import StorageError
from .storage.url import secrets_of

if TYPE_CHECKING:
    from .app import TeahouseBot

log = logging.getLogger("teahouse")

#: How long the gateway may stay silent after start-up before the bot says so and exits (README).
GATEWAY_ANSWER_S = 60.0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="teahouse", description="Run the Teahouse Discord bot.")
    parser.add_argument("--config", type=Path, default=None,
                        help="TOML settings file (default: config.toml when present)")
    parser.add_argument("--version", action="version", version=f"teahouse {__version__}")
    return parser.parse_args(argv)


def _storage_line(config: Config, err: StorageError) -> str:
    setting = "database_url" if config.database_url else "database_path"
    return f"teahouse: setting '{setting}': {err}"


async def _start_watched(bot: TeahouseBot, token: str, answer_timeout: float) -> bool:
    """``bot.start`` until it ends; False when the gateway stayed silent for ``answer_timeout`` s
    (connected but no READY): discord.py would otherwise wait and reconnect without a word."""
    start = asyncio.ensure_future(bot.start(token))
    answered = asyncio.ensure_future(bot.gateway_answered.wait())
    try:
        done, _ = await asyncio.wait({start, answered}, timeout=answer_timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if not done:
            return False
        await start  # re-raises what ended it (a bad token, no network, the database)
        return True
    finally:
        answered.cancel()
        if not start.done():  # discord.py would go on waiting and reconnecting: stop it here
            start.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await start
            await bot.close()


async def run(config: Config, answer_timeout: float = GATEWAY_ANSWER_S) -> int:
    """Run until closed; a signal closes the bot (and with it the database) cleanly.

    The database is opened before Discord is contacted, so a database fault (locked by another
    process, a missing folder) is one line and exit status 2 without touching the network.
    """
    from .app import TeahouseBot, tune_garbage_collection

    bot = TeahouseBot(config)
    try:
        await bot.open_storage()
    except StorageError as err:
        print(_storage_line(config, err), file=sys.stderr)
        return 2
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    tune_garbage_collection()
    try:
        async with bot:
            if not await _start_watched(bot, config.token, answer_timeout):
                print(f"teahouse: Discord's gateway accepted the connection but did not answer within "
                      f"{answer_timeout:g} s; check the network (a proxy or firewall?) and start again",
                      file=sys.stderr)
                return 1
    except discord.LoginFailure:
        print("teahouse: setting 'token': Discord rejected the token; reset it in the Developer Portal "
              "and set DISCORD_TOKEN again", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as err:
        print(f"teahouse: cannot reach Discord ({type(err).__name__}); check the network and try again",
              file=sys.stderr)
        return 1
    except StorageError as err:
        print(_storage_line(config, err), file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("teahouse: the bot asked for an intent that is not enabled in the Developer Portal", file=sys.stderr)
        return 2
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
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
