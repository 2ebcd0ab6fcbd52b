"""Zheng Shangyou played in Discord end to end, through the double, as people play it."""

from __future__ import annotations

from statistics import mean

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import games_cog, open_game, play_match, session_in


async def test_individual_match_one_human_four_computers(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual target_score=3", computers=4)
    log = await play_match(double, bot, thread, [alice], seed=3)

    assert log.final is not None
    assert t("en", "zhengshangyou.name") in log.final.content
    assert log.human_moves > 5 and log.selects + log.clicks > 0 and log.typed_moves > 0
    assert log.checked_messages > 0 and log.checked_images > 0
    assert mean(log.calls_per_move) <= 2, log.calls_per_move
    assert session_in(bot, thread) is None  # the game is over and its seats are free
    history = await bot.storage.history(double.guild.id)
    assert history and history[0].game == "zhengshangyou"


async def test_six_player_team_game_two_humans(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=team6 target_score=2", joiners=(bob,),
                             computers=4)
    log = await play_match(double, bot, thread, [alice, bob], seed=5)

    assert log.final is not None
    assert mean(log.calls_per_move) <= 2, log.calls_per_move
    record = await bot.storage.history(double.guild.id)
    assert {s.user_id for s in record[0].seats if s.user_id} == {alice.id, bob.id}


async def test_a_spectator_click_is_refused_privately(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
    table = thread.public_messages[-1]
    reply = await carol.click(table, t("en", "games.button.hand"))
    assert reply.ephemeral and reply.ephemeral_for == carol.id
    assert t("en", "games.error.not_seated") in reply.content
    assert games_cog(bot).sessions  # the game goes on
