"""Shared fixtures: a Storage on each backend and a builder for finished-game records.

Every test that takes ``storage`` (or ``new_url``) runs twice: on SQLite (in memory, or a file)
and on a real PostgreSQL server (see tests/pg_fixtures.py: in CI it is never skipped).
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.storage import GameRecord, Seat, Storage
from tests.pg_fixtures import NewUrl, new_postgres_url, postgres_admin_url

__all__ = ["new_postgres_url", "postgres_admin_url"]  # fixtures, used through new_url

GUILD = 1001
CHANNEL = 2002
T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)  # a Wednesday
_ids = itertools.count(1)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def new_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> NewUrl:
    """``await new_url()``: the URL of a new, empty database on this test's backend."""
    if backend == "sqlite":
        files = itertools.count(1)

        async def sqlite_file() -> str:
            return f"sqlite:///{tmp_path / f'teahouse-{next(files)}.db'}"

        return sqlite_file
    maker: Callable[[], Awaitable[str]] = request.getfixturevalue("new_postgres_url")
    return maker


@pytest.fixture
async def storage(backend: str, new_url: NewUrl) -> AsyncIterator[Storage]:
    store = await Storage.open(":memory:" if backend == "sqlite" else await new_url())
    yield store
    await store.close()


def seat(who: int | str) -> Seat:
    """A person for an int, the computer at that level for a str."""
    return Seat.human(who, f"user{who}") if isinstance(who, int) else Seat.computer(who, f"cpu-{who}")


def record(
    players: Sequence[int | str],
    places: Sequence[int] | None = None,
    points: Sequence[int] | None = None,
    *,
    game: str = "zhengshangyou",
    guild: int = GUILD,
    ended: datetime = T0,
    teams: Sequence[int] | None = None,
    team_places: dict[int, int] | None = None,
    game_id: str | None = None,
    rated: bool | None = None,
    **extra: Any,
) -> GameRecord:
    """A finished game; by default seat order is finishing order and the winner scores most."""
    n = len(players)
    places = list(places) if places is not None else list(range(1, n + 1))
    return GameRecord(
        game_id=game_id or f"g{next(_ids)}", guild_id=guild, channel_id=CHANNEL, thread_id=3000 + n,
        game=game, options={"variant": "standard"}, seats=tuple(seat(p) for p in players), places=tuple(places),
        points=tuple(points) if points is not None else tuple(n - p for p in places), seed=12345678901234567890,
        actions=([0, "33"], [1, "pass"]), started_at=ended - timedelta(minutes=20), ended_at=ended,
        teams=tuple(teams) if teams is not None else None, team_places=team_places, rated=rated, **extra,
    )
