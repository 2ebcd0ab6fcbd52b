"""How a game ends: a person leaves, a game is abandoned or over; the result is recorded exactly once,
then the final table and the summary are said, and every part of the table lets the game go."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import Any

import discord

from bot.i18n import t
from bot.replies import DROPPED, reply_privately

from ..utils.language import private_language
from . import persistence, pictures, replay_animation, votes
from .attention import attention
from .components import GameButton
from .computers import Computers
from .game_host import GameHost
from .hand_panel import HandPanel
from .lobby import LobbyDesk
from .messages import summary_text
from .replay_viewer import watch_button
from .session import CANCELLED, FINISHED, LOBBY, PLAYING, GameSession
from .substitutes import invitation, participant_changed
from .table_message import DISCORD_RETRIES, DISCORD_RETRY_SECONDS, THREAD_GONE_CODES, TableMessage
from .trust import same_server
from .turn_clock import TurnClock
from .words import safe_name

log = logging.getLogger("teahouse.games")


class Endings:
    """Leaving and ending games; ``left_guilds``: servers the bot was removed from (nothing is sent there)."""

    def __init__(self, host: GameHost, table: TableMessage, clock: TurnClock, panels: HandPanel,
                 computers: Computers) -> None:
        self.host, self.table, self.clock, self.panels, self.computers = host, table, clock, panels, computers
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.left_guilds: set[int] = set()

    async def server_left(self, guild_id: int) -> None:
        """The bot was removed from a server (kicked, or the server deleted): its lobbies and games end
        without a result and free their seats; nothing more is sent there (every call would be refused)."""
        self.left_guilds.add(guild_id)
        ending = [s for s in self.host.sessions.values() if s.guild_id == guild_id and s.phase in (LOBBY, PLAYING)]
        for session in ending:
            await self.end_game(session, abandoned=True)
        if ending:
            log.info("removed from server %s: %d games ended without a result", guild_id, len(ending))

    async def abandon(self, interaction: discord.Interaction, lobby: LobbyDesk) -> None:
        """``/game abandon``: the game of this thread, or the caller's own one in a channel several games are
        played from; its host or a Manage Server member ends it, anyone else starts a vote (§16.1)."""
        lang = private_language(interaction)
        here = [s for s in self.host.sessions.values()
                if interaction.channel_id in (s.thread_id, s.channel_id) and s.phase in (LOBBY, PLAYING)
                and same_server(interaction, s.guild_id)]
        own = self.host.game_of(interaction.guild_id, interaction.user.id)
        thread = [s for s in here if s.thread_id == interaction.channel_id]
        # In a game's thread: that game. In a channel several games are played from: the caller's own
        # one, the only one, or a question which (never whichever came first).
        session = (thread[0] if thread else own if own is not None and (own in here or not here)
                   else here[0] if len(here) == 1 else None)
        if session is None and len(here) > 1:
            games = ", ".join(f"<#{s.thread_id}>" if s.thread_id else t(lang, f"{s.game}.name") for s in here)
            await reply_privately(interaction, t(lang, "games.error.which_game", games=games))
            return
        if session is None:
            await reply_privately(interaction, t(lang, "games.error.no_game_here"))
            return
        if not lobby.may_manage(interaction, session):
            await votes.vote_abandon(self.host, interaction, session)  # §16.1: or a majority vote of the players
            return
        async with session.lock:
            if session.phase not in (LOBBY, PLAYING):
                await reply_privately(interaction, t(lang, "games.error.no_game_here"))
                return
            await reply_privately(interaction, t(lang, "games.abandoned"))
            await self.end_game(session, abandoned=True)

    def soon(self, session: GameSession) -> None:
        """End a game that is over, on a task of its own (the move that finished it holds the lock)."""
        self.host.spawn(self.tasks, session, self.end_game(session))

    async def leave(self, interaction: discord.Interaction, session: GameSession) -> None:
        lang = private_language(interaction)
        async with session.lock:
            seat = session.seat_of(interaction.user.id)
            if seat is None or session.phase not in (LOBBY, PLAYING):
                await reply_privately(interaction, t(lang, "games.error.not_playing"))
                return
            if session.phase == LOBBY:
                session.seats.pop(seat)
                if not session.humans():
                    session.phase = CANCELLED
                    self.host.sessions.pop(session.id, None)
                    await persistence.forget(self.host.bot, session)
                else:
                    if session.host_id == interaction.user.id:
                        session.host_id = session.humans()[0]
                    await persistence.save(self.host.bot, session)
                await reply_privately(interaction, t(lang, "games.left_lobby"))
                return
            info = session.seats[seat]
            info.left, info.ai = True, "easy"
            self.host.record_events(session, participant_changed(session, seat))  # Gou Ji §13.8: the next hand is fresh
            session.rated = session.rated and len(session.humans()) >= 2
            session.add_line(t(session.lang, "games.replaced", player=safe_name(info.name)))
            if invite := invitation(session, seat):  # where the rules let a substitute take it (substitutes.py)
                session.add_line(invite)
            await persistence.save(self.host.bot, session)
            await reply_privately(interaction, t(lang, "games.left_game"))
            if not session.humans():
                await self.end_game(session, abandoned=True)
                return
            self.host.after_change(session)

    async def end_game(self, session: GameSession, abandoned: bool = False, notice: str | None = None,
                       scores: bool = False) -> None:
        """Record the result (none when abandoned), free the seats, then post the final table and summary.

        ``notice`` (the thread is gone) is said in the channel instead of updating the lost table.
        Runs on the game's serialized path: a click that was waiting then finds the game over.
        """
        async with session.lock:
            await self._end_held(session, abandoned, notice, scores)

    async def _end_held(self, session: GameSession, abandoned: bool, notice: str | None,
                        scores: bool = False) -> None:
        if session.phase not in (PLAYING, LOBBY):
            return
        session.phase = FINISHED if not abandoned else CANCELLED
        # the final table comes below
        for registry in (self.computers.tasks, self.clock.tasks, self.table.tasks, self.table.removals):
            task = registry.pop(session.id, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self.table.wanted.discard(session.id)
        self.clock.forget(session)
        result = session.live.result() if session.live is not None else None
        # Recorded before anything says the game is over: a /leaderboard or /history read right after
        # the summary finds it. A database that refuses keeps the snapshot; the next start-up records
        # the game and posts its summary then, once.
        recorded = await persistence.finish(self.host.bot, session, result, abandoned)
        self.host.sessions.pop(session.id, None)
        announced = recorded
        try:
            if recorded and session.live is not None and session.guild_id not in self.left_guilds:
                await self._say_the_end(session, result, abandoned, notice, scores)
        except asyncio.CancelledError:
            announced = False  # the bot stops mid-way: the snapshot kept for it announces the end at the next start
            raise
        finally:
            if announced:  # said (or refused by Discord): the snapshot kept for the announcement goes
                with contextlib.suppress(*persistence.STORAGE_FAULTS):
                    await persistence.forget(self.host.bot, session)
        self.table.forget(session)
        self.panels.forget(session)
        attention(self.host.bot).forget_game(session.id)

    async def _say_the_end(self, session: GameSession, result: Any, abandoned: bool, notice: str | None,
                           scores: bool = False) -> None:
        """The final table and summary; an abandoned game says it ended without a result (no places,
        no "match is over"); where the thread was lost, ``notice`` in the channel says it all."""
        channel = self.host.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
        if notice is not None:
            with contextlib.suppress(discord.HTTPException, *DROPPED):
                await channel.send(notice)
            return
        await self._final_table(session)
        summary: dict[str, Any] = {}
        if result is not None:
            summary = {"places": result.places, "points": result.points, **result.summary}
        if abandoned:  # no result is stored; the scores so far are shown where the rules say so (§16.6)
            with contextlib.suppress(discord.HTTPException, *DROPPED):
                await channel.send(t(session.lang, "games.abandoned"))
            if scores:
                await self._post_summary(session, summary, final=True)
            return
        again = discord.ui.View(timeout=None)
        again.add_item(GameButton(session.id, "rematch", label=t(session.lang, "games.button.rematch"),
                                  style=discord.ButtonStyle.success))
        again.add_item(watch_button(str(session.id), t(session.lang, "viewer.watch")))
        moving = None if session.id in self.table.text_only else await replay_animation.for_summary(
            self.host.bot, session)  # the last hand, move by move (``/settings replays:``)
        await self._post_summary(session, summary, final=True, view=again, moving=moving)

    async def _post_summary(self, session: GameSession, data: dict[str, Any], final: bool,
                            view: discord.ui.View | None = None, moving: tuple[bytes, str] | None = None) -> None:
        """The result is never lost to a fault: 5xx tried again, text without the picture when
        pictures are refused, the channel when the thread is gone."""
        text = summary_text(session, session.lang, data, final)
        image = None if session.id in self.table.text_only else await pictures.summary_picture(
            session, data, session.lang)
        for attempt in range(DISCORD_RETRIES + 1):
            channel = self.host.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
            kwargs: dict[str, Any] = {"files": [] if image is None else [discord.File(image, filename="summary.png")]}
            if moving is not None and image is not None:
                kwargs["files"].append(discord.File(io.BytesIO(moving[0]), filename=f"last-hand.{moving[1]}"))
            if view is not None:
                kwargs["view"] = view
            try:
                await channel.send(text, **kwargs)
                return
            except DROPPED as err:  # the connection dropped: tried again, as after a 5xx
                log.warning("summary for game %s not posted: connection dropped (%s)", session.id,
                            type(err).__name__)
                if attempt == DISCORD_RETRIES:
                    return
                await asyncio.sleep(DISCORD_RETRY_SECONDS * (attempt + 1))
            except discord.HTTPException as err:
                log.warning("summary for game %s not posted: %s (code %s)", session.id, err.status, err.code)
                if isinstance(err, discord.Forbidden) and image is not None:
                    image = None
                elif err.code in THREAD_GONE_CODES and session.thread_id is not None:
                    session.thread_id = None
                elif isinstance(err, discord.DiscordServerError) and attempt < DISCORD_RETRIES:
                    await asyncio.sleep(DISCORD_RETRY_SECONDS * (attempt + 1))
                else:
                    return

    async def _final_table(self, session: GameSession) -> None:
        """The last table: no clock, no pause; it stays as the record of the last hand."""
        session.deadline, session.paused_until = None, None
        with contextlib.suppress(discord.HTTPException, *DROPPED):
            await self.table.update(session, final=True)


__all__ = ["Endings"]
