"""Gou Ji §13 ``auto_pass_opt_in``: a player switches the automatic pass on for himself on his panel; then
when he cannot beat, his pass is made for him (with a line on the table) and nobody waits for him."""

from __future__ import annotations

import pytest

from bot.app import TeahouseBot
from bot.games.gouji import format_action, parse_action
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.test_gouji_discord import GoujiTable, seat_game

SEED = 19


async def test_13_an_opted_in_player_who_cannot_beat_passes_automatically(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    thread = await seat_game(double, monkeypatch, SEED, "auto_pass_opt_in=true", {0: alice})
    table = GoujiTable(double, bot, thread, {0: alice})
    table.typed_every = 1
    session = table.session
    await table.play_until(lambda: table.state.phase == "play")
    panel = await table.panel(alice)
    switched = await alice.click(panel, t("en", "options.gouji.auto_pass_off"))
    assert switched.ephemeral and switched.ephemeral_for == alice.id
    assert any(b.label == t("en", "options.gouji.auto_pass_on") for b in switched.buttons)
    line = t("en", "options.gouji.auto_passed")
    await table.play_until(lambda: line in " ".join(session.lines))
    await table.shown(line)
    assert (0, format_action(parse_action("pass"))) in session.log  # a pass, made for her
