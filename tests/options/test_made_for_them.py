"""Decisions with one possible move never wait (DESIGN.md, "Pings and the table message"); Goita §12.5.4.

Against a king nobody can block, and everybody knows it: the three passes are made at once, each
with its line on the table, and none of the three responders is mentioned or timed for it.
"""

from __future__ import annotations

import pytest

from bot.app import TeahouseBot
from bot.games.goita import Pass, Play, State, apply, format_action, new_game_with_events, to_act
from bot.games.goita.pieces import GYOKU, OU
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.test_goita_discord import GoitaTable, policy, sit_down

PEOPLE = ("alice", "bob", "carol", "dave")


def king_attack_soon(options: dict[str, object], start: int = 1) -> tuple[int, int]:
    """A seed whose game (everyone following the computer's choice) has a leader attack with a king
    within its first moves, and how many moves come before that attack."""
    for seed in range(start, start + 5000):
        state: State = new_game_with_events(4, seed, options)[0]
        for moves in range(24):
            seats = sorted(to_act(state))
            if not seats:
                break
            action = policy(state, seats[0], seed)
            if (state.phase == "play" and isinstance(action, Play) and action.lead
                    and action.attack in (OU, GYOKU)):
                return seed, moves
            apply(state, seats[0], action)
    raise AssertionError("no seed leads a king early")


async def play_to_the_king(double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch,
                           options: str) -> tuple[GoitaTable, int, int]:
    seed, moves = king_attack_soon({"auto_pass_vs_king": options != "auto_pass_vs_king=false"})
    table = await sit_down(double, bot, monkeypatch, seed, options, PEOPLE)
    for _ in range(moves):
        person = await table.turn_of()
        assert person is not None
        await table.follow(person)
    leader = await table.turn_of()
    assert leader is not None
    action = policy(table.state, table.seat(leader), seed)
    assert isinstance(action, Play) and action.attack in (OU, GYOKU)
    last_id = max((m.id for m in table.thread.messages), default=0)
    await table.play(leader, action)
    await table.settle()
    return table, table.seat(leader), last_id


async def test_responders_to_a_king_pass_at_once_and_nobody_is_pinged(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    table, attacker, last_id = await play_to_the_king(double, bot, monkeypatch, "")
    session = table.session
    responders = [(attacker + k) % 4 for k in (1, 2, 3)]
    await table.wait(lambda: [s for s, _ in session.log[-3:]] == responders, "the three automatic passes")
    assert [text for _, text in session.log[-3:]] == [format_action(Pass())] * 3
    await table.shown(t("en", "options.goita.no_block_vs_king"))
    assert table.public_text().count(t("en", "options.goita.no_block_vs_king")) >= 3
    assert to_act(table.state) == {attacker} and table.state.turn == attacker  # the attacker leads again
    later = [m for m in table.thread.messages if m.id > last_id]
    for seat in responders:
        uid = session.seats[seat].user_id
        assert not any(f"<@{uid}>" in m.content for m in later), "a responder to a king was pinged"


async def test_with_the_option_off_the_responder_presses_pass(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    table, attacker, _ = await play_to_the_king(double, bot, monkeypatch, "auto_pass_vs_king=false")
    session = table.session
    responder = (attacker + 1) % 4
    version = session.version
    await table.settle()
    assert session.version == version and to_act(table.state) == {responder}  # it waits for her
    assert t("en", "options.goita.no_block_vs_king") not in table.public_text()
