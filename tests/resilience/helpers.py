"""Playing games quickly through the double, and the checks every resilience test shares.

The play loop here is the cheap cousin of ``tests.play.driver.play_match``: no leak check
on every step (the leak test does that), so hundreds of games fit in the time budget. Its
``before_move`` hook lets a test switch a fault on right before a chosen human move.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
from collections.abc import Awaitable, Callable
from typing import Any

from bot.app import TeahouseBot
from bot.games.registry import engine
from bot.i18n import t
from cogs.table.session import GameSession
from tests.discord_double import DiscordDouble
from tests.discord_double.errors import UserActionError
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import MatchLog, choose, final_summary, games_cog, table_message, to_move

BeforeMove = Callable[[Person, Message], Awaitable[None]]

FULL = os.environ.get("TEAHOUSE_RESILIENCE_FULL") == "1"


def count(name: str, ci: int, full: int) -> int:
    """How many races/interactions/games/kills a test runs: a CI-sized default within the time
    budget, the issue's full numbers with TEAHOUSE_RESILIENCE_FULL=1, or TEAHOUSE_<NAME>=n."""
    return int(os.environ.get(f"TEAHOUSE_{name}", str(full if FULL else ci)))

# Short matches of every kind: (game, options, seats)
SHORT = {
    "goita": ("target_score=10", 4),
    "zhengshangyou": ("mode=individual target_score=2", 4),
    "gostop": ("rounds=1", 3),
    "gouji": ("session_hands=1 cpu_shao_wait_s=0", 6),  # no claim window to wait out in real time
}


async def open_table(double: DiscordDouble, host: Person, game: str, options: str = "",
                     joiners: tuple[Person, ...] = (), computers: int = 0,
                     **extra: Any) -> tuple[Channel, Message]:
    """Open, fill and start a lobby; returns where the game is played (its thread, or the channel
    when no thread could be opened) and the lobby message."""
    kwargs: dict[str, Any] = {"game": game, **extra}
    if options:
        kwargs["options"] = options
    before = {c.id for c in double.threads}
    lobby = await host.run("/game new", **kwargs)
    for person in joiners:
        lobby = await person.click(lobby, t("en", "games.button.join"))
    for _ in range(computers):
        lobby = await host.select(lobby, t("en", "games.add_computer_placeholder"), [level_easy()])
    await host.click(lobby, t("en", "games.button.start"))
    await double.settle()
    new = [c for c in double.threads if c.id not in before]
    return (new[-1] if new else double.channel(lobby.channel_id)), lobby


def move_button(panel: Message) -> str | None:
    """A panel button that makes a move by itself: the generic ``do`` buttons, or a game's own Pass
    (card composers need several clicks for a play; a pass is one). None when the panel has none."""
    for button in panel.buttons:
        verb = (button.custom_id or "").split(":")[3:4]
        if not button.disabled and verb and (verb[0] == "do" or verb[0].endswith("pass")):
            return str(button.custom_id)
    return None


def level_easy() -> str:
    return "easy"


def session_of(bot: TeahouseBot, where: Channel) -> GameSession | None:
    """The live game played in ``where`` (thread or channel)."""
    for session in games_cog(bot).sessions.values():
        if where.id in (session.thread_id, session.channel_id):
            return session
    return None


async def play_on(double: DiscordDouble, bot: TeahouseBot, where: Channel, people: list[Person], *,
                  seed: int = 1, before_move: BeforeMove | None = None, max_steps: int = 3000) -> Message | None:
    """Play until the match-over summary appears (returned), or the game ends another way (None)."""
    rng = random.Random(seed)
    by_id = {p.id: p for p in people}
    session = session_of(bot, where)
    assert session is not None, "no game is played there"
    sid = session.id
    log = MatchLog()
    idle = 0
    for _ in range(max_steps):
        await double.settle()
        final = final_summary(where)
        if final is not None:
            return final
        if sid not in games_cog(bot).sessions:
            # over: its summary follows once its picture is drawn, which a busy machine may take seconds
            # over while the bot has nothing else in flight (settle sees it quiet), so look for a while
            for _ in range(250):
                await double.settle()
                if (final := final_summary(where)) is not None:
                    return final
                await asyncio.sleep(0.01)
            return None
        table = table_message(where)
        if table is not None and table.has_button(t("en", "games.button.next_hand")):
            with contextlib.suppress(UserActionError):
                await rng.choice(people).click(table, t("en", "games.button.next_hand"))
            continue
        movers = [by_id[uid] for uid in sorted(to_move(table)) if uid in by_id] if table is not None else []
        if table is None or not movers:
            idle += 1
            assert idle < 500, (f"the game is stuck: {table.content[:300] if table else 'no table'}; last calls: "
                                f"{[(c.method, c.route, c.status, c.error_code) for c in double.calls[-8:]]}; "
                                f"{_state(bot, sid)}; errors: {[r.getMessage() + str(r.exc_info and r.exc_info[1]) for r in double.take_bot_errors()]}")
            await asyncio.sleep(0.01)
            continue
        idle = 0
        person = rng.choice(movers)
        try:
            panel = await person.click(table, t("en", "games.button.hand"))
        except UserActionError:  # the table was re-posted meanwhile: read it again
            continue
        if before_move is not None:
            await before_move(person, panel)
        with contextlib.suppress(UserActionError):  # the panel's channel vanished meanwhile (a fault test)
            await choose(person, panel, rng, log)
    raise AssertionError("the match did not end")


async def move_if_no_clock_will(bot: TeahouseBot, where: Channel, person: Person) -> bool:
    """Goita §12.10: the turn clock never moves a leader (nor a partner's Play/Redeal choice), and nobody
    while its timer is off: when the game waits for ``person`` and no deadline runs, they type the first
    move ``/play`` suggests, as a person who types would. True when they moved."""
    session = session_of(bot, where)
    if session is None or session.live is None or session.paused_until is not None or session.deadline is not None:
        return False
    seat = session.seat_of(person.id)
    if seat is None or seat not in engine(session.game).to_act(session.live.state):
        return False
    choices = await person.autocomplete("/play", "move", "", channel=where)
    if not choices:
        return False
    version = session.version
    reply = await person.run("/play", channel=where, move=str(choices[0].value))
    assert session.version != version, reply.content
    return True


def replays_to_its_result(record: Any) -> bool:
    """The recorded action log, applied once each from the seed, finishes the game with the recorded
    places: no move was lost and none applied twice."""
    mod = engine(record.game)
    state = mod.new_game(len(record.seats), record.seed, dict(record.options))
    for seat, text in record.actions:
        mod.apply(state, int(seat), mod.parse_action(str(text)))
    result = mod.result(state)
    return bool(result.finished) and tuple(int(result.places.get(s, len(record.seats)))
                                           for s in range(len(record.seats))) == tuple(record.places)


def _state(bot: TeahouseBot, sid: int) -> str:
    """What the bot thinks of a stuck game, for the failure message."""
    cog = games_cog(bot)
    session = cog.sessions.get(sid)
    if session is None:
        return "no session"
    tasks = {name: (reg.get(sid).done() if reg.get(sid) else None)  # type: ignore[union-attr]
             for name, reg in (("driver", cog.computers.tasks), ("clock", cog.clock.tasks), ("table", cog.table.tasks))}
    to_act = engine(session.game).to_act(session.live.state) if session.live is not None else None
    return (f"phase={session.phase} to_act={to_act} paused={session.paused_until} wanted={sid in cog.table.wanted} "
            f"tasks_done={tasks} table={session.table_message_id} log={session.log[-5:]} "
            f"deciders={cog.deciders(session)} lines={session.lines[-4:]}")
