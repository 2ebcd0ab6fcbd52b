"""/preferences: a person's own choices, in every server: the language of their private texts, and
when the bot may mention them.

Discord's clients send no Persian locale, so a Persian player needs a way to say so; the choice is
stored (``user_preferences``), cached in memory (``cogs/utils/language.py``) and wins over the
server's language and the client's locale. The mention choice (always / idle / never) lives next to
it, because it is the same kind of thing: about the person, on every server
(``cogs/table/attention.py``); a server's default is ``/settings pings``.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table.attention import ALWAYS, IDLE, NEVER
from cogs.table.attention import attention as attention_of
from cogs.table.attention import load as load_pings
from cogs.table.tips import load as load_tips
from cogs.table.tips import tips as tips_of
from cogs.utils import language as languages

AUTO = "auto"
PING_CHOICES = [
    app_commands.Choice(name="always", value=ALWAYS),
    app_commands.Choice(name="idle", value=IDLE),
    app_commands.Choice(name="never", value=NEVER),
    app_commands.Choice(name="server", value="server"),
]
LANGUAGE_CHOICES = languages.language_choices(AUTO)
TIPS_CHOICES = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]


class Preferences(commands.Cog):
    """Personal settings, and keeping the language cache in step with /settings."""

    def __init__(self, bot: TeahouseBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        await languages.load(self.bot, self.bot.storage)
        await load_pings(self.bot, self.bot.storage)
        await load_tips(self.bot, self.bot.storage)

    @app_commands.command(name="preferences", description=app_commands.locale_str(
        "Your own settings: the language of your hands, panels and private replies",
        key="cmd.preferences.description"))
    @app_commands.describe(
        language=app_commands.locale_str("auto: the server's language, else your Discord language",
                                         key="cmd.preferences.language"),
        pings=app_commands.locale_str("When the bot may mention you: always, when you are idle (the default), "
                                      "or never", key="cmd.preferences.pings"),
        tips=app_commands.locale_str("Explain each game word the first time you meet it (on by default)",
                                     key="cmd.preferences.tips"))
    @app_commands.choices(language=LANGUAGE_CHOICES, pings=PING_CHOICES, tips=TIPS_CHOICES)
    async def preferences(self, interaction: discord.Interaction,
                          language: app_commands.Choice[str] | None = None,
                          pings: app_commands.Choice[str] | None = None,
                          tips: app_commands.Choice[str] | None = None) -> None:
        chosen = None if language is None else language.value
        if chosen is not None:
            stored = None if chosen == AUTO else chosen
            await self.bot.storage.set_user_language(interaction.user.id, stored)
            languages.choices(self.bot).person(interaction.user.id, stored)
        if pings is not None:
            stored = None if pings.value == "server" else pings.value
            await self.bot.storage.set_user_pings(interaction.user.id, stored)
            attention_of(self.bot).person(interaction.user.id, stored)
        if tips is not None:  # the first-time explanations of game words (cogs/table/tips.py)
            await self.bot.storage.set_user_tips(interaction.user.id, tips.value == "on")
            tips_of(self.bot).person(interaction.user.id, tips.value == "on")
        lang = languages.private_language(interaction)
        name = t(lang, f"preferences.name.{lang}")
        if chosen is None:
            text = t(lang, "preferences.current", language=name)
        elif chosen == AUTO:
            text = t(lang, "preferences.auto", language=name)
        else:
            text = t(lang, "preferences.saved", language=name)
        key = "preferences.pings.current" if pings is None else "preferences.pings.saved"
        text += "\n" + t(lang, key, choice=ping_text(lang, self.bot, interaction.user.id, interaction.guild_id or 0))
        if tips is not None:
            text += "\n" + t(lang, f"explain.tips_{tips.value}")
        await interaction.response.send_message(text, ephemeral=True)

    @commands.Cog.listener()
    async def on_app_command_completion(self, interaction: discord.Interaction,
                                        command: app_commands.Command[commands.Cog, ..., None]
                                        | app_commands.ContextMenu) -> None:
        """/settings may have changed the server's language: read it again (one read, only then)."""
        if command.qualified_name == "settings" and interaction.guild_id:
            settings = await self.bot.storage.guild_settings(interaction.guild_id)
            languages.choices(self.bot).server(interaction.guild_id, settings.language)


def ping_text(lang: str, bot: TeahouseBot, user_id: int, guild_id: int) -> str:
    """A person's mention choice in words (their own, or the server's default they follow)."""
    record = attention_of(bot)
    effective = t(lang, f"preferences.pings.choice.{record.choice(user_id, guild_id)}")
    if user_id in record.people:
        return effective
    return t(lang, "preferences.pings.choice.server", choice=effective)


async def setup(bot: TeahouseBot) -> None:
    await bot.add_cog(Preferences(bot))
