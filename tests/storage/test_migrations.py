"""Migrations: every earlier schema version upgrades in place with its data; newer ones are refused."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.storage import (
    LATEST_VERSION,
    MIGRATIONS,
    POSTGRES_MIGRATIONS,
    Seat,
    Snapshot,
    Storage,
    StorageError,
    migrate,
    schema_version,
)
from bot.storage.db import Database, open_database
from bot.storage.migrations import migrations_for
from tests.pg_fixtures import NewUrl

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


async def _columns(db: Database, table: str) -> list[tuple[str, str]]:
    """(name, declared type) of each column."""
    if db.dialect == "sqlite":
        return [(r[1], r[2]) for r in await db.fetchall(f"PRAGMA table_info({table})")]
    rows = await db.fetchall("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = ? "
                             "AND table_schema = current_schema() ORDER BY ordinal_position", (table,))
    return [(r[0], r[1]) for r in rows]


def _as(kind: str, value: object) -> object:
    """A value read from either database as the other wants it (SQLite keeps booleans as 0/1)."""
    return bool(value) if kind.upper() == "BOOLEAN" and value is not None else value


async def _database_at(url: str, version: int, source: str) -> None:
    """A database as code at ``version`` would have left it, holding ``source``'s data.

    Copies the columns that existed at ``version`` of every table that existed then, which is
    what that code wrote (later migrations only add tables, columns and indexes, and backfill).
    """
    old, new = await open_database(url), await open_database(source)
    try:
        assert await migrate(old, target=version) == version
        # parents first, for the foreign keys
        tables = sorted(await old.table_names() - {"schema_migrations"}, key=lambda t: (t != "games", t))
        for table in tables:
            typed = await _columns(old, table)
            columns = [name for name, _ in typed]
            rows = [tuple(_as(kind, v) for (_, kind), v in zip(typed, row, strict=True))
                    for row in await new.fetchall(f"SELECT {', '.join(columns)} FROM {table}")]
            async with old.transaction() as tx:
                await tx.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})", rows)
    finally:
        await old.close()
        await new.close()


@pytest.mark.parametrize("version", range(1, LATEST_VERSION))
async def test_database_from_every_earlier_version_upgrades_with_its_data(new_url: NewUrl, version: int) -> None:
    reference_url, old_url = await new_url(), await new_url()
    reference = await Storage.open(reference_url)
    await _fill(reference)
    await reference.close()
    await _database_at(old_url, version, reference_url)

    reference = await Storage.open(reference_url)
    upgraded = await Storage.open(old_url)
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


async def test_version_1_database_gets_the_new_settings_with_defaults(new_url: NewUrl) -> None:
    url = await new_url()
    db = await open_database(url)
    await migrate(db, target=1)
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO guild_settings (guild_id, turn_timeout_s, ai_level, rated) VALUES (?, ?, ?, ?)",
                         (GUILD, 30, "easy", False))
    await db.close()
    storage = await Storage.open(url)
    try:
        settings = await storage.guild_settings(GUILD)
        assert (settings.turn_timeout_s, settings.ai_level, settings.rated) == (30, "easy", False)
        assert (settings.language, settings.disabled_games) == (None, frozenset())
    finally:
        await storage.close()


async def test_database_newer_than_the_code_is_refused(new_url: NewUrl) -> None:
    path = await new_url()
    storage = await Storage.open(path)
    async with storage._db.transaction() as tx:
        await tx.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)", (LATEST_VERSION + 1,))
    await storage.close()
    with pytest.raises(StorageError, match=f"schema version {LATEST_VERSION + 1}, newer .* \\({LATEST_VERSION}\\)"):
        await Storage.open(path)


async def test_a_database_not_made_by_teahouse_is_refused(new_url: NewUrl) -> None:
    path = await new_url()
    other = await open_database(path)
    await other.execute("CREATE TABLE users (id INTEGER)")
    await other.close()
    with pytest.raises(StorageError, match="not made by Teahouse"):
        await Storage.open(path)


async def test_a_path_that_cannot_be_opened_is_refused_with_its_name(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot open the database .*no-such-folder"):
        await Storage.open(str(tmp_path / "no-such-folder" / "teahouse.db"))


async def test_a_failing_migration_leaves_the_previous_version_intact(new_url: NewUrl) -> None:
    db = await open_database(await new_url())
    try:
        broken = (*migrations_for(db)[:1], "CREATE TABLE half_done (a INTEGER);\nSELECT * FROM no_such_table;")
        with pytest.raises(Exception, match="no_such_table"):
            await migrate(db, broken)
        assert await schema_version(db) == 1
        assert "half_done" not in await db.table_names()
        assert await migrate(db) == LATEST_VERSION
        assert await migrate(db) == LATEST_VERSION
    finally:
        await db.close()


async def test_two_processes_starting_on_a_new_database_migrate_it_once(new_url: NewUrl) -> None:
    path = await new_url()
    stores = await asyncio.gather(*(Storage.open(path) for _ in range(3)))
    try:
        rows = await stores[0]._db.fetchall("SELECT version FROM schema_migrations ORDER BY version")
        assert [r[0] for r in rows] == list(range(1, LATEST_VERSION + 1))
    finally:
        for store in stores:
            await store.close()


async def test_sqlite_database_uses_wal_mode(tmp_path: Path) -> None:
    storage = await Storage.open(str(tmp_path / "wal.db"))
    try:
        assert await storage._db.fetchone("PRAGMA journal_mode") == ("wal",)
    finally:
        await storage.close()


def test_both_backends_have_the_same_migration_steps() -> None:
    """Same numbering everywhere: a step differs between backends only in how it is written."""
    assert len(POSTGRES_MIGRATIONS) == len(MIGRATIONS) == LATEST_VERSION
    for sqlite_step, postgres_step in zip(MIGRATIONS, POSTGRES_MIGRATIONS, strict=True):
        assert _created(sqlite_step) == _created(postgres_step)


def _created(script: str) -> list[str]:
    return [line.split("(")[0].strip() for line in script.splitlines()
            if line.startswith(("CREATE", "ALTER"))]


@pytest.mark.postgres
async def test_postgres_backfill_of_period_totals_matches_sqlite(tmp_path: Path, new_postgres_url: NewUrl) -> None:
    """V2's backfill is the one step written twice: from the same version-1 data both give the same periods."""
    results = []
    for url in (f"sqlite:///{tmp_path / 'source.db'}", await new_postgres_url()):
        source = await Storage.open(f"sqlite:///{tmp_path / 'source.db'}")
        if not results:
            await _fill(source)
        await source.close()
        target = url if results else f"sqlite:///{tmp_path / 'old.db'}"
        await _database_at(target, 1, f"sqlite:///{tmp_path / 'source.db'}")
        upgraded = await Storage.open(target)
        try:
            results.append(await upgraded._db.fetchall(
                "SELECT guild_id, game, period, user_id, games, wins, points FROM player_period_totals "
                "ORDER BY guild_id, game, period, user_id"))
        finally:
            await upgraded.close()
    assert results[0] == results[1] and len(results[0]) > 10


@pytest.mark.postgres
async def test_a_wrong_postgres_password_is_refused_without_showing_it(postgres_admin_url: str) -> None:
    url = postgres_admin_url.replace(":teahouse-test-password@", ":s3cret-Pa55@")
    with pytest.raises(StorageError) as refused:
        await Storage.open(url)
    message = str(refused.value)
    assert "s3cret-Pa55" not in message and "***" in message and "password" in message.lower()
    assert refused.value.__cause__ is None and refused.value.__suppress_context__


async def test_an_unreachable_postgres_server_is_named_without_its_password() -> None:
    with pytest.raises(StorageError) as refused:
        await Storage.open("postgresql://bot:hunter2hunter2@127.0.0.1:1/teahouse")
    assert "hunter2" not in str(refused.value) and "127.0.0.1" in str(refused.value)
