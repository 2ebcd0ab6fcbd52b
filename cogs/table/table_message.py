"""The public table: one message per game that shows the picture and what just happened.

Updates are coalesced (computers that move at once are shown together) and live through
Discord's faults: a 5xx is tried again, a channel that refuses pictures gets a text table, a
thread the bot may no longer post in moves the game to its channel, and a thread that is gone
ends the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections import Counter

import discord

from bot.i18n import t
from bot.pacing import turn_first
from bot.replies import DROPPED

from . import pictures
from .attention import attention
from .game_host import GameHost
from .host_notes import HostNotes
from .messages import MAX_NEW_LINES, away_line, clip_join, hand_over_surface, table_surface
from .session import PLAYING, GameSession
from .table_route import TableRoutes, table_routes

log = logging.getLogger("teahouse.games")

TABLE_MAX_AGE_SECONDS = 50 * 60
SCROLLED_OUT_AFTER = 10  # messages below the table: it is out of view on most screens
TABLE_EDIT_INTERVAL_SECONDS = 1.0
INSTANT_BURST_WAIT_SECONDS = 10.0
HELD_BURST_WAIT_SECONDS = 0.5  # the same, with the pacer's turn in hand
DISCORD_RETRIES = 3
DISCORD_RETRY_SECONDS = 0.5
BUSY_RETRY_SECONDS = 5.0  # a table update Discord refused even after retries (429, 5xx) is tried again this much later
THREAD_GONE_CODES = {10003: "resilience.thread_deleted", 50001: "resilience.thread_deleted",
                     50083: "resilience.thread_archived"}


@dataclasses.dataclass(frozen=True)
class Showing:
    """What a table message shows: an update that would show the same is not sent."""

    message_id: int | None
    moment: tuple[int, float | None]  # the game's version, and until when it pauses between hands
    pictured: bool
    content: str
    components: str
    lines_from: int  # the log lines it shows: from this one (the table's ``lines_shown`` when it was read) ...
    lines_total: int  # ... to the last at the time


class TableMessage:
    """The table messages of every game."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.removals: dict[int, asyncio.Task[None]] = {}  # game -> retrying an old table's removal Discord refused
        self.wanted: set[int] = set()  # games whose table should be shown again
        self.text_only: set[int] = set()  # games whose channel refused pictures (Attach Files)
        self.notes = HostNotes(host)  # problems with the channel, told to the host once
        self.below: dict[int, int] = {}  # game id -> messages posted below its table since it was posted
        # game -> earlier table messages still to remove (message id, stays as a finished hand's record)
        self.old_tables: dict[int, list[tuple[int, bool]]] = {}
        # channel -> games whose table may be there (each message posted looks only at these, not at every game)
        self.tables_in: dict[int, set[int]] = {}
        self.showing: dict[int, Showing] = {}  # game -> what its table message shows
        self.bare: dict[int, set[int]] = {}  # game -> finished hands' tables whose buttons are gone already
        self.sent: Counter[str] = Counter()  # table requests by why: "edit", or the reason it was posted again
        self.routes: TableRoutes = table_routes(host.bot)  # interaction webhooks where fresh, else the bot's token

    def forget(self, session: GameSession) -> None:
        """The game is over: nothing more to show or tell for it."""
        self.wanted.discard(session.id)
        self.showing.pop(session.id, None)
        self.bare.pop(session.id, None)
        self.notes.forget(session.id)
        self.text_only.discard(session.id)
        self.below.pop(session.id, None)
        self.old_tables.pop(session.id, None)
        self.routes.forget(session.id)
        for games in self.tables_in.values():
            games.discard(session.id)
        self.tables_in = {channel: games for channel, games in self.tables_in.items() if games}

    def want(self, session: GameSession) -> None:
        self.wanted.add(session.id)
        self.tables_in.setdefault(session.where_id, set()).add(session.id)
        self.host.spawn(self.tasks, session, self._loop(session))

    async def _loop(self, session: GameSession) -> None:
        """Coalesce updates: while computers are still moving, wait a while for them to finish (``burst_wait``)."""
        while session.id in self.wanted and session.phase == PLAYING:
            wait = self.burst_wait()
            if wait > 0:
                await self._computers_done(session, wait)
            self.wanted.discard(session.id)
            try:
                await self.update(session)
            except (discord.HTTPException, *DROPPED) as err:
                status = err.status if isinstance(err, discord.HTTPException) else None
                log.warning("table update for game %s failed: %s", session.id, status or type(err).__name__)
                if status is None or status == 429 or status >= 500:
                    # Discord busy (or out of reach) even after the retries: a while later, the table shows the
                    # game again (nobody waits unseen for a turn the table does not show)
                    await asyncio.sleep(BUSY_RETRY_SECONDS)
                    self.wanted.add(session.id)
            self.host.follow_panels(session)

    def burst_wait(self) -> float:
        """How long an update waits for the computers' moves in progress, to show them in one edit.

        Computers that move instantly: until their burst is done. Computers that think less than an
        edit interval: up to one interval (about one edit a second). Computers that think longer:
        not at all. Each of their moves gets its own edit anyway, and waiting for one that was only
        thinking held every person's move back a second.
        """
        delay = self.host.computer_delay
        if delay == 0:
            return INSTANT_BURST_WAIT_SECONDS
        return TABLE_EDIT_INTERVAL_SECONDS if delay < TABLE_EDIT_INTERVAL_SECONDS else 0.0

    async def _computers_done(self, session: GameSession, longest: float) -> None:
        """Wait (at most ``longest`` seconds) until the game's computers have made the moves they are making."""
        driver = self.host.driver(session)
        if driver is not None and not driver.done():
            # not wait_for: in Python 3.11 it loses a cancel of this task that comes just as the driver ends
            await asyncio.wait([driver], timeout=longest)

    async def update(self, session: GameSession, final: bool = False) -> None:
        """Show the table, living through Discord's faults.

        A 5xx or a dropped connection is tried again (the move is already committed, so nothing is applied twice);
        a channel that refuses pictures gets a text table and the host is told once; a thread
        the bot may no longer post in moves the game to its channel; a thread that was deleted,
        or archived and locked, ends the game and says so in the channel.
        """
        note = None  # what the host is told once the fallback worked
        guessed_images = False
        for attempt in range(DISCORD_RETRIES + 3):
            shown = session.lines_shown
            try:
                await self._update_once(session, final)
            except (discord.DiscordServerError, *DROPPED):
                session.lines_shown = shown
                if attempt >= DISCORD_RETRIES - 1:
                    raise
                await asyncio.sleep(DISCORD_RETRY_SECONDS * (attempt + 1))
            except discord.Forbidden:
                session.lines_shown = shown
                if session.id not in self.text_only and note is None:
                    self.text_only.add(session.id)  # perhaps only pictures are refused: try text
                    note, guessed_images = "resilience.no_images", True
                elif session.thread_id is not None and session.phase == PLAYING:
                    self.text_only.discard(session.id)  # it was the thread, not the pictures
                    session.thread_id, session.table_message_id, note = None, None, None
                    await self.host.save(session)
                    await self.notes.tell(session, "resilience.no_thread_send")
                elif session.thread_id is None and session.phase == PLAYING:
                    # Text is refused too: Send Messages was taken away. Nothing can be posted here, so
                    # the host hears it privately, once, at their next click; the game itself goes on.
                    if guessed_images:
                        self.text_only.discard(session.id)
                    if self.notes.later_in_private(session, "resilience.no_send"):
                        log.warning("game %s: may not post in channel %s (Send Messages)", session.id,
                                    session.where_id)
                    return
                else:
                    raise
            except discord.HTTPException as err:
                if err.code not in THREAD_GONE_CODES or session.thread_id is None:
                    raise
                await self.thread_lost(session, err.code)
                return
            else:
                if note is not None:
                    await self.notes.tell(session, note)
                return

    def deleted(self, message_ids: set[int]) -> None:
        """One re-post per deleted table. The bot's own deletes never match: a re-post moves
        ``table_message_id`` to the new message before the old one is deleted, so they cause nothing;
        people already pinged are not pinged again (``session.pinged``)."""
        for session in list(self.host.sessions.values()):
            if session.phase == PLAYING and session.table_message_id in message_ids:
                session.table_message_id = None
                self.want(session)

    async def thread_gone(self, thread_id: int, code: int) -> None:
        """A game's thread was deleted, or archived and locked (Discord's ``code`` for it): its game ends."""
        for session in list(self.host.sessions.values()):
            if session.thread_id == thread_id and session.phase == PLAYING:
                await self.thread_lost(session, code)

    async def thread_lost(self, session: GameSession, code: int) -> None:
        """The game's thread is gone (deleted, or archived and locked): end the game, say so in the channel."""
        log.info("game %s lost its thread %s (code %s)", session.id, session.thread_id, code)
        session.thread_id, session.table_message_id = None, None
        notice = t(session.lang, THREAD_GONE_CODES[code], game=t(session.lang, f"{session.game}.name"))
        await self.host.end_game(session, abandoned=True, notice=notice)

    def mentions_due(self, session: GameSession) -> list[int]:
        """Seats whose new decision should mention them: not announced yet, and not at the table."""
        record = attention(self.host.bot)
        due = []
        for seat in sorted(self.host.waiting_humans(session) - session.pinged):
            uid = session.seats[seat].user_id
            if uid is not None and record.may_mention(session.id, session.guild_id, uid,
                                                      self.host.live_panel(session, uid)):
                due.append(seat)
        return due

    def repost_reason(self, session: GameSession, mention: list[int]) -> str | None:
        """Why the table must be posted again rather than edited in place (None: edit it).

        Posted again only where people would otherwise lose it or must be told: a mention (an edit notifies
        nobody), a new hand's start (a table showing a finished hand stays its record, even one posted in the
        pause), a table scrolled out of view, or one nearly an hour old (Discord caps those edits, 30046).
        """
        if session.table_message_id is None:
            return "none"
        if mention:
            return "mention"
        if session.paused_until is None and (session.table_summary or session.table_hand != session.hand_first_line):
            return "hand"
        if time.time() - session.table_posted_at > TABLE_MAX_AGE_SECONDS:
            return "old"
        if self.below.get(session.id, 0) >= SCROLLED_OUT_AFTER:
            return "scrolled"
        return None

    def message_below(self, channel_id: int, message_id: int) -> None:
        """A message was posted where a game's table is: enough of them scroll the table out of view."""
        for game_id in self.tables_in.get(channel_id, ()):
            session = self.host.sessions.get(game_id)
            if session is not None and session.where_id == channel_id and session.phase == PLAYING and \
                    session.table_message_id is not None and message_id > session.table_message_id:
                self.below[session.id] = self.below.get(session.id, 0) + 1

    async def _update_once(self, session: GameSession, final: bool = False) -> None:
        """One try at showing the table: its turn at Discord's global pace is taken before the game is read,
        so an update that waited in line shows the newest moment (``pacing.turn_first``). Computers that move
        at once are let finish their burst first: read in the middle of it, the table would show a moment
        already past and need another edit. The long wait is before the turn: a held turn keeps a token of
        the global pace from every other game (few may be held), so a burst that began while this update
        waited in line gets only a short wait more. An update an interaction's token can carry needs no turn."""
        instant = self.host.computer_delay == 0
        if instant:
            await self._computers_done(session, INSTANT_BURST_WAIT_SECONDS)
        exempt = self.routes.reaches(session)
        async with contextlib.nullcontext() if exempt else turn_first(self.host.bot.pacer):
            if instant:
                await self._computers_done(session, HELD_BURST_WAIT_SECONDS)
            if session.phase == PLAYING or final:  # ended meanwhile (a cancel 3.11's wait_for lost): end_game shows it
                await self._show(session)

    async def _show(self, session: GameSession) -> None:
        """Edit the table in place; post it again (see ``repost_reason``) where people would lose it.

        While a hand is over, the table shows that hand: its last lines, its summary and its
        picture (not the next deal), with Next hand. The next hand's table is a new message, and
        the finished hand's message stays in the thread as its record.
        """
        await self.host.commit(session)
        channel = self.host.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
        mention = self.mentions_due(session)
        waiting = self.host.waiting_humans(session)
        await self.host.turn_shown(session, waiting - session.pinged)  # before the text, which shows the deadline
        summary = None if session.paused_until is None else session.hand_summary
        pictured = session.id not in self.text_only
        moment, shown_before = (session.version, session.paused_until), session.lines_shown
        last = self.showing.get(session.id)
        if last is not None and (last.moment, last.lines_total) == (moment, session.lines_total):
            session.lines_shown = last.lines_from  # nothing new: the same lines as the table shows, not fewer
        window_from = session.lines_shown
        # the text and the picture are read together, before anything is awaited: they show one moment
        if summary is not None:
            ending = session.last_hand_lines(MAX_NEW_LINES)
            surface = hand_over_surface(session, session.lang, summary, ending)
            drawing = pictures.summary_drawing(session, summary, session.lang) if pictured else None
            session.lines_shown = max(session.lines_shown, session.hand_first_line)
        else:
            drawing = pictures.public_table(session, session.lang) if pictured else None
            surface = table_surface(session, session.lang, b"" if drawing is not None else None, mention)
            session.lines_shown = session.lines_total
        away = away_line(session)
        if away:
            surface.content = clip_join(surface.content, away)
        shows = Showing(session.table_message_id, moment, pictured, surface.content, surface.controls_key(),
                        window_from, session.lines_total)
        if shows == last and self.repost_reason(session, mention) is None:
            session.pinged.update(waiting)
            return  # the table shows exactly this already: neither a picture nor an edit
        if drawing is not None:
            surface.image = await pictures.drawn(drawing)
            if (session.version, session.paused_until) != moment and session.phase == PLAYING:
                session.lines_shown = shown_before  # the game moved on while the picture was drawn:
                self.wanted.add(session.id)         # show the newer moment instead (the loop comes back)
                return
        reason = self.repost_reason(session, mention)
        if reason is None and not session.table_summary and self.routes.renew_due(session):
            reason = "renew"  # its token nears its end: a newer interaction's follow-up carries it on
        view = surface.view()
        if reason is None and session.table_message_id is not None:
            try:
                await self.routes.edit(session, channel, session.table_message_id, surface.content, surface.files,
                                       view)
                self.sent["edit"] += 1
                self._shown(session, shows, drawing is not None and surface.image is None)
                session.pinged.update(waiting)
                session.table_summary = summary is not None
                await self._remove_old_tables(session, channel)
                return
            except discord.NotFound:  # deleted by someone: post it again
                session.table_message_id = None
            except discord.HTTPException as err:
                if err.code != 50083:
                    raise  # an archived thread: a new message wakes it (unless it is locked)
        users = [discord.Object(id=uid) for s in mention if (uid := session.seats[s].user_id) is not None]
        posted = await self.routes.post(session, channel, surface.content, surface.files, view=view,
                                        allowed_mentions=discord.AllowedMentions(users=users, everyone=False,
                                                                                 roles=False, replied_user=False))
        self.sent[reason or "none"] += 1
        old, old_was_summary = session.table_message_id, session.table_summary
        session.table_message_id, session.table_posted_at = posted, time.time()
        self._shown(session, dataclasses.replace(shows, message_id=posted), drawing is not None and surface.image is None)
        session.table_hand, session.table_summary = session.hand_first_line, summary is not None
        self.below[session.id] = 0
        self.tables_in.setdefault(session.where_id, set()).add(session.id)
        session.pinged.update(waiting)
        await self.host.save(session)
        if old is not None:
            self.old_tables.setdefault(session.id, []).append((old, old_was_summary))
        await self._remove_old_tables(session, channel)

    def _shown(self, session: GameSession, shows: Showing, picture_missing: bool) -> None:
        """What the table message shows now; an update that would show the same is not sent (a picture that
        could not be drawn is tried again at the next update)."""
        if picture_missing:
            self.showing.pop(session.id, None)
        else:
            self.showing[session.id] = shows

    def buttons_removed(self, session: GameSession, message_id: int) -> None:
        """A finished hand's table lost its buttons with the answer to a click on it: no edit needed for that."""
        self.bare.setdefault(session.id, set()).add(message_id)

    async def _remove_old_tables(self, session: GameSession, channel: discord.PartialMessageable) -> None:
        """The tables posted before the current one go; a finished hand's stays as its record, without buttons.

        One that Discord refused to remove just now (a 429 after discord.py's own retries, a 5xx) is tried
        again a while later (``_remove_later``) and at the next update, not left in the thread with live
        buttons beside the new table (the new one is already posted and saved, so the update itself does
        not fail for it).
        """
        left = self.old_tables.pop(session.id, [])
        bare = self.bare.get(session.id, set())
        for index, (message_id, record) in enumerate(left):
            if record and message_id in bare:
                bare.discard(message_id)
                continue  # its buttons went with the answer to "Next hand"
            try:
                await self.routes.remove(channel, message_id, keep=record)
                self.sent["old table's buttons" if record else "old table deleted"] += 1
            except (discord.NotFound, discord.Forbidden):
                continue
            except discord.HTTPException as err:
                log.info("old table %s of game %s not removed yet: %s", message_id, session.id, err.status)
                self.old_tables[session.id] = left[index:] + self.old_tables.get(session.id, [])
                self.host.spawn(self.removals, session, self._remove_later(session))
                return

    async def _remove_later(self, session: GameSession) -> None:
        """Old tables Discord refused to remove go a while later, without waiting for the next move: that
        move may be the very person who now sees two tables and does not know which one to use."""
        while session.phase == PLAYING and self.old_tables.get(session.id):
            await asyncio.sleep(BUSY_RETRY_SECONDS)
            channel = self.host.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
            await self._remove_old_tables(session, channel)
