"""Votes of the people at a table: ending a game by a majority (Zheng Shangyou §16.1, ``/zsy abandon``
"host only, or a majority vote").

The host (or Manage Server) ends a game at once; any other person still playing casts a vote with
``/game abandon``, said on the table, and when more than half of the people still playing have
voted the game ends without a result. The votes live with the game (saved with it) and are
counted on the game's serialized path, so two votes at once are both counted, once each.
"""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.replies import reply_privately

from ..utils.language import private_language
from .game_host import GameHost
from .session import PLAYING, GameSession
from .words import safe_name

KEY = "abandon_votes"


def needed(session: GameSession) -> int:
    """Votes that make a majority of the people still playing."""
    return len(session.humans()) // 2 + 1


def counted(session: GameSession) -> list[int]:
    """Votes of people still playing (a voter who left no longer counts)."""
    playing = set(session.humans())
    return [uid for uid in session.ui.get(KEY, []) if uid in playing]


async def vote_abandon(host: GameHost, interaction: discord.Interaction, session: GameSession) -> None:
    """``/game abandon`` by a player who is not the host: one vote, and the end when they are a majority.
    The caller acknowledged the command privately."""
    lang = private_language(interaction)
    user = interaction.user
    async with session.lock:
        seat = session.seat_of(user.id)
        if session.phase != PLAYING or seat is None:
            await reply_privately(interaction, t(lang, "games.error.host_only"))
            return
        votes = counted(session)
        if user.id in votes:
            await reply_privately(interaction, t(lang, "seats.vote.already", votes=len(votes),
                                                 needed=needed(session)))
            return
        votes.append(user.id)
        session.ui[KEY] = votes
        name = safe_name(session.seats[seat].name)
        if len(votes) >= needed(session):
            session.add_line(t(session.lang, "seats.vote.carried", player=name, votes=len(votes)))
            await reply_privately(interaction, t(lang, "games.abandoned"))
            await host.end_game(session, abandoned=True)
            return
        session.add_line(t(session.lang, "seats.vote.cast", player=name, votes=len(votes), needed=needed(session)))
        await host.save(session)
        await reply_privately(interaction, t(lang, "games.error.host_only") + "\n"  # why it did not end at once
                              + t(lang, "seats.vote.counted", votes=len(votes), needed=needed(session)))
    host.refresh_table(session)


__all__ = ["counted", "needed", "vote_abandon"]
