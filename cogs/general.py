"""/help, /about and /rules: what the bot is, how to start a game, how a game is played and what its words mean."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TeahouseBot
from bot.games import GAME_IDS
from bot.i18n import t
from bot.replies import answer_soon, reply_privately, send_private

from .table import pictures
from .table.controls import controls_for
from .table.lobby_options import option_name
from .table.tips import OPTION_PREFIX, described, topic_key, topics
from .table.words import fold
from .utils.choices import GameChoice
from .utils.language import private_language

#: how many topics the autocomplete offers (Discord's limit)
TOPIC_CHOICES = 25


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

    @app_commands.command(name="rules", description=app_commands.locale_str("How a game is played",
                                                                            key="cmd.rules.description"))
    @app_commands.describe(topic=app_commands.locale_str(
        "A word of the game to explain: a call, a button, a table event or a lobby option", key="cmd.rules.topic"))
    async def rules(self, interaction: discord.Interaction, game: GameChoice, topic: str | None = None) -> None:
        lang = private_language(interaction)
        if topic is not None:  # one word explained (issue #45), private, at once
            key = topic_key(game, topic)
            text = topic_text(game, topic, lang) if key is not None else \
                t(lang, "explain.topic_unknown", topic=topic[:100], game=t(lang, f"{game}.name"))
            await reply_privately(interaction, text)
            return
        answer_soon(interaction, private=True)  # the picture takes a moment to draw
        text = t(lang, f"games.rules.{game}", name=t(lang, f"{game}.name"))
        image = await pictures.rules_picture(game, lang)
        files = [] if image is None else [discord.File(image, filename="rules.png")]
        await send_private(interaction, text[:2000], files=files)
        for page in controls_for(game).rules_pages(lang):  # a preset's rules, on a page of their own
            await send_private(interaction, page[:2000])

    @rules.autocomplete("topic")
    async def rules_topic(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The game's words whose explanation (or whose id) holds what was typed, explained in the choice itself."""
        game = str(getattr(interaction.namespace, "game", "") or "")
        if game not in GAME_IDS:
            return []
        lang = private_language(interaction)
        typed = fold(current)
        out: list[app_commands.Choice[str]] = []
        for topic in topics(game):
            shown = topic_text(game, topic, lang)
            if typed in fold(shown) or typed in topic:
                out.append(app_commands.Choice(name=described(shown), value=topic))
            if len(out) == TOPIC_CHOICES:
                break
        return out


def topic_text(game: str, topic: str, lang: str) -> str:
    """A topic's explanation; a lobby option's starts with the option's name."""
    key = topic_key(game, topic)
    if key is None:
        return topic
    if topic.startswith(OPTION_PREFIX):
        return f"{option_name(game, topic.removeprefix(OPTION_PREFIX), lang)}: {t(lang, key)}"
    return t(lang, key)


async def setup(bot: TeahouseBot) -> None:
    await bot.add_cog(General(bot))
