"""Numbered schema migrations and the runner that applies them at start-up.

``MIGRATIONS[n - 1]`` takes a database from version ``n - 1`` to ``n``. Shipped scripts are
never edited: a schema change is a new script at the end. The applied versions live in
``schema_migrations``; a database whose version is above ``len(MIGRATIONS)`` was written by
newer code and is refused rather than guessed at.

Types are chosen to read the same in PostgreSQL (BIGINT ids and microsecond times, DOUBLE
PRECISION ratings, BOOLEAN flags, JSON as TEXT), so one script serves both, except where a
backfill needs date arithmetic: ``POSTGRES_MIGRATIONS`` has the same steps with the same
numbers, and only those steps written in PostgreSQL's date functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from .db import Database, split_script
from .models import StorageError, to_micros

V1_BASE = """
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    turn_timeout_s INTEGER,
    ai_level TEXT,
    rated BOOLEAN NOT NULL
);

CREATE TABLE games (
    game_id TEXT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    thread_id BIGINT,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    actions TEXT NOT NULL,
    team_places TEXT,
    summary TEXT NOT NULL,
    rated BOOLEAN NOT NULL,
    started_at BIGINT NOT NULL,
    ended_at BIGINT NOT NULL
);

CREATE TABLE game_seats (
    game_id TEXT NOT NULL REFERENCES games (game_id),
    seat INTEGER NOT NULL,
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    user_id BIGINT,
    ai_level TEXT,
    name TEXT NOT NULL,
    team INTEGER,
    place INTEGER NOT NULL,
    points BIGINT NOT NULL,
    won BOOLEAN NOT NULL,
    ended_at BIGINT NOT NULL,
    mu_before DOUBLE PRECISION,
    sigma_before DOUBLE PRECISION,
    mu_after DOUBLE PRECISION,
    sigma_after DOUBLE PRECISION,
    PRIMARY KEY (game_id, seat)
);

-- One row per person per game kind per guild, kept up to date by record_game, so
-- /stats and the all-time leaderboards never scan the games.
CREATE TABLE player_totals (
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    place_sum INTEGER NOT NULL,
    points BIGINT NOT NULL,
    streak INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    rated_games INTEGER NOT NULL,
    mu DOUBLE PRECISION,
    sigma DOUBLE PRECISION,
    ordinal DOUBLE PRECISION,
    last_played_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id, game)
);
CREATE INDEX player_totals_by_rating ON player_totals (guild_id, game, ordinal DESC, user_id);
CREATE INDEX player_totals_by_points ON player_totals (guild_id, game, points DESC, wins DESC, user_id);
CREATE INDEX player_totals_by_wins ON player_totals (guild_id, game, wins DESC, points DESC, user_id);

CREATE TABLE snapshots (
    game_id TEXT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    thread_id BIGINT,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed TEXT NOT NULL,
    state TEXT NOT NULL,
    state_version INTEGER NOT NULL,
    actions TEXT NOT NULL,
    table_message_id BIGINT,
    turn_deadline BIGINT,
    extra TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
"""

# Week periods start on Monday 00:00 UTC ('weekday 0' moves to the coming Sunday, or stays on
# a Sunday; six days back is that week's Monday), months on the 1st; see periods.py.
V2_SETTINGS_HISTORY_PERIODS = """
ALTER TABLE guild_settings ADD COLUMN disabled_games TEXT NOT NULL DEFAULT '[]';
ALTER TABLE guild_settings ADD COLUMN language TEXT;

CREATE INDEX games_by_guild_time ON games (guild_id, ended_at DESC, game_id DESC);
CREATE INDEX game_seats_by_player_time ON game_seats (guild_id, user_id, ended_at DESC, game_id DESC);

-- Per-person totals for each calendar week and month, so period leaderboards read one index.
CREATE TABLE player_period_totals (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    period TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    points BIGINT NOT NULL,
    PRIMARY KEY (guild_id, game, period, user_id)
);
CREATE INDEX player_period_totals_by_points
    ON player_period_totals (guild_id, game, period, points DESC, wins DESC, user_id);
CREATE INDEX player_period_totals_by_wins
    ON player_period_totals (guild_id, game, period, wins DESC, points DESC, user_id);

INSERT INTO player_period_totals (guild_id, game, period, user_id, games, wins, points)
SELECT guild_id, game, 'week:' || date(ended_at / 1000000, 'unixepoch', 'weekday 0', '-6 days'), user_id,
       COUNT(*), SUM(CASE WHEN won THEN 1 ELSE 0 END), SUM(points)
FROM game_seats WHERE user_id IS NOT NULL
GROUP BY guild_id, game, 'week:' || date(ended_at / 1000000, 'unixepoch', 'weekday 0', '-6 days'), user_id;

INSERT INTO player_period_totals (guild_id, game, period, user_id, games, wins, points)
SELECT guild_id, game, 'month:' || strftime('%Y-%m', ended_at / 1000000, 'unixepoch'), user_id,
       COUNT(*), SUM(CASE WHEN won THEN 1 ELSE 0 END), SUM(points)
FROM game_seats WHERE user_id IS NOT NULL
GROUP BY guild_id, game, 'month:' || strftime('%Y-%m', ended_at / 1000000, 'unixepoch'), user_id;
"""

# A person's own choices, across every server: the language of their private texts (NULL: follow
# the server, then the Discord client) and when the bot may mention them (NULL: the server default).
V3_USER_PREFERENCES = """
CREATE TABLE user_preferences (
    user_id BIGINT PRIMARY KEY,
    language TEXT,
    pings TEXT,
    updated_at BIGINT NOT NULL
);

ALTER TABLE guild_settings ADD COLUMN pings TEXT;
"""

# V2 for PostgreSQL: the same schema change; the backfill's week (from Monday, which is what
# date_trunc('week') gives) and month computed with PostgreSQL's date functions, in UTC.
V2_SETTINGS_HISTORY_PERIODS_POSTGRES = V2_SETTINGS_HISTORY_PERIODS.split("INSERT INTO player_period_totals")[0] + """
INSERT INTO player_period_totals (guild_id, game, period, user_id, games, wins, points)
SELECT guild_id, game, period, user_id, COUNT(*), SUM(CASE WHEN won THEN 1 ELSE 0 END), SUM(points)
FROM (SELECT guild_id, game, user_id, won, points,
             'week:' || to_char(date_trunc('week', to_timestamp(ended_at / 1000000) AT TIME ZONE 'UTC'),
                                'YYYY-MM-DD') AS period
      FROM game_seats WHERE user_id IS NOT NULL) AS seats
GROUP BY guild_id, game, period, user_id;

INSERT INTO player_period_totals (guild_id, game, period, user_id, games, wins, points)
SELECT guild_id, game, period, user_id, COUNT(*), SUM(CASE WHEN won THEN 1 ELSE 0 END), SUM(points)
FROM (SELECT guild_id, game, user_id, won, points,
             'month:' || to_char(to_timestamp(ended_at / 1000000) AT TIME ZONE 'UTC', 'YYYY-MM') AS period
      FROM game_seats WHERE user_id IS NOT NULL) AS seats
GROUP BY guild_id, game, period, user_id;
"""

# V4: a server's choice about the animated hand summary (/settings replays:): 'on', 'off', or NULL for the
# default (on where the benchmark measured it under the CPU budget, ``cogs/table/replay_animation.py``).
V4_REPLAY_SETTING = """
ALTER TABLE guild_settings ADD COLUMN replays TEXT;
"""

# V5: first-time tips (#45): whether a person wants them (NULL: yes), and the words each person was told
# about already, so that each word is explained once per person.
V5_TIPS = """
ALTER TABLE user_preferences ADD COLUMN tips BOOLEAN;

CREATE TABLE user_tips_seen (
    user_id BIGINT NOT NULL,
    word TEXT NOT NULL,
    seen_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, word)
);
"""

# V6: hints (#45): whether a server allows the Hint button in rated games (unrated and practice games always
# do), and how many hints each seat of a finished game used, with each person's total for /stats.
V6_HINTS = """
ALTER TABLE guild_settings ADD COLUMN hints BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE game_seats ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_totals ADD COLUMN hints BIGINT NOT NULL DEFAULT 0;
"""

MIGRATIONS: tuple[str, ...] = (V1_BASE, V2_SETTINGS_HISTORY_PERIODS, V3_USER_PREFERENCES, V4_REPLAY_SETTING,
                                V5_TIPS, V6_HINTS)
#: The same steps, numbered the same, for PostgreSQL (a new step is added to both).
POSTGRES_MIGRATIONS: tuple[str, ...] = (V1_BASE, V2_SETTINGS_HISTORY_PERIODS_POSTGRES, V3_USER_PREFERENCES,
                                        V4_REPLAY_SETTING, V5_TIPS, V6_HINTS)
LATEST_VERSION = len(MIGRATIONS)
assert len(POSTGRES_MIGRATIONS) == LATEST_VERSION, "every migration needs its PostgreSQL twin"
MIGRATION_LOCK = "teahouse:migrations"

_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    applied_at BIGINT NOT NULL
)
"""


async def schema_version(db: Database) -> int:
    """The version a database is at; 0 for an empty one."""
    tables = await db.table_names()
    if "schema_migrations" not in tables:
        if tables:
            raise StorageError(
                f"this database has tables ({', '.join(sorted(tables))}) but no schema_migrations table: "
                "it was not made by Teahouse; point database_url at a new database"
            )
        return 0
    row = await db.fetchone("SELECT MAX(version) FROM schema_migrations")
    return int(row[0]) if row and row[0] is not None else 0


def migrations_for(db: Database) -> tuple[str, ...]:
    """The migration scripts in ``db``'s dialect."""
    return POSTGRES_MIGRATIONS if db.dialect == "postgresql" else MIGRATIONS


async def migrate(db: Database, migrations: Sequence[str] | None = None, target: int | None = None) -> int:
    """Bring the database up to ``target`` (default: the latest), one transaction per step.

    Returns the version reached. Each step takes the migration lock and re-reads the version
    inside its write transaction, so two processes starting together apply every script once.
    """
    migrations = migrations_for(db) if migrations is None else migrations
    target = len(migrations) if target is None else target
    found = await schema_version(db)
    if found > len(migrations):
        raise StorageError(
            f"the database is at schema version {found}, newer than this version of Teahouse "
            f"understands ({len(migrations)}); upgrade Teahouse or restore a backup made by this version"
        )
    if found == 0:
        async with db.transaction() as tx:
            await tx.lock(MIGRATION_LOCK)
            await tx.execute(_VERSION_TABLE)
    for version in range(found + 1, target + 1):
        async with db.transaction() as tx:
            await tx.lock(MIGRATION_LOCK)
            row = await tx.fetchone("SELECT MAX(version) FROM schema_migrations")
            if row and row[0] is not None and row[0] >= version:
                continue
            for statement in split_script(migrations[version - 1]):
                await tx.execute(statement)
            await tx.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                (version, to_micros(datetime.now(UTC))),
            )
    return max(found, target)
