"""/settings: a server's own defaults, changed only by members with Manage Server."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TeahouseBot
from bot.games import GAME_IDS
from bot.games.registry import engine
from bot.i18n import t
from bot.storage import GuildSettings
from cogs.table import replay_animation
from cogs.table.attention import DEFAULT_PINGS, attention
from cogs.utils.choices import GameChoice
from cogs.utils.language import language_choices, private_language


def rules_lengths(lang: str, default_timeout: int) -> str:
    """Each game's turn (lead) length from its rules file, as games use it when no server timeout is set."""
    parts = []
    for game in GAME_IDS:
        seconds = engine(game).TIMING.turn_seconds
        name = t(lang, f"{game}.name")
        parts.append(t(lang, "settings.game_off", game=name) if seconds == 0 else
                     t(lang, "settings.game_seconds", game=name, seconds=default_timeout if seconds is None else seconds))
    return ", ".join(parts)


def timeout_text(lang: str, settings: GuildSettings, default_timeout: int) -> str:
    """What the turn timeout is and does: unset, each game's rules-file lengths; set, it replaces the turn
    (lead) length and the game's other windows scale by the same factor."""
    if settings.turn_timeout_s:
        return t(lang, "settings.timeout_set", seconds=settings.turn_timeout_s)
    return t(lang, "settings.timeout_rules", games=rules_lengths(lang, default_timeout))


def settings_text(lang: str, settings: GuildSettings, default_timeout: int) -> str:
    games = ", ".join(sorted(settings.disabled_games)) or t(lang, "settings.none")
    return t(lang, "settings.show",
             timeout=timeout_text(lang, settings, default_timeout),
             level=t(lang, f"games.level.{settings.ai_level or 'easy'}"),
             rated=t(lang, "settings.yes" if settings.rated else "settings.no"),
             language=settings.language or t(lang, "settings.server_locale"),
             disabled=games)


def replays_line(lang: str, choice: str | None) -> str:
    """The moving picture of the last hand: the server's choice, or the default and which games it covers."""
    if choice in replay_animation.SETTINGS:
        return t(lang, "viewer.setting_line", choice=t(lang, f"viewer.setting_{choice}"))
    games = [t(lang, f"{game}.name") for game in GAME_IDS if replay_animation.on_by_default(game)]
    return t(lang, "viewer.setting_line", choice=t(lang, "viewer.setting_default",
                                                   games=", ".join(games) or t(lang, "settings.none")))


class Admin(commands.Cog):
    """Per-server settings."""

    def __init__(self, bot: TeahouseBot) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description=app_commands.locale_str(
        "Show or change this server's game settings (Manage Server)", key="cmd.settings.description"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.choices(language=language_choices("server"))
    async def settings(
        self, interaction: discord.Interaction,
        turn_timeout: app_commands.Range[int, 10, 86400] | None = None,
        computer_level: Literal["easy", "hard"] | None = None,
        rated: bool | None = None,
        language: app_commands.Choice[str] | None = None,
        pings: Literal["always", "idle", "never", "default"] | None = None,
        replays: Literal["on", "off", "default"] | None = None,
        enable_game: GameChoice | None = None,
        disable_game: GameChoice | None = None,
        hints: bool | None = None,
    ) -> None:
        lang = private_language(interaction)
        guild_id = interaction.guild_id or 0
        changes: dict[str, Any] = {}
        if turn_timeout is not None:
            changes["turn_timeout_s"] = turn_timeout
        if computer_level is not None:
            changes["ai_level"] = computer_level
        if rated is not None:
            changes["rated"] = rated
        if hints is not None:  # the Hint button in rated games (issue #45)
            changes["hints"] = hints
        if language is not None:
            changes["language"] = None if language.value == "server" else language.value
        if enable_game is not None or disable_game is not None:
            current = await self.bot.storage.guild_settings(guild_id)
            disabled = set(current.disabled_games)
            if enable_game:
                disabled.discard(enable_game)
            if disable_game:
                disabled.add(disable_game)
            changes["disabled_games"] = frozenset(disabled)
        perms = interaction.permissions
        if (changes or pings is not None or replays is not None) and not (perms and perms.manage_guild):
            await interaction.response.send_message(t(lang, "settings.not_allowed"), ephemeral=True)
            return
        if pings is not None:  # the server's default for people who chose none (/preferences pings)
            stored = None if pings == "default" else pings
            await self.bot.storage.set_guild_pings(guild_id, stored)
            attention(self.bot).server(guild_id, stored)
        if replays is not None:  # the match summary's moving picture of the last hand (replay_animation.py)
            await self.bot.storage.set_guild_replays(guild_id, None if replays == "default" else replays)
        if changes:
            settings = await self.bot.storage.update_guild_settings(guild_id, **changes)
            head = t(lang, "settings.saved")
        elif pings is not None or replays is not None:
            settings = await self.bot.storage.guild_settings(guild_id)
            head = t(lang, "settings.saved")
        else:
            settings = await self.bot.storage.guild_settings(guild_id)
            head = t(lang, "settings.current")
        body = settings_text(lang, settings, self.bot.config.turn_timeout_seconds)
        default = attention(self.bot).servers.get(guild_id, DEFAULT_PINGS)
        body += "\n" + t(lang, "settings.pings_line", choice=t(lang, f"preferences.pings.choice.{default}"))
        body += "\n" + replays_line(lang, await self.bot.storage.guild_replays(guild_id))
        body += "\n" + t(lang, "hints.state_line", state=t(lang, "settings.yes" if settings.hints else "settings.no"))
        await interaction.response.send_message(f"{head}\n{body}", ephemeral=True)


async def setup(bot: TeahouseBot) -> None:
    await bot.add_cog(Admin(bot))
