"""A minimal discord.py bot whose behaviour each test supplies, to exercise the double.

`/do [text]` calls `bot.on_do(interaction)`; `/do`'s `text` autocompletes through
`bot.on_complete(typed)`; `/lobby create game:<choice>` and the Manage-Server-only
`/settings` answer with fixed text. HTTP errors a handler lets escape land in `bot.errors`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

Handler = Callable[[discord.Interaction], Awaitable[None]]


async def say_done(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("done")


def no_suggestions(typed: str) -> list[app_commands.Choice[str]]:
    return []


class TinyBot(commands.AutoShardedBot):
    def __init__(self, *, sync_guild: int | None = None) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True, guild_messages=True),
            guild_ready_timeout=0.05,
        )
        self.on_do: Handler = say_done
        self.on_complete: Callable[[str], list[app_commands.Choice[str]]] = no_suggestions
        self.errors: list[discord.HTTPException] = []
        self.sync_guild = sync_guild

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py sleeps 5 s before every re-IDENTIFY (Discord's identify rate limit); tests need not."""

    async def setup_hook(self) -> None:
        bot = self

        @self.tree.command(name="do", description="Do what the test says")
        async def do(interaction: discord.Interaction, text: str | None = None) -> None:
            try:
                await bot.on_do(interaction)
            except discord.HTTPException as err:
                bot.errors.append(err)

        @do.autocomplete("text")
        async def complete(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
            return bot.on_complete(typed)

        lobby = app_commands.Group(name="lobby", description="Game lobbies")

        @lobby.command(name="create", description="Open a lobby")
        @app_commands.choices(game=[app_commands.Choice(name="Goita", value="goita"),
                                    app_commands.Choice(name="Gou Ji", value="gouji")])
        async def create(interaction: discord.Interaction, game: app_commands.Choice[str], seats: int = 4) -> None:
            await interaction.response.send_message(f"lobby for {game.value} with {seats} seats by {interaction.user.name}")

        self.tree.add_command(lobby)

        @self.tree.command(name="settings", description="Server settings")
        @app_commands.default_permissions(manage_guild=True)
        async def settings(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("settings", ephemeral=True)

        if self.sync_guild is not None:
            guild = discord.Object(self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
