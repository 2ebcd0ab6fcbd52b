"""What the host of a game is told about a problem with its channel: once per problem, in the channel where the
game is played now, or privately at their next click when the channel refuses messages."""

from __future__ import annotations

import contextlib

import discord

from bot.i18n import t
from bot.replies import send_private

from ..utils.language import private_language
from .game_host import GameHost
from .session import GameSession


class HostNotes:
    """The problems each game's host was told about (in this process), and those still to tell in private."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.told: set[tuple[int, str]] = set()  # (game, problem's text key) the host was told about
        self.for_host: dict[int, str] = {}  # game -> what its host is told privately at their next click

    def forget(self, game_id: int) -> None:
        self.for_host.pop(game_id, None)
        self.told.difference_update({told for told in self.told if told[0] == game_id})

    def later_in_private(self, session: GameSession, key: str) -> bool:
        """Keep ``key`` for the host's next click; False when they were told it already."""
        if (session.id, key) in self.told:
            return False
        self.for_host[session.id] = key
        return True

    async def tell_privately(self, interaction: discord.Interaction, session: GameSession) -> None:
        """What could not be said in the channel (it refuses messages), said to the host in private, once."""
        key = self.for_host.get(session.id)
        if key is None or interaction.user.id != session.host_id or (session.id, key) in self.told:
            return
        self.told.add((session.id, key))
        del self.for_host[session.id]
        with contextlib.suppress(discord.HTTPException):
            await send_private(interaction, t(private_language(interaction), key, host=interaction.user.mention))

    async def tell(self, session: GameSession, key: str) -> None:
        """One clear message to the host per problem, where the game is played now; it pings only them."""
        if (session.id, key) in self.told:
            return
        self.told.add((session.id, key))
        channel = self.host.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.send(t(session.lang, key, host=f"<@{session.host_id}>"),
                               allowed_mentions=discord.AllowedMentions(
                                   users=[discord.Object(id=session.host_id)], everyone=False, roles=False))
