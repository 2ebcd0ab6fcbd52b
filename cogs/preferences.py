"""/preferences: a person's own choices, in every server. For now the language of their private texts.

Discord's clients send no Persian locale, so a Persian player needs a way to say so; the choice is
stored (``user_preferences``), cached in memory (``cogs/utils/language.py``) and wins over the
server's language and the client's locale.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.utils import language as languages

AUTO = "auto"
LANGUAGE_CHOICES = [
    app_commands.Choice(name="auto", value=AUTO),
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="فارسی", value="fa"),
    app_commands.Choice(name="Русский", value="ru"),
]


class Preferences(commands.Cog):
    """Personal settings, and keeping the language cache in step with /settings."""

    def __init__(self, bot: TeahouseBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        await languages.load(self.bot, self.bot.storage)

    @app_commands.command(name="preferences", description=app_commands.locale_str(
        "Your own settings: the language of your hands, panels and private replies",
        key="cmd.preferences.description"))
    @app_commands.describe(language=app_commands.locale_str(
        "auto: the server's language, else your Discord language", key="cmd.preferences.language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def preferences(self, interaction: discord.Interaction,
                          language: app_commands.Choice[str] | None = None) -> None:
        chosen = None if language is None else language.value
        if chosen is not None:
            stored = None if chosen == AUTO else chosen
            await self.bot.storage.set_user_language(interaction.user.id, stored)
            languages.choices(self.bot).person(interaction.user.id, stored)
        lang = languages.private_language(interaction)
        name = t(lang, f"preferences.name.{lang}")
        if chosen is None:
            text = t(lang, "preferences.current", language=name)
        elif chosen == AUTO:
            text = t(lang, "preferences.auto", language=name)
        else:
            text = t(lang, "preferences.saved", language=name)
        await interaction.response.send_message(text, ephemeral=True)

    @commands.Cog.listener()
    async def on_app_command_completion(self, interaction: discord.Interaction,
                                        command: app_commands.Command[commands.Cog, ..., None]
                                        | app_commands.ContextMenu) -> None:
        """/settings may have changed the server's language: read it again (one read, only then)."""
        if command.qualified_name == "settings" and interaction.guild_id:
            settings = await self.bot.storage.guild_settings(interaction.guild_id)
            languages.choices(self.bot).server(interaction.guild_id, settings.language)


async def setup(bot: TeahouseBot) -> None:
    await bot.add_cog(Preferences(bot))
