"""Playing in Discord: lobbies, the move pipeline, the table, private hands, timers, computer seats.

One move, top to bottom (``_commit``): the per-game lock is held, the engine applies
the action, the session records it and is saved, then the player's panel is answered
and the table update, pings, clock and computer players are scheduled. The engines
decide every rule; this cog only translates clicks into actions and events into words.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TeahouseBot
from bot.games.core import Event, IllegalAction, resolve_options, rng_for
from bot.games.registry import engine
from bot.i18n import t
from bot.replies import reply_privately

from .utils import persistence, pictures
from .utils.choices import GameChoice
from .utils.components import BUTTON_TEMPLATE, SELECT_TEMPLATE, GameButton, GameSelect
from .utils.controls import BACK_VERB, STALLING, controls_for
from .utils.language import private_language
from .utils.messages import MAX_NEW_LINES, Surface, lobby_surface, panel_surface, summary_text, table_surface
from .utils.old_messages import too_old_to_edit
from .utils.session import CANCELLED, FINISHED, LOBBY, PLAYING, GameSession, Seat
from .utils.words import action_label, event_text, names, reason, safe_name

log = logging.getLogger("teahouse.games")

BETWEEN_HANDS_SECONDS = 30
TABLE_MAX_AGE_SECONDS = 50 * 60
TABLE_EDIT_INTERVAL_SECONDS = 1.0
INSTANT_BURST_WAIT_SECONDS = 10.0
DISCORD_RETRIES = 3
DISCORD_RETRY_SECONDS = 0.5
THREAD_GONE_CODES = {10003: "resilience.thread_deleted", 50001: "resilience.thread_deleted",
                     50083: "resilience.thread_archived"}
# games whose channel refused pictures (Attach Files) and problems the host was told about, in this process
_TEXT_ONLY: set[int] = set()
_TOLD_HOST: set[tuple[int, str]] = set()


def _lang(interaction: discord.Interaction) -> str:
    return private_language(interaction)


def _option_value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    with contextlib.suppress(ValueError):
        return int(lowered)
    return text.strip()


def _clip_join(*parts: str) -> str:
    text = "\n".join(parts)
    return text if len(text) <= 2000 else text[:1999] + "…"


def parse_options(text: str) -> dict[str, Any]:
    """``"target=21 twos_natural_in_sequences=true"`` -> ``{"target": 21, ...}``."""
    out: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        name, sep, value = part.partition("=")
        if not sep or not name:
            raise ValueError(part)
        out[name.strip()] = _option_value(value)
    return out


class Games(commands.Cog):
    """Lobbies and tables of every game."""

    def __init__(self, bot: TeahouseBot) -> None:
        self.bot = bot
        self.sessions: dict[int, GameSession] = {}
        self._handled: OrderedDict[int, None] = OrderedDict()
        self._drivers: dict[int, asyncio.Task[None]] = {}
        self._clocks: dict[int, asyncio.Task[None]] = {}
        self._clock_windows: dict[int, dict[int, tuple[Any, float]]] = {}  # game -> waiting seat -> window
        self._tables: dict[int, asyncio.Task[None]] = {}
        self._table_wanted: set[int] = set()
        self._unsaved: set[int] = set()  # games with computer moves not yet saved

    # ------------------------------------------------------------------ life cycle

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(GameButton, GameSelect)
        for session in await persistence.load_active(self.bot):
            self.sessions[session.id] = session
            if session.phase == PLAYING:
                self._after_change(session)
        if self.sessions:
            log.info("restored %d games", len(self.sessions))

    async def cog_unload(self) -> None:
        for tasks in (self._drivers, self._clocks, self._tables):
            for task in tasks.values():
                task.cancel()

    @property
    def computer_delay(self) -> float:
        return self.bot.config.computer_delay_seconds

    def _spawn(self, registry: dict[int, asyncio.Task[None]], session: GameSession, coro: Any) -> None:
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
                    session.seat_of(user_id) is not None:
                return session
        return None

    def game_here(self, channel_id: int | None) -> GameSession | None:
        for session in self.sessions.values():
            if channel_id in (session.thread_id, session.channel_id) and session.phase in (LOBBY, PLAYING):
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
    )
    @app_commands.guild_only()
    async def game_new(self, interaction: discord.Interaction, game: GameChoice, options: str = "",
                       turn_seconds: app_commands.Range[int, 5, 3600] | None = None) -> None:
        lang = _lang(interaction)
        settings = await persistence.guild_settings(self.bot, interaction.guild_id)
        if game in settings.disabled_games:
            await reply_privately(interaction, t(lang, "games.error.disabled", game=t(lang, f"{game}.name")))
            return
        if self.game_of(interaction.guild_id, interaction.user.id) is not None:
            await reply_privately(interaction, t(lang, "games.error.already_playing"))
            return
        try:
            chosen = parse_options(options)
            resolve_options(engine(game).INFO.options, chosen)
        except ValueError as err:
            await reply_privately(interaction, t(lang, "games.error.bad_options", detail=str(err)[:200]))
            return
        session = GameSession(
            id=interaction.id, game=game, guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0, host_id=interaction.user.id, options=chosen,
            seats=[Seat(interaction.user.display_name, user_id=interaction.user.id)],
            turn_timeout=turn_seconds or self._default_turn(game, settings.turn_timeout_s),
            lang=persistence.public_language(self.bot, settings, interaction), rated=settings.rated,
        )
        self.sessions[session.id] = session
        surface = lobby_surface(session, session.lang)
        await interaction.response.send_message(surface.content, view=surface.view())
        message = await interaction.original_response()
        session.lobby_message_id = message.id
        await self._open_thread(session, message)
        await persistence.save(self.bot, session)

    async def _open_thread(self, session: GameSession, message: discord.Message) -> None:
        """Play in a thread under the lobby message; in the channel itself where that is not allowed."""
        if isinstance(message.channel, discord.Thread):  # no thread in a thread (Discord answers 50024)
            return
        name = t(session.lang, "games.thread_name", game=t(session.lang, f"{session.game}.name"),
                 host=session.seats[0].name)[:100]
        try:
            thread = await message.create_thread(name=name, auto_archive_duration=1440)
        except discord.HTTPException as err:
            log.info("game %s plays in its channel (no thread: %s)", session.id, err.code)
            if isinstance(err, discord.Forbidden):
                await self._tell_host(session, "resilience.no_thread")
            return
        session.thread_id = thread.id

    @game.command(name="hand", description=app_commands.locale_str("Show your hand and your moves",
                                                                   key="cmd.game.hand"))
    async def game_hand(self, interaction: discord.Interaction) -> None:
        session = self.game_of(interaction.guild_id, interaction.user.id)
        if session is None or session.phase != PLAYING:
            await reply_privately(interaction, t(_lang(interaction), "games.error.not_playing"))
            return
        await self._send_panel(interaction, session)

    @game.command(name="table", description=app_commands.locale_str("Post the table again at the bottom",
                                                                    key="cmd.game.table"))
    async def game_table(self, interaction: discord.Interaction) -> None:
        session = self.game_here(interaction.channel_id) or self.game_of(interaction.guild_id, interaction.user.id)
        if session is None or session.phase != PLAYING:
            await reply_privately(interaction, t(_lang(interaction), "games.error.no_game_here"))
            return
        await reply_privately(interaction, t(_lang(interaction), "games.table_reposted"))
        session.table_posted_at = 0.0
        self._want_table(session)

    @game.command(name="leave", description=app_commands.locale_str("Leave your game; a computer takes your seat",
                                                                    key="cmd.game.leave"))
    async def game_leave(self, interaction: discord.Interaction) -> None:
        session = self.game_of(interaction.guild_id, interaction.user.id)
        if session is None:
            await reply_privately(interaction, t(_lang(interaction), "games.error.not_playing"))
            return
        await self._leave(interaction, session)

    @game.command(name="abandon", description=app_commands.locale_str(
        "End this game without a result (host or Manage Server)", key="cmd.game.abandon"))
    async def game_abandon(self, interaction: discord.Interaction) -> None:
        lang = _lang(interaction)
        session = self.game_here(interaction.channel_id) or self.game_of(interaction.guild_id, interaction.user.id)
        if session is None:
            await reply_privately(interaction, t(lang, "games.error.no_game_here"))
            return
        if not self._may_manage(interaction, session):
            await reply_privately(interaction, t(lang, "games.error.host_only"))
            return
        await reply_privately(interaction, t(lang, "games.abandoned"))
        await self._end(session, abandoned=True)

    @app_commands.command(name="play", description=app_commands.locale_str(
        "Type a move, e.g. Q-Q or pass (suggestions show only legal moves)", key="cmd.play.description"))
    @app_commands.describe(move=app_commands.locale_str("Your move", key="cmd.play.move"))
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        await self._typed_move(interaction, move)

    @play.autocomplete("move")
    async def play_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        session = self.game_of(interaction.guild_id, interaction.user.id)
        if session is None or session.state is None:
            return []
        seat = session.seat_of(interaction.user.id)
        mod = engine(session.game)
        legal = mod.legal_actions(session.state, seat) if seat is not None else []
        typed = "".join(current.lower().split())
        out: list[app_commands.Choice[str]] = []
        for action in legal:
            text = mod.format_action(action)
            if typed in "".join(text.lower().split()) or typed in "".join(text.lower().split("-")):
                out.append(app_commands.Choice(name=text[:100], value=text[:100]))
            if len(out) == 25:
                break
        return out

    @app_commands.command(name="pass", description=app_commands.locale_str("Pass your turn",
                                                                           key="cmd.pass.description"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        session = self.game_of(interaction.guild_id, interaction.user.id)
        seat = session.seat_of(interaction.user.id) if session else None
        if session is None or session.state is None or seat is None:
            await reply_privately(interaction, t(_lang(interaction), "games.error.not_playing"))
            return
        mod = engine(session.game)
        passes = [a for a in mod.legal_actions(session.state, seat) if getattr(a, "kind", "") == "pass"]
        if not passes:
            await reply_privately(interaction, t(_lang(interaction), "games.error.cannot_pass"))
            return
        await self._typed_move(interaction, mod.format_action(passes[0]))

    @app_commands.command(name="rules", description=app_commands.locale_str("How a game is played",
                                                                            key="cmd.rules.description"))
    async def rules(self, interaction: discord.Interaction, game: GameChoice) -> None:
        lang = _lang(interaction)
        text = t(lang, f"games.rules.{game}", name=t(lang, f"{game}.name"))
        image = await asyncio.to_thread(pictures.rules_picture, game, lang)
        files = [] if image is None else [discord.File(image, filename="rules.png")]
        await interaction.response.send_message(text[:2000], files=files, ephemeral=True)

    # ------------------------------------------------------------------ clicks

    async def on_click(self, interaction: discord.Interaction, game: int, version: int | None, verb: str,
                       arg: str, values: list[str]) -> None:
        """Every button and select of every game arrives here; a fault is answered, never left hanging."""
        try:
            await self._click(interaction, game, version, verb, arg, values)
        except discord.HTTPException as err:  # Discord's fault, not ours: no traceback, a plain "try again"
            log.warning("click %s on game %s: Discord answered %s (code %s)", verb, game, err.status, err.code)
            with contextlib.suppress(discord.HTTPException):
                await reply_privately(interaction, t(_lang(interaction), "resilience.discord_busy"))
        except Exception:
            log.exception("click %s on game %s failed", verb, game)
            with contextlib.suppress(discord.HTTPException):
                await reply_privately(interaction, t(_lang(interaction), "games.error.internal"))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a game component whose custom id is not ours to parse (an old or damaged message):
        answered privately rather than left to fail."""
        data: Any = interaction.data or {}
        custom = str(data.get("custom_id", "")) if interaction.type == discord.InteractionType.component else ""
        if not custom.startswith(("th:", "ts:")):
            return
        if BUTTON_TEMPLATE.fullmatch(custom) or SELECT_TEMPLATE.fullmatch(custom):
            return
        log.info("unparsable game custom id %r", custom[:100])
        with contextlib.suppress(discord.HTTPException):
            await reply_privately(interaction, t(_lang(interaction), "games.error.unknown_button"))

    async def _click(self, interaction: discord.Interaction, game: int, version: int | None, verb: str,
                     arg: str, values: list[str]) -> None:
        if interaction.id in self._handled:
            return
        self._handled[interaction.id] = None
        while len(self._handled) > 5000:
            self._handled.popitem(last=False)
        lang = _lang(interaction)
        if verb == "rematch":
            await self._rematch(interaction, game)
            return
        session = self.sessions.get(game)
        if session is None or session.phase not in (LOBBY, PLAYING):
            await reply_privately(interaction, t(lang, "games.error.game_over"))
            return
        if session.phase == LOBBY:
            await self._lobby_click(interaction, session, verb, values)
            return
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            await reply_privately(interaction, t(lang, "games.error.not_seated"))
            return
        if controls_for(session.game).back_by == "click" and verb != BACK_VERB:
            await self._come_back(session, seat)  # §13.6: AFK "until he clicks anything"
        if await controls_for(session.game).on_click(self, interaction, session, seat, version, verb, arg, values):
            return
        if verb == BACK_VERB:
            await self._come_back(session, seat)
            await self._edit_panel(interaction, session, seat)
        elif verb == "hand":
            await self._send_panel(interaction, session)
        elif verb in ("refresh", "page"):
            page = int(arg) if verb == "page" and arg.lstrip("-").isdigit() else 0
            await self._edit_panel(interaction, session, seat, page=page)
        elif verb == "do":
            choice = values[0] if values else arg
            await self._panel_move(interaction, session, seat, version, choice)
        elif verb == "next":
            await self._resume(interaction, session)
        else:
            await reply_privately(interaction, t(lang, "games.error.unknown_button"))

    # ------------------------------------------------------------------ lobby

    def _may_manage(self, interaction: discord.Interaction, session: GameSession) -> bool:
        perms = interaction.permissions
        return interaction.user.id == session.host_id or bool(perms and perms.manage_guild)

    async def _lobby_click(self, interaction: discord.Interaction, session: GameSession, verb: str,
                           values: list[str]) -> None:
        lang = _lang(interaction)
        info = engine(session.game).INFO
        user = interaction.user
        async with session.lock:
            if verb == "join":
                if session.seat_of(user.id) is not None:
                    await reply_privately(interaction, t(lang, "games.error.already_seated"))
                    return
                if self.game_of(session.guild_id, user.id) is not None:
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
                        await self._cancel_lobby(interaction, session)
                        return
                    session.host_id = humans[0]
            elif verb in ("addai", "kick", "swap", "start", "cancel", "option"):
                if not self._may_manage(interaction, session):
                    await reply_privately(interaction, t(lang, "games.error.host_only"))
                    return
                if verb == "cancel":
                    await self._cancel_lobby(interaction, session)
                    return
                if verb == "start":
                    await self._start(interaction, session)
                    return
                problem = self._lobby_change(session, verb, values, lang)
                if problem:
                    await reply_privately(interaction, problem)
                    return
            else:
                await reply_privately(interaction, t(lang, "games.error.unknown_button"))
                return
            surface = lobby_surface(session, session.lang)
            await interaction.response.edit_message(content=surface.content, view=surface.view())
            await persistence.save(self.bot, session)

    def _lobby_change(self, session: GameSession, verb: str, values: list[str], lang: str) -> str:
        """Apply a host's lobby change; returns a polite refusal, or "" when done."""
        info = engine(session.game).INFO
        if verb == "addai":
            level = values[0] if values and values[0] in ("easy", "hard") else "easy"
            if len(session.seats) >= info.max_seats:
                return t(lang, "games.error.full")
            session.seats.append(Seat(f"computer-{level}", ai=level))
        elif verb == "kick":
            index = int(values[0]) if values and values[0].isdigit() else -1
            if not 0 <= index < len(session.seats) or session.seats[index].user_id == session.host_id:
                return t(lang, "games.error.cannot_kick")
            session.seats.pop(index)
        elif verb == "swap":
            picked = [int(v) for v in values if v.isdigit() and int(v) < len(session.seats)]
            if len(picked) != 2:
                return t(lang, "games.error.pick_two")
            a, b = picked
            session.seats[a], session.seats[b] = session.seats[b], session.seats[a]
        elif verb == "option":
            name, _, raw = (values[0] if values else "").partition("=")
            candidate = {**session.options, name: _option_value(raw)}
            try:
                    resolve_options(info.options, candidate)
            except ValueError as err:
                return t(lang, "games.error.bad_options", detail=str(err)[:200])
            session.options = candidate
        return ""

    async def _cancel_lobby(self, interaction: discord.Interaction, session: GameSession) -> None:
        session.phase = CANCELLED
        await interaction.response.edit_message(content=t(session.lang, "games.lobby.cancelled"), view=None)
        self.sessions.pop(session.id, None)
        await persistence.forget(self.bot, session)

    async def _start(self, interaction: discord.Interaction, session: GameSession) -> None:
        """Fill empty seats with computers, deal, and put the table in the thread."""
        mod = engine(session.game)
        info = mod.INFO
        settings = await persistence.guild_settings(self.bot, session.guild_id)
        level = settings.ai_level or "easy"
        while len(session.seats) < info.min_seats:
            session.seats.append(Seat(f"computer-{level}", ai=level))
        session.seed = secrets.randbits(48)
        drawn = controls_for(session.game).seat_draw(session, session.lang)
        # an engine that reports its setup (a first deal's special hands) gets those events told too
        start = getattr(mod, "new_game_with_events", None)
        try:
            if start is not None:
                session.state, first_events = start(len(session.seats), session.seed, session.options)
            else:
                session.state, first_events = mod.new_game(len(session.seats), session.seed, session.options), []
        except (ValueError, IllegalAction) as err:
            session.state = None
            await reply_privately(interaction, t(session.lang, "games.error.cannot_start", detail=str(err)[:300]))
            return
        session.phase = PLAYING
        session.started_at = time.time()
        if len(session.humans()) < 2:
            session.rated = False
        self._record_events(session, first_events)
        where = f"<#{session.thread_id}>" if session.thread_id else ""
        await interaction.response.edit_message(
            content=_clip_join(t(session.lang, "games.lobby.started", game=t(session.lang, f"{session.game}.name"),
                                 where=where, seats=", ".join(names(session, session.lang))), *drawn), view=None)
        await persistence.save(self.bot, session)
        self._after_change(session, first_events)

    # ------------------------------------------------------------------ private hand panel

    async def _panel(self, session: GameSession, seat: int, lang: str, page: int = 0, note: str = "") -> Surface:
        await self._commit(session)
        image = await asyncio.to_thread(pictures.hand_picture, session, seat, lang)
        surface = panel_surface(session, seat, lang, image, page=page, note=note)
        surface.items += controls_for(session.game).back_items(session, seat, lang)
        return surface

    async def _send_panel(self, interaction: discord.Interaction, session: GameSession) -> None:
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            await reply_privately(interaction, t(_lang(interaction), "games.error.not_seated"))
            return
        surface = await self._panel(session, seat, _lang(interaction))
        await self._show_panel(interaction, session, surface, edit=False)

    async def _edit_panel(self, interaction: discord.Interaction, session: GameSession, seat: int,
                          page: int = 0, note: str = "") -> None:
        surface = await self._panel(session, seat, _lang(interaction), page=page, note=note)
        edit = interaction.message is not None and interaction.message.flags.ephemeral
        edit = edit and not too_old_to_edit(interaction.message)  # 30046: an hour-old panel is sent afresh
        await self._show_panel(interaction, session, surface, edit=edit)

    async def _show_panel(self, interaction: discord.Interaction, session: GameSession, surface: Surface,
                          edit: bool) -> None:
        """Answer the click with the panel: the clicked private panel edited, or a new private one."""
        for attempt in range(2):  # a 503 once more: the 3-second window allows it
            try:
                if edit:
                    await interaction.response.edit_message(content=surface.content, attachments=surface.files(),
                                                            view=surface.view())
                else:
                    await interaction.response.send_message(surface.content, files=surface.files(),
                                                            view=surface.view(), ephemeral=True)
                return
            except discord.DiscordServerError as err:
                if attempt:
                    self._panel_failed(interaction, session, err)
            except discord.HTTPException as err:
                self._panel_failed(interaction, session, err)
                return

    def _panel_failed(self, interaction: discord.Interaction, session: GameSession,
                      err: discord.HTTPException) -> None:
        """The private panel could not be shown (expired token, unknown interaction, Discord down).

        Never raises, so a move that was already committed still reaches the table: the table
        is re-posted at the bottom with a line asking the player to press "My hand" again, and
        pings them when it is their turn.
        """
        log.info("panel of game %s not shown: %s (code %s)", session.id, err.status, err.code)
        if session.phase != PLAYING:
            return
        seat = session.seat_of(interaction.user.id)
        if seat is not None:
            session.pinged.discard(seat)
        session.add_line(t(session.lang, "resilience.panel_expired", who=f"<@{interaction.user.id}>"))
        session.table_posted_at = 0.0
        self._want_table(session)

    async def _panel_move(self, interaction: discord.Interaction, session: GameSession, seat: int,
                          version: int | None, choice: str) -> None:
        """A click on the generic panel: ``choice`` is an index into the seat's legal actions."""
        async with session.lock:
            legal = engine(session.game).legal_actions(session.state, seat) if session.state else []
            index = int(choice) if choice.isdigit() else -1
            action = legal[index] if 0 <= index < len(legal) else None
        await self.panel_play(interaction, session, seat, version, action)

    async def panel_play(self, interaction: discord.Interaction, session: GameSession, seat: int,
                         version: int | None, action: Any) -> None:
        """Apply ``action`` for ``seat`` from a click on their panel and answer with the updated panel.

        A stale version, a paused game or an illegal action changes nothing and is explained
        on the panel itself. Game-specific controls call this too, so every move from a
        panel goes through one path.
        """
        lang = _lang(interaction)
        async with session.lock:
            if version is None or version != session.version:
                note = t(lang, "games.error.stale")
            elif session.paused_until is not None:
                note = t(lang, "games.error.paused")
            elif action is None:
                note = t(lang, "games.error.not_legal_now")
            else:
                try:
                    events = self._apply(session, seat, action)
                except IllegalAction as err:
                    note = reason(lang, err)
                else:
                    self._back_from_away(session, seat)
                    await persistence.save(self.bot, session)
                    await self._edit_panel(interaction, session, seat)
                    self._after_change(session, events)
                    return
            await self._edit_panel(interaction, session, seat, note=note)

    async def _typed_move(self, interaction: discord.Interaction, text: str) -> None:
        lang = _lang(interaction)
        session = self.game_of(interaction.guild_id, interaction.user.id)
        seat = session.seat_of(interaction.user.id) if session else None
        if session is None or session.state is None or seat is None:
            await reply_privately(interaction, t(lang, "games.error.not_playing"))
            return
        mod = engine(session.game)
        async with session.lock:
            if session.paused_until is not None:
                await reply_privately(interaction, t(lang, "games.error.paused"))
                return
            try:
                action = mod.parse_action(text[:200])
                self._back_from_away(session, seat)
                events = self._apply(session, seat, action)
            except IllegalAction as err:
                await reply_privately(interaction, reason(lang, err))
                return
            await persistence.save(self.bot, session)
            label = action_label(session.game, action, mod.format_action(action), lang)
            try:
                await reply_privately(interaction, t(lang, "games.played", move=discord.utils.escape_markdown(label)))
            finally:  # the move is committed: the table and the computers go on even if the reply failed
                self._after_change(session, events)

    def _back_from_away(self, session: GameSession, seat: int) -> None:
        """A person who was idle and moves again takes their seat back (from the computer or the
        timeout rules); the table says so when they had been marked away."""
        info = session.seats[seat]
        if info.user_id is not None and not info.left:
            if controls_for(session.game).is_away(session, seat):
                session.add_line(t(session.lang, "clock.back", player=safe_name(info.name)))
            info.ai, info.timeouts = None, 0

    async def _come_back(self, session: GameSession, seat: int) -> None:
        """An away person clicked ("I'm back", or anything where the rules say so): his own window again."""
        if not controls_for(session.game).is_away(session, seat):
            return  # the common case: no lock needed
        async with session.lock:
            if session.phase != PLAYING or not controls_for(session.game).is_away(session, seat):
                return
            self._back_from_away(session, seat)
            await persistence.save(self.bot, session)
        self._after_change(session)

    # ------------------------------------------------------------------ the move pipeline

    def _apply(self, session: GameSession, seat: int, action: Any) -> list[Event]:
        """Engine first (raises IllegalAction and changes nothing), then the session's record of it."""
        mod = engine(session.game)
        events = mod.apply(session.state, seat, action)
        session.log.append((seat, mod.format_action(action)))
        session.pinged.discard(seat)
        self._record_events(session, events)
        return events

    def _record_events(self, session: GameSession, events: Sequence[Event]) -> None:
        """Events in words: public lines for the table, private notes for their viewers; a hand's end pauses."""
        seat_names = names(session, session.lang)
        for index, event in enumerate(events):
            if event.kind == "hand_start" and session.paused_until is not None:
                session.hand_first_line = session.lines_total  # the table of the new hand starts here
            text = event_text(session.game, event, seat_names, session.lang)
            if event.kind == "hand_end":
                session.paused_until = time.time() + BETWEEN_HANDS_SECONDS
                session.hand_summary = controls_for(session.game).hand_summary(
                    session, [e for e in events[:index] if e.visible_to is None], dict(event.data))
            if not text:
                continue
            if event.visible_to is None:
                session.add_line(text)
            else:
                for viewer in event.visible_to:
                    session.private_notes.setdefault(viewer, []).append(text)
        for notes in session.private_notes.values():
            del notes[:-10]

    def _after_change(self, session: GameSession, events: Sequence[Event] = ()) -> None:
        """After a committed move: summaries, then the table, the clock and the computers."""
        mod = engine(session.game)
        if session.phase == PLAYING and mod.result(session.state).finished:
            asyncio.create_task(self._end(session))
            return
        self._arm_clock(session)
        self._want_table(session)
        self._spawn(self._drivers, session, self._drive(session))

    def deciders(self, session: GameSession) -> set[int]:
        """Seats that may act now: the engine's ``to_act`` and any the game's controls add (claims)."""
        if session.state is None:
            return set()
        return set(engine(session.game).to_act(session.state)) | controls_for(session.game).deciders(session)

    def _waiting_humans(self, session: GameSession) -> set[int]:
        if session.state is None or session.paused_until is not None:
            return set()
        return {s for s in engine(session.game).to_act(session.state) if not session.seats[s].computer_plays}

    # ------------------------------------------------------------------ the public table

    def _want_table(self, session: GameSession) -> None:
        self._table_wanted.add(session.id)
        self._spawn(self._tables, session, self._table_loop(session))

    async def _table_loop(self, session: GameSession) -> None:
        """Coalesce updates: while computers are still moving, wait up to one interval for them to finish.

        With thinking time, spectators see each computer move (about one edit a second); computers
        that move instantly are shown together once they are done.
        """
        interval = TABLE_EDIT_INTERVAL_SECONDS if self.computer_delay > 0 else INSTANT_BURST_WAIT_SECONDS
        while session.id in self._table_wanted and session.phase == PLAYING:
            driver = self._drivers.get(session.id)
            if driver is not None and not driver.done():
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(asyncio.shield(driver), interval)
            self._table_wanted.discard(session.id)
            try:
                await self._update_table(session)
            except discord.HTTPException as err:
                log.warning("table update for game %s failed: %s", session.id, err.status)

    async def _update_table(self, session: GameSession) -> None:
        """Show the table, living through Discord's faults.

        A 5xx is tried again (the move is already committed, so nothing is applied twice);
        a channel that refuses pictures gets a text table and the host is told once; a thread
        the bot may no longer post in moves the game to its channel; a thread that was deleted,
        or archived and locked, ends the game and says so in the channel.
        """
        note = None  # what the host is told once the fallback worked
        for attempt in range(DISCORD_RETRIES + 3):
            shown = session.lines_shown
            try:
                await self._update_table_once(session)
            except discord.DiscordServerError:
                session.lines_shown = shown
                if attempt >= DISCORD_RETRIES - 1:
                    raise
                await asyncio.sleep(DISCORD_RETRY_SECONDS * (attempt + 1))
            except discord.Forbidden:
                session.lines_shown = shown
                if session.id not in _TEXT_ONLY and note is None:
                    _TEXT_ONLY.add(session.id)  # perhaps only pictures are refused: try text
                    note = "resilience.no_images"
                elif session.thread_id is not None and session.phase == PLAYING:
                    _TEXT_ONLY.discard(session.id)  # it was the thread, not the pictures
                    session.thread_id, session.table_message_id, note = None, None, None
                    await persistence.save(self.bot, session)
                    await self._tell_host(session, "resilience.no_thread_send")
                else:
                    raise
            except discord.HTTPException as err:
                if err.code not in THREAD_GONE_CODES or session.thread_id is None:
                    raise
                await self._thread_lost(session, err.code)
                return
            else:
                if note is not None:
                    await self._tell_host(session, note)
                return

    async def _tell_host(self, session: GameSession, key: str) -> None:
        """One clear message to the host per problem, where the game is played now; it pings only them."""
        if (session.id, key) in _TOLD_HOST:
            return
        _TOLD_HOST.add((session.id, key))
        channel = self.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.send(t(session.lang, key, host=f"<@{session.host_id}>"),
                               allowed_mentions=discord.AllowedMentions(
                                   users=[discord.Object(id=session.host_id)], everyone=False, roles=False))

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A moderator deleted a game's thread: the game ends now, not at its next message."""
        for session in list(self.sessions.values()):
            if session.thread_id == payload.thread_id and session.phase == PLAYING:
                await self._thread_lost(session, 10003)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """Archived and locked, a thread takes no more messages: its game ends. (Archived alone is
        fine: the next table wakes it.)"""
        meta = payload.data.get("thread_metadata") or {}
        if not (meta.get("archived") and meta.get("locked")):
            return
        for session in list(self.sessions.values()):
            if session.thread_id == payload.thread_id and session.phase == PLAYING:
                await self._thread_lost(session, 50083)

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """Someone deleted a live game's table: it is posted again now, not at the next move."""
        self._table_deleted({payload.message_id})

    @commands.Cog.listener()
    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent) -> None:
        """A moderator's bulk delete (a purge) took a live game's table with it: post it again."""
        self._table_deleted(set(payload.message_ids))

    def _table_deleted(self, message_ids: set[int]) -> None:
        """One re-post per deleted table. The bot's own deletes never match: a re-post moves
        ``table_message_id`` to the new message before the old one is deleted, so they cause nothing;
        people already pinged are not pinged again (``session.pinged``)."""
        for session in list(self.sessions.values()):
            if session.phase == PLAYING and session.table_message_id in message_ids:
                session.table_message_id = None
                self._want_table(session)

    async def _thread_lost(self, session: GameSession, code: int) -> None:
        """The game's thread is gone (deleted, or archived and locked): end the game, say so in the channel."""
        log.info("game %s lost its thread %s (code %s)", session.id, session.thread_id, code)
        session.thread_id, session.table_message_id = None, None
        notice = t(session.lang, THREAD_GONE_CODES[code], game=t(session.lang, f"{session.game}.name"))
        await self._end(session, abandoned=True, notice=notice)

    async def _update_table_once(self, session: GameSession) -> None:
        """Edit the table in place; re-post it (which pings) when a person must act or it got old.

        A re-post replaces the old table message: deleted, or — when it showed the end of a
        hand — turned into that hand's summary, so every hand's result stays in the thread
        and a move still costs at most two calls.
        """
        await self._commit(session)
        channel = self.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
        ping = sorted(s for s in self._waiting_humans(session) - session.pinged
                      if session.seats[s].user_id is not None)
        image = None if session.id in _TEXT_ONLY else await asyncio.to_thread(
            pictures.table_picture, session, session.lang)
        summary = None if session.paused_until is None else session.hand_summary
        ending = session.last_hand_lines(MAX_NEW_LINES) if summary is not None else []
        surface = table_surface(session, session.lang, image, ping)
        away = self._away_line(session)
        if away:
            surface.content = _clip_join(surface.content, away)
        if summary is not None:
            surface.content = _clip_join(*ending, summary_text(session, session.lang, summary, final=False),
                                         surface.content)
        session.lines_shown = session.lines_total
        too_old = time.time() - session.table_posted_at > TABLE_MAX_AGE_SECONDS
        if session.table_message_id is not None and not ping and not too_old:
            try:
                await channel.get_partial_message(session.table_message_id).edit(
                    content=surface.content, attachments=surface.files(), view=surface.view())
                return
            except discord.NotFound:  # deleted by someone: post it again
                session.table_message_id = None
            except discord.HTTPException as err:
                if err.code != 50083:
                    raise  # an archived thread: a new message wakes it (unless it is locked)
        users = [discord.Object(id=uid) for s in ping if (uid := session.seats[s].user_id) is not None]
        message = await channel.send(surface.content, files=surface.files(), view=surface.view(),
                                     allowed_mentions=discord.AllowedMentions(users=users, everyone=False,
                                                                              roles=False, replied_user=False))
        old, session.table_message_id, session.table_posted_at = session.table_message_id, message.id, time.time()
        finished_hand, session.hand_summary = (session.hand_summary if summary is None else None), summary
        session.pinged.update(ping)
        await persistence.save(self.bot, session)
        if old is None:
            return
        old_message = channel.get_partial_message(old)
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            if finished_hand is None:
                await old_message.delete()
            else:
                picture = None if session.id in _TEXT_ONLY else await asyncio.to_thread(
                    pictures.summary_picture, session, finished_hand, session.lang)
                files = [] if picture is None else [discord.File(picture, filename="summary.png")]
                await old_message.edit(content=summary_text(session, session.lang, finished_hand, final=False),
                                       attachments=files, view=None)

    def _away_line(self, session: GameSession) -> str:
        """The public marker of people marked away (§13.6, §16.6): "Alice (away)", until they are back."""
        controls = controls_for(session.game)
        away = [seat for seat in range(len(session.seats)) if controls.is_away(session, seat)]
        if not away or session.phase != PLAYING:
            return ""
        lang = session.lang
        who = ", ".join(t(lang, "clock.away_name", name=safe_name(session.seats[seat].name)) for seat in away)
        grace = controls.afk_grace(session)
        if grace is None:
            return t(lang, "clock.away_line.computer", players=who)
        return t(lang, "clock.away_line.rules", players=who, grace=f"{grace:g}")

    async def _post_summary(self, session: GameSession, data: dict[str, Any], final: bool,
                            view: discord.ui.View | None = None) -> None:
        """The result is never lost to a fault: 5xx tried again, text without the picture when
        pictures are refused, the channel when the thread is gone."""
        text = summary_text(session, session.lang, data, final)
        image = None if session.id in _TEXT_ONLY else await asyncio.to_thread(
            pictures.summary_picture, session, data, session.lang)
        for attempt in range(DISCORD_RETRIES + 1):
            channel = self.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
            kwargs: dict[str, Any] = {"files": [] if image is None else [discord.File(image, filename="summary.png")]}
            if view is not None:
                kwargs["view"] = view
            try:
                await channel.send(text, **kwargs)
                return
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

    # ------------------------------------------------------------------ between hands

    async def _resume(self, interaction: discord.Interaction, session: GameSession) -> None:
        async with session.lock:
            if session.paused_until is None:
                await reply_privately(interaction, t(_lang(interaction), "games.error.not_paused"))
                return
            session.paused_until = None
            await persistence.save(self.bot, session)
        await reply_privately(interaction, t(_lang(interaction), "games.next_hand_started"))
        self._after_change(session)

    # ------------------------------------------------------------------ computer players

    async def _drive(self, session: GameSession) -> None:
        """Let every computer-controlled seat that may act do so, one decision at a time.

        Computer moves are saved once a round (at the top of the loop). Nothing is awaited
        between finding no computer to move and returning: a change in that gap would find
        this driver still running and not start another, and the game would wait forever.
        """
        while session.phase == PLAYING and session.paused_until is None:
            await self._commit(session)
            seats = sorted(s for s in self.deciders(session) if session.seats[s].computer_plays)
            if not seats:
                return
            wait = controls_for(session.game).computer_wait(self, session, seats)
            if wait == math.inf:
                return  # people decide first; the next change starts the computers again
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            await asyncio.sleep(self.computer_delay)
            version = session.version
            for seat in seats:
                await self._computer_move(session, seat, session.seats[seat].ai or "easy")
            if session.version == version:
                return  # nobody could move (no legal action): wait for the next change

    async def _computer_move(self, session: GameSession, seat: int, level: str, *, timed_out: bool = False) -> None:
        mod = engine(session.game)
        async with session.lock:
            if session.phase != PLAYING or seat not in self.deciders(session):
                return
            version = session.version
            view = mod.view(session.state, seat)
            legal = mod.legal_actions(session.state, seat)
        if not legal:
            return
        controls = controls_for(session.game)
        forced = (controls.timeout_action(session, seat, legal) if timed_out
                  else controls.computer_action(session, seat, legal))
        rng = rng_for(session.seed, "computer", version, seat)
        action = forced if forced is not None else await asyncio.to_thread(mod.choose_action, view, legal, level, rng)
        async with session.lock:
            if session.version != version or session.phase != PLAYING:
                return
            events = self._apply(session, seat, action)
            if timed_out:
                mover = "rules" if forced is not None else "computer"
                session.add_line(t(session.lang, "games.timed_out", player=names(session, session.lang)[seat])
                                 + " " + t(session.lang, f"clock.moved.{mover}"))
            self._unsaved.add(session.id)  # committed once per burst, before anything shows it (_commit)
        self._after_change(session, events)

    async def _commit(self, session: GameSession) -> None:
        """Save computer moves not yet saved: called before any message that could show them.

        A burst of computer moves is saved once instead of once a move; a crash before the
        save loses only moves nobody saw, which the computers replay the same way (their
        randomness is seeded by game, version and seat).
        """
        if session.id in self._unsaved and session.phase == PLAYING:
            self._unsaved.discard(session.id)
            await persistence.save(self.bot, session)

    # ------------------------------------------------------------------ turn clock

    def _default_turn(self, game: str, server_seconds: int | None) -> int:
        """The turn timeout of a new game (its own ``turn_seconds`` comes first): the server's, else the
        rules file's turn length, else the bot's default. The game's other windows scale with it."""
        rules = controls_for(game).rules_turn_seconds
        return server_seconds or (self.bot.config.turn_timeout_seconds if rules is None else rules)

    def _windows(self, session: GameSession, waiting: set[int]) -> dict[int, tuple[Any, float]]:
        """Each waiting person's window (its name, its length): the rules file's length for the decision
        at hand, a short grace for a person who is away (the timeout rules act), else the turn timeout.
        A person whose window is 0 s (a timer the rules switch off) is not in it: nothing times him out."""
        controls = controls_for(session.game)
        grace = controls.afk_grace(session)
        out: dict[int, tuple[Any, float]] = {}
        for seat in waiting:
            if grace is not None and controls.is_away(session, seat):
                out[seat] = ("away", grace)
                continue
            seconds = controls.window_seconds(session, seat)
            length = float(session.turn_timeout if seconds is None else seconds)
            if length > 0:
                out[seat] = (controls.window_key(session, seat), length)
        return out

    def _reminder_lead(self, session: GameSession) -> float | None:
        """Seconds before the deadline to remind, by the game's rules (default: a quarter of the window,
        at least 3 s); None when the window is too short for a reminder besides the prompt's ping."""
        windows = self._clock_windows.get(session.id) or self._windows(session, self._waiting_humans(session))
        length = max((seconds for _, seconds in windows.values()), default=float(session.turn_timeout))
        lead = controls_for(session.game).reminder_seconds(session, length)
        if lead is None:
            lead = max(3.0, length / 4)
        return lead if lead < length else None

    def _arm_clock(self, session: GameSession) -> None:
        """A new deadline when someone new is waited for or a waited-for person's window changed;
        several people in one window share it (the longest of their windows)."""
        waiting = self._waiting_humans(session)
        windows = self._windows(session, waiting) if session.paused_until is None else {}
        if not windows:
            session.deadline = None
            self._clock_windows.pop(session.id, None)
        else:
            before = self._clock_windows.get(session.id)  # None after a restart: the saved deadline stands
            self._clock_windows[session.id] = windows
            changed = before is not None and any(before.get(seat) != window for seat, window in windows.items())
            if session.deadline is None or waiting - session.pinged or changed:
                session.deadline = time.time() + max(seconds for _, seconds in windows.values())
                session.reminded = False
        if session.deadline is not None or session.paused_until is not None:
            self._spawn(self._clocks, session, self._clock(session))

    async def _clock(self, session: GameSession) -> None:
        """Start the next hand when the pause is over; remind once; move for whoever is still thinking.

        Sleeps at most a second at a time, so deadlines restored after a restart (and test clocks)
        are honoured promptly; runs until there is nothing left to wait for.
        """
        while session.phase == PLAYING:
            now = time.time()
            if session.paused_until is not None:
                if now < session.paused_until:
                    await asyncio.sleep(min(1.0, session.paused_until - now))
                    continue
                async with session.lock:
                    session.paused_until = None
                    await persistence.save(self.bot, session)
                self._after_change(session)
                continue
            deadline = session.deadline
            if deadline is None:
                return
            lead = self._reminder_lead(session)
            remind_at = deadline if lead is None else deadline - lead
            if now < deadline:
                if not session.reminded and now >= remind_at:
                    session.reminded = True
                    await self._remind(session)
                    continue
                wake = remind_at if not session.reminded and now < remind_at else deadline
                await asyncio.sleep(min(1.0, max(wake - now, 0.0)))
                continue
            session.deadline = None
            await self._time_is_up(session)

    async def _time_is_up(self, session: GameSession) -> None:
        """The deadline passed: the rules' move (or the computer's) for each person still thinking, who is
        marked away after enough of these in a row; people the rules never move stall the game instead."""
        controls = controls_for(session.game)
        afk_after = controls.away_after(session)
        computer_takes_over = controls.afk_grace(session) is None
        waiting = self._waiting_humans(session)
        stalled: dict[int, str] = {}
        for seat in sorted(self._windows(session, waiting)):
            info = session.seats[seat]
            info.timeouts += 1
            away = afk_after > 0 and info.timeouts >= afk_after
            outcome = controls.timeout_outcome(session, seat)
            if outcome in STALLING:
                stalled[seat] = outcome
                continue
            if away and computer_takes_over:
                info.ai = "easy"
            await self._computer_move(session, seat, "easy", timed_out=True)
            if afk_after > 0 and info.timeouts == afk_after:  # the public AFK notice, once
                back = t(session.lang, f"clock.back_by.{controls.back_by}")
                key = "clock.afk.computer" if computer_takes_over else "clock.afk.rules"
                session.add_line(t(session.lang, key, player=safe_name(info.name), count=afk_after,
                                   grace=f"{controls.afk_grace(session) or 0:g}", back=back))
                self._want_table(session)
        if stalled:
            async with session.lock:
                seat_names = names(session, session.lang)
                for seat, outcome in stalled.items():
                    session.add_line(t(session.lang, "games.timed_out", player=seat_names[seat]) + " "
                                     + t(session.lang, f"clock.moved.{outcome}"))
                controls.on_stall(session, sorted(stalled))
                await persistence.save(self.bot, session)
            self._want_table(session)

    async def _remind(self, session: GameSession) -> None:
        """Ping whoever is still thinking, saying what happens at the deadline (one line per outcome)."""
        waiting = [s for s in sorted(self._waiting_humans(session)) if session.seats[s].user_id is not None]
        if not waiting:
            return
        channel = self.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
        users = [discord.Object(id=uid) for s in waiting if (uid := session.seats[s].user_id)]
        controls = controls_for(session.game)
        when = f"<t:{int(session.deadline or time.time())}:R>"
        outcomes: dict[str, list[str]] = {}
        for seat in waiting:
            outcomes.setdefault(controls.timeout_outcome(session, seat), []).append(f"<@{session.seats[seat].user_id}>")
        text = "\n".join(t(session.lang, "games.reminder", who=" ".join(who)) + " "
                         + t(session.lang, f"clock.outcome.{outcome}", time=when) for outcome, who in outcomes.items())
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions(users=users, everyone=False,
                                                                              roles=False), delete_after=60)
        except discord.HTTPException as err:
            log.info("reminder for game %s not posted: %s (code %s)", session.id, err.status, err.code)
            if err.code in THREAD_GONE_CODES and session.thread_id is not None:
                await self._thread_lost(session, err.code)

    # ------------------------------------------------------------------ leaving and ending

    async def _leave(self, interaction: discord.Interaction, session: GameSession) -> None:
        lang = _lang(interaction)
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            await reply_privately(interaction, t(lang, "games.error.not_seated"))
            return
        if session.phase == LOBBY:
            async with session.lock:
                session.seats.pop(seat)
                if not session.humans():
                    session.phase = CANCELLED
                    self.sessions.pop(session.id, None)
                    await persistence.forget(self.bot, session)
                elif session.host_id == interaction.user.id:
                    session.host_id = session.humans()[0]
            await reply_privately(interaction, t(lang, "games.left_lobby"))
            return
        async with session.lock:
            info = session.seats[seat]
            info.left, info.ai = True, "easy"
            session.rated = session.rated and len(session.humans()) >= 2
            session.add_line(t(session.lang, "games.replaced", player=safe_name(info.name)))
            await persistence.save(self.bot, session)
        await reply_privately(interaction, t(lang, "games.left_game"))
        if not session.humans():
            await self._end(session, abandoned=True)
            return
        self._after_change(session)

    async def _end(self, session: GameSession, abandoned: bool = False, notice: str | None = None) -> None:
        """Post the final summary, record the result (unrated when abandoned), free the seats.

        ``notice`` (the thread is gone) is said in the channel instead of updating the lost table.
        """
        if session.phase not in (PLAYING, LOBBY):
            return
        session.phase = FINISHED if not abandoned else CANCELLED
        for registry in (self._drivers, self._clocks, self._tables):  # the final table comes below
            task = registry.pop(session.id, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self._table_wanted.discard(session.id)
        self._clock_windows.pop(session.id, None)
        result = engine(session.game).result(session.state) if session.state is not None else None
        summary: dict[str, Any] = {}
        if result is not None:
            summary = {"places": result.places, "points": result.points, **result.summary}
        if session.state is not None:
            if notice is None:
                await self._update_final_table(session)
            else:
                channel = self.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
                with contextlib.suppress(discord.HTTPException):
                    await channel.send(notice)
            again = discord.ui.View(timeout=None)
            again.add_item(GameButton(session.id, "rematch", label=t(session.lang, "games.button.rematch"),
                                      style=discord.ButtonStyle.success))
            await self._post_summary(session, summary, final=True, view=None if abandoned else again)
        await persistence.finish(self.bot, session, result, abandoned)
        self.sessions.pop(session.id, None)
        _TEXT_ONLY.discard(session.id)
        _TOLD_HOST.difference_update({told for told in _TOLD_HOST if told[0] == session.id})

    async def _rematch(self, interaction: discord.Interaction, game: int) -> None:
        """A new lobby in the same thread with the same game, options and computer players.

        The clicker hosts it; the other people of the last match press Join if they want
        another round (nobody is seated without asking).
        """
        lang = _lang(interaction)
        record = await self.bot.storage.game_record(str(game))
        if record is None or record.guild_id != interaction.guild_id:
            await reply_privately(interaction, t(lang, "games.error.game_over"))
            return
        if interaction.user.id not in {seat.user_id for seat in record.seats}:
            await reply_privately(interaction, t(lang, "games.error.not_seated"))
            return
        if self.game_of(interaction.guild_id, interaction.user.id) is not None:
            await reply_privately(interaction, t(lang, "games.error.already_playing"))
            return
        settings = await persistence.guild_settings(self.bot, interaction.guild_id)
        seats = [Seat(interaction.user.display_name, user_id=interaction.user.id)]
        seats += [Seat(s.name or f"computer-{s.ai_level}", ai=s.ai_level) for s in record.seats if s.ai_level]
        session = GameSession(
            id=interaction.id, game=record.game, guild_id=record.guild_id, channel_id=record.channel_id,
            thread_id=record.thread_id, host_id=interaction.user.id, options=dict(record.options), seats=seats,
            turn_timeout=self._default_turn(record.game, settings.turn_timeout_s),
            lang=persistence.public_language(self.bot, settings, interaction), rated=settings.rated,
        )
        self.sessions[session.id] = session
        surface = lobby_surface(session, session.lang)
        await interaction.response.send_message(surface.content, view=surface.view())
        session.lobby_message_id = (await interaction.original_response()).id
        await persistence.save(self.bot, session)

    async def _update_final_table(self, session: GameSession) -> None:
        session.deadline, session.paused_until = None, None
        with contextlib.suppress(discord.HTTPException):
            await self._update_table(session)


async def setup(bot: TeahouseBot) -> None:
    await bot.add_cog(Games(bot))


__all__ = ["Games", "parse_options"]
