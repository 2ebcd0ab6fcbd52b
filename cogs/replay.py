"""/replay and the replay viewer's clicks: a finished game watched again, step by step, in the channel.

Only finished games are replayed (``Storage.game_record`` reads the records of games that ended); a game
still being played is refused whatever id is typed or forged, and a record of another server is answered
exactly as an unknown id. Whoever opened a viewer steps it in place (one answer per click); anyone else who
presses one of its buttons gets a private copy of their own, at the step they asked for.
"""

from __future__ import annotations

import contextlib
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TeahouseBot
from bot.i18n import t
from bot.replies import answer_soon, edit_clicked, reply_privately, send_private, send_public
from bot.storage import STORAGE_FAULTS, GameRecord
from cogs.table import replay_viewer as viewer
from cogs.table.components import plausible_values
from cogs.table.trust import same_server
from cogs.utils.language import private_language
from cogs.utils.old_messages import too_old_to_edit

log = logging.getLogger("teahouse.replay")
#: a game id as the bot makes them (a snowflake): up to 19 ASCII digits
GAME_ID = re.compile(r"[0-9]{1,19}", re.ASCII)


class Replays(commands.Cog):
    """The replay viewer: ``/replay``, Watch again, and every click of a viewer."""

    def __init__(self, bot: TeahouseBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(viewer.ViewerButton, viewer.ViewerSelect)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(viewer.ViewerButton, viewer.ViewerSelect)

    @app_commands.command(name="replay", description=app_commands.locale_str(
        "Watch a finished game again, step by step, or download its record", key="viewer.command"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction, game_id: str) -> None:
        answer_soon(interaction)
        lang = private_language(interaction)
        found = await self._finished(interaction, game_id.strip()[:40])
        if found is None:
            return
        replay = await viewer.replay_of(found)
        if replay is None:
            await reply_privately(interaction, t(lang, "viewer.unreadable", id=found.game_id))
            return
        await send_public(interaction, **await viewer.message(replay, interaction.user.id, 0, False, lang))

    async def _finished(self, interaction: discord.Interaction, typed: str) -> GameRecord | None:
        """The finished game of this server named ``typed``; otherwise a private answer and None. A game
        being played is said to be running only to its own server; any other id reads as unknown."""
        lang = private_language(interaction)
        number = int(typed) if GAME_ID.fullmatch(typed) else -1  # ASCII digits only: "²" or "٣" are no id
        record = await self.bot.storage.game_record(str(number)) if number >= 0 else None
        if record is not None and same_server(interaction, record.guild_id):
            return record
        games: Any = self.bot.get_cog("Games")
        session = games.sessions.get(number) if games is not None else None
        if session is not None and same_server(interaction, session.guild_id):
            await reply_privately(interaction, t(lang, "viewer.running", id=number))
        else:
            await reply_privately(interaction, t(lang, "replay.none", id=discord.utils.escape_markdown(typed[:40])))
        return None

    async def on_click(self, interaction: discord.Interaction, custom: str, values: list[str]) -> None:
        """A viewer's button or select; a fault is answered, never left hanging."""
        if not self.bot.seen.first(interaction.id):  # delivered twice: the first delivery answers it
            return
        answer_soon(interaction)
        lang = private_language(interaction)
        try:
            await self._click(interaction, custom, values, lang)
        except STORAGE_FAULTS as err:
            log.warning("replay click not answered: storage (%s)", type(err).__name__)
            with contextlib.suppress(discord.HTTPException):
                await reply_privately(interaction, t(lang, "resilience.discord_busy"))
        except discord.HTTPException as err:
            log.warning("replay click: Discord answered %s (code %s)", err.status, err.code)
            with contextlib.suppress(discord.HTTPException):
                await reply_privately(interaction, t(lang, "resilience.discord_busy"))

    async def _click(self, interaction: discord.Interaction, custom: str, values: list[str], lang: str) -> None:
        parsed = viewer.parse(custom)
        if parsed is None or not plausible_values(values):  # a forged click: refused before anything reads it
            await reply_privately(interaction, t(lang, "games.error.unknown_button"))
            return
        game, owner, step, hands, verb = parsed
        record = await self._finished(interaction, str(game))
        if record is None:
            return
        if verb == "file":
            await send_private(interaction, t(lang, "replay.text", id=record.game_id), files=[viewer.record_file(record)])
            return
        replay = await viewer.replay_of(record)
        if replay is None:
            await reply_privately(interaction, t(lang, "viewer.unreadable", id=record.game_id))
            return
        shown = viewer.target(replay, step, verb, values)
        if verb == "hands":
            hands = not hands
        mine = owner == interaction.user.id and verb != "open"
        answer = await viewer.message(replay, interaction.user.id, shown, hands, lang)
        clicked = interaction.message
        if not mine:  # somebody else's viewer, or Watch again: a private copy of one's own
            await send_private(interaction, **answer)
        elif too_old_to_edit(clicked):  # Discord caps edits of hour-old messages (30046): a fresh one
            if clicked is not None and clicked.flags.ephemeral:
                await send_private(interaction, **answer)
            else:
                await send_public(interaction, **answer)
        else:
            answer["attachments"] = answer.pop("files")
            await edit_clicked(interaction, **answer)


async def setup(bot: TeahouseBot) -> None:
    await bot.add_cog(Replays(bot))
