"""Zheng Shangyou's lobby and table around the play (issue #27, rules §16.1–§16.6), through the double:
Shuffle seats and the play-order hint, the Log and Rules buttons, the summary's next leader and pit,
a majority vote to abandon, an idle lobby closing, and a game abandoned after 30 idle minutes."""

from __future__ import annotations

import random
import re

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table.idle import LOBBY_IDLE_SECONDS
from cogs.table.session import LOBBY, GameSession
from cogs.table.words import names
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import (
    MatchLog,
    choose,
    final_summary,
    games_cog,
    open_game,
    session_in,
    table_message,
    to_move,
    until,
)

GAME = "zhengshangyou"


def lobby_of(bot: TeahouseBot, host: Person) -> GameSession:
    return next(s for s in games_cog(bot).sessions.values() if s.phase == LOBBY and s.host_id == host.id)


def seat_lines(message: Message, taken: int = 4) -> list[str]:
    """The lobby's numbered lines of the ``taken`` seats, in order (the empty seats' lines follow them)."""
    return [line for line in message.content.splitlines() if re.match(r"\d+\. ", line)][:taken]


async def test_16_1_shuffle_seats_and_the_play_order_hint(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob, carol, dave = double["alice"], double["bob"], double["carol"], double["dave"]
    lobby = await alice.run("/game new", game=GAME, options="mode=individual")
    for person in (bob, carol, dave):
        lobby = await person.click(lobby, t("en", "games.button.join"))
    assert t("en", "seats.lobby.play_order") in lobby.content
    joined = seat_lines(lobby)
    assert [s.user_id for s in lobby_of(bot, alice).seats] == [alice.id, bob.id, carol.id, dave.id]

    refused = await bob.click(lobby, t("en", "seats.button.shuffle"))  # the host shuffles, not a guest
    assert refused.ephemeral_for == bob.id and t("en", "games.error.host_only") in refused.content
    assert seat_lines(lobby) == joined

    for _ in range(40):  # 24 orders: a different one comes up at once, almost always
        lobby = await alice.click(lobby, t("en", "seats.button.shuffle"))
        if seat_lines(lobby) != joined:
            break
    shuffled = seat_lines(lobby)
    assert shuffled != joined and len(shuffled) == 4
    session = lobby_of(bot, alice)
    shown = [line.split(". ", 1)[1] for line in shuffled]
    assert shown == names(session, "en")  # the list is the seat order, which is the play order
    await alice.click(lobby, t("en", "games.button.start"))
    await double.settle()
    assert [s.name for s in session.seats] == shown  # play goes down that list


async def test_16_2_log_and_rules_buttons_answer_privately(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    thread = await open_game(double, alice, GAME, "mode=individual", computers=3)
    await until(double, lambda: table_message(thread) is not None, "the table")
    table = table_message(thread)
    assert table is not None
    session = session_in(bot, thread)
    assert session is not None and session.lines
    edits = len(table.edits)

    log = await carol.click(table, t("en", "seats.button.log"))  # a spectator may read it too
    assert log.ephemeral_for == carol.id
    assert t("en", "seats.log.title") in log.content
    assert session.lines[-1] in log.content
    rules = await alice.click(table, t("en", "seats.button.rules"))
    assert rules.ephemeral_for == alice.id
    assert t("en", f"games.rules.{GAME}", name=t("en", f"{GAME}.name")).splitlines()[0] in rules.content
    await double.settle()
    assert len(table.edits) == edits  # reading changes nothing on the table


async def play_until_hand_over(double: DiscordDouble, bot: TeahouseBot, thread: Channel, person: Person) -> None:
    """Alice moves whenever pinged (the computers move at once) until the first hand is over."""
    rng, log = random.Random(7), MatchLog()
    for _ in range(3000):
        await double.settle()
        table = table_message(thread)
        if table is not None and table.has_button(t("en", "games.button.next_hand")):
            return
        if table is None or person.id not in to_move(table):
            continue
        panel = await person.click(table, t("en", "games.button.hand"))
        await choose(person, panel, rng, log)
    raise AssertionError("the hand did not end")


async def test_16_4_the_hand_summary_names_the_next_leader_and_the_pit(double: DiscordDouble,
                                                                       bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, GAME, "mode=individual target_score=11", computers=3)
    await play_until_hand_over(double, bot, thread, alice)
    session = session_in(bot, thread)
    assert session is not None and session.hand_summary is not None
    order = session.hand_summary["order"]
    seat_names = names(session, "en")
    line = t("en", "seats.zsy.next_hand", leader=seat_names[session.live.state.leader],
             pit=f"{seat_names[order[-2]]}, {seat_names[order[-1]]}")
    hand_over = t("en", "games.summary.hand_over", game="").split("**")[-1].strip()
    await until(double, lambda: any(hand_over in m.content and line in m.content for m in thread.public_messages),
                "the summary with the next leader and the pit")
    assert session.live.state.leader == order[2]  # R8: the 3rd deals and leads (individual mode)


async def test_16_1_a_majority_vote_abandons_the_game(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob, carol = double["alice"], double["bob"], double["carol"]
    thread = await open_game(double, alice, GAME, "mode=individual", joiners=(bob, carol), computers=1)
    session = session_in(bot, thread)
    assert session is not None

    first = await bob.run("/game abandon", channel=thread)
    assert first.ephemeral_for == bob.id and t("en", "seats.vote.counted", votes=1, needed=2) in first.content
    again = await bob.run("/game abandon", channel=thread)
    assert t("en", "seats.vote.already", votes=1, needed=2) in again.content
    await until(double, lambda: any(t("en", "seats.vote.cast", player="Bob", votes=1, needed=2) in m.content
                                    for m in thread.public_messages), "bob's vote on the table")
    assert session_in(bot, thread) is session  # one vote of three people is no majority

    last = await carol.run("/game abandon", channel=thread)
    assert t("en", "games.abandoned") in last.content
    await until(double, lambda: session_in(bot, thread) is None and any(
        t("en", "games.abandoned") in m.content for m in thread.public_messages), "the game ended by the vote")
    assert any(t("en", "seats.vote.carried", player="Carol", votes=2) in m.text for m in thread.public_messages)


async def test_16_6_an_idle_lobby_closes_and_frees_its_host(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    lobby = await alice.run("/game new", game=GAME)
    refused = await alice.run("/game new", game="goita")
    assert t("en", "games.error.already_playing") in refused.content

    double.clock.advance(LOBBY_IDLE_SECONDS + 1)  # nobody touches the lobby for 15 minutes
    other = await alice.run("/game new", game="goita")  # no longer blocked, even before the watch looked
    assert not other.ephemeral and other.id != lobby.id
    closed = t("en", "seats.idle.lobby_closed", minutes=15)
    await until(double, lambda: closed in double.default_channel.message(lobby.id).content, "the lobby closed")
    assert not double.default_channel.message(lobby.id).components
    assert lobby.id not in {s.lobby_message_id for s in games_cog(bot).sessions.values()}


async def test_16_6_a_game_with_no_human_action_for_30_minutes_is_abandoned(double: DiscordDouble,
                                                                           bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, GAME, "mode=individual", computers=3)
    await until(double, lambda: table_message(thread) is not None, "the table")
    double.clock.advance(29 * 60)
    await double.settle()
    assert session_in(bot, thread) is not None  # 29 minutes: still on
    double.clock.advance(61)
    await until(double, lambda: session_in(bot, thread) is None and final_summary(thread) is not None,
                "the idle game abandoned", tries=600)
    text = "\n".join(m.text for m in thread.public_messages)
    assert t("en", "seats.idle.abandoned", minutes=30) in text
    assert not await bot.storage.history(double.guild.id) or \
        all(not r.rated for r in await bot.storage.history(double.guild.id))
