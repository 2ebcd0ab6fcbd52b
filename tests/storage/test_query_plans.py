"""The hot queries read indexes in order instead of scanning or sorting games (why the benchmark is fast)."""

from __future__ import annotations

import pytest

from bot.storage import Storage
from bot.storage.store import GUILD_HISTORY_SQL, PLAYER_HISTORY_SQL, leaderboard_sql


@pytest.fixture
def backend() -> str:
    """SQLite only: these read SQLite's EXPLAIN QUERY PLAN (PostgreSQL's planner chooses by table statistics)."""
    return "sqlite"


async def _plan(storage: Storage, sql: str, params: tuple) -> str:
    rows = await storage._db.fetchall(f"EXPLAIN QUERY PLAN {sql}", params)
    return " | ".join(str(r[-1]) for r in rows)


@pytest.mark.parametrize("sort", ["rating", "points", "wins"])
async def test_all_time_leaderboard_reads_an_index_without_sorting(storage: Storage, sort: str) -> None:
    plan = await _plan(storage, leaderboard_sql(sort, "all"), (1, "goita", 10, 0))  # type: ignore[arg-type]
    assert f"player_totals_by_{sort}" in plan and "TEMP B-TREE" not in plan, plan


@pytest.mark.parametrize("sort", ["points", "wins"])
@pytest.mark.parametrize("period", ["week", "month"])
async def test_period_leaderboard_reads_the_period_index_without_sorting(
    storage: Storage, sort: str, period: str
) -> None:
    plan = await _plan(storage, leaderboard_sql(sort, period), (1, "goita", "week:2026-11-23", 10, 0))  # type: ignore[arg-type]
    assert f"player_period_totals_by_{sort}" in plan and "TEMP B-TREE" not in plan, plan


async def test_history_reads_the_time_indexes(storage: Storage) -> None:
    plan = await _plan(storage, PLAYER_HISTORY_SQL, (1, 2, 10))
    assert "game_seats_by_player_time" in plan and "TEMP B-TREE" not in plan, plan
    plan = await _plan(storage, GUILD_HISTORY_SQL, (1, 10))
    assert "games_by_guild_time" in plan and "TEMP B-TREE" not in plan, plan
