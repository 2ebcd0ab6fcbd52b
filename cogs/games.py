"""Playing in Discord: the game cog routes commands and clicks onto each game's one serialized path.

One move, top to bottom (``panel_play``): the click is acknowledged within Discord's budget
(``answer_soon``), the game's lock is taken before anything is checked, the engine applies the
action, the session records it and is saved, the player's panel is answered, and the table, the
clock and the computer players are scheduled. The concerns around that path live in plain
classes: the lobby desk, the table message, the turn clock, the hand panel and the computers
(``cogs/table/``). The engines decide every rule; this layer only translates.
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
from bot.games.core import Event, IllegalAction
from bot.games.registry import engine
from bot.i18n import t
from bot.replies import DROPPED, answer_soon, edit_clicked, reply_privately, send_private
from bot.storage import STORAGE_FAULTS

from .leaderboard import PAGE_TEMPLATE
from .table import persistence, pictures, table_buttons, votes
from .table.attention import attention
from .table.components import (
    BUTTON_TEMPLATE,
    SELECT_TEMPLATE,
    GameButton,
    GameSelect,
    parse_number,
    plausible_values,
)
from .table.computers import Computers
from .table.controls import BACK_VERB, controls_for
from .table.hand_panel import HandPanel
from .table.idle import IdleWatch, lobby_expired, touch
from .table.lobby import LOBBY_VERBS, LobbyDesk, parse_options
from .table.session import CANCELLED, FINISHED, LOBBY, PLAYING, GameSession
from .table.substitutes import Substitutes, invitation, participant_changed
from .table.table_buttons import TABLE_VERBS
from .table.table_message import TableMessage
from .table.trust import clicked_where_it_belongs, same_server
from .table.turn_clock import TurnClock
from .table.words import event_text, fold, move_name, names, reason, safe_name, suggestion
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
        self._endings: dict[int, asyncio.Task[None]] = {}
        self.table_asked: dict[tuple[int, int], float] = {}  # (game, person) -> their last /game table
        self.left_guilds: set[int] = set()  # servers the bot was removed from: nothing more is sent there
        self.table = TableMessage(self)
        self.clock = TurnClock(self)
        self.panels = HandPanel(self)
        self.computers = Computers(self)
        self.lobby = LobbyDesk(self, self.table, self.clock)
        self.substitutes = Substitutes(self)
        self.idle = IdleWatch(self)

    # ------------------------------------------------------------------ life cycle

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(GameButton, GameSelect)
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
        self.idle.stop()
        for tasks in (self.computers.tasks, self.clock.tasks, self.table.tasks, self.table.removals, self._endings):
            for task in tasks.values():
                task.cancel()

    @property
    def computer_delay(self) -> float:
        return self.bot.config.computer_delay_seconds

    async def save(self, session: GameSession) -> None:
        await persistence.save(self.bot, session)

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
    )
    @app_commands.guild_only()
    async def game_new(self, interaction: discord.Interaction, game: GameChoice, options: str = "",
                       turn_seconds: app_commands.Range[int, 5, 3600] | None = None) -> None:
        await self.lobby.new(interaction, game, options, turn_seconds)


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
        await self._leave(interaction, session)

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
        lang = private_language(interaction)
        here = [s for s in self.sessions.values()
                if interaction.channel_id in (s.thread_id, s.channel_id) and s.phase in (LOBBY, PLAYING)
                and same_server(interaction, s.guild_id)]
        own = self.game_of(interaction.guild_id, interaction.user.id)
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
        if not self.lobby.may_manage(interaction, session):
            await votes.vote_abandon(self, interaction, session)  # §16.1: or a majority vote of the players
            return
        async with session.lock:
            if session.phase not in (LOBBY, PLAYING):
                await reply_privately(interaction, t(lang, "games.error.no_game_here"))
                return
            await reply_privately(interaction, t(lang, "games.abandoned"))
            await self.end_game(session, abandoned=True)

    @app_commands.command(name="play", description=app_commands.locale_str(
        "Type a move, e.g. Q-Q or pass (suggestions show only legal moves)", key="cmd.play.description"))
    @app_commands.describe(move=app_commands.locale_str("Your move", key="cmd.play.move"))
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        await self._typed_move(interaction, move)

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
            shown, searched = suggestion(session.game, action, text, lang)
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
        await self._typed_move(interaction, mod.format_action(passes[0]))

    @app_commands.command(name="rules", description=app_commands.locale_str("How a game is played",
                                                                            key="cmd.rules.description"))
    async def rules(self, interaction: discord.Interaction, game: GameChoice) -> None:
        answer_soon(interaction, private=True)  # the picture takes a moment to draw
        lang = private_language(interaction)
        text = t(lang, f"games.rules.{game}", name=t(lang, f"{game}.name"))
        image = await pictures.rules_picture(game, lang)
        files = [] if image is None else [discord.File(image, filename="rules.png")]
        await send_private(interaction, text[:2000], files=files)
        for page in controls_for(game).rules_pages(lang):  # a preset's rules, on a page of their own
            await send_private(interaction, page[:2000])

    # ------------------------------------------------------------------ clicks

    async def on_click(self, interaction: discord.Interaction, game: int, version: int | None, verb: str,
                       arg: str, values: list[str]) -> None:
        """Every button and select of every game arrives here; a fault is answered, never left hanging."""
        try:
            await self._click(interaction, game, version, verb, arg, values)
            session = self.sessions.get(game)
            if session is not None:
                await self.table.tell_host_privately(interaction, session)
        except STORAGE_FAULTS as err:  # the database refused: what it undid is shown again, with a polite line
            log.warning("click %s on game %s not saved (%s)", verb, game, type(err).__name__)
            with contextlib.suppress(discord.HTTPException):
                await self._not_saved(interaction, game)
        except discord.HTTPException as err:  # Discord's fault, not ours: no traceback, a plain "try again"
            log.warning("click %s on game %s: Discord answered %s (code %s)", verb, game, err.status, err.code)
            with contextlib.suppress(discord.HTTPException):
                await reply_privately(interaction, t(private_language(interaction), "resilience.discord_busy"))
        except Exception:
            log.exception("click %s on game %s failed", verb, game)
            with contextlib.suppress(discord.HTTPException):
                await reply_privately(interaction, t(private_language(interaction), "games.error.internal"))

    async def _not_saved(self, interaction: discord.Interaction, game: int) -> None:
        """A click whose change the database refused: the session is back at its saved moment, so a private
        panel the click already updated is shown again as stored, and the person hears it did not go through."""
        lang = private_language(interaction)
        session = self.sessions.get(game)
        message = interaction.message
        seat = session.seat_of(interaction.user.id) if session is not None else None
        if session is not None and seat is not None and session.phase == PLAYING and message is not None \
                and message.flags.ephemeral:
            async with session.lock:
                await self.show_panel(interaction, session, seat, note=t(lang, "resilience.not_saved"))
            return
        await reply_privately(interaction, t(lang, "resilience.not_saved"))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a component whose custom id none of our components parses (an old or damaged
        message, or a forged click): answered privately rather than left to fail. Every component the bot
        draws is a ``DynamicItem`` of one of these templates, so nothing else would ever answer it."""
        if interaction.type != discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom = str(data.get("custom_id", ""))
        if any(template.fullmatch(custom) for template in (BUTTON_TEMPLATE, SELECT_TEMPLATE, PAGE_TEMPLATE)):
            return
        if not self.bot.seen.first(interaction.id):  # delivered twice: the first delivery answers it
            return
        log.info("unparsable custom id %r", custom[:100])
        with contextlib.suppress(discord.HTTPException):
            await reply_privately(interaction, t(private_language(interaction), "games.error.unknown_button"))

    async def _click(self, interaction: discord.Interaction, game: int, version: int | None, verb: str,
                     arg: str, values: list[str]) -> None:
        if not self.bot.seen.first(interaction.id):  # delivered twice: the first delivery answers it
            return
        answer_soon(interaction)  # acknowledged within Discord's 3 s even if the lock, a save or a picture is slow
        lang = private_language(interaction)
        if not plausible_values(values):  # a forged click: refused before anything reads it
            await reply_privately(interaction, t(lang, "games.error.unknown_button"))
            return
        if verb == "rematch":
            await self._rematch(interaction, game)
            return
        session = self.sessions.get(game)
        if session is None:
            await reply_privately(interaction, t(lang, "games.error.game_over"))
            return
        if not clicked_where_it_belongs(interaction, session):  # a forged or foreign click: refused, nothing read
            log.info("click %s on game %s refused: it came from another server or channel", verb, game)
            await reply_privately(interaction, t(lang, "games.error.elsewhere"))
            return
        if verb in TABLE_VERBS:  # Log, Rules: read only, for anyone, private: no lock, no seat needed
            await table_buttons.answer(interaction, session, verb)
            return
        async with session.lock:  # the game's one serialized path: checks below see a settled game
            await self._click_in_game(interaction, session, version, verb, arg, values)

    async def _click_in_game(self, interaction: discord.Interaction, session: GameSession, version: int | None,
                             verb: str, arg: str, values: list[str]) -> None:
        lang = private_language(interaction)
        if session.phase not in (LOBBY, PLAYING):
            await reply_privately(interaction, t(lang, "games.error.game_over"))
            return
        attention(self.bot).clicked(session.id, interaction.user.id)  # whoever clicks is at this table now
        if session.phase == LOBBY:
            touch(session)
            await self.lobby.click(interaction, session, verb, values)
            return
        if verb in LOBBY_VERBS:
            await reply_privately(interaction, t(lang, "games.error.started"))
            return
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            message = interaction.message
            if message is not None and message.flags.ephemeral:  # an old panel of a seat now someone else's
                await edit_clicked(interaction, content=t(lang, "games.error.not_seated"), attachments=[], view=None)
                return
            await reply_privately(interaction, t(lang, "games.error.not_seated"))
            return
        touch(session)  # a person acted: the table is not idle (§16.6)
        if engine(session.game).TIMING.back_by == "click" and verb != BACK_VERB:
            await self._come_back(session, seat)  # §13.6: AFK "until he clicks anything"
        drafts = session.ui_fingerprint()
        if await controls_for(session.game).on_click(self, interaction, session, seat, version, verb, arg, values):
            if session.phase == PLAYING and session.ui_fingerprint() != drafts:
                await self.save(session)  # a composer step: the picks are saved with the game
            return
        if verb == BACK_VERB:
            await self._come_back(session, seat)
            await self.show_panel(interaction, session, seat)
        elif verb == "hand":
            await self.open_panel(interaction, session)
        elif verb in ("refresh", "page"):
            page = parse_number(arg, 0, signed=True) if verb == "page" else 0
            await self.show_panel(interaction, session, seat, page=page)
        elif verb == "do":
            choice = values[0] if values else arg
            await self._panel_move(interaction, session, seat, version, choice)
        elif verb == "next":
            await self._resume(interaction, session)
        else:
            await reply_privately(interaction, t(lang, "games.error.unknown_button"))

    # ------------------------------------------------------------------ lobby






    # ------------------------------------------------------------------ private hand panel


    async def open_panel(self, interaction: discord.Interaction, session: GameSession) -> None:
        await self.panels.open(interaction, session)

    async def show_panel(self, interaction: discord.Interaction, session: GameSession, seat: int,
                         page: int = 0, note: str = "") -> None:
        await self.panels.show(interaction, session, seat, page=page, note=note)



    async def _panel_move(self, interaction: discord.Interaction, session: GameSession, seat: int,
                          version: int | None, choice: str) -> None:
        """A click on the generic panel: ``choice`` is an index into the seat's legal actions."""
        legal = session.live.legal(seat) if session.live is not None else []
        index = parse_number(choice)
        action = legal[index] if 0 <= index < len(legal) else None
        await self.panel_play(interaction, session, seat, version, action)

    async def panel_play(self, interaction: discord.Interaction, session: GameSession, seat: int,
                         version: int | None, action: Any) -> None:
        """Apply ``action`` for ``seat`` from a click on their panel and answer with the updated panel.

        A stale version, a paused or finished game or an illegal action changes nothing and is
        explained on the panel itself. Game-specific controls call this too, so every move from
        a panel goes through one path; it runs on the game's serialized path (the click holds
        the game's lock), where the phase and version it checks cannot change under it.
        """
        lang = private_language(interaction)
        async with session.lock:
            if session.phase != PLAYING:
                await reply_privately(interaction, t(lang, "games.error.game_over"))
                return
            if version is None or version != session.version:
                note = t(lang, "games.error.stale")
            elif session.paused_until is not None:
                note = t(lang, "games.error.paused")
            elif controls_for(session.game).on_hold(session):
                note = t(lang, "seats.pause.on_hold")
            elif action is None or session.seat_of(interaction.user.id) != seat:
                note = t(lang, "games.error.not_legal_now")
            else:
                try:
                    events = self.apply(session, seat, action)
                except IllegalAction as err:
                    note = reason(lang, err)
                else:
                    self._back_from_away(session, seat)
                    if await self._saved_or_undone(session):
                        self.after_change(session, events)
                        await self.show_panel(interaction, session, seat)
                        return
                    note = t(lang, "resilience.save_failed")
            await self.show_panel(interaction, session, seat, note=note)

    async def _typed_move(self, interaction: discord.Interaction, text: str) -> None:
        answer_soon(interaction, private=True)
        lang = private_language(interaction)
        session = self.game_of(interaction.guild_id, interaction.user.id)
        if session is None:
            await reply_privately(interaction, t(lang, "games.error.not_playing"))
            return
        mod = engine(session.game)
        async with session.lock:
            seat = session.seat_of(interaction.user.id)
            if session.phase != PLAYING or session.live is None or seat is None:
                await reply_privately(interaction, t(lang, "games.error.not_playing"))
                return
            attention(self.bot).clicked(session.id, interaction.user.id)
            if session.paused_until is not None:
                await reply_privately(interaction, t(lang, "games.error.paused"))
                return
            if controls_for(session.game).on_hold(session):
                await reply_privately(interaction, t(lang, "seats.pause.on_hold"))
                return
            touch(session)
            try:
                action = mod.parse_action(text[:200])
                self._back_from_away(session, seat)
                events = self.apply(session, seat, action)
            except IllegalAction as err:
                await reply_privately(interaction, reason(lang, err))
                return
            if not await self._saved_or_undone(session):
                await reply_privately(interaction, t(lang, "resilience.save_failed"))
                return
            label = move_name(session.game, action, mod.format_action(action), lang)
            try:
                await reply_privately(interaction, t(lang, "games.played", move=discord.utils.escape_markdown(label)))
            except discord.HTTPException as err:  # Discord's fault, not ours: the move is committed and stands
                log.warning("reply to a typed move in game %s failed: Discord answered %s (code %s)",
                            session.id, err.status, err.code)
            finally:  # the move is committed: the table and the computers go on even if the reply failed
                self.after_change(session, events)
        await self.table.tell_host_privately(interaction, session)

    async def _saved_or_undone(self, session: GameSession) -> bool:
        """Save a person's move. False when the database refused it even after retries: the move was
        undone (the session is back at its last saved state) and the game goes on from there (the
        clock and the computers are armed again), so the person can simply try again."""
        try:
            await persistence.save(self.bot, session)
        except persistence.SaveFailed:
            self.after_change(session)
            return False
        return True

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
            return  # the common case
        async with session.lock:
            if session.phase != PLAYING or not controls_for(session.game).is_away(session, seat):
                return
            self._back_from_away(session, seat)
            await persistence.save(self.bot, session)
        self.after_change(session)

    # ------------------------------------------------------------------ the move pipeline

    def apply(self, session: GameSession, seat: int, action: Any) -> list[Event]:
        """Engine first (raises IllegalAction and changes nothing), then the session's record of it."""
        if session.live is None:
            raise IllegalAction("core.not_your_turn", "It is not your turn.")  # a lobby: nobody's turn
        events = session.live.apply(seat, action)
        mod = session.live.engine
        session.log.append((seat, mod.format_action(action)))
        session.pinged.discard(seat)
        self.record_events(session, events)
        return events

    def record_events(self, session: GameSession, events: Sequence[Event]) -> None:
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

    def after_change(self, session: GameSession, events: Sequence[Event] = ()) -> None:
        """After a committed move: summaries, then the table, the clock and the computers."""
        if session.phase == PLAYING and session.live is not None and session.live.finished:
            self.spawn(self._endings, session, self.end_game(session))
            return
        self.clock.arm(session)
        self.table.want(session)
        self.panels.follow_game(session)  # a live panel shows a decision that comes or goes at once
        self.computers.start(session)

    def deciders(self, session: GameSession) -> set[int]:
        """Seats that may act now: the engine's ``to_act`` and any the game's controls add (claims)."""
        if session.live is None:
            return set()
        return session.live.to_act() | controls_for(session.game).deciders(session)

    def waiting_humans(self, session: GameSession) -> set[int]:
        if session.live is None or session.paused_until is not None:
            return set()
        made = self.computers.made_for(session)  # one possible move: made for them, nobody waits
        return {s for s in session.live.to_act()
                if not session.seats[s].computer_plays and s not in made}

    # ------------------------------------------------------------------ the public table

    def refresh_table(self, session: GameSession) -> None:
        self.table.want(session)

    async def turn_shown(self, session: GameSession, seats: set[int]) -> None:
        if self.clock.shown(session, seats):
            with contextlib.suppress(persistence.SaveFailed):  # not saved: undone, the table shows the saved one
                await self.save(session)

    def live_panel(self, session: GameSession, user_id: int) -> bool:
        return self.panels.is_live(session, user_id)

    def follow_panels(self, session: GameSession) -> None:
        self.panels.follow_game(session)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Messages below a game's table scroll it out of view: enough of them and it is posted again."""
        self.table.message_below(message.channel.id, message.id)




    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A moderator deleted a game's thread: the game ends now, not at its next message."""
        for session in list(self.sessions.values()):
            if session.thread_id == payload.thread_id and session.phase == PLAYING:
                await self.thread_lost(session, 10003)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """Archived and locked, a thread takes no more messages: its game ends. (Archived alone is
        fine: the next table wakes it.)"""
        meta = payload.data.get("thread_metadata") or {}
        if not (meta.get("archived") and meta.get("locked")):
            return
        for session in list(self.sessions.values()):
            if session.thread_id == payload.thread_id and session.phase == PLAYING:
                await self.thread_lost(session, 50083)

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
        """The bot was removed from a server (kicked, or the server deleted): its lobbies and games end
        without a result and free their seats; nothing more is sent there (every call would be refused)."""
        self.left_guilds.add(guild.id)
        ending = [s for s in self.sessions.values() if s.guild_id == guild.id and s.phase in (LOBBY, PLAYING)]
        for session in ending:
            await self.end_game(session, abandoned=True)
        if ending:
            log.info("removed from server %s: %d games ended without a result", guild.id, len(ending))

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        self.left_guilds.discard(guild.id)

    async def thread_lost(self, session: GameSession, code: int) -> None:
        await self.table.thread_lost(session, code)




    # ------------------------------------------------------------------ between hands

    async def _resume(self, interaction: discord.Interaction, session: GameSession) -> None:
        async with session.lock:
            if session.phase != PLAYING or session.paused_until is None:
                await reply_privately(interaction, t(private_language(interaction), "games.error.not_paused"))
                return
            waiting = controls_for(session.game).ready_for_next(session, session.seat_of(interaction.user.id))
            if waiting:  # Gou Ji §13.6: the next hand starts when all are Ready (or after the pause)
                await persistence.save(self.bot, session)
                self.refresh_table(session)
                await reply_privately(interaction, t(private_language(interaction), "options.ready.waiting",
                                                     players=", ".join(waiting)))
                return
            session.paused_until = None
            await persistence.save(self.bot, session)
        # the next hand has started (and is saved): the clock, the table and the computers go on even when
        # the answer fails (a click acknowledged too late raised here, and the game waited for nobody)
        self.after_change(session)
        clicked = interaction.message
        if clicked is not None and not clicked.flags.ephemeral and clicked.id == session.table_message_id:
            # the finished hand's table answers the click itself: it stays as the hand's record, without its
            # buttons, and the new hand's table follows below; an answer takes nothing of Discord's global limit
            with contextlib.suppress(discord.HTTPException):
                await edit_clicked(interaction, view=None)
                self.table.buttons_removed(session, clicked.id)
                return
        await reply_privately(interaction, t(private_language(interaction), "games.next_hand_started"))

    # ------------------------------------------------------------------ computer players


    async def computer_move(self, session: GameSession, seat: int, level: str, *, timed_out: bool = False) -> None:
        await self.computers.move(session, seat, level, timed_out=timed_out)

    def driver(self, session: GameSession) -> asyncio.Task[None] | None:
        return self.computers.tasks.get(session.id)

    async def commit(self, session: GameSession) -> None:
        await self.computers.commit(session)

    # ------------------------------------------------------------------ turn clock









    # ------------------------------------------------------------------ leaving and ending

    async def _leave(self, interaction: discord.Interaction, session: GameSession) -> None:
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
                    self.sessions.pop(session.id, None)
                    await persistence.forget(self.bot, session)
                else:
                    if session.host_id == interaction.user.id:
                        session.host_id = session.humans()[0]
                    await persistence.save(self.bot, session)
                await reply_privately(interaction, t(lang, "games.left_lobby"))
                return
            info = session.seats[seat]
            info.left, info.ai = True, "easy"
            self.record_events(session, participant_changed(session))  # Gou Ji §13.8: the next hand is fresh
            session.rated = session.rated and len(session.humans()) >= 2
            session.add_line(t(session.lang, "games.replaced", player=safe_name(info.name)))
            if invite := invitation(session, seat):  # where the rules let a substitute take it (substitutes.py)
                session.add_line(invite)
            await persistence.save(self.bot, session)
            await reply_privately(interaction, t(lang, "games.left_game"))
            if not session.humans():
                await self.end_game(session, abandoned=True)
                return
            self.after_change(session)

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
        recorded = await persistence.finish(self.bot, session, result, abandoned)
        self.sessions.pop(session.id, None)
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
                    await persistence.forget(self.bot, session)
        self.table.forget(session)
        self.panels.forget(session)
        attention(self.bot).forget_game(session.id)

    async def _say_the_end(self, session: GameSession, result: Any, abandoned: bool, notice: str | None,
                           scores: bool = False) -> None:
        """The final table and summary; an abandoned game says it ended without a result (no places,
        no "match is over"); where the thread was lost, ``notice`` in the channel says it all."""
        channel = self.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
        if notice is not None:
            with contextlib.suppress(discord.HTTPException, *DROPPED):
                await channel.send(notice)
            return
        await self.table.final(session)
        summary: dict[str, Any] = {}
        if result is not None:
            summary = {"places": result.places, "points": result.points, **result.summary}
        if abandoned:  # no result is stored; the scores so far are shown where the rules say so (§16.6)
            with contextlib.suppress(discord.HTTPException, *DROPPED):
                await channel.send(t(session.lang, "games.abandoned"))
            if scores:
                await self.table.post_summary(session, summary, final=True)
            return
        again = discord.ui.View(timeout=None)
        again.add_item(GameButton(session.id, "rematch", label=t(session.lang, "games.button.rematch"),
                                  style=discord.ButtonStyle.success))
        await self.table.post_summary(session, summary, final=True, view=again)

    async def _rematch(self, interaction: discord.Interaction, game: int) -> None:
        await self.lobby.rematch(interaction, game)



async def setup(bot: TeahouseBot) -> None:
    await bot.add_cog(Games(bot))


__all__ = ["Games", "parse_options"]
