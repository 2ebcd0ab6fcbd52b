"""The turn clock: each decision's window from the rules file, the reminder, and what happens at the deadline.

One task per game sleeps until the next thing falls due (the end of a pause between hands, the
reminder, the deadline), or until ``arm`` says the clock changed; what it changes, it changes on
the game's serialized path, and only if the game is still at the version whose deadline passed.
It does not wake each second to look: with hundreds of games open, that polling alone was about a
seventh of the bot's event-loop time.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord

from bot.games.registry import engine
from bot.i18n import t

from .controls import STALLING, seating_for
from .game_host import GameHost
from .persistence import SaveFailed
from .session import PLAYING, GameSession
from .table_message import THREAD_GONE_CODES
from .words import names, safe_name

log = logging.getLogger("teahouse.games")

#: The longest one nap of a game's clock: a change that reached the game without ``arm`` is still seen this soon.
LONGEST_NAP_SECONDS = 30.0
#: after a timed change the database refused (and that was undone), the clock looks again this much later
SAVE_RETRY_SECONDS = 5.0
#: A decision the table shows at least this much later than the game reached it gets its window anew.
SHOWN_LATE_SECONDS = 1.0
#: where a game keeps the id of its standing reminder (saved with the game: a restart still removes it)
REMINDER_KEY = "clock.reminder"


class TurnClock:
    """The clocks of every game."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.current: dict[int, dict[int, tuple[Any, float]]] = {}  # game -> waiting seat -> window
        self.napping: dict[int, asyncio.Future[None]] = {}  # game -> what wakes its clock early
        self.removals: set[asyncio.Task[None]] = set()  # reminders being deleted

    def forget(self, session: GameSession) -> None:
        self.current.pop(session.id, None)
        self._wake(session)
        self.decision_over(session)

    def decision_over(self, session: GameSession) -> None:
        """The reminded decision is made (a move, a timeout, the game's end): its reminder ("@Bob — it is still
        your move…") is deleted, so it never stands in the thread reading "… minutes ago" (#47)."""
        message_id = session.ui.pop(REMINDER_KEY, None)
        if isinstance(message_id, int):
            task = asyncio.get_running_loop().create_task(self._delete(session, message_id))
            self.removals.add(task)
            task.add_done_callback(self.removals.discard)

    async def _delete(self, session: GameSession, message_id: int) -> None:
        channel = self.host.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException as err:  # gone already, or the thread is: nothing stands to remove
            log.info("reminder %s of game %s not deleted: %s (code %s)", message_id, session.id, err.status, err.code)

    def _wake(self, session: GameSession) -> None:
        """The game's clock looks again now (a new deadline, a pause that ended, the game's end)."""
        nap = self.napping.get(session.id)
        if nap is not None:
            _resolve(nap)

    async def _nap(self, session: GameSession, seconds: float) -> None:
        """Sleep until the next thing falls due, or until ``arm`` or ``forget`` wakes the clock."""
        waker = self.napping[session.id] = asyncio.get_running_loop().create_future()
        sleep = asyncio.ensure_future(asyncio.sleep(min(seconds, LONGEST_NAP_SECONDS)))  # a test clock's jump moves it
        sleep.add_done_callback(lambda _: _resolve(waker))
        try:
            await waker
        finally:
            sleep.cancel()
            if self.napping.get(session.id) is waker:
                del self.napping[session.id]

    def default_turn(self, game: str, server_seconds: int | None) -> int:
        """The turn timeout of a new game (its own ``turn_seconds`` comes first): the server's, else the
        rules file's turn length, else the bot's default. The game's other windows scale with it."""
        rules = engine(game).TIMING.turn_seconds
        return server_seconds or (self.host.bot.config.turn_timeout_seconds if rules is None else rules)

    def windows(self, session: GameSession, waiting: set[int]) -> dict[int, tuple[Any, float]]:
        """Each waiting person's window (its name, its length): the rules file's length for the decision
        at hand, a short grace for a person who is away (the timeout rules act), else the turn timeout.
        A person whose window is 0 s (a timer the rules switch off) is not in it: nothing times him out."""
        seating, live = seating_for(session.game), session.live
        out: dict[int, tuple[Any, float]] = {}
        if live is None or seating.on_hold(session):
            return out  # a lobby; a team's pause: nobody's time runs
        grace = live.away_grace()
        for seat in waiting:
            if grace is not None and seating.is_away(session, seat):
                out[seat] = ("away", grace)
                continue
            seconds = seating.window_seconds(session, seat)
            length = float(session.turn_timeout if seconds is None else seconds)
            if length > 0:
                out[seat] = (live.window_key(seat), length)
        return out

    def reminder_lead(self, session: GameSession) -> float | None:
        """Seconds before the deadline to remind, by the game's rules (default: a quarter of the window,
        at least 3 s); None when the window is too short for a reminder besides the prompt's ping."""
        windows = self.current.get(session.id) or self.windows(session, self.host.waiting_humans(session))
        length = max((seconds for _, seconds in windows.values()), default=float(session.turn_timeout))
        lead = session.live.reminder(length) if session.live is not None else None
        if lead is None:
            lead = max(3.0, length / 4)
        return lead if lead < length else None

    def arm(self, session: GameSession) -> None:
        """A new deadline when someone new is waited for or a waited-for person's window changed;
        several people in one window share it (the longest of their windows)."""
        waiting = self.host.waiting_humans(session)
        windows = self.windows(session, waiting) if session.paused_until is None else {}
        if not windows:
            session.deadline = None
            self.current.pop(session.id, None)
            self.decision_over(session)
        else:
            before = self.current.get(session.id)  # None after a restart: the saved deadline stands
            self.current[session.id] = windows
            changed = before is not None and any(before.get(seat) != window for seat, window in windows.items())
            if session.deadline is None or waiting - session.pinged or changed:
                session.deadline = time.time() + max(seconds for _, seconds in windows.values())
                session.reminded = False
                self.decision_over(session)
        if session.deadline is not None or session.paused_until is not None:
            self._wake(session)
            self.host.spawn(self.tasks, session, self._run(session))

    def shown(self, session: GameSession, seats: set[int]) -> bool:
        """The table is about to show these people their decision: their window runs from now.

        Under Discord's global limit a busy bot's table can show a turn seconds after the game reached it.
        That time is given back, so nobody's reminder or deadline comes early for time in which they
        could not see it was their turn (at 500 games, such reminders and their removal were an eighth of
        the bot's paced requests, which made every table later still). The clock needs no waking: the
        deadline only moves later, and it looks again when the earlier one falls due. True: it moved.
        """
        windows = self.current.get(session.id)
        if session.deadline is None or not windows:
            return False
        lengths = [seconds for seat, (_, seconds) in windows.items() if seat in seats]
        if lengths and time.time() + max(lengths) - session.deadline >= SHOWN_LATE_SECONDS:
            session.deadline = time.time() + max(lengths)
            return True
        return False

    async def _run(self, session: GameSession) -> None:
        """Start the next hand when the pause is over; remind once; move for whoever is still thinking.

        Looks at everything afresh whenever it wakes, so a change it was woken for (or one it was not,
        within ``LONGEST_NAP_SECONDS``) is honoured; runs until there is nothing left to wait for.
        """
        while session.phase == PLAYING:
            try:
                if await self._step(session):
                    return
            except SaveFailed:  # undone to the last saved moment: the clock looks again a little later
                log.warning("game %s: a timed change was not saved; trying again in %g s", session.id,
                            SAVE_RETRY_SECONDS)
                await self._nap(session, SAVE_RETRY_SECONDS)

    async def _step(self, session: GameSession) -> bool:
        """One look at the clock: start the next hand, remind, or time out. True: nothing left to wait for."""
        now = time.time()
        if session.paused_until is not None:
            if now < session.paused_until:
                await self._nap(session, session.paused_until - now)
                return False
            async with session.lock:
                if session.phase != PLAYING or session.paused_until is None or time.time() < session.paused_until:
                    return False  # ended, or resumed by Next hand meanwhile
                session.paused_until = None
                await self.host.save(session)
                self.host.after_change(session)
            return False
        deadline = session.deadline
        if deadline is None:
            return True
        lead = self.reminder_lead(session)
        remind_at = deadline if lead is None else deadline - lead
        if now < deadline:
            if not session.reminded and now >= remind_at:
                session.reminded = True
                await self.remind(session)
                return False
            wake = remind_at if not session.reminded and now < remind_at else deadline
            await self._nap(session, max(wake - now, 0.0))
            return False
        session.deadline = None
        await self.time_is_up(session, session.version)
        return False

    async def time_is_up(self, session: GameSession, version: int) -> None:
        """The deadline passed: the rules' move (or the computer's) for each person still thinking, who is
        marked away after enough of these in a row; people the rules never move stall the game instead.

        All of it in one hold of the game's lock, and only if the game is still at the ``version`` whose
        deadline passed: a move that came in at the deadline stands, and nobody is timed out for it."""
        async with session.lock:
            if session.phase != PLAYING or session.version != version or session.paused_until is not None:
                if session.phase == PLAYING:
                    self.arm(session)
                return
            await self._time_out_waiting(session)

    async def _time_out_waiting(self, session: GameSession) -> None:
        seating, live = seating_for(session.game), session.live
        if live is None:
            return
        afk_after, grace = live.away_after(), live.away_grace()
        computer_takes_over = grace is None
        timed = self.windows(session, self.host.waiting_humans(session))
        stalled: dict[int, str] = {}
        for seat in sorted(timed):
            if self.windows(session, self.host.waiting_humans(session)).get(seat) != timed[seat]:
                continue  # an earlier timeout moved the game (a team's slot went to him): his own window, afresh
            info = session.seats[seat]
            info.timeouts += 1
            away = afk_after > 0 and info.timeouts >= afk_after
            outcome = seating.timeout_outcome(session, seat)
            if outcome in STALLING:
                stalled[seat] = outcome
                continue
            if away and computer_takes_over:
                info.ai = "easy"
            await self.host.computer_move(session, seat, "easy", timed_out=True)
            if afk_after > 0 and info.timeouts == afk_after:  # the public AFK notice, once
                back = t(session.lang, f"clock.back_by.{engine(session.game).TIMING.back_by}")
                key = "clock.afk.computer" if computer_takes_over else "clock.afk.rules"
                session.add_line(t(session.lang, key, player=safe_name(info.name), count=afk_after,
                                   grace=f"{grace or 0:g}", back=back))
                self.host.refresh_table(session)
        if stalled:
            seat_names = names(session, session.lang)
            for seat, outcome in stalled.items():
                session.add_line(t(session.lang, "games.timed_out", player=seat_names[seat]) + " "
                                 + t(session.lang, f"clock.moved.{outcome}"))
            seating.on_stall(session, sorted(stalled))
            await self.host.save(session)
            self.host.refresh_table(session)

    async def remind(self, session: GameSession) -> None:
        """Ping whoever is still thinking, saying what happens at the deadline (one line per outcome)."""
        waiting = [s for s in sorted(self.host.waiting_humans(session)) if session.seats[s].user_id is not None]
        if not waiting:
            return
        channel = self.host.bot.get_partial_messageable(session.where_id, guild_id=session.guild_id)
        users = [discord.Object(id=uid) for s in waiting if (uid := session.seats[s].user_id)]
        seating = seating_for(session.game)
        when = f"<t:{int(session.deadline or time.time())}:R>"
        outcomes: dict[str, list[str]] = {}
        for seat in waiting:
            outcomes.setdefault(seating.timeout_outcome(session, seat), []).append(f"<@{session.seats[seat].user_id}>")
        text = "\n".join(t(session.lang, "games.reminder", who=" ".join(who)) + " "
                         + t(session.lang, f"clock.outcome.{outcome}", time=when) for outcome, who in outcomes.items())
        deadline = session.deadline
        try:
            sent = await channel.send(text, allowed_mentions=discord.AllowedMentions(users=users, everyone=False,
                                                                                     roles=False))
            session.ui[REMINDER_KEY] = sent.id  # removed when the decision is made (``decision_over``)
            if session.deadline != deadline:  # decided while it was being sent
                self.decision_over(session)
        except discord.HTTPException as err:
            log.info("reminder for game %s not posted: %s (code %s)", session.id, err.status, err.code)
            if err.code in THREAD_GONE_CODES and session.thread_id is not None:
                await self.host.thread_lost(session, err.code)


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
