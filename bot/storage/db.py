"""The thin layer between storage and the SQL driver: aiosqlite or asyncpg.

Storage speaks plain SQL with ``?`` parameters through ``Database`` and ``Transaction``
only; ``PostgresDatabase`` rewrites ``?`` to ``$n``, so the queries' callers never know which
server is behind them. ``open_database`` picks the backend from the ``database_url``.

SQLite: one connection per ``Database``; an ``asyncio.Lock`` keeps one coroutine's
transaction from interleaving with another's statements, and ``BEGIN IMMEDIATE`` plus a
busy timeout serialise writers in other processes (shards).

PostgreSQL: a small pool of connections, so statements of different games run side by
side; a transaction that reads and then writes shared rows takes ``Transaction.lock`` on a
key first (an advisory lock, released at commit), which serialises it against any process
doing the same, as ``BEGIN IMMEDIATE`` does for SQLite.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Literal

import aiosqlite
import asyncpg

from .url import parse_database_url

Row = tuple[Any, ...]
Params = Sequence[Any]

#: How long a writer waits for another process's write transaction before giving up.
BUSY_TIMEOUT_S = 30.0
#: At start-up, how long to wait for another process's write lock before saying so (not 30 s of silence).
STARTUP_LOCK_WAIT_S = 5.0
STARTUP_BUSY_S = 0.5
#: PostgreSQL connections per process: enough for the games of many servers to write side by side.
POOL_SIZE = 10
CONNECT_TIMEOUT_S = 15.0


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
    """Statements inside one open transaction (the interface both backends give)."""

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""
        raise NotImplementedError

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        raise NotImplementedError

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query meant to return at most one."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        raise NotImplementedError

    async def lock(self, key: str) -> None:
        """Hold ``key`` until this transaction ends: another process's transaction that locks the
        same key waits. SQLite needs nothing here (a write transaction already excludes others)."""


class SqliteTransaction(Transaction):
    """Statements inside one open SQLite transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    # Each await is one hop to aiosqlite's thread, so each method makes exactly one.
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""
        cursor = await self._conn.execute(sql, params)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(row) for row in await self._conn.execute_fetchall(sql, params)]


async def _when_unlocked(conn: aiosqlite.Connection, sql: str) -> None:
    """Run ``sql`` at start-up, trying again while another process holds the lock, for at most
    ``STARTUP_LOCK_WAIT_S`` in all; then "database is locked" is raised (and said in one line).

    Two shards starting on a new file switch it to WAL and migrate it at once: each waits a moment
    for the other. SQLite does not wait on its busy timeout for ``PRAGMA journal_mode``.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STARTUP_LOCK_WAIT_S
    while True:
        try:
            await conn.execute(sql)
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or loop.time() >= deadline:
                raise
            await asyncio.sleep(0.05)


class Database:
    """A database: one-statement helpers and transactions (the interface both backends give)."""

    #: Which SQL dialect the migrations must speak.
    dialect: Literal["sqlite", "postgresql"]

    async def close(self) -> None:
        """Close the connection(s); closing twice is harmless."""
        raise NotImplementedError

    async def table_names(self) -> set[str]:
        """The tables that exist (the one catalogue query that differs between databases)."""
        raise NotImplementedError

    def transaction(self, write: bool = True) -> AbstractAsyncContextManager[Transaction]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        raise NotImplementedError

    async def execute(self, sql: str, params: Params = ()) -> int:
        """One write statement on its own, committed when this returns. The number of rows it changed."""
        raise NotImplementedError

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """One read statement on its own (its own implicit snapshot)."""
        raise NotImplementedError

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


class SqliteDatabase(Database):
    """One connection, shared by every coroutine of the process.

    A statement on its own goes to aiosqlite's thread at once, beside others in flight: the thread runs them in
    turn, each committed by itself (autocommit), so the saves of many games do not wait for one another's round
    trip. Under load a round trip takes 2-7 ms (mostly the busy event loop coming back to the caller), and at 500
    games, with a statement taking the connection's lock for its whole round trip, a save waited 0.2-1 s in line.
    Only a transaction holds the lock: a statement queued inside it would be committed or rolled back with it.
    """

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str) -> SqliteDatabase:
        """Open ``path`` (or ``":memory:"``) in WAL mode with foreign keys on."""
        conn = await aiosqlite.connect(path, isolation_level=None, timeout=STARTUP_BUSY_S)
        try:
            # Another process holding the write lock now (BEGIN EXCLUSIVE, a backup tool) is said within
            # seconds ("database is locked"), rather than every start-up query waiting out the busy timeout.
            # (Before the switch to WAL: an empty transaction's rollback on a new file would undo it.)
            await _when_unlocked(conn, "BEGIN IMMEDIATE")
            await conn.execute("ROLLBACK")
            await _when_unlocked(conn, "PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
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
                yield SqliteTransaction(self._conn)
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    async def _after_transaction(self) -> None:
        """Return once no transaction holds the connection. The statement that follows is queued to the thread
        before anything else runs (aiosqlite queues it before its first wait), so a transaction that asks next
        begins after it."""
        if self._lock.locked():
            async with self._lock:
                pass

    async def execute(self, sql: str, params: Params = ()) -> int:
        """One write statement on its own, committed when this returns (one hop to the database
        thread: a statement is atomic by itself). The number of rows it changed."""
        await self._after_transaction()
        return await SqliteTransaction(self._conn).execute(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """One read statement on its own (its own implicit snapshot)."""
        await self._after_transaction()
        return await SqliteTransaction(self._conn).fetchall(sql, params)


@functools.lru_cache(maxsize=512)
def to_dollar_params(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2...`` (a ``?`` inside a quoted string stays)."""
    out: list[str] = []
    number, quoted = 0, False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        elif ch == "?" and not quoted:
            number += 1
            out.append(f"${number}")
            continue
        out.append(ch)
    return "".join(out)


def _changed_rows(status: str) -> int:
    """The row count at the end of a command tag ("INSERT 0 1", "UPDATE 3"); 0 for DDL."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _lock_key(key: str) -> int:
    """A stable signed 64-bit number for an advisory lock (the same in every process)."""
    digest = hashlib.blake2b(key.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class PostgresTransaction(Transaction):
    """Statements inside one open PostgreSQL transaction, on one pooled connection."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        return _changed_rows(await self._conn.execute(to_dollar_params(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        rows = list(rows)
        if rows:
            await self._conn.executemany(to_dollar_params(sql), rows)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(row) for row in await self._conn.fetch(to_dollar_params(sql), *params)]

    async def lock(self, key: str) -> None:
        await self._conn.execute("SELECT pg_advisory_xact_lock($1)", _lock_key(key))


async def _keep_session(conn: asyncpg.Connection) -> None:
    """What a connection needs when it goes back to the pool: nothing. asyncpg's default runs
    ``RESET ALL; UNLISTEN *; ...`` every time, a second round trip for every statement; Teahouse
    changes no session setting, listens to nothing and takes only transaction-scoped locks (an
    open transaction is still rolled back by the pool itself)."""


class PostgresDatabase(Database):
    """A pool of asyncpg connections; each transaction has a connection of its own."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def connect(cls, dsn: str, max_connections: int = POOL_SIZE) -> PostgresDatabase:
        """Open a pool to ``dsn``; raises asyncpg's or the OS's error if the server cannot be reached."""
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=max_connections, timeout=CONNECT_TIMEOUT_S,
                                         reset=_keep_session, server_settings={"application_name": "teahouse"})
        return cls(pool)

    async def close(self) -> None:
        await self._pool.close()

    async def table_names(self) -> set[str]:
        rows = await self.fetchall("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {row[0] for row in rows}

    @asynccontextmanager
    async def transaction(self, write: bool = True) -> AsyncIterator[Transaction]:
        """Read committed for writes (each statement sees what others committed before it, and
        writers of the same rows wait for each other); a read-only block reads one snapshot."""
        async with self._pool.acquire() as conn:
            isolation = "read_committed" if write else "repeatable_read"
            async with conn.transaction(isolation=isolation, readonly=not write):
                yield PostgresTransaction(conn)

    async def execute(self, sql: str, params: Params = ()) -> int:
        return _changed_rows(await self._pool.execute(to_dollar_params(sql), *params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(row) for row in await self._pool.fetch(to_dollar_params(sql), *params)]


async def open_database(url: str) -> Database:
    """Connect to ``url`` (``sqlite:///path``, a bare SQLite path, or ``postgresql://...``)."""
    parsed = parse_database_url(url)
    if parsed.backend == "postgresql":
        return await PostgresDatabase.connect(parsed.target)
    return await SqliteDatabase.connect(parsed.target)
