"""Substitutes (issue #27; Gou Ji §13.1/§13.8, Goita §12.10): a person sits down in a running match.

The hand goes with the seat, privately: the new holder's own panel shows it, no public message does,
and the person who held the seat before finds their old panel cleared when they next click it.
"""

from __future__ import annotations

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table.controls import controls_for
from cogs.table.session import PLAYING, GameSession, Seat
from cogs.table.substitutes import free_seats, refusal_key
from cogs.table.words import seat_label
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.discord_double.people import Person
from tests.play.driver import Table, open_game
from tests.play.test_gouji_discord import WIND_SEED, GoujiTable, seat_game


def hand_line(table: Table[object], seat: int) -> str:
    """The first line of the seat's private panel (its hand), from the bot's own state (read only)."""
    return controls_for(table.session.game).panel_lines(table.session, seat, "en")[0]


def only_for(double: DiscordDouble, person: Person, text: str) -> None:
    """``text`` is on one of ``person``'s private messages and on nobody else's, public or private."""
    assert any(text in m.content for m in person.ephemerals), text
    for other in double.people.values():
        if other.id != person.id:
            assert not any(text in m.content for m in other.ephemerals), f"{other.name} sees {text}"


async def test_a_person_takes_a_computers_seat_mid_game(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    thread = await open_game(double, alice, "goita", computers=3)
    table: Table[object] = Table(double, bot, thread)
    await table.wait(lambda: table.session.live is not None and bool(table.session.lines), "the deal")
    seat = next(i for i, s in enumerate(table.session.seats) if s.user_id is None)
    computer = seat_label("en", table.session.seats[seat])  # the name the table gave the computer

    reply = await carol.run("/game sit", channel=thread, seat=seat + 1)
    await table.settle()

    session = table.session
    assert session.seats[seat].user_id == carol.id and not session.seats[seat].computer_plays
    assert reply.ephemeral and reply.ephemeral_for == carol.id and reply.attachments  # her hand, to her
    mine = hand_line(table, seat)
    assert mine in reply.content
    only_for(double, carol, mine)
    assert mine not in table.public_text()
    await table.shown(t("en", "seats.taken", player="Carol", seat=seat + 1, before=computer))
    assert session.rated is False  # a seat changed hands: recorded, unrated (see substitutes.py)
    # the seat is hers now: the table waits for her when it is her turn, and the computer no longer plays it
    panel = await table.panel(carol)
    assert mine in panel.content


async def test_a_person_takes_the_seat_of_someone_who_left(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob, carol, dave, erin = (double[name] for name in ("alice", "bob", "carol", "dave", "erin"))
    thread = await open_game(double, alice, "gouji", joiners=(bob, dave))
    table: Table[object] = Table(double, bot, thread)
    await table.wait(lambda: table.session.live is not None and table.table() is not None, "the deal")
    seat = table.seat(bob)
    old_panel: Message = await table.panel(bob)
    his = hand_line(table, seat)
    assert his in old_panel.content

    await bob.run("/game leave", channel=thread)
    await table.shown(t("en", "seats.invite", seat=seat + 1))  # the table says the seat may be taken
    assert table.session.rated  # alice and dave still play
    # a computer's own seat changes hands between hands only (§13.8): refused, politely and privately
    cpu = next(i for i, s in enumerate(table.session.seats) if s.user_id is None)
    refused = await erin.run("/game sit", channel=thread, seat=cpu + 1)
    assert refused.ephemeral_for == erin.id and t("en", "seats.error.between_hands") in refused.content
    taken = await erin.run("/game sit", channel=thread, seat=table.seat(dave) + 1)
    assert t("en", "seats.error.taken") in taken.content

    reply = await carol.run("/game sit", channel=thread)  # the first free seat: bob's
    await table.settle()

    session = table.session
    assert table.seat(carol) == seat and session.seat_of(bob.id) is None
    assert session.live.state.participant_changed  # type: ignore[attr-defined]  # R4.1 b: the next hand is fresh
    assert reply.ephemeral_for == carol.id and his in reply.content and reply.attachments
    # his old panel was live: the bot itself edits it, and it shows no hand any more
    def current() -> Message:
        return next(m for m in bob.ephemerals if m.id == old_panel.id)

    await table.wait(lambda: not current().buttons, "bob's old panel cleared")
    cleared = current()
    assert his not in cleared.content and not cleared.attachments
    assert t("en", "games.error.not_seated") in cleared.content
    assert his not in table.public_text()
    assert not any(his in m.content for m in bob.ephemerals)  # what he still looks at no longer shows it
    only_for(double, carol, his)
    assert session.rated is False  # a seat changed people: recorded with carol, unrated (substitutes.py)
    await table.shown(t("en", "seats.taken", player="Carol", seat=seat + 1, before="Bob") + " "
                      + t("en", "seats.unrated"))


async def test_a_person_back_in_his_own_seat_keeps_the_match_rated(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob, dave = double["alice"], double["bob"], double["dave"]
    thread = await open_game(double, alice, "gouji", joiners=(bob, dave))
    table: Table[object] = Table(double, bot, thread)
    await table.wait(lambda: table.session.live is not None and table.table() is not None, "the deal")
    seat = table.seat(bob)
    await bob.run("/game leave", channel=thread)
    back = await bob.run("/game sit", channel=thread, seat=seat + 1)
    assert back.ephemeral_for == bob.id and hand_line(table, seat) in back.content
    assert table.seat(bob) == seat and table.session.rated
    assert t("en", "seats.unrated") not in table.public_text()


def test_gouji_a_computers_seat_is_free_between_hands_only() -> None:
    session = GameSession(1, "gouji", 1, 1, 1, seats=[Seat("A", user_id=5), *(Seat("c", ai="easy") for _ in range(5))],
                          phase=PLAYING)
    assert refusal_key(session, 1) == "seats.error.between_hands" and free_seats(session) == []
    session.paused_until = 1.0  # the hand is over
    assert refusal_key(session, 1) is None and free_seats(session) == [1, 2, 3, 4, 5]
    assert refusal_key(session, 0) == "seats.error.taken"
    session.seats[0].left = True
    assert refusal_key(session, 0) is None


async def test_a_game_without_substitutes_refuses_politely(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
    reply = await carol.run("/game sit", channel=thread, seat=2)
    assert reply.ephemeral_for == carol.id
    assert t("en", "seats.error.not_in_this_game") in reply.content


async def test_gouji_a_person_takes_a_computers_seat_between_hands(double: DiscordDouble, bot: TeahouseBot,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    alice, carol = double["alice"], double["carol"]
    thread = await seat_game(double, monkeypatch, WIND_SEED, "session_hands=2", {0: alice})
    table = GoujiTable(double, bot, thread, {0: alice})
    await table.play_until(lambda: table.session.paused_until is not None)  # the first hand is over
    await table.shown(t("en", "seats.free_between_hands", seats="2, 3, 4, 5, 6"))

    reply = await carol.run("/game sit", channel=thread, seat=2)
    await table.settle()
    assert reply.ephemeral_for == carol.id and table.seat(carol) == 1
    # R4.1 b: a participant change makes the next hand fresh; it was dealt when the first ended, so it is
    # dealt again, as a fresh hand, before anyone plays it
    assert table.state.hand_no == 2 and table.state.hand_kind == "fresh" and table.state.tribute == "none"
    table.people[1] = carol
    table.double.clock.advance(31)  # the pause between hands ends
    await table.wait(lambda: table.session.paused_until is None, "the second hand")
    assert table.state.hand_no == 2 and table.state.hand_kind == "fresh"
    mine = hand_line(table, 1)  # type: ignore[arg-type]
    panel = await table.panel(carol)
    assert mine in panel.content
    only_for(double, carol, mine)
    assert mine not in table.public_text()
