"""Gou Ji §13.6: the next hand starts when all are Ready or after 30 s, not at the first click; Zheng
Shangyou §16.6: a "Play as" choice left unanswered at the deadline leads the first listed reading."""

from __future__ import annotations

import time

import pytest

from bot.app import TeahouseBot
from bot.games.zhengshangyou import Play, format_action, listed_readings, sort_cards
from bot.games.zhengshangyou import engine as zsy
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import table_message
from tests.play.test_gouji_discord import GoujiTable, seat_game, simulate
from tests.play.test_zhengshangyou_composer import Lead, menu, pick
from tests.play.test_zhengshangyou_composer import lead as lead  # noqa: F401  (the fixture)

GOUJI_SEED = 19  # hands 1 and 2 have no endgame slot for a person (the computers would hold back)


async def test_13_6_the_next_hand_waits_for_everyone_ready(double: DiscordDouble, bot: TeahouseBot,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    people = {0: alice, 1: bob}
    assert simulate(GOUJI_SEED, {"session_hands": 3}, set(people), lambda s: s.hand_no == 2) is not None
    thread = await seat_game(double, monkeypatch, GOUJI_SEED, "session_hands=3", people)
    table = GoujiTable(double, bot, thread, people)
    table.typed_every = 1
    session = table.session
    for hand in (1, 2):
        await table.play_until(lambda: session.paused_until is not None)
        paused = session.paused_until
        board = table_message(thread)
        assert board is not None and board.has_button(t("en", "games.button.next_hand"))
        answer = await alice.click(board, t("en", "games.button.next_hand"))
        assert answer.ephemeral and t("en", "options.ready.waiting", players="Bob") in answer.content
        await table.settle()
        assert session.paused_until == paused  # one click does not start it for everyone
        await table.shown(t("en", "options.ready.line", ready="Alice", waiting="Bob"))
        if hand == 1:  # Bob is ready too: it starts at once
            board = table_message(thread)
            assert board is not None
            await bob.click(board, t("en", "games.button.next_hand"))
            await table.wait(lambda: session.paused_until is None, "the next hand, everyone ready")
            assert session.live.state.hand_no == 2
        else:  # Bob never answers: it starts when the 30 s are over
            double.clock.advance(31)
            await table.wait(lambda: session.paused_until is None, "the next hand after the pause")
            assert session.live.state.hand_no == 3


async def test_16_6_an_unanswered_play_as_leads_the_first_listed_reading(double: DiscordDouble,
                                                                          lead: Lead) -> None:  # noqa: F811
    table, alice = lead
    state = table.state
    legal = zsy.legal_actions(state, 0)
    ambiguous = next(a for a in legal if isinstance(a, Play) and a.as_)
    cards = tuple(sort_cards(list(ambiguous.cards)))
    listed = listed_readings(zsy.view(state, 0), legal, cards)
    assert len(listed) > 1
    panel = await pick(alice, await table.panel(alice), list(ambiguous.cards))
    play_as = menu(panel, "zs_as")
    assert [o.value for o in play_as.options] == [p.as_ or "-" for p in listed]  # the order the rule names
    session = table.session
    moves = len(session.log)
    assert session.deadline is not None
    double.clock.advance(session.deadline - time.time() + 1)
    await table.wait(lambda: len(session.log) > moves, "the timeout's lead")
    assert session.log[moves] == (0, format_action(listed[0]))  # not the lowest single
