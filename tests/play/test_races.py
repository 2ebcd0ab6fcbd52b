"""Two clicks on one game delivered before the bot answers either: exactly one outcome, every seat's
hand where it belongs, and no snapshot left behind (issue #21).

Each pair is delivered with ``begin_*`` (the interaction reaches the bot, nothing waits for its
answer), then both are awaited. Whatever order the bot takes them in, the game must come out as if
they had arrived one after the other: that is what the game's one serialized path guarantees.
"""

from __future__ import annotations

import secrets

import pytest

from bot.app import TeahouseBot
from bot.games.registry import engine
from bot.i18n import t
from cogs.table.session import LOBBY, PLAYING, GameSession
from cogs.table.words import names
from tests.discord_double import DiscordDouble, InteractionRecord
from tests.discord_double.model import Message
from tests.discord_double.people import Person
from tests.resilience.helpers import move_button

from .driver import games_cog, open_game, play_match, table_message

JOIN, LEAVE, START, CANCEL = (t("en", f"games.button.{b}") for b in ("join", "leave", "start", "cancel"))


def the_session(bot: TeahouseBot, lobby: Message) -> GameSession | None:
    for session in games_cog(bot).sessions.values():
        if session.lobby_message_id == lobby.id:
            return session
    return None


async def snapshots(bot: TeahouseBot) -> dict[str, str]:
    """Saved games by id -> phase: what a restart would bring back."""
    return {s.game_id: str(s.extra.get("phase")) for s in await bot.storage.active_snapshots()}


async def goita_lobby(double: DiscordDouble, host: Person, *joiners: Person) -> Message:
    lobby = await host.run("/game new", game="goita")
    for person in joiners:
        lobby = await person.click(lobby, JOIN)
    return lobby


def assert_hands_belong(bot: TeahouseBot, session: GameSession) -> None:
    """Every seat of the deal is a chair of the session, and every person's seat is their own."""
    mod = engine(session.game)
    assert session.live is not None
    assert len(mod.view(session.live.state, None).to_dict().get("seats") or session.seats) == len(session.seats)
    assert len(session.seats) == mod.INFO.max_seats
    people = [s.user_id for s in session.seats if s.user_id is not None]
    assert len(people) == len(set(people)), "a person holds two seats"
    for index, seat in enumerate(session.seats):
        if seat.user_id is not None:
            assert session.seat_of(seat.user_id) == index


async def test_start_and_start_deal_once(double: DiscordDouble, bot: TeahouseBot,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    lobby = await goita_lobby(double, alice, bob)
    deals: list[int] = []
    real = secrets.randbits

    def counted(bits: int) -> int:
        value = real(bits)
        if bits == 48:  # the game's seed: one draw per deal
            deals.append(value)
        return value

    monkeypatch.setattr(secrets, "randbits", counted)
    first = await alice.begin_click(lobby, START)
    second = await alice.begin_click(lobby, START)
    await double.wait(first)
    await double.wait(second)
    await double.settle()
    session = the_session(bot, lobby)
    assert session is not None and session.phase == PLAYING
    assert len(deals) == 1 and session.seed == deals[0], "the game was dealt twice"
    refusals = [m for m in alice.ephemerals if t("en", "games.error.started") in m.content]
    assert len(refusals) == 1
    assert_hands_belong(bot, session)


async def test_start_and_join_never_make_a_fifth_seat(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob, carol, dave = double["alice"], double["bob"], double["carol"], double["dave"]
    lobby = await goita_lobby(double, alice, bob, carol)
    start = await alice.begin_click(lobby, START)
    join = await dave.begin_click(lobby, JOIN)
    await double.wait(start)
    answer = await double.wait(join)
    await double.settle()
    session = the_session(bot, lobby)
    assert session is not None and session.phase == PLAYING
    assert_hands_belong(bot, session)
    seated = session.seat_of(dave.id) is not None
    assert seated or (answer is not None and t("en", "games.error.started") in answer.content)


async def test_start_and_leave_never_show_the_leavers_hand_to_another(double: DiscordDouble,
                                                                      bot: TeahouseBot) -> None:
    alice, bob, carol, dave = double["alice"], double["bob"], double["carol"], double["dave"]
    lobby = await goita_lobby(double, alice, bob, carol, dave)
    start = await alice.begin_click(lobby, START)
    leave = await bob.begin_click(lobby, LEAVE)
    await double.wait(start)
    await double.wait(leave)
    await double.settle()
    session = the_session(bot, lobby)
    assert session is not None and session.phase == PLAYING
    assert_hands_belong(bot, session)
    # each person's private hand is the one dealt to their own seat
    thread = double.thread(next(th.name for th in double.threads if th.id == session.thread_id))
    table = table_message(thread)
    assert table is not None
    mod = engine(session.game)
    for person in (alice, carol, dave, bob):
        seat = session.seat_of(person.id)
        if seat is None:
            continue
        panel = await person.click(table, t("en", "games.button.hand"))
        assert panel.ephemeral_for == person.id
        own = mod.view(session.live.state, seat).to_dict()
        assert own.get("seat", seat) == seat
    assert double.take_bot_errors() == []


async def test_start_and_cancel_have_one_outcome_and_leave_no_stale_snapshot(double: DiscordDouble,
                                                                             bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    lobby = await goita_lobby(double, alice, bob)
    game_id = str(the_session(bot, lobby).id)  # type: ignore[union-attr]
    start = await alice.begin_click(lobby, START)
    cancel = await alice.begin_click(lobby, CANCEL)
    await double.wait(start)
    await double.wait(cancel)
    await double.settle()
    session = the_session(bot, lobby)
    saved = await snapshots(bot)
    if session is None:  # cancelled first: the start was refused, nothing is saved
        assert game_id not in saved
        assert double.message(lobby.id).content == t("en", "games.lobby.cancelled")  # type: ignore[union-attr]
    else:  # started first: the cancel was refused, the running game is what a restart brings back
        assert session.phase == PLAYING and saved.get(game_id) == PLAYING
        assert any(t("en", "games.error.started") in m.content for m in alice.ephemerals)
    assert all(phase in (LOBBY, PLAYING) for phase in saved.values())


async def test_cancel_and_join_leave_nobody_in_a_cancelled_lobby(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    lobby = await goita_lobby(double, alice)
    game_id = str(the_session(bot, lobby).id)  # type: ignore[union-attr]
    cancel = await alice.begin_click(lobby, CANCEL)
    join = await bob.begin_click(lobby, JOIN)
    await double.wait(cancel)
    await double.wait(join)
    await double.settle()
    assert the_session(bot, lobby) is None
    assert game_id not in await snapshots(bot)
    assert games_cog(bot).game_of(double.guild.id, bob.id) is None
    again = await bob.run("/game new", game="goita")  # bob is free to open his own
    assert not again.ephemeral


async def test_a_double_rematch_opens_one_lobby(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    thread = await open_game(double, alice, "gostop", "rounds=1", joiners=(bob,))
    log = await play_match(double, bot, thread, [alice, bob], seed=2)
    assert log.final is not None
    first = await alice.begin_click(log.final, t("en", "games.button.rematch"))
    second = await bob.begin_click(log.final, t("en", "games.button.rematch"))
    answers = [await double.wait(first), await double.wait(second)]
    await double.settle()
    lobbies = [s for s in games_cog(bot).sessions.values() if s.phase == LOBBY]
    assert len(lobbies) == 1
    assert sum(1 for a in answers if a is not None and t("en", "games.error.rematch_open") in a.content) == 1
    saved = await snapshots(bot)
    assert list(saved.values()) == [LOBBY]


async def _alices_turn(double: DiscordDouble, bot: TeahouseBot, playing: bool = False,
                       **extra: object) -> tuple[GameSession, Message]:
    """A Zheng Shangyou game of alice and three computers, waiting for alice; her panel. ``playing``: one on which
    she can play cards in one click (her quick-play menu), passing meanwhile when she cannot."""
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual target_score=3", computers=3, **extra)
    for _ in range(20):
        for _ in range(400):
            await double.settle()
            session = next(iter(games_cog(bot).sessions.values()))
            mod = engine(session.game)
            if session.paused_until is None and session.seat_of(alice.id) in mod.to_act(session.live.state):
                break
            table = table_message(thread)
            if table is not None and table.has_button(t("en", "games.button.next_hand")):
                await alice.click(table, t("en", "games.button.next_hand"))
        table = table_message(thread)
        assert table is not None
        panel = await alice.click(table, t("en", "games.button.hand"))
        if not playing or quick_play(panel) is not None:
            return session, panel
        await alice.click(panel, str(move_button(panel)))
    raise AssertionError("alice never had cards to play")


def quick_play(panel: Message) -> tuple[str, str] | None:
    """The quick-play menu's id and its first play of cards (not its Pass), when the panel has one."""
    for menu in panel.selects:
        if (menu.custom_id or "").endswith(":zs_quick"):
            plays = [o.value for o in menu.options if o.label != t("en", "zhengshangyou.action.pass")]
            if plays:
                return str(menu.custom_id), plays[0]
    return None


async def begin_move(alice: Person, panel: Message) -> InteractionRecord:
    """One click on alice's panel that makes a move by itself: a pass, or a quick play from its menu."""
    passing = move_button(panel)
    if passing is not None:
        return await alice.begin_click(panel, passing)
    return await begin_play(alice, panel)


async def begin_play(alice: Person, panel: Message) -> InteractionRecord:
    """One click on alice's panel that plays cards (her hand changes: the answer carries its new picture)."""
    play = quick_play(panel)
    if play is None:
        raise AssertionError(f"no one-click play on the panel: {[m.custom_id for m in panel.selects]}")
    return await alice.begin_select(panel, play[0], [play[1]])


def decisions_at(session: GameSession, start: int, seat: int) -> int:
    """How many actions ``seat`` made from log entry ``start`` until someone else acted."""
    made = 0
    for who, _ in session.log[start:]:
        if who != seat:
            break
        made += 1
    return made


async def test_leave_and_move_on_one_decision_apply_one_action(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    session, panel = await _alices_turn(double, bot)
    seat, start = session.seat_of(alice.id), len(session.log)
    assert seat is not None
    move = await begin_move(alice, panel)
    leave = await alice.begin_run("/game leave")
    await double.wait(move)
    await double.wait(leave)
    await double.settle()
    assert session.seats[seat].left and session.seats[seat].ai == "easy"
    assert decisions_at(session, start, seat) == 1, session.log[start:]
    assert double.take_bot_errors() == []


async def test_abandon_and_move_end_the_game_once(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    session, panel = await _alices_turn(double, bot)
    start = len(session.log)
    move = await begin_move(alice, panel)
    abandon = await alice.begin_run("/game abandon")
    await double.wait(move)
    await double.wait(abandon)
    await double.settle()
    assert session.id not in games_cog(bot).sessions
    assert str(session.id) not in await snapshots(bot)
    assert len(session.log) - start <= 1, "a move was applied after the game ended"
    assert double.take_bot_errors() == []


@pytest.mark.parametrize("click_first", [True, False])
async def test_timeout_and_move_on_one_decision_apply_one_action(double: DiscordDouble, bot: TeahouseBot,
                                                                 click_first: bool) -> None:
    alice = double["alice"]
    session, panel = await _alices_turn(double, bot, turn_seconds=30)
    seat, start = session.seat_of(alice.id), len(session.log)
    assert seat is not None and session.deadline is not None
    double.clock.advance(session.deadline - double.clock.time() - 0.05)  # a moment before the deadline
    if click_first:  # the click and the deadline arrive together, in either order
        move = await begin_move(alice, panel)
        double.clock.advance(0.1)
    else:
        double.clock.advance(0.1)
        move = await begin_move(alice, panel)
    await double.wait(move)
    await double.settle()
    assert decisions_at(session, start, seat) == 1, session.log[start:]
    timed_out = t("en", "games.timed_out", player=names(session, "en")[seat])
    ran_out = any(timed_out in line for line in session.lines)  # on the line of the move the rules made (#47)
    assert session.seats[seat].timeouts == (1 if ran_out else 0)
    assert double.take_bot_errors() == []
