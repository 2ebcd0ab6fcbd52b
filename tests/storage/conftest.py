"""Shared fixtures: an in-memory Storage and a builder for finished-game records."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.storage import GameRecord, Seat, Storage

GUILD = 1001
CHANNEL = 2002
T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)  # a Wednesday
_ids = itertools.count(1)


@pytest.fixture
async def storage() -> AsyncIterator[Storage]:
    store = await Storage.open(":memory:")
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
