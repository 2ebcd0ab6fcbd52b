"""Idle tables: a lobby nobody touched for 15 minutes closes, and a game where no person did anything
for the game's idle limit is abandoned with its scores posted (Zheng Shangyou §16.6).

A closed lobby no longer holds its people: ``game_of`` skips a lobby that is past its time even
before the watch has closed it, so its host can open another game at once. One watch task looks at
every table once every ``INTERVAL`` seconds; what it changes, it changes on the game's serialized
path, after checking again under the lock that the table is still idle.

Threads left active by finished games are archived here too, when a server reaches Discord's cap on active
threads and a new game needs one (``open_game_thread``).
"""

from __future__ import annotations

import asyncio
import logging
import time

import discord

from bot.games.registry import engine
from bot.i18n import t
from bot.storage import STORAGE_FAULTS

from . import persistence
from .game_host import GameHost
from .session import CANCELLED, LOBBY, PLAYING, GameSession

log = logging.getLogger("teahouse.games")

#: §16.6: "Idle lobby expires after 15 minutes"
LOBBY_IDLE_SECONDS = 15 * 60.0
#: how often the watch looks (the limits are minutes long)
INTERVAL = 2.0
LOBBY_KEY = "lobby_active_at"
HUMAN_KEY = "human_at"


def touch(session: GameSession) -> None:
    """A person did something at this lobby or table (a click, a typed move)."""
    session.ui[LOBBY_KEY if session.phase == LOBBY else HUMAN_KEY] = time.time()


def lobby_expired(session: GameSession, now: float | None = None) -> bool:
    if session.phase != LOBBY:
        return False
    active = float(session.ui.get(LOBBY_KEY) or session.created_at)
    return (time.time() if now is None else now) - active >= LOBBY_IDLE_SECONDS


def game_idle(session: GameSession, now: float | None = None) -> bool:
    limit = engine(session.game).TIMING.idle_abandon_seconds
    if session.phase != PLAYING or not limit:
        return False
    active = float(session.ui.get(HUMAN_KEY) or session.started_at or session.created_at)
    return (time.time() if now is None else now) - active >= limit


#: ``session.ui`` key of a rematch lobby: the finished game it follows (its thread is that game's)
REMATCH_KEY = "rematch_of"


async def archive_lobby_thread(bot: discord.Client, session: GameSession) -> None:
    """A lobby that closes without a game archives the thread opened for it, so a channel is not left with
    a trail of empty threads (a rematch's lobby lives in the last game's thread, which stays as it is)."""
    if session.thread_id is None or REMATCH_KEY in session.ui:
        return
    try:
        await bot.http.edit_channel(session.thread_id, archived=True)
    except discord.HTTPException as err:
        log.info("thread of closed lobby %s not archived: %s (code %s)", session.id, err.status, err.code)


#: Discord's code for "the server has its 1,000 active threads"
MAX_ACTIVE_THREADS = 160006
#: finished games' threads archived at once when the server is at Discord's active-thread cap: room for the
#: next few games, so the cap costs one batch of edits now and then, not one per game
THREADS_ARCHIVED_AT_CAP = 10


async def archive_finished_threads(guild: discord.Guild, live_thread_ids: set[int | None]) -> int:
    """Archive the bot's own threads of finished games in ``guild``, least recently active first: a game's
    thread stays active for a day after it ends, and Discord allows 1,000 active threads a server (160006),
    so a busy server's new games would have had to play in their channels. An archived thread is still
    there to read; a message sent in it (a rematch) wakes it. Returns how many were archived."""
    me = guild.me.id if guild.me is not None else None
    finished = sorted((th for th in guild.threads if th.owner_id == me and not th.archived
                       and th.id not in live_thread_ids), key=lambda th: th.last_message_id or th.id)
    archived = 0
    for thread in finished[:THREADS_ARCHIVED_AT_CAP]:
        try:
            await thread.edit(archived=True)
            archived += 1
        except discord.HTTPException as err:
            log.info("finished game's thread %s not archived: %s (code %s)", thread.id, err.status, err.code)
    return archived


async def open_game_thread(message: discord.Message, name: str, live_thread_ids: set[int | None]) -> discord.Thread:
    """The game's thread under its lobby message; at the server's active-thread cap, finished games' threads are
    archived to make room (never ``live_thread_ids``) and it is tried once more. Discord's refusal is raised."""
    try:
        return await message.create_thread(name=name, auto_archive_duration=1440)
    except discord.HTTPException as err:
        if err.code != MAX_ACTIVE_THREADS or message.guild is None \
                or not await archive_finished_threads(message.guild, live_thread_ids):
            raise
    return await message.create_thread(name=name, auto_archive_duration=1440)


class IdleWatch:
    """The one task that closes idle lobbies and abandons idle games."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(INTERVAL)
            now = time.time()
            for session in list(self.host.sessions.values()):
                try:
                    if lobby_expired(session, now):
                        await self.close_lobby(session)
                    elif game_idle(session, now):
                        await self.abandon(session)
                except Exception:  # one table's fault never stops the watch of the others
                    log.exception("idle check of game %s failed", session.id)

    async def close_lobby(self, session: GameSession) -> None:
        """The lobby's message says it closed; its seats are free, and the thread opened for it is archived."""
        async with session.lock:
            if not lobby_expired(session):
                return  # started, cancelled or clicked meanwhile
            try:
                await persistence.forget(self.host.bot, session)
            except STORAGE_FAULTS as err:  # still stored: it stays open in memory too, and is tried again
                log.warning("idle lobby %s not closed (%s)", session.id, type(err).__name__)
                return
            session.phase = CANCELLED
            self.host.sessions.pop(session.id, None)
        await archive_lobby_thread(self.host.bot, session)
        if session.lobby_message_id is None:
            return
        text = t(session.lang, "seats.idle.lobby_closed", minutes=int(LOBBY_IDLE_SECONDS // 60))
        # a new lobby is in the channel (its thread hangs under it); a rematch's lobby is in the thread
        for where in dict.fromkeys(w for w in (session.channel_id, session.thread_id) if w):
            channel = self.host.bot.get_partial_messageable(where, guild_id=session.guild_id)
            try:
                await channel.get_partial_message(session.lobby_message_id).edit(content=text, view=None)
                return
            except discord.NotFound:
                continue
            except discord.HTTPException as err:
                log.info("closed lobby %s not edited: %s (code %s)", session.id, err.status, err.code)
                return

    async def abandon(self, session: GameSession) -> None:
        """§16.6: no person acted for the limit: the game ends without a result, its scores posted."""
        async with session.lock:
            if not game_idle(session):
                return
            minutes = int((engine(session.game).TIMING.idle_abandon_seconds or 0) // 60)
            session.add_line(t(session.lang, "seats.idle.abandoned", minutes=minutes))
            await self.host.end_game(session, abandoned=True, scores=True)


__all__ = ["LOBBY_IDLE_SECONDS", "MAX_ACTIVE_THREADS", "REMATCH_KEY", "THREADS_ARCHIVED_AT_CAP", "IdleWatch",
           "archive_finished_threads", "archive_lobby_thread", "game_idle", "lobby_expired", "open_game_thread",
           "touch"]
