"""/help and /about: what the bot is and how to start a game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TeahouseBot
from bot.games import GAME_IDS
from bot.i18n import t

from .utils.language import private_language


def _duration(seconds: float) -> str:
    minutes, _ = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    return f"{days}d {hours}h {minutes}m" if days else f"{hours}h {minutes}m"


class General(commands.Cog):
    """Commands about the bot itself."""

    def __init__(self, bot: TeahouseBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="help",
        description=app_commands.locale_str("The games and how to start one", key="cmd.help.description"),
    )
    async def help(self, interaction: discord.Interaction) -> None:
        lang = private_language(interaction)  # the person's /preferences language first (#47)
        lines = [t(lang, "help.title"), ""]
        lines += [
            t(lang, "help.game_line", name=t(lang, f"{game}.name"), tagline=t(lang, f"{game}.tagline"))
            for game in GAME_IDS
        ]
        lines += ["", t(lang, "help.how_to_start")]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(
        name="about",
        description=app_commands.locale_str("Version, uptime and server count", key="cmd.about.description"),
    )
    async def about(self, interaction: discord.Interaction) -> None:
        lang = private_language(interaction)  # the person's /preferences language first (#47)
        text = t(lang, "about.text", version=self.bot.version,
                 uptime=_duration(self.bot.uptime_seconds()), guilds=len(self.bot.guilds))
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: TeahouseBot) -> None:
    await bot.add_cog(General(bot))
