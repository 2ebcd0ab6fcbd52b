"""What an interaction may name: a game of its own server, played where the interaction came from.

A component's custom id carries a game id, and anyone who sees a lobby (or ``/history``) can read it;
Discord fills in an interaction's server and channel itself, but a custom id can be typed by a modified
client or drawn by the bot from ids people typed. So every click is held against the game it names in
one place (``Games._click``) before anything reads the game: the server must be the game's, and the
channel its lobby channel or thread. Permissions (``interaction.permissions``) are then judged in the
game's own server.
"""

from __future__ import annotations

import discord

from .session import GameSession


def same_server(interaction: discord.Interaction, guild_id: int) -> bool:
    """The interaction came from this server (a direct message belongs to no server)."""
    return interaction.guild_id is not None and interaction.guild_id == guild_id


def clicked_where_it_belongs(interaction: discord.Interaction, session: GameSession) -> bool:
    """A click on a game's component came from that game's server and from its channel or thread.

    The one exception is a seated player's own private panel: ``/game hand`` may be run in any channel
    of the server, and the panel it opens (an ephemeral message only its owner can click) lives there.
    """
    if not same_server(interaction, session.guild_id):
        return False
    if interaction.channel_id in (session.channel_id, session.thread_id):
        return True
    message = interaction.message
    return message is not None and message.flags.ephemeral and session.seat_of(interaction.user.id) is not None


__all__ = ["clicked_where_it_belongs", "same_server"]
