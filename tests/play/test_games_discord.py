"""Gou Ji, Go-Stop and Goita played to the end in Discord with computer players, as people play them."""

from __future__ import annotations

from statistics import mean

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import open_game, play_match


@pytest.mark.parametrize(
    ("game", "options", "computers"),
    [("goita", "target_score=30", 3), ("gostop", "rounds=2", 2), ("gouji", "session_hands=1", 5)],
)
async def test_a_complete_match_with_computer_players(double: DiscordDouble, bot: TeahouseBot, game: str,
                                                     options: str, computers: int) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, game, options, computers=computers)
    log = await play_match(double, bot, thread, [alice], seed=4)

    assert log.final is not None and t("en", f"{game}.name") in log.final.content
    assert log.human_moves > 0 and log.checked_messages > 0
    assert mean(log.calls_per_move) <= 2.5, log.calls_per_move
    history = await bot.storage.history(double.guild.id)
    assert history and history[0].game == game and not history[0].rated  # one human: unrated
