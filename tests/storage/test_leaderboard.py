"""Leaderboards: sorted by rating, points or wins; all time, calendar month or week; paged."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.storage import Storage, period_key

from .conftest import GUILD, record

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)  # Wednesday; the week began Monday 23 Nov
THIS_WEEK = datetime(2026, 11, 23, 0, 0, tzinfo=UTC)
EARLIER_THIS_MONTH = datetime(2026, 11, 22, 23, 59, 59, tzinfo=UTC)  # Sunday of the week before
LAST_MONTH = datetime(2026, 10, 31, 23, 0, tzinfo=UTC)


async def _board(storage: Storage, **kw: object) -> list[tuple[int, int, int, int]]:
    rows = await storage.leaderboard(GUILD, "zhengshangyou", now=NOW, **kw)  # type: ignore[arg-type]
    return [(r.user_id, r.games, r.wins, r.points) for r in rows]


@pytest.fixture
async def season(storage: Storage) -> Storage:
    # Last month: 1 beats 2 and 3 three times with big scores.
    for i in range(3):
        await storage.record_game(record([1, 2, 3], points=[30, 0, 0], ended=LAST_MONTH - timedelta(days=i)))
    # Earlier this month (last week): 2 wins twice.
    for i in range(2):
        await storage.record_game(record([2, 3], points=[5, 0], ended=EARLIER_THIS_MONTH - timedelta(hours=i)))
    # This week: 3 wins once, 4 plays once.
    await storage.record_game(record([3, 4], points=[7, 1], ended=THIS_WEEK))
    return storage


async def test_all_time_by_points_and_wins(season: Storage) -> None:
    assert await _board(season, sort="points") == [(1, 3, 3, 90), (2, 5, 2, 10), (3, 6, 1, 7), (4, 1, 0, 1)]
    assert [u for u, *_ in await _board(season, sort="wins")] == [1, 2, 3, 4]


async def test_month_counts_only_games_that_ended_this_calendar_month(season: Storage) -> None:
    assert await _board(season, sort="points", period="month") == [(2, 2, 2, 10), (3, 3, 1, 7), (4, 1, 0, 1)]


async def test_week_starts_on_monday_utc(season: Storage) -> None:
    assert await _board(season, sort="wins", period="week") == [(3, 1, 1, 7), (4, 1, 0, 1)]
    a_week_later = await season.leaderboard(GUILD, "zhengshangyou", period="week", now=NOW + timedelta(days=7))
    assert a_week_later == []


async def test_rating_for_a_period_lists_its_players_by_all_time_rating(season: Storage) -> None:
    everyone = [r.user_id for r in await season.leaderboard(GUILD, "zhengshangyou", now=NOW)]
    this_week = await season.leaderboard(GUILD, "zhengshangyou", period="week", now=NOW)
    assert [r.user_id for r in this_week] == [u for u in everyone if u in (3, 4)]
    all_time = {r.user_id: r.rating for r in await season.leaderboard(GUILD, "zhengshangyou", now=NOW)}
    assert all(r.rating == all_time[r.user_id] for r in this_week)
    assert [(r.games, r.points) for r in this_week if r.user_id == 3] == [(1, 7)]
    assert await season.leaderboard_size(GUILD, "zhengshangyou", period="week", now=NOW) == 2
    assert await season.leaderboard_size(GUILD, "zhengshangyou", period="month", sort="points", now=NOW) == 3


async def test_rating_sort_is_by_ordinal_and_leaves_out_unrated_players(storage: Storage) -> None:
    await storage.record_game(record([1, 2, 3]))
    await storage.record_game(record([5, "easy"]))  # 5 played, never rated
    rows = await storage.leaderboard(GUILD, "zhengshangyou")
    assert [r.user_id for r in rows] == [1, 2, 3]
    ordinals = [r.rating.ordinal for r in rows if r.rating]
    assert ordinals == sorted(ordinals, reverse=True)
    assert 5 in [r.user_id for r in await storage.leaderboard(GUILD, "zhengshangyou", sort="points")]


async def test_pages_follow_on_without_overlap(storage: Storage) -> None:
    for i in range(12):
        await storage.record_game(record([100 + i, 200 + i], points=[i, 0]))
    for sort in ("rating", "points", "wins"):
        whole = await storage.leaderboard(GUILD, "zhengshangyou", sort=sort, limit=30)  # type: ignore[arg-type]
        pages = [await storage.leaderboard(GUILD, "zhengshangyou", sort=sort, offset=o, limit=5)  # type: ignore[arg-type]
                 for o in (0, 5, 10, 15, 20)]
        assert [r for page in pages for r in page] == whole and len(whole) == 24
        assert [r.rank for r in whole] == list(range(1, 25))
        assert await storage.leaderboard_size(GUILD, "zhengshangyou", sort=sort) == 24  # type: ignore[arg-type]


async def test_leaderboards_are_per_guild_and_per_game(storage: Storage) -> None:
    await storage.record_game(record([1, 2], guild=GUILD + 1))
    await storage.record_game(record([1, 2], game="gostop"))
    assert await storage.leaderboard(GUILD, "zhengshangyou") == []
    assert len(await storage.leaderboard(GUILD, "gostop")) == 2


async def test_leaderboard_refuses_unknown_sort_period_and_page(storage: Storage) -> None:
    with pytest.raises(ValueError, match="sort"):
        await storage.leaderboard(GUILD, "goita", sort="elo")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="period"):
        await storage.leaderboard(GUILD, "goita", period="year")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="limit"):
        await storage.leaderboard(GUILD, "goita", limit=0)


def test_period_keys_are_calendar_weeks_and_months_in_utc() -> None:
    assert period_key("week", THIS_WEEK) == period_key("week", THIS_WEEK + timedelta(days=6, hours=23)) \
        == "week:2026-11-23"
    assert period_key("week", EARLIER_THIS_MONTH) == "week:2026-11-16"
    assert period_key("month", LAST_MONTH) == "month:2026-10"
    in_tehran = datetime(2026, 12, 1, 2, 0, tzinfo=timezone(timedelta(hours=3, minutes=30)))
    assert period_key("month", in_tehran) == "month:2026-11"
