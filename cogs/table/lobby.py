"""Lobbies: a game is opened, people join, the host sets it up and starts it; and the rematch after it.

Every lobby click runs on the game's serialized path, so Start, Join, Leave and Cancel that
arrive together are taken one after the other, each seeing what the one before did.
"""

from __future__ import annotations

import contextlib
import logging
import random
import secrets
import time
from collections import OrderedDict

import discord

from bot.games.core import IllegalAction, resolve_options
from bot.games.live import LiveGame
from bot.games.registry import engine
from bot.i18n import t
from bot.replies import edit_clicked, reply_privately, send_public
from bot.storage import STORAGE_FAULTS

from ..utils.language import private_language
from . import persistence
from .components import parse_number
from .controls import controls_for
from .game_host import GameHost
from .hints import PRACTICE
from .idle import REMATCH_KEY, archive_lobby_thread, lobby_expired, open_game_thread
from .lobby_options import current, menu_step, option_value, parse_options
from .messages import Surface, clip_join, lobby_surface
from .persistence import SaveFailed
from .session import CANCELLED, LOBBY, PLAYING, GameSession, Seat
from .table_message import TableMessage
from .trust import same_server
from .turn_clock import TurnClock
from .words import names

log = logging.getLogger("teahouse.games")

#: the lobby's buttons and menus: anyone's, and the host's (or Manage Server's)
HOST_VERBS = frozenset({"addai", "kick", "swap", "start", "cancel", "option", "shuffle"})
LOBBY_VERBS = HOST_VERBS | {"join", "leave"}
#: computer players' names: short and distinct at one table, so a table of computers is told apart (#22)
COMPUTER_NAMES = ("Aiko", "Bram", "Chen", "Dita", "Emre", "Faye", "Gus")


def computer_seat(seats: list[Seat], level: str, keep: str = "") -> Seat:
    """A computer player for a table of ``seats``: named ``keep`` (its name last game) when nobody here has
    that name, else the first computer name nobody at the table has."""
    used = {seat.name for seat in seats}
    if keep in COMPUTER_NAMES and keep not in used:
        return Seat(keep, ai=level)
    name = next((n for n in COMPUTER_NAMES if n not in used), f"CPU {len(seats) + 1}")
    return Seat(name, ai=level)


#: the levels the add-computer menu offers
COMPUTER_LEVELS = ("easy", "hard")
#: one person who cancelled this many lobbies within the window on one server opens no more until it passes
LOBBIES_PER_PERSON, LOBBY_WINDOW_SECONDS = 5, 600.0
#: at most this many lobbies wait for players in one channel (or thread) at once
OPEN_LOBBIES_PER_CHANNEL = 5


class LobbyDesk:
    """Lobbies of every game, and rematches."""

    def __init__(self, host: GameHost, table: TableMessage, clock: TurnClock) -> None:
        self.host, self.table, self.clock = host, table, clock
        # finished game -> its rematch lobby: one rematch per game, however many press the button at once
        self.rematches: OrderedDict[int, int] = OrderedDict()
        self.cancelled: dict[tuple[int, int], list[float]] = {}  # (server, host) -> lobbies closed unplayed

    async def new(self, interaction: discord.Interaction, game: str, options: str, turn_seconds: int | None,
                  practice: bool = False) -> None:
        """``/game new``: a lobby in the channel and a thread under it, saved before anyone can click it; a practice
        game (``hints.py``) starts at once with computer players, no timer, unrated."""
        lang = private_language(interaction)
        if self.host.game_of(interaction.guild_id, interaction.user.id) is not None:
            await reply_privately(interaction, t(lang, "games.error.already_playing"))
            return
        settings = await persistence.guild_settings(self.host.bot, interaction.guild_id)
        if game in settings.disabled_games:
            await reply_privately(interaction, t(lang, "games.error.disabled", game=t(lang, f"{game}.name")))
            return
        if self.host.game_of(interaction.guild_id, interaction.user.id) is not None:  # opened meanwhile
            await reply_privately(interaction, t(lang, "games.error.already_playing"))
            return
        try:
            chosen = parse_options(options)
            resolve_options(engine(game).INFO.options, chosen)
        except ValueError as err:
            await reply_privately(interaction, t(lang, "games.error.bad_options", detail=str(err)[:200]))
            return
        refusal = self._over_limits(interaction, lang)
        if refusal:
            await reply_privately(interaction, refusal)
            return
        session = GameSession(
            id=interaction.id, game=game, guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0, host_id=interaction.user.id, options=chosen,
            seats=[Seat(interaction.user.display_name, user_id=interaction.user.id)],
            turn_timeout=turn_seconds or self.clock.default_turn(game, settings.turn_timeout_s),
            lang=persistence.public_language(self.host.bot, settings, interaction), rated=settings.rated,
        )
        if practice:
            session.rated, session.turn_timeout, session.ui[PRACTICE] = False, 0, True
        async with session.lock:  # clicks on the new lobby wait until it is saved
            self.host.sessions[session.id] = session
            surface = lobby_surface(session, session.lang)
            try:
                message = await send_public(interaction, surface.content, view=surface.view())
            except BaseException:  # refused, dropped, cancelled: never shown nor saved, so no lobby keeps its host
                self.host.sessions.pop(session.id, None)  # "playing" until it expired
                raise
            session.lobby_message_id = message.id
            await self._open_thread(session, message)
            try:
                await self.host.save(session)
            except SaveFailed:
                await self._not_opened(interaction, session, message, lang)
                return
            if practice:
                await self._start(interaction, session)

    async def _not_opened(self, interaction: discord.Interaction, session: GameSession,
                          message: discord.Message | None, lang: str) -> None:
        """A new lobby the database refused: nothing of it is stored, so nothing of it stays open (its
        message says it closed, the thread opened for it is archived) and its opener hears why."""
        self.host.sessions.pop(session.id, None)
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await message.edit(content=t(session.lang, "games.lobby.cancelled"), view=None)
        await archive_lobby_thread(self.host.bot, session)
        await reply_privately(interaction, t(lang, "resilience.not_saved"))

    async def _open_thread(self, session: GameSession, message: discord.Message) -> None:
        """Play in a thread under the lobby message; in the channel itself where that is not allowed."""
        if isinstance(message.channel, discord.Thread):  # no thread in a thread (Discord answers 50024)
            return
        name = t(session.lang, "games.thread_name", game=t(session.lang, f"{session.game}.name"),
                 host=session.seats[0].name)[:100]
        live = {s.thread_id for s in self.host.sessions.values() if s.phase in (LOBBY, PLAYING)}
        try:
            thread = await open_game_thread(message, name, live)
        except discord.HTTPException as err:
            log.info("game %s plays in its channel (no thread: %s)", session.id, err.code)
            if isinstance(err, discord.Forbidden):
                await self.table.notes.tell(session, "resilience.no_thread")
            return
        session.thread_id = thread.id

    def _over_limits(self, interaction: discord.Interaction, lang: str) -> str:
        """A polite refusal when this person closed too many lobbies unplayed lately (opening and
        cancelling in a loop leaves a trail of messages and threads), or the channel has too many lobbies
        waiting for players; "" when a lobby may open. Lobbies that became games never count."""
        now = time.time()
        recent = self._cancelled_lately((interaction.guild_id or 0, interaction.user.id), now)
        if len(recent) >= LOBBIES_PER_PERSON:
            return t(lang, "games.error.too_many_lobbies", count=len(recent),
                     minutes=int(LOBBY_WINDOW_SECONDS // 60))
        waiting = [s for s in self.host.sessions.values() if s.phase == LOBBY and not lobby_expired(s, now)
                   and interaction.channel_id in (s.channel_id, s.thread_id)]
        if len(waiting) >= OPEN_LOBBIES_PER_CHANNEL:
            return t(lang, "games.error.channel_full", count=len(waiting))
        return ""

    def _cancelled_lately(self, key: tuple[int, int], now: float) -> list[float]:
        """When this (server, person) closed lobbies unplayed within the window."""
        return [at for at in self.cancelled.get(key, []) if now - at < LOBBY_WINDOW_SECONDS]

    def _count_cancelled(self, session: GameSession) -> None:
        """A lobby of this host closed without a game: it counts against them for ``LOBBY_WINDOW_SECONDS``."""
        now = time.time()
        key = (session.guild_id, session.host_id)
        self.cancelled[key] = [*self._cancelled_lately(key, now), now]
        if len(self.cancelled) > 10_000:  # people who cancelled nothing for a window are forgotten
            self.cancelled = {k: v for k, v in self.cancelled.items() if v and now - v[-1] < LOBBY_WINDOW_SECONDS}

    def may_manage(self, interaction: discord.Interaction, session: GameSession) -> bool:
        perms = interaction.permissions
        return interaction.user.id == session.host_id or bool(perms and perms.manage_guild)

    async def click(self, interaction: discord.Interaction, session: GameSession, verb: str,
                           values: list[str]) -> None:
        lang = private_language(interaction)
        info = engine(session.game).INFO
        user = interaction.user
        if verb == "join":
            if session.seat_of(user.id) is not None:
                await reply_privately(interaction, t(lang, "games.error.already_seated"))
                return
            if self.host.game_of(session.guild_id, user.id) is not None:
                await reply_privately(interaction, t(lang, "games.error.already_playing"))
                return
            if len(session.seats) >= info.max_seats:
                await reply_privately(interaction, t(lang, "games.error.full"))
                return
            session.seats.append(Seat(user.display_name, user_id=user.id))
        elif verb == "leave":
            index = session.seat_of(user.id)
            if index is None:
                await reply_privately(interaction, t(lang, "games.error.not_seated"))
                return
            session.seats.pop(index)
            if user.id == session.host_id:
                humans = session.humans()
                if not humans:
                    await self._cancel(interaction, session)
                    return
                session.host_id = humans[0]
        elif verb in HOST_VERBS:
            if not self.may_manage(interaction, session):
                await reply_privately(interaction, t(lang, "games.error.host_only"))
                return
            if verb == "cancel":
                await self._cancel(interaction, session)
                return
            if verb == "start":
                await self._start(interaction, session)
                return
            problem = self._change(session, verb, values, lang)
            if problem:
                await reply_privately(interaction, problem)
                return
        else:
            await reply_privately(interaction, t(lang, "games.error.unknown_button"))
            return
        try:
            await self.host.save(session)  # shown only once stored: a failed save put the lobby back as it was
        except SaveFailed:
            await reply_privately(interaction, t(lang, "resilience.not_saved"))
            return
        surface = lobby_surface(session, session.lang)
        await edit_clicked(interaction, content=surface.content, view=surface.view())

    def _change(self, session: GameSession, verb: str, values: list[str], lang: str) -> str:
        """Apply a host's lobby change; returns a polite refusal, or "" when done."""
        info = engine(session.game).INFO
        if verb == "addai":
            level = values[0] if len(values) == 1 else ""
            if level not in COMPUTER_LEVELS:  # a forged or outdated menu: refused, never read as "easy"
                return t(lang, "games.error.unknown_button")
            if len(session.seats) >= info.max_seats:
                return t(lang, "games.error.full")
            session.seats.append(computer_seat(session.seats, level))
        elif verb == "kick":
            index = parse_number(values[0]) if values else -1
            if not 0 <= index < len(session.seats) or session.seats[index].user_id == session.host_id:
                return t(lang, "games.error.cannot_kick")
            session.seats.pop(index)
        elif verb == "swap":
            picked = [n for v in values if 0 <= (n := parse_number(v)) < len(session.seats)]
            if len(picked) != 2:
                return t(lang, "games.error.pick_two")
            a, b = picked
            session.seats[a], session.seats[b] = session.seats[b], session.seats[a]
        elif verb == "shuffle":  # Zheng Shangyou §16.1: the seat order is the join order unless shuffled
            random.SystemRandom().shuffle(session.seats)
        elif verb == "option":
            chosen = menu_step(session, values[0] if values else "")
            if chosen is None:
                return ""  # the menu turned a page or opened an option's values
            name, _, raw = chosen.partition("=")
            candidate = {**session.options, name: option_value(raw)}
            try:
                    resolve_options(info.options, candidate)
            except ValueError as err:
                return t(lang, "games.error.bad_options", detail=str(err)[:200])
            session.options = candidate
        return ""

    async def _cancel(self, interaction: discord.Interaction, session: GameSession) -> None:
        """The lobby closes: forgotten first, then shown closed, and the thread opened for it archived."""
        try:
            await persistence.forget(self.host.bot, session)
        except STORAGE_FAULTS as err:
            log.warning("lobby %s not cancelled (%s); it stays open", session.id, type(err).__name__)
            persistence.revert(session)  # a host's leave that was to close it is undone too
            await reply_privately(interaction, t(private_language(interaction), "resilience.not_saved"))
            return
        session.phase = CANCELLED
        self.host.sessions.pop(session.id, None)
        self._count_cancelled(session)
        await edit_clicked(interaction, content=t(session.lang, "games.lobby.cancelled"), view=None)
        await archive_lobby_thread(self.host.bot, session)

    async def _start(self, interaction: discord.Interaction, session: GameSession) -> None:
        """Fill empty seats with computers, deal, and put the table in the thread."""
        mod = engine(session.game)
        info = mod.INFO
        settings = await persistence.guild_settings(self.host.bot, session.guild_id)
        level = settings.ai_level or "easy"
        if not current(session).get("cpu_fill", True) and len(session.seats) < info.min_seats:
            # Gou Ji §13.1 with ``cpu_fill`` off: nobody fills the empty seats
            await reply_privately(interaction, t(private_language(interaction), "options.lobby.need_players",
                                                 count=info.min_seats - len(session.seats)))
            return
        while len(session.seats) < info.min_seats:
            session.seats.append(computer_seat(session.seats, level))
        session.seed = secrets.randbits(48)
        drawn = controls_for(session.game).seat_draw(session, session.lang)
        try:  # the game's one start: its first deal's events are told like any later deal's
            session.live, first_events = LiveGame.start(session.game, len(session.seats), session.seed,
                                                        session.options)
        except (ValueError, IllegalAction) as err:
            session.live = None
            await reply_privately(interaction, t(session.lang, "games.error.cannot_start", detail=str(err)[:300]))
            return
        session.phase = PLAYING
        session.started_at = time.time()
        if session.ui.get(PRACTICE):
            session.add_line(t(session.lang, "hints.practice_started"))
        if len(session.humans()) < 2:
            session.rated = False
        self.host.record_events(session, first_events)
        try:
            await self.host.save(session)  # stored before anyone is told: a failed save is the lobby as it was
        except SaveFailed:
            await reply_privately(interaction, t(private_language(interaction), "resilience.not_saved"))
            return
        where = f"<#{session.thread_id}>" if session.thread_id else ""
        await edit_clicked(
            interaction, content=clip_join(t(session.lang, "games.lobby.started", game=t(session.lang, f"{session.game}.name"),
                                 where=where, seats=", ".join(names(session, session.lang))), *drawn), view=None)
        self.table.routes.offer(session, interaction)  # in the game's channel: the table may follow up on it
        self.host.after_change(session, first_events)

    async def rematch(self, interaction: discord.Interaction, game: int) -> None:
        """A new lobby in the same thread with the same game, options and computer players.

        The clicker hosts it; the other people of the last match press Join if they want
        another round (nobody is seated without asking).
        """
        lang = private_language(interaction)
        record = await self.host.bot.storage.game_record(str(game))
        if record is None:
            await reply_privately(interaction, t(lang, "games.error.game_over"))
            return
        if not same_server(interaction, record.guild_id) or \
                interaction.channel_id not in (record.channel_id, record.thread_id):
            await reply_privately(interaction, t(lang, "games.error.elsewhere"))
            return
        if interaction.user.id not in {seat.user_id for seat in record.seats}:
            await reply_privately(interaction, t(lang, "games.error.not_seated"))
            return
        settings = await persistence.guild_settings(self.host.bot, interaction.guild_id)
        # from here to the new lobby's registration nothing is awaited: two Rematch clicks cannot both pass
        if game in self.rematches:
            await reply_privately(interaction, t(lang, "games.error.rematch_open"))
            return
        if self.host.game_of(interaction.guild_id, interaction.user.id) is not None:
            await reply_privately(interaction, t(lang, "games.error.already_playing"))
            return
        refusal = self._over_limits(interaction, lang)
        if refusal:
            await reply_privately(interaction, refusal)
            return
        seats = [Seat(interaction.user.display_name, user_id=interaction.user.id)]
        for old in record.seats:
            if old.ai_level:
                seats.append(computer_seat(seats, old.ai_level, keep=old.name))
        session = GameSession(
            id=interaction.id, game=record.game, guild_id=record.guild_id, channel_id=record.channel_id,
            thread_id=record.thread_id, host_id=interaction.user.id, seats=seats,
            options={k: v for k, v in record.options.items() if k in engine(record.game).INFO.options},
            turn_timeout=self.clock.default_turn(record.game, settings.turn_timeout_s),
            lang=persistence.public_language(self.host.bot, settings, interaction), rated=settings.rated,
            ui={REMATCH_KEY: game},
        )
        self.rematches[game] = session.id
        while len(self.rematches) > 1000:
            self.rematches.popitem(last=False)
        async with session.lock:  # clicks on the new lobby wait until it is saved
            self.host.sessions[session.id] = session
            surface = lobby_surface(session, session.lang)
            message = await self._post_lobby(interaction, session, surface)
            session.lobby_message_id = message.id if message is not None else None
            try:
                await self.host.save(session)
            except SaveFailed:
                self.rematches.pop(game, None)
                await self._not_opened(interaction, session, message, lang)

    async def _post_lobby(self, interaction: discord.Interaction, session: GameSession,
                          surface: Surface) -> discord.Message | None:
        """The rematch lobby, a new public message under the summary (the click was deferred)."""
        try:
            return await send_public(interaction, surface.content, view=surface.view())
        except discord.HTTPException as err:
            log.info("rematch lobby of game %s not posted: %s (code %s)", session.id, err.status, err.code)
            return None
