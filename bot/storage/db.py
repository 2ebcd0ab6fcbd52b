"""The thin layer between storage and the SQL driver (aiosqlite today).

Storage speaks plain SQL with ``?`` parameters through ``Database`` and ``Transaction``
only, so a PostgreSQL backend (asyncpg, ``?`` rewritten to ``$n``) can stand in without
touching the queries' callers. One connection per ``Database``: an ``asyncio.Lock``
keeps one coroutine's transaction from interleaving with another's statements, and
``BEGIN IMMEDIATE`` plus a busy timeout serialise writers in other processes (shards).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

Row = tuple[Any, ...]
Params = Sequence[Any]

#: How long a writer waits for another process's write transaction before giving up.
BUSY_TIMEOUT_S = 30.0
WAL_ATTEMPTS = 200  # 10 s of 50 ms waits


def split_script(script: str) -> list[str]:
    """A SQL script cut into single statements, so a migration can run inside one transaction
    (``executescript`` would commit on its own)."""
    statements: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            if current.strip().strip(";").strip():
                statements.append(current.strip())
            current = ""
    if current.strip():
        raise ValueError(f"unterminated SQL statement: {current.strip()[:80]!r}")
    return statements


class Transaction:
    """Statements inside one open transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    # Each await is one hop to aiosqlite's thread, so each method makes exactly one.
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""
        cursor = await self._conn.execute(sql, params)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query meant to return at most one."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(row) for row in await self._conn.execute_fetchall(sql, params)]


async def _switch_to_wal(conn: aiosqlite.Connection) -> None:
    """``PRAGMA journal_mode = WAL``, waiting for another process that is switching a new file too.

    SQLite does not wait on its busy timeout for this pragma: two shards starting on a new
    file at once would otherwise see "database is locked".
    """
    for attempt in range(WAL_ATTEMPTS):
        try:
            await conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or attempt == WAL_ATTEMPTS - 1:
                raise
            await asyncio.sleep(0.05)


class Database:
    """One connection, shared by every coroutine of the process."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str) -> Database:
        """Open ``path`` (or ``":memory:"``) in WAL mode with foreign keys on."""
        conn = await aiosqlite.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S)
        try:
            await _switch_to_wal(conn)
            # WAL + NORMAL: a commit survives a crash of the bot (not of the machine) without an fsync per move.
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            # 32 MiB of page cache (the default is 2 MiB): leaderboards, /stats and /history touch
            # scattered pages of a large file, and a hit here saves a system call.
            await conn.execute("PRAGMA cache_size = -32768")
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def close(self) -> None:
        """Close the connection; closing twice is harmless."""
        async with self._lock:
            await self._conn.close()

    async def table_names(self) -> set[str]:
        """The tables that exist (the one catalogue query that differs between databases)."""
        return {row[0] for row in await self.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")}

    @asynccontextmanager
    async def transaction(self, write: bool = True) -> AsyncIterator[Transaction]:
        """One transaction: committed when the block ends, rolled back if it raises.

        Writers take the write lock at the start (``BEGIN IMMEDIATE``), so a read-then-write
        inside the block cannot race another process.
        """
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield Transaction(self._conn)
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    async def execute(self, sql: str, params: Params = ()) -> int:
        """One write statement on its own, committed when this returns (one hop to the database
        thread: a statement is atomic by itself). The number of rows it changed."""
        async with self._lock:
            return await Transaction(self._conn).execute(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """One read statement on its own (its own implicit snapshot)."""
        async with self._lock:
            return await Transaction(self._conn).fetchall(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        async with self._lock:
            return await Transaction(self._conn).fetchone(sql, params)
