"""Gou Ji, Go-Stop and Goita played to the end in Discord with computer players, as people play them."""

from __future__ import annotations

from statistics import mean

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import fix_deal, open_game, play_match


@pytest.mark.parametrize(
    ("game", "options", "computers"),
    [("goita", "target_score=30", 3), ("gostop", "rounds=2", 2), ("gouji", "session_hands=1", 5)],
)
async def test_a_complete_match_with_computer_players(double: DiscordDouble, bot: TeahouseBot, game: str,
                                                     options: str, computers: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    fix_deal(monkeypatch, 4)  # a known deal: a few Goita deals end the match at once (R5.2–R5.4), with no move
    thread = await open_game(double, alice, game, options, computers=computers)
    log = await play_match(double, bot, thread, [alice], seed=4)

    assert log.final is not None and t("en", f"{game}.name") in log.final.content
    assert log.human_moves > 0 and log.checked_messages > 0
    assert mean(log.calls_per_move) <= 2.5, log.calls_per_move
    history = await bot.storage.history(double.guild.id)
    assert history and history[0].game == game and not history[0].rated  # one human: unrated


async def test_rematch_opens_a_new_lobby_with_the_same_game_and_computers(double: DiscordDouble,
                                                                          bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    thread = await open_game(double, alice, "goita", "target_score=20", computers=3)
    log = await play_match(double, bot, thread, [alice], seed=6)
    assert log.final is not None
    refused = await carol.click(log.final, t("en", "games.button.rematch"))  # carol did not play
    assert refused.ephemeral and t("en", "games.error.not_seated") in refused.content
    lobby = await alice.click(log.final, t("en", "games.button.rematch"))
    assert not lobby.ephemeral and t("en", "goita.name") in lobby.content
    easy = t("en", "games.level.easy")  # the same three computer players, by their names (#22)
    assert all(t("en", "options.computer_named", name=name, level=easy) in lobby.content
               for name in ("Aiko", "Bram", "Chen"))
    assert t("en", "goita.option.target_score.name") + " = 20" in lobby.content


@pytest.mark.parametrize("game", ["gouji", "zhengshangyou", "gostop", "goita"])
async def test_rules_are_a_private_illustrated_summary(double: DiscordDouble, bot: TeahouseBot, game: str) -> None:
    reply = await double["bob"].run("/rules", game=game)
    assert reply.ephemeral and t("en", f"{game}.name") in reply.content
    assert reply.attachments and reply.attachments[0].image().width >= 1000
