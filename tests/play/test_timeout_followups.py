"""What the turn clock says and does, as people see it in Discord.

- The reminder says what will happen at the deadline (Gou Ji §13.6, Zheng Shangyou §16.6: the timeout
  rules' move; Go-Stop card plays: the computer's), and the timeout line says who moved.
- A player marked AFK shows as "(away)" on the table until he is back: in Zheng Shangyou by the
  "I'm back" button of his hand view (§16.6), in Gou Ji by any click (§13.6).
- ``/settings`` says that without a server timeout each game uses its rules-file lengths.
- Goita §12.10 (revised): the timer is on by default (120 s): a responder is passed at expiry, a leader's
  move is made by the easy computer and the seat shows (away). With the timer off, nothing moves for a
  person; an idle leader's seat may be handed to the computer by the others after 5 minutes, or the game aborted.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.games.goita.actions import PASS
from bot.games.registry import engine
from bot.i18n import t
from cogs.table.session import GameSession
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import fix_deal, games_cog, open_game, session_in, table_message, until

#: Goita with ``team_draw=choose``: the lobby order stays, and this seed deals no pawn hand to decide
GOITA_SEED = 1
REMINDER = t("en", "games.reminder", who="").strip(" —")


def waits_for(session: GameSession, seat: int) -> Callable[[], bool]:
    """The game waits for ``seat`` (not between hands)."""
    return lambda: (session.live is not None and session.paused_until is None
                    and seat in engine(session.game).to_act(session.live.state))


def texts(thread: Channel) -> list[str]:
    """Every public text the thread showed, edits and deleted messages included."""
    out: list[str] = []
    for message in thread.messages:
        if not message.ephemeral:
            out += [version.content for version in message.edits] + [message.content]
    return out


def said(thread: Channel, text: str) -> bool:
    return any(text in content for content in texts(thread))


def reminders(thread: Channel) -> list[Message]:
    return [m for m in thread.messages if not m.ephemeral and REMINDER in m.content]


def when(session: GameSession) -> str:
    assert session.deadline is not None
    return f"<t:{int(session.deadline)}:R>"


def left(session: GameSession) -> float:
    """Seconds to the deadline."""
    assert session.deadline is not None
    return session.deadline - time.time()


def table_text(thread: Channel, lang: str = "en") -> str:
    table = table_message(thread, lang)
    return "" if table is None else table.content


def table_has(thread: Channel, label: str) -> bool:
    table = table_message(thread)
    return table is not None and table.has_button(label)


async def start(double: DiscordDouble, bot: TeahouseBot, person: Person, game: str, options: str,
                computers: int, joiners: tuple[Person, ...] = (), **extra: Any) -> tuple[Channel, GameSession]:
    thread = await open_game(double, person, game, options, joiners=joiners, computers=computers, **extra)
    session = session_in(bot, thread)
    assert session is not None
    return thread, session


# ---------------------------------------------------------------------------------------------- reminders

@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
async def test_16_6_the_reminder_says_the_timeout_rule_moves_not_the_computer(
        double: DiscordDouble, bot: TeahouseBot, lang: str) -> None:
    admin, alice = double["admin"], double["alice"]
    if lang != "en":  # Discord has no Persian client locale: Persian players have English clients
        admin.locale = alice.locale = "en-US" if lang == "fa" else lang
        await admin.run("/settings", language=lang)
    thread, session = await start(double, bot, alice, "zhengshangyou", "mode=individual", computers=3, lang=lang)
    await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "alice's turn")
    outcome = "pass" if session.live.state.top_combo is not None else "lowest_single"
    deadline = when(session)
    # Persian writes the time in words counted from the moment of writing ("۳۰ ثانیه دیگر"), so the
    # sentence around it is checked there; the other languages show Discord's own timestamp
    expected = [t(lang, "games.table.deadline", time=deadline)] if lang != "fa" else \
        t(lang, "games.table.deadline", time="§").split("§")
    await until(double, lambda: all(part in table_text(thread, lang) for part in expected),
                "the deadline on the table")  # when, not who: the computer does not move here
    double.clock.advance(left(session) - 19)  # §16.6: a reminder at 20 s left
    await until(double, lambda: bool(reminders_in(thread, lang)), "the reminder")
    reminder = reminders_in(thread, lang)[-1]
    assert f"<@{alice.id}>" in reminder.content and alice.id in reminder.pinged_user_ids
    assert t(lang, f"clock.outcome.{outcome}", time=deadline) in reminder.content
    assert t(lang, "clock.outcome.computer", time=deadline) not in reminder.content

    version = session.version
    double.clock.advance(25)
    await until(double, lambda: session.version != version, "the timeout")
    line = t(lang, "games.timed_out", player="Alice") + " " + t(lang, "clock.moved.rules")
    await until(double, lambda: said(thread, line), "the timeout line naming the rule")


def reminders_in(thread: Channel, lang: str) -> list[Message]:
    marker = t(lang, "games.reminder", who="").strip(" —,\u200f")  # without the direction mark of a line start
    return [m for m in thread.messages if not m.ephemeral and marker in m.content]


async def test_13_6_gouji_reminders_name_each_window_s_default(double: DiscordDouble, bot: TeahouseBot,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The Ready window's reminder says "ready", the lead's says the lowest single is led (§13.6 table)."""
    alice = double["alice"]
    fix_deal(monkeypatch, 5)  # nobody may declare Ge Ming; alice leads the first trick
    thread, session = await start(double, bot, alice, "gouji", "session_hands=1", computers=5)
    await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "the Ready window")
    assert session.live.state.phase == "revolution"
    deadline = when(session)
    double.clock.advance(left(session) - 14)  # 15 s before expiry
    await until(double, lambda: len(reminders(thread)) == 1, "the Ready reminder")
    assert t("en", "clock.outcome.ready", time=deadline) in reminders(thread)[-1].content
    double.clock.advance(20)
    await until(double, lambda: waits_for(session, 0)() and session.live.state.phase == "play"
                and session.deadline is not None, "alice's lead")
    assert session.live.state.top is None
    deadline = when(session)
    double.clock.advance(left(session) - 14)
    await until(double, lambda: len(reminders(thread)) == 2, "the lead reminder")
    assert t("en", "clock.outcome.lowest_single", time=deadline) in reminders(thread)[-1].content
    assert not any(t("en", "clock.outcome.computer", time="").split("{")[0][:20] in m.content
                   for m in reminders(thread))


async def test_13_4_gostop_card_play_reminder_says_the_computer_plays(double: DiscordDouble,
                                                                     bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread, session = await start(double, bot, alice, "gostop", "", computers=1, turn_seconds=40)
    seat = session.seat_of(alice.id)
    assert seat is not None
    await until(double, lambda: waits_for(session, seat)() and session.deadline is not None, "alice's turn")
    kinds = {a.kind for a in engine("gostop").legal_actions(session.live.state, seat)}
    expected = "stop" if "stop" in kinds else "sit_out" if "sit" in kinds else \
        "take_valuable" if "take" in kinds else "computer"
    deadline = when(session)
    double.clock.advance(left(session) - 9)  # the default lead: a quarter of 40 s
    await until(double, lambda: len(reminders(thread)) == 1, "the reminder")
    assert t("en", f"clock.outcome.{expected}", time=deadline) in reminders(thread)[-1].content
    version = session.version
    double.clock.advance(12)
    await until(double, lambda: session.version != version, "the timeout")
    mover = "computer" if expected == "computer" else "rules"
    line = t("en", "games.timed_out", player="Alice") + " " + t("en", f"clock.moved.{mover}")
    await until(double, lambda: said(thread, line), "the timeout line")


# ---------------------------------------------------------------------------------------------- away

async def test_16_6_afk_is_shown_as_away_until_im_back_is_pressed(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    thread, session = await start(double, bot, alice, "zhengshangyou", "mode=individual", computers=3,
                                  turn_seconds=10)
    away = t("en", "clock.away_name", name="Alice")
    for missed in (1, 2):
        await until(double, lambda m=missed: waits_for(session, 0)() and session.deadline is not None  # type: ignore[misc]
                    and session.seats[0].timeouts == m - 1, "alice's turn")
        table = table_message(thread)
        assert table is not None and away not in table.content
        double.clock.advance(11)
        await until(double, lambda m=missed: session.seats[0].timeouts == m, "the timeout")  # type: ignore[misc]
    notice = t("en", "clock.afk.rules", player="Alice", count=2, grace="5", back=t("en", "clock.back_by.button"))
    await until(double, lambda: said(thread, notice), "the AFK notice")
    await until(double, lambda: away in table_text(thread),
                "the away marker on the table")
    assert not session.seats[0].computer_plays

    table = table_message(thread)
    assert table is not None
    panel = await alice.click(table, t("en", "games.button.hand"))
    assert panel.ephemeral_for == alice.id and panel.has_button(t("en", "clock.button.back"))
    refused = await bob.click(table, t("en", "games.button.hand"))  # not seated: no panel, no button
    assert refused.ephemeral_for == bob.id and not refused.has_button(t("en", "clock.button.back"))

    back = await alice.click(panel, t("en", "clock.button.back"))
    assert back.ephemeral_for == alice.id and not back.has_button(t("en", "clock.button.back"))
    assert session.seats[0].timeouts == 0
    await until(double, lambda: said(thread, t("en", "clock.back", player="Alice")), "the back line")
    await until(double, lambda: bool(table_text(thread)) and away not in table_text(thread),
                "the marker gone")
    await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "alice's next turn")
    assert left(session) > 6  # her own 10 s window again, not the 5 s grace


async def test_13_6_gouji_afk_marker_goes_with_any_click(double: DiscordDouble, bot: TeahouseBot,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    fix_deal(monkeypatch, 5)
    thread, session = await start(double, bot, alice, "gouji", "session_hands=1", computers=5, turn_seconds=6)
    for missed in (1, 2, 3):
        await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "alice's window")
        double.clock.advance(7)  # longer than any window at this pace
        await until(double, lambda m=missed: session.seats[0].timeouts >= m, "the timeout")  # type: ignore[misc]
    away = t("en", "clock.away_name", name="Alice")
    await until(double, lambda: away in table_text(thread),
                "the away marker")
    notice = t("en", "clock.afk.rules", player="Alice", count=3, grace="5", back=t("en", "clock.back_by.click"))
    assert said(thread, notice)
    table = table_message(thread)
    assert table is not None
    panel = await alice.click(table, t("en", "games.button.hand"))  # "until he clicks anything"
    assert not panel.has_button(t("en", "clock.button.back"))  # Gou Ji needs no button
    assert session.seats[0].timeouts == 0
    await until(double, lambda: bool(table_text(thread)) and away not in table_text(thread),
                "the marker gone")


# ---------------------------------------------------------------------------------------------- /settings

async def test_settings_say_games_use_their_rules_lengths_until_a_timeout_is_set(double: DiscordDouble,
                                                                                bot: TeahouseBot) -> None:
    admin = double["admin"]
    shown = await admin.run("/settings")
    assert shown.ephemeral_for == admin.id
    # Goita §12.10 (revised): its timer is on by default, 120 s
    for game, seconds in (("gouji", 60), ("zhengshangyou", 90), ("gostop", 120), ("goita", 120)):
        assert t("en", "settings.game_seconds", game=t("en", f"{game}.name"), seconds=seconds) in shown.content
    assert t("en", "settings.game_off", game=t("en", "goita.name")) not in shown.content
    saved = await admin.run("/settings", turn_timeout=45)
    assert t("en", "settings.timeout_set", seconds=45) in saved.content
    ru = await admin.run("/settings", locale="ru")
    assert t("ru", "settings.timeout_set", seconds=45) in ru.content


# ---------------------------------------------------------------------------------------------- Goita §12.10

async def test_12_10_goita_timer_off_nothing_moves_for_a_person(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    fix_deal(monkeypatch, GOITA_SEED)
    thread, session = await start(double, bot, alice, "goita", "team_draw=choose first_dealer=3 turn_timeout=0",
                                  computers=3)
    await until(double, waits_for(session, 0), "alice's turn, after the computer's lead")
    assert session.log and session.log[0][0] == 3  # the computer seat moved on its own
    assert session.deadline is None
    table = table_message(thread)
    assert table is not None and t("en", "games.table.deadline", time="").split("{")[0][:8] not in table.content
    version = session.version
    double.clock.advance(6 * 3600)
    await double.settle()
    await asyncio.sleep(0.05)
    await double.settle()
    assert session.version == version and session.seats[0].timeouts == 0 and not session.seats[0].computer_plays
    assert not reminders(thread)


async def test_12_10_goita_option_0_keeps_the_timer_off_even_with_a_server_timeout(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    await double["admin"].run("/settings", turn_timeout=30)
    fix_deal(monkeypatch, GOITA_SEED)
    _, session = await start(double, bot, double["alice"], "goita", "team_draw=choose first_dealer=0 turn_timeout=0",
                             computers=3)
    await until(double, waits_for(session, 0), "alice's lead")
    assert session.deadline is None
    version = session.version
    double.clock.advance(120)
    await double.settle()
    assert session.version == version


async def test_12_10_goita_a_responder_is_passed_at_expiry(double: DiscordDouble, bot: TeahouseBot,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    fix_deal(monkeypatch, GOITA_SEED)
    thread, session = await start(double, bot, alice, "goita", "team_draw=choose first_dealer=3 turn_timeout=20",
                                  computers=3)
    await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "alice's answer")
    deadline = when(session)
    double.clock.advance(left(session) - 9)  # half time
    await until(double, lambda: len(reminders(thread)) == 1, "the reminder at half time")
    assert t("en", "clock.outcome.pass", time=deadline) in reminders(thread)[-1].content
    moves = len(session.log)
    double.clock.advance(12)
    await until(double, lambda: len(session.log) > moves, "the automatic pass")
    assert tuple(session.log[moves]) == (0, engine("goita").format_action(PASS))  # never the computer's block
    await until(double, lambda: said(thread, t("en", "games.timed_out", player="Alice") + " "
                                     + t("en", "clock.moved.rules")), "the timeout line")


async def test_12_10_goita_an_idle_leader_with_the_timer_off_the_others_may_abort(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, carol = double["alice"], double["bob"], double["carol"]
    fix_deal(monkeypatch, GOITA_SEED)
    thread, session = await start(double, bot, alice, "goita", "team_draw=choose first_dealer=0 turn_timeout=0",
                                  computers=2, joiners=(bob,))
    assert session.seats[0].user_id == alice.id and session.seats[1].user_id == bob.id
    await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "alice's lead")
    assert 290 < left(session) <= 300  # no turn timer: only the 5 idle minutes of §12.10

    version = session.version
    abort = t("en", "clock.button.abort")
    double.clock.advance(301)
    await until(double, lambda: table_has(thread, abort),
                "the Abort game offer")
    assert not reminders(thread)  # no timer, no reminder
    assert session.version == version and session.deadline is None  # nobody moved for the leader
    assert table_has(thread, t("en", "options.goita.computer_plays_for", player="Alice"))
    assert said(thread, t("en", "games.timed_out", player="Alice") + " " + t("en", "clock.moved.wait"))
    double.clock.advance(3600)  # the offer stands; still nothing moves
    await double.settle()
    assert session.version == version and not session.seats[0].computer_plays

    table = table_message(thread)
    assert table is not None
    mine = await alice.click(table, abort)  # the waited-for leader may not abort (her click: she is back)
    assert mine.ephemeral_for == alice.id and t("en", "clock.abort.not_you") in mine.content
    await double.settle()
    table = table_message(thread)  # posted again: the old one was over an hour old
    assert table is not None and table.has_button(abort)
    stranger = await carol.click(table, abort)  # nor somebody who does not play
    assert stranger.ephemeral_for == carol.id and t("en", "games.error.not_seated") in stranger.content
    assert session.id in games_cog(bot).sessions

    done = await bob.click(table, abort)
    assert done.ephemeral_for == bob.id and t("en", "clock.abort.confirm") in done.content
    await double.settle()
    assert session.id not in games_cog(bot).sessions
    assert said(thread, t("en", "clock.abort.done", player="Bob"))
    history = await bot.storage.history(double.guild.id)
    assert history and history[0].game == "goita" and not history[0].rated


async def test_12_10_goita_an_idle_leader_s_seat_handed_to_the_computer(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Timer off: after 5 idle minutes Bob presses "Computer plays for Alice"; the computer leads for her,
    her seat shows (away), and her next click takes it back."""
    alice, bob = double["alice"], double["bob"]
    fix_deal(monkeypatch, GOITA_SEED)
    thread, session = await start(double, bot, alice, "goita", "team_draw=choose first_dealer=0 turn_timeout=0",
                                  computers=2, joiners=(bob,))
    await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "alice's lead")
    hand_over = t("en", "options.goita.computer_plays_for", player="Alice")
    version = session.version
    double.clock.advance(301)
    await until(double, lambda: table_has(thread, hand_over), "the offer")
    table = table_message(thread)
    assert table is not None
    mine = await alice.click(table, hand_over)  # not the idle leader herself
    assert t("en", "clock.abort.not_you") in mine.content and session.version == version
    done = await bob.click(table, hand_over)
    assert done.ephemeral_for == bob.id and t("en", "options.goita.handed_over_you") in done.content
    await until(double, lambda: session.version > version and session.log[0][0] == 0, "the computer's lead for her")
    assert said(thread, t("en", "options.goita.handed_over", player="Bob", idle="Alice"))
    await until(double, lambda: t("en", "clock.away_name", name="Alice") in table_text(thread), "Alice (away)")
    table = table_message(thread)
    assert table is not None
    await alice.click(table, t("en", "games.button.hand"))  # any click of hers: she is back
    await until(double, lambda: not session.seats[0].computer_plays, "her seat back")
    assert session.seats[0].timeouts == 0


async def test_12_10_goita_the_offer_ends_when_the_leader_moves(double: DiscordDouble, bot: TeahouseBot,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    fix_deal(monkeypatch, GOITA_SEED)
    thread, session = await start(double, bot, alice, "goita", "team_draw=choose first_dealer=0 turn_timeout=0",
                                  computers=2, joiners=(bob,))
    await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "alice's lead")
    abort = t("en", "clock.button.abort")
    double.clock.advance(301)
    await until(double, lambda: table_has(thread, abort),
                "the Abort game offer")
    version = session.version
    move = engine("goita").format_action(engine("goita").legal_actions(session.live.state, 0)[0])
    await alice.run("/play", channel=thread, move=move)
    await until(double, lambda: session.version > version, "her lead")
    table = table_message(thread)
    assert table is not None and not table.has_button(abort)
    # a click that was on its way when she moved (the button as the old table had it)
    record = await bob.begin_forged_component(table, f"th:{session.id}:-:abort")
    late = await double.wait(record)
    assert late is not None and late.ephemeral_for == bob.id and t("en", "clock.abort.closed") in late.content
    assert session.id in games_cog(bot).sessions



async def test_12_10_goita_timer_on_by_default_the_computer_leads_and_the_seat_shows_away(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """No timer set anywhere: 120 s; at expiry the easy computer leads for Alice, her seat shows (away),
    and her next move takes it back."""
    alice = double["alice"]
    fix_deal(monkeypatch, GOITA_SEED)
    thread, session = await start(double, bot, alice, "goita", "team_draw=choose first_dealer=0", computers=3)
    assert session.turn_timeout == 120
    await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "alice's lead")
    assert 110 < left(session) <= 120
    double.clock.advance(left(session) - 59)
    await until(double, lambda: len(reminders(thread)) == 1, "the reminder at half time")
    assert t("en", "clock.outcome.computer", time="").split("{")[0][:20] in reminders(thread)[-1].content
    double.clock.advance(61)
    await until(double, lambda: bool(session.log) and session.log[0][0] == 0, "the computer's lead for her")
    assert said(thread, t("en", "games.timed_out", player="Alice") + " " + t("en", "clock.moved.computer"))
    await until(double, lambda: t("en", "clock.away_name", name="Alice") in table_text(thread), "Alice (away)")
    assert not session.seats[0].computer_plays and session.seats[0].timeouts == 1  # one expiry: not handed over
