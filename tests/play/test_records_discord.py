"""Leaderboards, stats, history, replay records and settings, as people on a server see them."""

from __future__ import annotations

import json

import pytest
from openskill.models import PlackettLuce

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.discord_double.errors import UserActionError
from tests.play.driver import fix_deal, open_game, play_match


async def test_finished_games_show_on_the_leaderboard_stats_and_history(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    for seed in (1, 2):
        # known deals: about 2% of Goita deals end a 20-point match at once (R5.2–R5.4) with no move to replay
        fix_deal(monkeypatch, seed)
        thread = await open_game(double, alice, "goita", "target_score=20", joiners=(bob,), computers=2)
        log = await play_match(double, bot, thread, [alice, bob], seed=seed)
        assert log.final is not None

    history = await double["carol"].run("/history")
    assert history.ephemeral and history.content.count(t("en", "goita.name")) == 2
    records = await bot.storage.history(double.guild.id)
    assert all(record.rated for record in records)

    board = await double["carol"].run("/leaderboard", game="goita")
    assert not board.ephemeral and not board.allows_mass_mention
    assert alice.mention in board.content and bob.mention in board.content
    assert board.attachments and board.attachments[0].image().width >= 600

    # the ratings are openskill's, computed directly from the same results
    model = PlackettLuce()
    ratings = {alice.id: model.rating(), bob.id: model.rating()}
    for record in reversed(records):
        people = [s for s in record.seats if s.user_id is not None]
        ranked = sorted(people, key=lambda s: s.place)
        teams = [[ratings[s.user_id]] for s in ranked]
        new = model.rate(teams, ranks=[s.place for s in ranked])
        for seat, team in zip(ranked, new, strict=True):
            ratings[seat.user_id] = team[0]
    rows = await bot.storage.leaderboard(double.guild.id, "goita")
    for row in rows:
        assert row.rating is not None
        assert abs(row.rating.mu - ratings[row.user_id].mu) < 1e-6

    stats = await alice.run("/stats")
    assert stats.ephemeral and t("en", "goita.name") in stats.content and "2 games" in stats.content

    viewer = await alice.run("/replay", game_id=records[0].game_id)  # the viewer; its Download gives the file
    replay = await alice.click(viewer, t("en", "viewer.download"))
    data = json.loads(replay.attachments[0].data)
    assert data["game"] == "goita" and data["actions"] and "seed" in data


async def test_only_manage_server_changes_settings(double: DiscordDouble, bot: TeahouseBot) -> None:
    with pytest.raises(UserActionError):  # Discord hides the command from members without Manage Server
        await double["alice"].run("/settings", rated=False)
    admin = double["admin"]
    saved = await admin.run("/settings", turn_timeout=300, computer_level="hard", disable_game="gostop")
    assert saved.ephemeral and t("en", "settings.saved") in saved.content
    settings = await bot.storage.guild_settings(double.guild.id)
    assert settings.turn_timeout_s == 300 and settings.ai_level == "hard" and "gostop" in settings.disabled_games

    refused = await double["alice"].run("/game new", game="gostop")
    assert refused.ephemeral and t("en", "games.error.disabled", game=t("en", "gostop.name")) in refused.content
