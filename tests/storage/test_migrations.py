"""Migrations: every earlier schema version upgrades in place with its data; newer ones are refused."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.storage import (
    LATEST_VERSION,
    MIGRATIONS,
    Seat,
    Snapshot,
    Storage,
    StorageError,
    migrate,
    schema_version,
)
from bot.storage.db import Database

from .conftest import GUILD, record

# Ends of games chosen on period edges: Sunday 23:59:59 vs Monday 00:00, month ends, a leap day.
ENDINGS = [
    datetime(2024, 2, 29, 23, 59, 59, tzinfo=UTC), datetime(2024, 3, 1, 0, 0, tzinfo=UTC),
    datetime(2026, 11, 22, 23, 59, 59, tzinfo=UTC), datetime(2026, 11, 23, 0, 0, tzinfo=UTC),
    datetime(2026, 11, 30, 23, 59, 59, 999999, tzinfo=UTC), datetime(2026, 12, 1, 0, 0, tzinfo=UTC),
    datetime(2027, 1, 3, 12, 0, tzinfo=UTC),
]
USERS = [1, 2, 3, 4, 5, 6]


async def _fill(storage: Storage) -> None:
    """Games of every kind of shape: individual, team, computer seats, unrated, other guild."""
    await storage.update_guild_settings(GUILD, turn_timeout_s=45, ai_level="hard", rated=True)
    for i, ended in enumerate(ENDINGS):
        places = [1 + (i + k) % 4 for k in range(4)]
        await storage.record_game(record([1, 2, 3, "easy"], places=places, ended=ended, game_id=f"ind{i}"))
        await storage.record_game(record([4, 5, 1, "hard"], game="goita", teams=[0, 1, 0, 1],
                                         team_places={0: 1 + i % 2, 1: 2 - i % 2}, places=[1, 2, 1, 2],
                                         ended=ended + timedelta(seconds=1), game_id=f"team{i}"))
    await storage.record_game(record([6, 2], rated=False, game_id="unrated"))
    await storage.record_game(record([1, 2], guild=GUILD + 1, game_id="elsewhere"))
    await storage.save_snapshot(Snapshot(
        game_id="live", guild_id=GUILD, channel_id=1, thread_id=2, game="gostop", options={"go": 3},
        seats=(Seat.human(1, "a"), Seat.computer("easy", "b")), seed=5, state={"x": [1, 2]}, state_version=7,
        actions=[[0, "m11-bright"]], table_message_id=8, turn_deadline=ENDINGS[0],
    ), now=ENDINGS[0])


async def _answers(storage: Storage) -> dict[str, object]:
    """Everything the cogs can ask, for comparing two databases."""
    out: dict[str, object] = {"settings": await storage.guild_settings(GUILD)}
    for game in ("zhengshangyou", "goita"):
        for sort in ("rating", "points", "wins"):
            out[f"{game}/{sort}/all"] = await storage.leaderboard(GUILD, game, sort=sort, limit=50)  # type: ignore[arg-type]
            for ended in ENDINGS:
                for period in ("week", "month"):
                    out[f"{game}/{sort}/{period}/{ended}"] = await storage.leaderboard(
                        GUILD, game, sort=sort, period=period, now=ended, limit=50)  # type: ignore[arg-type]
    for user in USERS:
        out[f"stats/{user}"] = await storage.stats(GUILD, user)
        out[f"history/{user}"] = await storage.history(GUILD, user, limit=50)
    out["history"] = await storage.history(GUILD, limit=50)
    out["history-elsewhere"] = await storage.history(GUILD + 1)
    out["records"] = [await storage.game_record(h.game_id) for h in await storage.history(GUILD, limit=50)]
    out["snapshots"] = await storage.active_snapshots()
    return out


async def _database_at(path: Path, version: int, source: Path) -> None:
    """A database as code at ``version`` would have left it, holding ``source``'s data.

    Copies the columns that existed at ``version`` of every table that existed then, which is
    what that code wrote (later migrations only add tables, columns and indexes, and backfill).
    """
    db = await Database.connect(str(path))
    assert await migrate(db, target=version) == version
    await db.close()
    old, new = sqlite3.connect(path), sqlite3.connect(source)
    tables = [r[0] for r in old.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
              if r[0] != "schema_migrations"]
    for table in tables:
        columns = [r[1] for r in old.execute(f"PRAGMA table_info({table})")]
        rows = new.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
        old.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})", rows)
    old.commit()
    old.close()
    new.close()


@pytest.mark.parametrize("version", range(1, LATEST_VERSION))
async def test_database_from_every_earlier_version_upgrades_with_its_data(tmp_path: Path, version: int) -> None:
    reference = await Storage.open(str(tmp_path / "reference.db"))
    await _fill(reference)
    await reference.close()
    await _database_at(tmp_path / "old.db", version, tmp_path / "reference.db")

    reference = await Storage.open(str(tmp_path / "reference.db"))
    upgraded = await Storage.open(str(tmp_path / "old.db"))
    try:
        assert await schema_version(upgraded._db) == LATEST_VERSION
        expected, got = await _answers(reference), await _answers(upgraded)
        assert got.keys() == expected.keys()
        for key in expected:
            assert got[key] == expected[key], key
        # Ratings and totals carry on from the old data.
        later = record([1, 2, 3], ended=ENDINGS[-1] + timedelta(days=1), game_id="after-upgrade")
        assert await upgraded.record_game(later) == await reference.record_game(later)
        assert await upgraded.stats(GUILD, 1) == await reference.stats(GUILD, 1)
    finally:
        await reference.close()
        await upgraded.close()


async def test_version_1_database_gets_the_new_settings_with_defaults(tmp_path: Path) -> None:
    db = await Database.connect(str(tmp_path / "v1.db"))
    await migrate(db, target=1)
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO guild_settings (guild_id, turn_timeout_s, ai_level, rated) VALUES (?, ?, ?, ?)",
                         (GUILD, 30, "easy", False))
    await db.close()
    storage = await Storage.open(str(tmp_path / "v1.db"))
    try:
        settings = await storage.guild_settings(GUILD)
        assert (settings.turn_timeout_s, settings.ai_level, settings.rated) == (30, "easy", False)
        assert (settings.language, settings.disabled_games) == (None, frozenset())
    finally:
        await storage.close()


async def test_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "future.db")
    storage = await Storage.open(path)
    async with storage._db.transaction() as tx:
        await tx.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)", (LATEST_VERSION + 1,))
    await storage.close()
    with pytest.raises(StorageError, match=f"schema version {LATEST_VERSION + 1}, newer .* \\({LATEST_VERSION}\\)"):
        await Storage.open(path)


async def test_a_database_not_made_by_teahouse_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE users (id INTEGER)")
    with pytest.raises(StorageError, match="not made by Teahouse"):
        await Storage.open(str(path))


async def test_a_path_that_cannot_be_opened_is_refused_with_its_name(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot open the database .*no-such-folder"):
        await Storage.open(str(tmp_path / "no-such-folder" / "teahouse.db"))


async def test_a_failing_migration_leaves_the_previous_version_intact() -> None:
    db = await Database.connect(":memory:")
    try:
        broken = (*MIGRATIONS[:1], "CREATE TABLE half_done (a INTEGER);\nSELECT * FROM no_such_table;")
        with pytest.raises(sqlite3.OperationalError):
            await migrate(db, broken)
        assert await schema_version(db) == 1
        assert await db.fetchone("SELECT name FROM sqlite_master WHERE name = 'half_done'") is None
        assert await migrate(db) == LATEST_VERSION
        assert await migrate(db) == LATEST_VERSION
    finally:
        await db.close()


async def test_two_processes_starting_on_a_new_file_migrate_it_once(tmp_path: Path) -> None:
    path = str(tmp_path / "race.db")
    stores = await asyncio.gather(*(Storage.open(path) for _ in range(3)))
    try:
        rows = await stores[0]._db.fetchall("SELECT version FROM schema_migrations ORDER BY version")
        assert [r[0] for r in rows] == list(range(1, LATEST_VERSION + 1))
    finally:
        for store in stores:
            await store.close()


async def test_database_uses_wal_mode(tmp_path: Path) -> None:
    storage = await Storage.open(str(tmp_path / "wal.db"))
    try:
        assert await storage._db.fetchone("PRAGMA journal_mode") == ("wal",)
    finally:
        await storage.close()
