"""Persistence for Teahouse: guild settings, finished games, ratings and active-game snapshots.

Everything goes through ``Storage`` (``await Storage.open(url)``: SQLite or PostgreSQL); the values it takes and
returns are the frozen dataclasses in ``models``. Storage returns data only; cogs word it.
"""

from .migrations import LATEST_VERSION, MIGRATIONS, POSTGRES_MIGRATIONS, migrate, schema_version
from .models import (
    GameRecord,
    GuildSettings,
    HistoryEntry,
    LeaderboardRow,
    PlayerStats,
    Rating,
    RatingChange,
    RecordedGame,
    Seat,
    SeatResult,
    Snapshot,
    StorageError,
)
from .ratings import period_key, ranks_from_scores
from .store import STORAGE_FAULTS, Storage

__all__ = [
    "LATEST_VERSION", "MIGRATIONS", "POSTGRES_MIGRATIONS", "GameRecord", "GuildSettings", "HistoryEntry", "LeaderboardRow", "PlayerStats",
    "Rating", "RatingChange", "RecordedGame", "Seat", "SeatResult", "STORAGE_FAULTS", "Snapshot", "Storage", "StorageError",
    "migrate", "period_key", "ranks_from_scores", "schema_version",
]
