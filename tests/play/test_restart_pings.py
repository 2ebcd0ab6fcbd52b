"""A restart is not idleness (DESIGN.md, "Pings and the table message"; issue 43): live hand panels are saved
with the game and follow it again after a restart, so a person who had the table open is not mentioned for a
decision that panel shows, while a person who really is away is mentioned as before."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import t
from cogs.table.attention import IDLE_SECONDS
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel
from tests.discord_double.people import Person
from tests.play.test_gouji_discord import GoujiTable
from tests.play.test_gouji_gaps import arranged, typed

#: C (Carol) leads, the computers D, E, F answer, then A (Alice) and B (Bob); after B it is C's turn again
HANDS = {0: "10 6 6", 1: "4 J Q", 2: "3 5 K", 3: "7 7 7", 4: "8 J J", 5: "9 Q Q"}
#: long windows (§13.6 scales them all): the test's idle minutes time nobody out
TURN_SECONDS = 3600


def mentions_of(thread: Channel, person: Person) -> int:
    """How many messages in the game's thread notified ``person`` (an edit notifies nobody)."""
    return sum(person.id in message.pinged_user_ids for message in thread.messages)


async def test_a_person_with_the_table_open_before_a_restart_is_not_pinged_after_it_an_idle_one_is(
        double: DiscordDouble, teahouse: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, carol = double["alice"], double["bob"], double["carol"]
    people = {0: alice, 1: bob, 2: carol}
    async with teahouse(computer_delay_seconds=0.0) as bot:
        table = await arranged(double, bot, monkeypatch, people, HANDS, leader=2, turn_seconds=TURN_SECONDS)
        table.typed_every = 1  # moves typed with /play: no hand panel is opened for them
        await typed(table, carol, "3")
        await table.wait(lambda: table.waiting_people() == [0], "Alice to answer")
        await table.act(0)
        await table.wait(lambda: table.waiting_people() == [1], "Bob to answer")
        double.clock.advance(IDLE_SECONDS + 30)  # nobody has clicked for a while: all three are idle
        panel = await table.panel(carol)  # then Carol opens her hand, and keeps it open
        thread = table.thread
    # the bot is gone; a new process carries on from the same database
    async with teahouse(computer_delay_seconds=0.0) as bot:
        table = await arranged_again(double, bot, thread, people)
        carol_before, alice_before = mentions_of(thread, carol), mentions_of(thread, alice)
        await table.act(1)  # now it is Carol's decision, the first after the restart
        await table.wait(lambda: table.waiting_people() == [2], "Carol to answer")
        await table.settle()
        assert mentions_of(thread, carol) == carol_before  # she is at the table: no mention
        to_beat = t("en", "gouji.ui.to_beat", top=str(table.state.top), player="Bob")
        await table.wait(lambda: to_beat in panel.content and panel.button(t("en", "gouji.action.pass")) is not None,
                         "her open panel follows the game again and offers her the move")
        await table.act(2)
        await table.wait(lambda: table.waiting_people() == [0], "the computers answer, then Alice")
        await table.settle()
        assert mentions_of(thread, alice) == alice_before + 1  # idle since before the restart: mentioned once


async def test_a_person_who_moved_just_before_a_restart_is_not_pinged_for_her_next_decision_after_it(
        double: DiscordDouble, teahouse: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice's last click (a typed move) came seconds before the restart: she is still at the table after it."""
    alice, bob, carol = double["alice"], double["bob"], double["carol"]
    people = {0: alice, 1: bob, 2: carol}
    async with teahouse(computer_delay_seconds=0.0) as bot:
        table = await arranged(double, bot, monkeypatch, people, HANDS, leader=2, turn_seconds=TURN_SECONDS)
        table.typed_every = 1
        double.clock.advance(IDLE_SECONDS + 30)  # the lobby's clicks are long past
        await typed(table, carol, "3")
        await table.wait(lambda: table.waiting_people() == [0], "Alice to answer")
        await table.act(0)  # Alice's move, just before the restart
        await table.wait(lambda: table.waiting_people() == [1], "Bob to answer")
        await table.act(1)
        await table.wait(lambda: table.waiting_people() == [2], "Carol to answer")
        thread = table.thread
    async with teahouse(computer_delay_seconds=0.0) as bot:
        table = await arranged_again(double, bot, thread, people)
        table.typed_every = 1
        alice_before = mentions_of(thread, alice)
        await table.act(2)
        await table.wait(lambda: table.waiting_people() == [0], "the computers answer, then Alice")
        await table.settle()
        assert mentions_of(thread, alice) == alice_before  # she moved moments ago: no mention


async def arranged_again(double: DiscordDouble, bot: Any, thread: Channel, people: dict[int, Person]) -> GoujiTable:
    """The game of ``thread`` as the restarted bot runs it."""
    table = GoujiTable(double, bot, thread, people)
    await table.settle()
    return table
