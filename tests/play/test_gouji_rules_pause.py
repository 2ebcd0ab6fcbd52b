"""Gou Ji's Rules button (§13.2) and a team's pause (§13.6), through the double (issues #27, #43)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import Table, fix_deal, open_game, to_move
from tests.play.test_gouji_gaps import arranged

GAME = "gouji"
#: a deal in which nobody may declare Ge Ming: every seat's first decision is Ready (a computer's Ge Ming
#: proposal would open a vote that waits for its teammates instead)
NO_GE_MING_SEED = 5


async def test_13_2_the_rules_button_answers_anyone_privately(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    thread = await open_game(double, alice, GAME)
    table: Table[object] = Table(double, bot, thread)
    await table.wait(lambda: table.table().has_button(t("en", "seats.button.rules")), "the Rules button")
    first_line = t("en", f"games.rules.{GAME}", name=t("en", f"{GAME}.name")).splitlines()[0]
    for person in (alice, carol):  # a player, and a spectator
        rules = await person.click(table.table(), t("en", "seats.button.rules"))
        assert rules.ephemeral_for == person.id and first_line in rules.content


async def test_13_6_a_team_pause_holds_everything_until_every_player_resumes(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, carol = double["alice"], double["bob"], double["carol"]
    fix_deal(monkeypatch, NO_GE_MING_SEED)
    thread = await open_game(double, alice, GAME, joiners=(bob,))
    table: Table[object] = Table(double, bot, thread)
    await table.wait(lambda: {alice.id, bob.id} <= to_move(table.table()), "the Ready window for both")
    pause, resume = t("en", "seats.pause.button.pause"), t("en", "seats.pause.button.resume")

    refused = await carol.click(table.table(), pause)  # a spectator has no team to pause for
    assert refused.ephemeral_for == carol.id and t("en", "games.error.not_seated") in refused.content
    reply = await alice.click(table.table(), pause)
    assert reply.ephemeral_for == alice.id and t("en", "seats.pause.you_paused") in reply.content
    letters = "ACE" if table.seat(alice) % 2 == 0 else "BDF"
    await table.shown(t("en", "seats.pause.started", player="Alice", team=letters))
    await table.wait(lambda: table.table().has_button(resume) and not table.table().has_button(pause), "Resume")
    again = await bob.click(table.table(), resume)
    assert again.ephemeral_for == bob.id and t("en", "seats.pause.you_agreed") in again.content

    version = table.version()
    double.clock.advance(600)  # ten minutes: no window runs out while paused
    for _ in range(5):
        await table.settle()
    assert table.version() == version and table.session.deadline is None
    assert t("en", "games.timed_out", player="Alice") not in table.public_text()
    panel = await table.panel(alice)
    assert t("en", "seats.pause.banner", team=letters, who="Alice") in panel.content
    typed = await alice.run("/play", channel=thread, move="ready")
    assert t("en", "seats.pause.on_hold") in typed.content and table.version() == version

    twice = await bob.click(table.table(), resume)
    assert t("en", "seats.pause.agreed_already") in twice.content
    done = await alice.click(table.table(), resume)  # the last player: play goes on
    assert t("en", "seats.pause.resumed") in done.content
    await table.shown(t("en", "seats.pause.ended"))
    await table.wait(lambda: table.table().has_button(pause) and table.session.deadline is not None,
                     "a fresh window after the pause")
    double.clock.advance(table.session.turn_timeout + 1)  # and the clock runs again
    await table.wait(lambda: table.version() != version, "the window timing out after the pause")


async def test_13_6_a_team_pause_survives_a_restart(double: DiscordDouble, teahouse: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    fix_deal(monkeypatch, NO_GE_MING_SEED)
    pause, resume = t("en", "seats.pause.button.pause"), t("en", "seats.pause.button.resume")
    async with teahouse(computer_delay_seconds=0.0) as bot:
        thread = await open_game(double, alice, GAME, joiners=(bob,))
        table: Table[object] = Table(double, bot, thread)
        await table.wait(lambda: {alice.id, bob.id} <= to_move(table.table()), "the Ready window for both")
        await bob.click(table.table(), pause)
        await table.wait(lambda: table.table().has_button(resume), "the table paused")
        version = table.version()
    # the bot is gone; a new process starts from the same database, and the game is still paused
    async with teahouse(computer_delay_seconds=0.0) as bot:
        table = Table(double, bot, thread)
        double.clock.advance(600)
        for _ in range(5):
            await table.settle()
        assert table.version() == version and table.session.deadline is None
        await alice.click(table.table(), resume)
        await bob.click(table.table(), resume)
        await table.shown(t("en", "seats.pause.ended"))
        await table.wait(lambda: table.session.deadline is not None, "the clock running again")


async def test_13_6_a_team_pause_holds_a_move_made_for_a_person_until_it_ends(
        double: DiscordDouble, teahouse: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice opted in to the automatic pass (§13) and cannot beat Bob's 9: her pass is made for her after a
    short pause (1–4 s, so that it does not say "cannot beat" at once). Bob asks for his team's pause within
    that time: the pass waits until everybody has resumed, then it is made."""
    alice, bob = double["alice"], double["bob"]
    pause, resume = t("en", "seats.pause.button.pause"), t("en", "seats.pause.button.resume")
    auto_passed = t("en", "options.gouji.auto_passed")
    async with teahouse(computer_delay_seconds=1.0) as bot:
        table = await arranged(double, bot, monkeypatch, {0: alice, 5: bob},
                               {0: "3 4 5", 1: "6 6", 2: "7 7", 3: "8 8", 4: "10 10", 5: "9 J J"}, leader=5,
                               lobby="session_hands=1 auto_pass_opt_in=true")
        switched = await alice.click(await table.panel(alice), t("en", "options.gouji.auto_pass_off"))
        assert any(b.label == t("en", "options.gouji.auto_pass_on") for b in switched.buttons)
        played = await bob.run("/play", channel=table.thread, move="9")  # alice's turn: nothing beats a 9
        assert played.ephemeral_for == bob.id and table.state.turn == 0
        paused = await bob.click(table.table(), pause)  # within the 1 s before her pass may be made
        assert t("en", "seats.pause.you_paused") in paused.content
        version = table.version()
        double.clock.advance(5)  # longer than the automatic pass's wait: it is due, but the table is paused
        for _ in range(3):
            await table.settle()
        assert table.version() == version and table.state.turn == 0 and not table.state.passed[0]
        assert auto_passed not in table.public_text()

        await table.wait(lambda: table.table().has_button(resume), "Resume on the table")
        await alice.click(table.table(), resume)
        await bob.click(table.table(), resume)
        await table.shown(t("en", "seats.pause.ended"))
        double.clock.advance(5)
        await table.shown(auto_passed)  # the pause is over: now her pass is made
        assert table.state.passed[0] or table.state.turn != 0
