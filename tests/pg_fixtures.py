"""Fixtures for tests that run against a real PostgreSQL server (import them into a conftest).

``postgres_admin_url``: ``TEAHOUSE_TEST_POSTGRES_URL`` when set (``.ci/run`` starts a server and
sets it), else a throwaway cluster this test session starts (``tests.pg_cluster``) and stops at
exit. When no server can be had: in CI (``CI=true``) the test fails, never skipped; elsewhere it
is skipped with the reason. ``new_postgres_url()`` makes an empty database on that server for one
test and drops it afterwards.
"""

from __future__ import annotations

import atexit
import os
import tempfile
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest

from tests import pg_cluster

_started: dict[str, str] = {}  # one cluster per test session, shared by every conftest that imports this
_failure: list[str] = []


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _unavailable(reason: str) -> None:
    if in_ci():
        pytest.fail(f"PostgreSQL is required in CI and cannot be used: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL server: {reason} (set {pg_cluster.ENV_URL} or install postgresql)")


def admin_url() -> str:
    """The URL of a running server's admin database; starts a throwaway cluster once if needed."""
    given = os.environ.get(pg_cluster.ENV_URL)
    if given:
        return given
    if _failure:
        _unavailable(_failure[0])
    if "url" not in _started:
        folder = Path(tempfile.mkdtemp(prefix="teahouse-pg-"))
        try:
            _started["url"] = pg_cluster.start(folder)
        except (pg_cluster.ClusterError, OSError) as err:
            pg_cluster.stop(folder)
            _failure.append(str(err))
            _unavailable(str(err))
        atexit.register(pg_cluster.stop, folder)
    return _started["url"]


def with_database(url: str, name: str) -> str:
    return urlsplit(url)._replace(path=f"/{name}").geturl()


@pytest.fixture(scope="session")
def postgres_admin_url() -> str:
    return admin_url()


NewUrl = Callable[[], Awaitable[str]]


@pytest.fixture
async def new_postgres_url(postgres_admin_url: str) -> AsyncIterator[NewUrl]:
    """``await new_postgres_url()``: the URL of a new, empty database (dropped after the test)."""
    made: list[str] = []

    async def make() -> str:
        name = f"teahouse_test_{uuid.uuid4().hex[:12]}"
        conn = await asyncpg.connect(postgres_admin_url)
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        made.append(name)
        return with_database(postgres_admin_url, name)

    yield make
    if made:
        conn = await asyncpg.connect(postgres_admin_url)
        try:
            for name in made:
                await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()
