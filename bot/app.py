"""The Bot subclass: opens storage, loads every cog, syncs slash commands."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import pkgutil
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import cogs
from cogs.utils.language import private_language

from . import __version__
from .config import Config
from .i18n import t
from .pacing import pace, pacer_for, share_of_limit
from .replies import reply_privately
from .storage import STORAGE_FAULTS, Storage
from .translator import CatalogTranslator

log = logging.getLogger("teahouse")


def tune_garbage_collection() -> None:
    """Once per process, before the bot connects: no garbage collection walks the objects made at start-up.

    A full collection walks every live object and holds the event loop meanwhile (100-200 ms with 100 open
    games, every ~20 s). Modules, discord.py's tables and the catalogs, about 67,000 objects, live as long as
    the process: frozen, no collection walks them again.
    """
    gc.collect()
    gc.freeze()


def _not_read(data: Any) -> None:
    """A gateway event the bot has no use for (it is still counted in discord.py's socket events)."""


def load_everything() -> None:
    """Before the bot connects: what the first games would otherwise load on the event loop, loaded now.

    The engines, the controls and the renderer are imported, and the catalogs read, when a game first needs
    them; on a starved host that held the event loop for seconds while the first ``/game new`` and clicks
    waited, and they were answered after Discord's 3 s (a bot restarted under load met it at once).
    """
    import rendering  # noqa: F401  (the hand pictures' keys and the drawings are made in this process)
    from cogs.table.controls import controls_for

    from .games import GAME_IDS
    from .games.registry import engine
    from .i18n import LANGUAGES, catalog, plural_category

    for game in GAME_IDS:
        engine(game)
        controls_for(game)
    for lang in LANGUAGES:
        catalog(lang)
        plural_category(lang, 2)


def cog_extensions() -> list[str]:
    """Every module in ``cogs/`` that is an extension (packages are helpers: ``cogs/table``, ``cogs/utils``)."""
    return sorted(
        f"cogs.{mod.name}"
        for mod in pkgutil.iter_modules(cogs.__path__)
        if not mod.name.startswith("_") and not mod.ispkg
    )


class SeenInteractions:
    """Interaction ids already taken: Discord may deliver one twice (a gateway resume replays events), and
    the second delivery must change nothing (its token was answered by the first)."""

    KEEP = 5000

    def __init__(self) -> None:
        self._ids: OrderedDict[int, None] = OrderedDict()

    def first(self, interaction_id: int) -> bool:
        """True the first time an id is seen; remembered for the last ``KEEP`` ids."""
        if interaction_id in self._ids:
            return False
        self._ids[interaction_id] = None
        while len(self._ids) > self.KEEP:
            self._ids.popitem(last=False)
        return True


class TeahouseTree(app_commands.CommandTree):
    """The slash commands; a command delivered twice runs once, as a click does."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        bot: Any = self.client
        return bool(interaction.type == discord.InteractionType.autocomplete or bot.seen.first(interaction.id))


class TeahouseBot(commands.AutoShardedBot):
    """One process of the bot; games live in the cogs, state in ``self.storage``."""

    def __init__(self, config: Config, **kwargs: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.guild_messages = True  # MESSAGE_DELETE: a deleted table comes back at once (no message content)
        if config.shard_ids:
            kwargs["shard_ids"] = list(config.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            shard_count=config.shard_count,
            allowed_mentions=discord.AllowedMentions.none(),
            # no message cache: the cogs read only raw events and interactions' own messages, and the
            # default 1,000 cached messages (every table, panel and line) were memory and parsing for nothing
            max_messages=None,
            # no member cache and no member lists at start: every interaction carries its member
            member_cache_flags=discord.MemberCacheFlags.none(),
            chunk_guilds_at_startup=False,
            tree_cls=TeahouseTree,
            **kwargs,
        )
        self.config = config
        #: interactions already handled (commands here, clicks in the game cog): a second delivery is ignored
        self.seen = SeenInteractions()
        #: every REST call but interaction answers keeps under Discord's global limit (bot/pacing.py)
        self.pacer = pacer_for(share_of_limit(config.shard_count, config.shard_ids))
        pace(self.http, self.pacer)
        self.version = __version__
        self.started_at = time.monotonic()
        self._storage: Storage | None = None
        #: set at the first READY: the start-up watchdog (``python -m bot``) waits for it
        self.gateway_answered = asyncio.Event()
        #: told (channel id, message id) of every message posted where the bot can see (the game cog's
        #: count of messages below a table); see ``_read_messages_raw``
        self.message_posted: Callable[[int, int], None] | None = None
        self._read_messages_raw()

    def _read_messages_raw(self) -> None:
        """Messages are read as the raw event, not as discord.py's ``Message``.

        The Guild Messages intent is asked for only to hear that a table was deleted or scrolled out of view,
        but with it every message anyone writes anywhere on a server, and every edit of one (each of the
        bot's own table edits too), reaches the bot, and discord.py builds a whole ``Message`` of each (its
        author, components, embeds) and runs the prefix-command machinery on it: about 0.7 ms a message.
        The bot reads only a new message's channel and id, and no edit at all, so those two events are
        answered from their raw data (a few microseconds), and MESSAGE_DELETE stays discord.py's raw event.
        """
        parsers: dict[str, Callable[[Any], None]] = self._connection.parsers  # discord.py 2.x's event table
        parsers["MESSAGE_CREATE"] = self._message_created
        parsers["MESSAGE_UPDATE"] = _not_read

    def _message_created(self, data: dict[str, Any]) -> None:
        if self.message_posted is not None:
            self.message_posted(int(data["channel_id"]), int(data["id"]))

    @property
    def storage(self) -> Storage:
        """The open database (available from ``setup_hook`` on)."""
        if self._storage is None:
            raise RuntimeError("storage is not open yet")
        return self._storage

    async def open_storage(self) -> None:
        """Open the database (once); ``python -m bot`` calls it before contacting Discord."""
        if self._storage is None:
            # With shard_ids, this process resumes only its shards' games; another process runs the rest.
            self._storage = await Storage.open(self.config.storage_url, shard_count=self.config.shard_count,
                                               shard_ids=self.config.shard_ids)

    async def setup_hook(self) -> None:
        load_everything()
        await self.open_storage()
        await self.tree.set_translator(CatalogTranslator())
        self.tree.error(self.on_app_command_error)
        for name in cog_extensions():
            await self.load_extension(name)
        await self.sync_commands()
        log.info("ready to connect: %d cogs, %d commands", len(self.cogs), len(self.tree.get_commands()))

    async def sync_commands(self) -> None:
        """Register slash commands where the config says (globally, one dev guild, or not at all)."""
        scope = self.config.command_sync
        if scope == "off":
            return
        if scope == "guild" and self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d slash commands (%s)", len(synced), scope)

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        """Any command that fails answers politely and privately; the details go to the log only."""
        name = interaction.command.qualified_name if interaction.command else "?"
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(cause, STORAGE_FAULTS):  # the database refused: nothing changed, a polite line, no traceback
            log.warning("command /%s not saved (%s)", name, type(cause).__name__)
            text = t(private_language(interaction), "resilience.not_saved")
        elif isinstance(cause, discord.HTTPException):  # Discord's fault, not ours: as a click's, no traceback
            log.warning("command /%s: Discord answered %s (code %s)", name, cause.status, cause.code)
            text = t(private_language(interaction), "resilience.discord_busy")
        else:
            log.error("command /%s failed", name, exc_info=error)
            text = t(private_language(interaction), "games.error.internal")
        with contextlib.suppress(discord.HTTPException):
            await reply_privately(interaction, text)

    async def close(self) -> None:
        """Stop the gateway first, then close the database so no write is cut short."""
        await super().close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None

    async def on_connect(self) -> None:
        self.gateway_answered.set()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))

    def uptime_seconds(self) -> float:
        return time.monotonic() - self.started_at
