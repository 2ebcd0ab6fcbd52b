"""Issue #47: a rating read "-1.8" after one loss, which looks like a penalty. Ratings are shown on a scale that
starts at 1000 for a new player (the conservative estimate, scaled), in the same order as the estimate,
wherever one is shown: /stats, the leaderboard's text and its picture."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from bot.app import TeahouseBot
from bot.i18n import number, t
from bot.storage import GameRecord, Rating, Seat
from bot.storage.ratings import default_rating
from cogs.leaderboard import RATING_START, leaderboard_drawing, shown_rating
from tests.discord_double import DiscordDouble


def test_a_new_player_starts_at_a_round_positive_number_and_the_order_is_kept() -> None:
    assert shown_rating(default_rating()) == RATING_START == 1000
    assert shown_rating(None) == "—"
    estimates = [Rating(mu=m, sigma=s) for m, s in ((25, 8.333), (23.1, 8.1), (30, 2), (10, 3), (27, 7.9), (0, 1))]
    shown = [shown_rating(r) for r in estimates]
    assert all(isinstance(v, int) and v > 0 for v in shown)
    by_estimate = sorted(range(len(estimates)), key=lambda i: estimates[i].ordinal)
    by_shown = sorted(range(len(estimates)), key=lambda i: shown[i])
    assert by_estimate == by_shown


async def _one_loss(bot: TeahouseBot, double: DiscordDouble) -> None:
    alice, bob = double["alice"], double["bob"]
    end = datetime(2026, 1, 5, 12, tzinfo=UTC)
    await bot.storage.record_game(GameRecord(
        game_id="g-47", guild_id=double.guild.id, channel_id=double.default_channel.id, thread_id=None,
        game="goita", options={}, seats=(Seat.human(bob.id, "bob"), Seat.human(alice.id, "alice")),
        places=(1, 2), points=(150, 0), seed=1, actions=(), started_at=end - timedelta(minutes=20), ended_at=end))


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
async def test_one_loss_does_not_read_as_a_penalty(double: DiscordDouble, bot: TeahouseBot, lang: str) -> None:
    await _one_loss(bot, double)
    alice = double["alice"]
    alice.locale = "ru" if lang == "ru" else "en-US"
    await alice.run("/preferences", language=lang)
    row = next(r for r in await bot.storage.leaderboard(double.guild.id, "goita") if r.user_id == alice.id)
    assert row.rating is not None and row.rating.ordinal < 0  # the estimate itself is below zero after a loss
    value = shown_rating(row.rating)
    assert isinstance(value, int) and 0 < value < RATING_START

    stats = await alice.run("/stats")
    assert number(lang, value) in stats.content
    assert not re.search(r"[-−]\s?\d", stats.content.replace("\u2068", "").replace("\u2069", ""))
    board = await alice.run("/leaderboard", game="goita")
    assert number(lang, value) in board.content
    assert t(lang, "board.row", rank=2, user=alice.mention, rating=value, points=0, wins=0, games=1) in board.content


def test_the_leaderboard_picture_gets_the_shown_rating() -> None:
    from bot.storage import LeaderboardRow

    rows = [LeaderboardRow(rank=1, user_id=7, games=1, wins=0, points=0, rating=Rating(mu=24.0, sigma=8.6))]
    drawing = leaderboard_drawing(rows, "Goita", {7: "alice"}, "en")
    data = drawing.args[0]
    assert data[0]["rating"] == shown_rating(rows[0].rating) and data[0]["rating"] > 0
