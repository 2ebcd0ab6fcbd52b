"""Each decision window times out after the length its rules file gives, and not before.

Gou Ji §13.6 gives a limit per window (lead 60 s, follow 40 s, revolution Ready 30 s, Ge Ming votes 30 s,
the proposer's decision 20 s …), a reminder 15 s before expiry and AFK after 3 timeouts (then the timeout
rules act after a 5 s grace). Zheng Shangyou §16.6: 90 s, a reminder at 20 s left, AFK after 2 with the
same 5 s grace. Goita §12.10: the ``turn_timeout`` option, a reminder at half time. Go-Stop §13.4: 120 s.
A turn timeout set by the server replaces the rules' turn (lead) length; the other windows scale with it.

Each window is checked the same way: the deadline is its length away, the clock moved to one second
before it changes nothing, two seconds more and the timeout rule has acted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.games.goita.actions import PASS
from bot.games.gouji import engine as gouji
from bot.games.registry import engine
from bot.i18n import t
from cogs.table.session import GameSession
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel
from tests.discord_double.people import Person
from tests.play.driver import fix_deal, open_game, session_in, table_message, until

#: Gou Ji: nobody may declare Ge Ming, and A (alice) leads the first trick; computers' answers then bring
#: the turn back to her as a follower (found by trying seeds with the pure engine)
LEAD_SEED = 5
#: Gou Ji: A (alice) may declare Ge Ming; C is her teammate (tests/play/test_gouji_discord.py)
GE_MING_OWN_SEED = 67
#: Goita with ``team_draw=choose``: the lobby order stays, and this seed deals no pawn hand to decide
GOITA_SEED = 1
#: Go-Stop: nobody is dealt a chongtong (four of a month), which would end the first round before any turn
GOSTOP_SEED = 0
REMINDER = t("en", "games.reminder", who="", time="").split(".")[0].strip(" —")


def waits_for(session: GameSession, seat: int) -> Callable[[], bool]:
    """The game waits for ``seat`` and its clock runs."""
    return lambda: (session.live is not None and session.paused_until is None and session.deadline is not None
                    and seat in engine(session.game).to_act(session.live.state))


def timed_out(session: GameSession, times: int) -> Callable[[], bool]:
    return lambda: session.seats[0].timeouts == times


def reminders(thread: Channel) -> int:
    return sum(REMINDER in m.content for m in thread.messages if not m.ephemeral)


async def times_out_after(double: DiscordDouble, session: GameSession, seconds: float) -> None:
    """The open window lasts ``seconds``: one second before its end nothing moved; just after, the clock did."""
    assert session.deadline is not None
    left = session.deadline - time.time()
    assert seconds - 3 < left <= seconds, (left, seconds)  # opened a moment ago (the table was drawn since)
    version = session.version
    double.clock.advance(left - 1)
    await double.settle()
    assert session.version == version, f"moved before the {seconds} s window ended"
    double.clock.advance(2)
    await until(double, lambda: session.version != version, f"the {seconds} s window timing out")


async def start(double: DiscordDouble, bot: TeahouseBot, person: Person, game: str, options: str,
                computers: int, **extra: Any) -> tuple[Channel, GameSession]:
    thread = await open_game(double, person, game, options, computers=computers, **extra)
    session = session_in(bot, thread)
    assert session is not None
    return thread, session


# ---------------------------------------------------------------------------------------------- Gou Ji

async def test_13_6_ready_lead_and_follow_windows_then_afk_after_three_timeouts(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    fix_deal(monkeypatch, LEAD_SEED)
    thread, session = await start(double, bot, alice, "gouji", "session_hands=1", computers=5)
    assert session.turn_timeout == 60  # no game or server setting: the rules' lead length
    await until(double, waits_for(session, 0), "the Ready window")
    state: gouji.State = session.live.state
    assert state.phase == "revolution"
    await times_out_after(double, session, 30)  # silence = ready
    assert session.seats[0].timeouts == 1

    await until(double, waits_for(session, 0), "alice's lead")
    assert state.phase == "play" and state.turn == 0 and state.top is None
    left = session.deadline - time.time() if session.deadline else 0.0
    assert 57 < left <= 60
    earlier = reminders(thread)  # the Ready window had one too
    double.clock.advance(left - 16)
    await double.settle()
    assert reminders(thread) == earlier
    double.clock.advance(2)  # 15 s before expiry: the reminder (§13.6)
    await until(double, lambda: reminders(thread) == earlier + 1, "the reminder")
    reminder = [m for m in thread.messages if REMINDER in m.content][-1]
    assert f"<@{alice.id}>" in reminder.content
    moves = len(session.log)
    await times_out_after(double, session, session.deadline - time.time() if session.deadline else 0.0)
    assert session.log[moves][0] == 0 and session.seats[0].timeouts == 2

    await until(double, waits_for(session, 0), "alice's next turn")
    assert state.phase == "play" and state.top is not None and state.duel_a < 0, "a follow (try another seed)"
    moves = len(session.log)
    await times_out_after(double, session, 40)  # silence = pass
    assert tuple(session.log[moves]) == (0, "pass")
    assert session.seats[0].timeouts == 3 and not session.seats[0].computer_plays  # AFK: timeout rules act

    await until(double, waits_for(session, 0), "alice's turn while AFK")
    await times_out_after(double, session, 5)  # the grace period, whatever the window
    assert session.seats[0].timeouts == 4 and not session.seats[0].computer_plays


async def test_13_6_a_vote_opened_inside_the_ready_window_gets_its_own_30_s_then_the_proposer_20_s(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    fix_deal(monkeypatch, GE_MING_OWN_SEED)
    before = {c.id for c in double.threads}
    lobby = await alice.run("/game new", game="gouji", options="session_hands=1")
    lobby = await alice.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
    lobby = await bob.click(lobby, t("en", "games.button.join"))  # bob sits at C, alice's teammate
    for _ in range(3):
        lobby = await alice.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
    await alice.click(lobby, t("en", "games.button.start"))
    await double.settle()
    thread = next(c for c in double.threads if c.id not in before)
    session = session_in(bot, thread)
    assert session is not None and session.seats[2].user_id == bob.id
    state: gouji.State = session.live.state
    await until(double, lambda: waits_for(session, 0)() and waits_for(session, 2)(), "the Ready window")
    double.clock.advance(20)  # 10 s of the Ready window left
    await double.settle()

    table = table_message(thread)
    assert table is not None
    panel = await alice.click(table, t("en", "games.button.hand"))
    await alice.click(panel, t("en", "gouji.action.ge_ming"))
    await until(double, lambda: state.phase == "ge_ming_vote", "the vote")
    assert gouji.to_act(state) == {2}
    left = session.deadline - time.time() if session.deadline else 0.0
    assert 27 < left <= 30  # a fresh 30 s for bob's vote, not the Ready window's last 10 s
    double.clock.advance(left - 1)
    await double.settle()
    assert state.phase == "ge_ming_vote"

    vote = await bob.click(table_message(thread) or table, t("en", "games.button.hand"))
    await bob.click(vote, t("en", "gouji.action.object"))
    await until(double, lambda: state.phase == "ge_ming_decide", "alice's decision")
    deals = state.deal_no
    await times_out_after(double, session, 20)  # silence = insist: the revolution redeals
    assert state.deal_no == deals + 1


async def test_13_6_a_server_turn_timeout_replaces_the_lead_and_scales_the_other_windows(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = await double["admin"].run("/settings", turn_timeout=120)
    assert t("en", "settings.saved") in saved.content
    fix_deal(monkeypatch, LEAD_SEED)
    _, session = await start(double, bot, double["alice"], "gouji", "session_hands=1", computers=5)
    assert session.turn_timeout == 120
    await until(double, waits_for(session, 0), "the Ready window")
    await times_out_after(double, session, 60)  # 30 s at twice the rules' pace
    await until(double, waits_for(session, 0), "alice's lead")
    await times_out_after(double, session, 120)


async def test_13_6_afk_takeover_cpu_hands_the_seat_to_the_computer_after_three_timeouts(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_deal(monkeypatch, LEAD_SEED)
    _, session = await start(double, bot, double["alice"], "gouji", "session_hands=1 afk_takeover=cpu",
                             computers=5, turn_seconds=6)
    for timeouts in (1, 2, 3):
        await until(double, waits_for(session, 0), "alice's window")
        assert not session.seats[0].computer_plays
        double.clock.advance(7)  # longer than any window at this pace
        await until(double, timed_out(session, timeouts), "the timeout")
    assert session.seats[0].computer_plays


# ---------------------------------------------------------------------------------------------- the others

async def test_16_6_zhengshangyou_90_s_reminder_at_20_s_left_afk_after_two_then_5_s(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread, session = await start(double, bot, alice, "zhengshangyou", "mode=individual", computers=3)
    assert session.turn_timeout == 90
    await until(double, waits_for(session, 0), "alice's turn")
    left = session.deadline - time.time() if session.deadline else 0.0
    assert 87 < left <= 90
    double.clock.advance(left - 21)
    await double.settle()
    assert reminders(thread) == 0
    double.clock.advance(2)
    await until(double, lambda: reminders(thread) == 1, "the reminder at 20 s left")
    await times_out_after(double, session, session.deadline - time.time() if session.deadline else 0.0)
    await until(double, waits_for(session, 0), "alice's next turn")
    await times_out_after(double, session, 90)
    assert session.seats[0].timeouts == 2 and not session.seats[0].computer_plays  # AFK: the timeout policies
    await until(double, waits_for(session, 0), "alice's turn while AFK")
    await times_out_after(double, session, 5)


async def test_12_10_goita_turn_timeout_option_sets_the_window_and_reminds_at_half_time(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice answers an attack (a known deal, the lobby order, the computer at seat 3 leads): at expiry
    she is passed (§12.10; a leader would never be moved, so the seat draw must not decide this)."""
    alice = double["alice"]
    fix_deal(monkeypatch, GOITA_SEED)
    thread, session = await start(double, bot, alice, "goita", "team_draw=choose first_dealer=3 turn_timeout=24",
                                  computers=3)
    seat = session.seat_of(alice.id)
    assert seat == 0
    await until(double, waits_for(session, seat), "alice's answer")
    left = session.deadline - time.time() if session.deadline else 0.0
    assert 21 < left <= 24
    double.clock.advance(left - 13)
    await double.settle()
    assert reminders(thread) == 0
    double.clock.advance(2)
    await until(double, lambda: reminders(thread) == 1, "the reminder at half time")
    moves = len(session.log)
    await times_out_after(double, session, session.deadline - time.time() if session.deadline else 0.0)
    assert tuple(session.log[moves]) == (seat, engine("goita").format_action(PASS))  # passed, never blocked
    assert not session.seats[seat].computer_plays


async def test_13_4_gostop_gives_120_s_per_action_without_a_setting(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    fix_deal(monkeypatch, GOSTOP_SEED)
    _, session = await start(double, bot, alice, "gostop", "", computers=1)
    assert session.turn_timeout == 120
    seat = session.seat_of(alice.id)
    assert seat is not None
    await until(double, waits_for(session, seat), "alice's turn")
    await times_out_after(double, session, 120)
