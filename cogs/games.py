"""Playing in Discord: the game cog's slash commands and listeners, and the host the table's parts share.

A click goes to ``cogs/table/clicks.py`` (checked against what it names, acknowledged, routed onto the
game's one serialized path), a move to ``cogs/table/moves.py`` (the move path, top to bottom), a game's
end to ``cogs/table/endings.py``. The other concerns live in plain classes beside them: the lobby desk,
the table message, the turn clock, the hand panel and the computers (``cogs/table/``). The engines decide
every rule, through each running game's ``LiveGame``; this layer only translates.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Coroutine, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TeahouseBot
from bot.games.core import Event
from bot.i18n import t
from bot.replies import answer_soon, reply_privately

from .table import persistence, pictures
from .table.attention import attention
from .table.clicks import Clicks
from .table.components import (
    GameButton,
    GameSelect,
)
from .table.computers import Computers
from .table.endings import Endings
from .table.hand_panel import HandPanel
from .table.idle import IdleWatch, lobby_expired
from .table.lobby import LobbyDesk
from .table.lobby_options import parse_options
from .table.moves import Moves
from .table.session import LOBBY, PLAYING, GameSession
from .table.substitutes import Substitutes
from .table.table_message import TableMessage
from .table.trust import same_server
from .table.turn_clock import TurnClock
from .table.words import fold, names, suggestion
from .utils.choices import GameChoice
from .utils.language import private_language

log = logging.getLogger("teahouse.games")

BETWEEN_HANDS_SECONDS = 30
#: One /game table re-post per person per this many seconds (a stranger could otherwise flood a thread).
TABLE_COOLDOWN_SECONDS = 30


class Games(commands.Cog):
    """Lobbies and tables of every game."""

    def __init__(self, bot: TeahouseBot) -> None:
        self.bot = bot
        self.sessions: dict[int, GameSession] = {}
        self.table_asked: dict[tuple[int, int], float] = {}  # (game, person) -> their last /game table
        self.table = TableMessage(self)
        self.clock = TurnClock(self)
        self.panels = HandPanel(self)
        self.computers = Computers(self)
        self.lobby = LobbyDesk(self, self.table, self.clock)
        self.substitutes = Substitutes(self)
        self.idle = IdleWatch(self)
        self.endings = Endings(self, self.table, self.clock, self.panels, self.computers)
        self.moves = Moves(self, self.table, self.clock, self.panels, self.computers, self.endings)
        self.clicks = Clicks(self, self.moves, self.lobby, self.panels, self.table)

    # ------------------------------------------------------------------ life cycle

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(GameButton, GameSelect)
        # messages below a game's table scroll it out of view: enough of them and it is posted again
        self.bot.message_posted = self.table.message_below
        pictures.start_painter()
        self.idle.start()
        for session in await persistence.load_active(self.bot):
            self.sessions[session.id] = session
            try:
                if session.phase == PLAYING:
                    self.after_change(session)
            except Exception as err:  # a game whose saved moment cannot go on costs that game, never the others
                log.error("game %s cannot resume (%s); its snapshot is kept and set aside", session.id,
                          type(err).__name__)
                self.sessions.pop(session.id, None)
        if self.sessions:
            log.info("restored %d games", len(self.sessions))

    async def cog_unload(self) -> None:
        self.bot.message_posted = None
        self.idle.stop()
        for tasks in (self.computers.tasks, self.clock.tasks, self.table.tasks, self.table.removals, self.endings.tasks):
            for task in tasks.values():
                task.cancel()
        self.panels.stop()

    @property
    def computer_delay(self) -> float:
        return self.bot.config.computer_delay_seconds

    async def save(self, session: GameSession) -> None:
        await persistence.save(self.bot, session)

    # ------------------------------------------------------------------ the game host (``table/game_host.py``)
    # What the table's parts ask of each other, answered by the part that does it.

    async def on_click(self, interaction: discord.Interaction, game: int, version: int | None, verb: str,
                       arg: str, values: list[str]) -> None:
        """Every button and select of every game arrives here (``components.py``): ``clicks.py`` routes it."""
        await self.clicks.on_click(interaction, game, version, verb, arg, values)

    async def panel_play(self, interaction: discord.Interaction, session: GameSession, seat: int,
                         version: int | None, action: Any) -> None:
        await self.moves.panel_play(interaction, session, seat, version, action)

    def apply(self, session: GameSession, seat: int, action: Any) -> list[Event]:
        return self.moves.apply(session, seat, action)

    def record_events(self, session: GameSession, events: Sequence[Event]) -> None:
        self.moves.record_events(session, events)

    def after_change(self, session: GameSession, events: Sequence[Event] = ()) -> None:
        self.moves.after_change(session, events)

    def deciders(self, session: GameSession) -> set[int]:
        return self.moves.deciders(session)

    def waiting_humans(self, session: GameSession) -> set[int]:
        return self.moves.waiting_humans(session)

    async def end_game(self, session: GameSession, abandoned: bool = False, notice: str | None = None,
                       scores: bool = False) -> None:
        await self.endings.end_game(session, abandoned, notice, scores)

    async def open_panel(self, interaction: discord.Interaction, session: GameSession) -> None:
        await self.panels.open(interaction, session)

    async def show_panel(self, interaction: discord.Interaction, session: GameSession, seat: int,
                         page: int = 0, note: str = "") -> None:
        await self.panels.show(interaction, session, seat, page=page, note=note)

    def live_panel(self, session: GameSession, user_id: int) -> bool:
        return self.panels.is_live(session, user_id)

    def follow_panels(self, session: GameSession) -> None:
        self.panels.follow_game(session)

    def refresh_table(self, session: GameSession) -> None:
        self.table.want(session)

    async def thread_lost(self, session: GameSession, code: int) -> None:
        await self.table.thread_lost(session, code)

    async def turn_shown(self, session: GameSession, seats: set[int]) -> None:
        if self.clock.shown(session, seats):
            with contextlib.suppress(persistence.SaveFailed):  # not saved: undone, the table shows the saved one
                await self.save(session)

    async def computer_move(self, session: GameSession, seat: int, level: str, *, timed_out: bool = False) -> None:
        await self.computers.move(session, seat, level, timed_out=timed_out)

    def driver(self, session: GameSession) -> asyncio.Task[None] | None:
        return self.computers.tasks.get(session.id)

    async def commit(self, session: GameSession) -> None:
        await self.computers.commit(session)

    def spawn(self, registry: dict[int, asyncio.Task[None]], session: GameSession,
              coro: Coroutine[Any, Any, None]) -> None:
        old = registry.get(session.id)
        if old is not None and not old.done():
            coro.close()
            return
        task = asyncio.create_task(coro)
        registry[session.id] = task
        task.add_done_callback(self._log_task_error)

    @staticmethod
    def _log_task_error(task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # ------------------------------------------------------------------ finding games

    def game_of(self, guild_id: int | None, user_id: int) -> GameSession | None:
        """The lobby or game this member sits in on this server (at most one)."""
        for session in self.sessions.values():
            if session.guild_id == guild_id and session.phase in (LOBBY, PLAYING) and \
                    session.seat_of(user_id) is not None and not lobby_expired(session):
                return session  # an idle lobby past its time holds nobody (idle.py closes it soon)
        return None

    def game_here(self, interaction: discord.Interaction) -> GameSession | None:
        """The lobby or game played in the channel or thread of ``interaction``, on its own server."""
        for session in self.sessions.values():
            if interaction.channel_id in (session.thread_id, session.channel_id) and \
                    session.phase in (LOBBY, PLAYING) and same_server(interaction, session.guild_id):
                return session
        return None

    # ------------------------------------------------------------------ slash commands

    game = app_commands.Group(name="game", description=app_commands.locale_str(
        "Open, join and play games", key="cmd.game.description"))

    @game.command(name="new", description=app_commands.locale_str("Open a lobby for a game", key="cmd.game.new.description"))
    @app_commands.describe(
        game=app_commands.locale_str("Which game", key="cmd.game.new.game"),
        options=app_commands.locale_str("Variant options, e.g. mode=individual target=11",
                                        key="cmd.game.new.options"),
        turn_seconds=app_commands.locale_str("Seconds per move (replaces the rules' turn length; Goita: switches its timer on)",
                                             key="cmd.game.new.turn_seconds"),
        practice=app_commands.locale_str(
            "Practice: you and computer players, no timer, unrated, hints on, computer moves explained",
            key="hints.practice_option"),
    )
    @app_commands.guild_only()
    async def game_new(self, interaction: discord.Interaction, game: GameChoice, options: str = "",
                       turn_seconds: app_commands.Range[int, 5, 3600] | None = None, practice: bool = False) -> None:
        answer_soon(interaction)  # the server's settings are read first: a slow read must not miss the 3 s
        await self.lobby.new(interaction, game, options, turn_seconds, practice)

    @game.command(name="hand", description=app_commands.locale_str("Show your hand and your moves",
                                                                   key="cmd.game.hand"))
    async def game_hand(self, interaction: discord.Interaction) -> None:
        answer_soon(interaction, private=True)  # the hand's picture takes a moment to draw
        session = self.game_of(interaction.guild_id, interaction.user.id)
        if session is None:
            await reply_privately(interaction, t(private_language(interaction), "games.error.not_playing"))
            return
        async with session.lock:
            if session.phase != PLAYING:
                await reply_privately(interaction, t(private_language(interaction), "games.error.not_playing"))
                return
            attention(self.bot).clicked(session.id, interaction.user.id)
            await self.open_panel(interaction, session)

    @game.command(name="table", description=app_commands.locale_str("Post the table again at the bottom",
                                                                    key="cmd.game.table"))
    async def game_table(self, interaction: discord.Interaction) -> None:
        session = self.game_here(interaction) or self.game_of(interaction.guild_id, interaction.user.id)
        lang = private_language(interaction)
        if session is None or session.phase != PLAYING:
            await reply_privately(interaction, t(lang, "games.error.no_game_here"))
            return
        key, now = (session.id, interaction.user.id), time.time()
        wait = self.table_asked.get(key, -TABLE_COOLDOWN_SECONDS) + TABLE_COOLDOWN_SECONDS - now
        if wait > 0:
            await reply_privately(interaction, t(lang, "games.table_cooldown", seconds=max(1, round(wait))))
            return
        self.table_asked = {k: v for k, v in self.table_asked.items() if now - v < TABLE_COOLDOWN_SECONDS}
        self.table_asked[key] = now
        await reply_privately(interaction, t(lang, "games.table_reposted"))
        session.table_posted_at = 0.0
        self.refresh_table(session)

    @game.command(name="leave", description=app_commands.locale_str("Leave your game; a computer takes your seat",
                                                                    key="cmd.game.leave"))
    async def game_leave(self, interaction: discord.Interaction) -> None:
        answer_soon(interaction, private=True)
        session = self.game_of(interaction.guild_id, interaction.user.id)
        if session is None:
            await reply_privately(interaction, t(private_language(interaction), "games.error.not_playing"))
            return
        await self.endings.leave(interaction, session)

    @game.command(name="sit", description=app_commands.locale_str(
        "Take a computer's seat, or the seat of someone who left, in this thread's game", key="cmd.game.sit"))
    @app_commands.describe(seat=app_commands.locale_str("Seat number (the first free one if left out)",
                                                        key="cmd.game.sit_seat"))
    @app_commands.guild_only()
    async def game_sit(self, interaction: discord.Interaction,
                       seat: app_commands.Range[int, 1, 8] | None = None) -> None:
        answer_soon(interaction, private=True)  # the hand's picture takes a moment to draw
        session = self.game_here(interaction)
        if session is None:
            await reply_privately(interaction, t(private_language(interaction), "games.error.no_game_here"))
            return
        await self.substitutes.sit(interaction, session, seat)

    @game.command(name="abandon", description=app_commands.locale_str(
        "End this game without a result (host or Manage Server)", key="cmd.game.abandon"))
    async def game_abandon(self, interaction: discord.Interaction) -> None:
        answer_soon(interaction, private=True)
        await self.endings.abandon(interaction, self.lobby)

    @app_commands.command(name="play", description=app_commands.locale_str(
        "Type a move, e.g. Q-Q or pass (suggestions show only legal moves)", key="cmd.play.description"))
    @app_commands.describe(move=app_commands.locale_str("Your move", key="cmd.play.move"))
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        await self.moves.typed(interaction, move)

    @play.autocomplete("move")
    async def play_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        session = self.game_of(interaction.guild_id, interaction.user.id)
        if session is None or session.live is None:
            return []
        seat = session.seat_of(interaction.user.id)
        mod = session.live.engine
        legal = session.live.legal(seat) if seat is not None else []
        typed = fold(current)
        lang = private_language(interaction)
        out: list[app_commands.Choice[str]] = []
        for action in legal:  # shown by name in the player's language; the value stays the move's notation
            text = mod.format_action(action)
            shown, searched = suggestion(session.game, action, text, lang, names(session, lang))
            if typed in searched:
                out.append(app_commands.Choice(name=shown[:100], value=text[:100]))
            if len(out) == 25:
                break
        return out

    @app_commands.command(name="pass", description=app_commands.locale_str("Pass your turn",
                                                                           key="cmd.pass.description"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        session = self.game_of(interaction.guild_id, interaction.user.id)
        seat = session.seat_of(interaction.user.id) if session else None
        if session is None or session.live is None or seat is None:
            await reply_privately(interaction, t(private_language(interaction), "games.error.not_playing"))
            return
        mod = session.live.engine
        passes = [a for a in session.live.legal(seat) if getattr(a, "kind", "") == "pass"]
        if not passes:
            await reply_privately(interaction, t(private_language(interaction), "games.error.cannot_pass"))
            return
        await self.moves.typed(interaction, mod.format_action(passes[0]))

    # ------------------------------------------------------------------ the public table

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.clicks.unknown_component(interaction)


    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A moderator deleted a game's thread: the game ends now, not at its next message."""
        await self.table.thread_gone(payload.thread_id, 10003)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """Archived and locked, a thread takes no more messages: its game ends. (Archived alone is
        fine: the next table wakes it.)"""
        meta = payload.data.get("thread_metadata") or {}
        if meta.get("archived") and meta.get("locked"):
            await self.table.thread_gone(payload.thread_id, 50083)

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """Someone deleted a live game's table: it is posted again now, not at the next move."""
        self.table.deleted({payload.message_id})

    @commands.Cog.listener()
    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent) -> None:
        """A moderator's bulk delete (a purge) took a live game's table with it: post it again."""
        self.table.deleted(set(payload.message_ids))

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.endings.server_left(guild.id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        self.endings.left_guilds.discard(guild.id)


async def setup(bot: TeahouseBot) -> None:
    await bot.add_cog(Games(bot))


__all__ = ["Games", "parse_options"]
