"""``Storage``: everything the cogs keep between restarts, behind one async object.

    storage = await Storage.open("teahouse.db")   # applies migrations
    await storage.record_game(record)              # one transaction: game, seats, totals, ratings
    rows = await storage.leaderboard(guild_id, "goita", sort="rating")

Leaderboards and /stats read per-player aggregate tables (``player_totals``, and
``player_period_totals`` for calendar weeks and months), kept current by ``record_game``,
so their cost does not grow with the number of games. Ratings are all-time: a week or month
leaderboard sorted by rating lists the people who played in that period, ordered by their
current all-time rating, with games/wins/points counted in the period.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Collection, Iterable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import asyncpg
import orjson

from .db import Database, Row, Transaction, open_database
from .migrations import migrate
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
    from_micros,
    to_micros,
)
from .ratings import is_rateable, period_key, rate
from .url import parse_database_url

log = logging.getLogger("teahouse.storage")


def _dumps(value: Any) -> str:
    """JSON text as ``json.dumps`` writes it for our plain data (keys that are numbers become text), written by
    orjson: a snapshot is saved after every change, and the standard encoder was about a quarter of a save's CPU."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


#: What a database fault looks like to the bot (a full disk, an I/O error, a lost server); ``StorageError``
#: covers the bot's own (a save that failed after its retries).
STORAGE_FAULTS: tuple[type[BaseException], ...] = (
    StorageError, sqlite3.Error, OSError, asyncpg.PostgresError, asyncpg.InterfaceError)

Sort = Literal["rating", "points", "wins"]
Period = Literal["all", "month", "week"]
MAX_PAGE = 100
#: The summary of a game recorded without a result (``record_abandoned``).
ABANDONED = "abandoned"

_SETTINGS_COLUMNS = ("turn_timeout_s", "ai_level", "disabled_games", "rated", "language", "hints")

GUILD_HISTORY_SQL = "SELECT game_id FROM games WHERE guild_id = ? ORDER BY ended_at DESC, game_id DESC LIMIT ?"
PLAYER_HISTORY_SQL = (
    "SELECT game_id FROM game_seats WHERE guild_id = ? AND user_id = ? ORDER BY ended_at DESC, game_id DESC LIMIT ?"
)

_ALL_TIME_ORDER = {
    "rating": "ordinal DESC, user_id",
    "points": "points DESC, wins DESC, user_id",
    "wins": "wins DESC, points DESC, user_id",
}
_PERIOD_ORDER = {
    "rating": "t.ordinal DESC, p.user_id",
    "points": "p.points DESC, p.wins DESC, p.user_id",
    "wins": "p.wins DESC, p.points DESC, p.user_id",
}


def _rating(mu: float | None, sigma: float | None) -> Rating | None:
    return None if mu is None or sigma is None else Rating(mu=mu, sigma=sigma)


def _check_settings(changes: dict[str, Any]) -> None:
    """Refuse unknown names and values of the wrong shape with ``ValueError``."""
    unknown = sorted(set(changes) - set(_SETTINGS_COLUMNS))
    if unknown:
        raise ValueError(f"unknown guild setting(s): {', '.join(unknown)}")
    timeout = changes.get("turn_timeout_s")
    if "turn_timeout_s" in changes and timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, int) or timeout < 1
    ):
        raise ValueError(f"turn_timeout_s must be a positive whole number of seconds or None, not {timeout!r}")
    for name in ("ai_level", "language"):
        if name in changes and changes[name] is not None and (not isinstance(changes[name], str) or not changes[name]):
            raise ValueError(f"{name} must be a non-empty string or None, not {changes[name]!r}")
    for name in ("rated", "hints"):
        if name in changes and not isinstance(changes[name], bool):
            raise ValueError(f"{name} must be True or False, not {changes[name]!r}")
    if "disabled_games" in changes:
        games = changes["disabled_games"]
        if isinstance(games, str) or not all(isinstance(g, str) for g in games):
            raise ValueError("disabled_games must be a collection of game ids")
        changes["disabled_games"] = frozenset(games)


def _hints(record: GameRecord, seat: int) -> int:
    """The hints ``seat`` used in the game (0 when the record counts none)."""
    return record.hints[seat] if seat < len(record.hints) else 0


def _without(text: str, secret: str | None) -> str:
    return text.replace(secret, "***") if secret else text


def leaderboard_sql(sort: Sort, period: Period) -> str:
    """The leaderboard query; parameters guild, game, [period key,] limit, offset. Each sort
    reads an index in order (rating sort within a period joins and sorts that period's players)."""
    if period == "all":
        rated_only = "AND ordinal IS NOT NULL " if sort == "rating" else ""
        return (
            "SELECT user_id, games, wins, points, mu, sigma FROM player_totals "
            f"WHERE guild_id = ? AND game = ? {rated_only}ORDER BY {_ALL_TIME_ORDER[sort]} LIMIT ? OFFSET ?"
        )
    rated_only = "AND t.ordinal IS NOT NULL " if sort == "rating" else ""
    return (
        "SELECT p.user_id, p.games, p.wins, p.points, t.mu, t.sigma FROM player_period_totals p "
        "JOIN player_totals t ON t.guild_id = p.guild_id AND t.user_id = p.user_id AND t.game = p.game "
        f"WHERE p.guild_id = ? AND p.game = ? AND p.period = ? {rated_only}"
        f"ORDER BY {_PERIOD_ORDER[sort]} LIMIT ? OFFSET ?"
    )


#: The ``state_version`` of an ended game's snapshot row: the largest a column of PostgreSQL's INTEGER holds,
#: above any version a game reaches, so the version check of ``save_snapshot`` refuses every later save.
ENDED_VERSION = 2**31 - 1
#: How long a tombstone is kept (pruned at start-up): far longer than a lost process's slow write can take
TOMBSTONE_KEPT = timedelta(days=7)


async def _end_snapshot(tx: Transaction, game_id: str) -> None:
    """The game's snapshot becomes a tombstone: no state, no log, a version no save reaches."""
    await tx.execute(
        "UPDATE snapshots SET state = '{}', actions = '[]', extra = '{}', state_version = ?, turn_deadline = NULL, "
        "updated_at = ? WHERE game_id = ?", (ENDED_VERSION, to_micros(datetime.now(UTC)), game_id))


def shard_of(guild_id: int, shard_count: int) -> int:
    """The gateway shard that carries a server's events (Discord's formula)."""
    return (guild_id >> 22) % shard_count


class Storage:
    """The bot's database. Open with ``await Storage.open(url)``; close with ``await storage.close()``."""

    def __init__(self, db: Database, shard_count: int | None = None, shard_ids: Collection[int] | None = None) -> None:
        self._db = db
        self._shards = (shard_count, frozenset(shard_ids)) if shard_count and shard_ids is not None else None

    @classmethod
    async def open(cls, url: str, shard_count: int | None = None, shard_ids: Collection[int] | None = None) -> Storage:
        """Connect to ``url`` (``sqlite:///teahouse.db``, a plain SQLite path or ``":memory:"``, or
        ``postgresql://user:password@host/db``) and bring its schema up to date.

        With ``shard_count`` and ``shard_ids``, this process runs only those shards: it resumes
        only the games of their servers (another process runs the rest). Raises ``StorageError``
        (never showing the password) for a database it cannot open or one written by a newer Teahouse.
        """
        try:
            parsed = parse_database_url(url)
        except ValueError as error:
            raise StorageError(f"database_url {error}") from None
        path, name = parsed.target, parsed.safe()
        if parsed.backend == "sqlite":
            folder = Path(path).parent
            if path != ":memory:" and not folder.is_dir():
                raise StorageError(f"cannot open the database {path!r}: the folder {str(folder)!r} does not exist")
        try:
            db = await open_database(url)
        except sqlite3.Error as error:
            if "locked" in str(error):
                raise StorageError(f"the database {path!r} is locked by another process (another Teahouse, "
                                   "or a tool holding it open); stop that process and start again") from None
            raise StorageError(f"cannot open the database {path!r}: {error}; check database_url") from error
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError) as error:
            # asyncpg's messages name the user and database, never the password; the URL shown is masked
            raise StorageError(f"cannot open the database {name}: {type(error).__name__}: "
                               f"{_without(str(error), parsed.password)}; check database_url") from None
        try:
            await migrate(db)
            await db.execute("DELETE FROM snapshots WHERE state_version = ? AND updated_at < ?",
                             (ENDED_VERSION, to_micros(datetime.now(UTC) - TOMBSTONE_KEPT)))
        except BaseException:
            await db.close()
            raise
        return cls(db, shard_count, shard_ids)

    async def close(self) -> None:
        await self._db.close()

    # -- guild settings ---------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings; defaults for a guild that never changed any."""
        row = await self._db.fetchone(
            "SELECT turn_timeout_s, ai_level, disabled_games, rated, language, hints FROM guild_settings "
            "WHERE guild_id = ?",
            (guild_id,),
        )
        return self._settings_from_row(row)

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some settings (``rated=False``, ``language=None``...); returns the new whole set."""
        _check_settings(changes)
        async with self._db.transaction() as tx:
            await tx.lock(f"guild_settings:{guild_id}")  # a read-then-write: two processes take turns
            row = await tx.fetchone(
                "SELECT turn_timeout_s, ai_level, disabled_games, rated, language, hints FROM guild_settings "
                "WHERE guild_id = ?",
                (guild_id,),
            )
            settings = replace(self._settings_from_row(row), **changes)
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, turn_timeout_s, ai_level, disabled_games, rated, language, "
                "hints) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "turn_timeout_s = excluded.turn_timeout_s, ai_level = excluded.ai_level, "
                "disabled_games = excluded.disabled_games, rated = excluded.rated, language = excluded.language, "
                "hints = excluded.hints",
                (guild_id, settings.turn_timeout_s, settings.ai_level, json.dumps(sorted(settings.disabled_games)),
                 settings.rated, settings.language, settings.hints),
            )
        return settings

    @staticmethod
    def _settings_from_row(row: Row | None) -> GuildSettings:
        if row is None:
            return GuildSettings()
        timeout, level, disabled, rated, language, hints = row
        try:
            switched_off = frozenset(str(game) for game in json.loads(disabled))
        except (ValueError, TypeError):  # a damaged list switches no game off (and is said once per read)
            log.error("a server's list of switched-off games cannot be read; every game stays on")
            switched_off = frozenset()
        return GuildSettings(turn_timeout_s=timeout, ai_level=level, disabled_games=switched_off,
                             rated=bool(rated), language=language, hints=bool(hints))

    # -- snapshots of active games ----------------------------------------------------

    async def save_snapshot(self, snapshot: Snapshot, now: datetime | None = None) -> bool:
        """Insert or replace the game's snapshot, committed when this returns.

        Returns False (and saves nothing) when the game is already recorded as finished or has
        ended (``delete_snapshot``), so a late save cannot bring it back to life at the next
        start-up, and when the saved snapshot has a newer ``state_version`` (a slow write from a
        process that lost the game must not undo moves made since by the one that took it over).
        An ended game's row stays, as a tombstone at ``ENDED_VERSION``, which no save reaches:
        the version check refuses the late save in the same statement, on the row it conflicts
        with, so on PostgreSQL too a save racing the end waits for it and then finds the tombstone
        (a deleted row would let a save that began before the delete committed insert it again).
        """
        moment = to_micros(now or datetime.now(UTC))
        deadline = None if snapshot.turn_deadline is None else to_micros(snapshot.turn_deadline)
        changed = await self._db.execute(
            "INSERT INTO snapshots (game_id, guild_id, channel_id, thread_id, game, options, seats, seed, state, "
            "state_version, actions, table_message_id, turn_deadline, extra, created_at, updated_at) "
            "SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? "
            "WHERE NOT EXISTS (SELECT 1 FROM games WHERE game_id = ?) ON CONFLICT (game_id) DO UPDATE SET "
            "guild_id = excluded.guild_id, channel_id = excluded.channel_id, thread_id = excluded.thread_id, "
            "game = excluded.game, options = excluded.options, seats = excluded.seats, seed = excluded.seed, "
            "state = excluded.state, state_version = excluded.state_version, actions = excluded.actions, "
            "table_message_id = excluded.table_message_id, turn_deadline = excluded.turn_deadline, "
            "extra = excluded.extra, updated_at = excluded.updated_at "
            "WHERE snapshots.state_version <= excluded.state_version",
            (snapshot.game_id, snapshot.guild_id, snapshot.channel_id, snapshot.thread_id, snapshot.game,
             _dumps(snapshot.options), _dumps([s.to_json() for s in snapshot.seats]), str(snapshot.seed),
             _dumps(snapshot.state), snapshot.state_version, _dumps(list(snapshot.actions)),
             snapshot.table_message_id, deadline, _dumps(snapshot.extra), moment, moment, snapshot.game_id),
        )
        return changed > 0

    async def active_snapshots(self) -> list[Snapshot]:
        """Every saved active game of this process's shards, oldest first (to resume after a restart).

        Each row is read on its own: a row that cannot be read (damaged JSON, a seed that is not a
        number) is left where it is, named in the log, and costs that one game, never the others.
        """
        rows = await self._db.fetchall(
            "SELECT game_id, guild_id, channel_id, thread_id, game, options, seats, seed, state, state_version, "
            "actions, table_message_id, turn_deadline, extra, created_at, updated_at FROM snapshots "
            "WHERE state_version < ? ORDER BY created_at, game_id", (ENDED_VERSION,)
        )
        snapshots: list[Snapshot] = []
        for r in rows:
            if self._shards is not None and shard_of(r[1], self._shards[0]) not in self._shards[1]:
                continue
            try:
                snapshots.append(Snapshot(
                    game_id=r[0], guild_id=r[1], channel_id=r[2], thread_id=r[3], game=r[4],
                    options=json.loads(r[5]), seats=tuple(Seat.from_json(s) for s in json.loads(r[6])),
                    seed=int(r[7]), state=json.loads(r[8]), state_version=r[9], actions=json.loads(r[10]),
                    table_message_id=r[11], turn_deadline=None if r[12] is None else from_micros(r[12]),
                    extra=json.loads(r[13]), created_at=from_micros(r[14]), updated_at=from_micros(r[15]),
                ))
            except (ValueError, TypeError, KeyError, AttributeError) as err:  # JSONDecodeError is a ValueError
                log.error("snapshot of game %s cannot be read (%s); it is kept and set aside", r[0],
                          type(err).__name__)
        return snapshots

    async def delete_snapshot(self, game_id: str) -> None:
        """Forget an active game (abandoned or cancelled; ``record_game`` ends it itself): its row becomes a
        tombstone (``ENDED_VERSION``, the game's data dropped) that no later save can bring back."""
        async with self._db.transaction() as tx:
            await _end_snapshot(tx, game_id)

    # -- finished games ---------------------------------------------------------------

    async def record_game(self, record: GameRecord, keep_snapshot: bool = False) -> RecordedGame:
        """Record a finished game in one transaction: the game, its seats, each person's totals
        and period totals, their ratings, and the removal of its snapshot.

        ``keep_snapshot``: the snapshot stays (no save can change it any more) until the caller has
        announced the end and deletes it; a process killed in between announces it at its next start.

        Recording the same game id again changes nothing and returns what was recorded then
        (``already_recorded=True``). Ratings follow the order games are recorded in.
        """
        async with self._db.transaction() as tx:
            # One recorder at a time per server and game kind, in every process: the same game
            # recorded twice finds the first record below, and ratings and totals are read-then-written.
            await tx.lock(f"record:{record.guild_id}:{record.game}")
            done = await self._recorded(tx, record.game_id)
            if done is not None:
                if not keep_snapshot:
                    await _end_snapshot(tx, record.game_id)
                return done
            rated = record.rated
            if rated is None:
                row = await tx.fetchone("SELECT rated FROM guild_settings WHERE guild_id = ?", (record.guild_id,))
                rated = GuildSettings.rated if row is None else bool(row[0])
            rated = rated and is_rateable(record)
            totals = await self._player_totals(tx, record)
            before = {uid: t["rating"] for uid, t in totals.items() if t["rating"] is not None}
            after = rate(record, before) if rated else {}
            await self._insert_game(tx, record, rated, before, after)
            await self._update_totals(tx, record, totals, after)
            if not keep_snapshot:
                await _end_snapshot(tx, record.game_id)
        changes = tuple(RatingChange(uid, before.get(uid), new) for uid, new in after.items())
        return RecordedGame(game_id=record.game_id, rated=rated, changes=changes)

    async def record_abandoned(self, record: GameRecord) -> RecordedGame:
        """Record a game that ended without a result (abandoned, its thread lost, the bot removed):
        it stays in /history as "abandoned", with its seats and action log, but with no places, points
        or wins, unrated, and no one's totals change. Its snapshot goes in the same transaction."""
        async with self._db.transaction() as tx:
            await tx.lock(f"record:{record.guild_id}:{record.game}")
            done = await self._recorded(tx, record.game_id)
            if done is None:
                blank = replace(record, places=(0,) * len(record.seats), points=(0,) * len(record.seats),
                                teams=None, team_places=None, summary={ABANDONED: True}, rated=False)
                await self._insert_game(tx, blank, False, {}, {})
            await _end_snapshot(tx, record.game_id)
        return done or RecordedGame(game_id=record.game_id, rated=False, changes=())

    @staticmethod
    async def _recorded(tx: Transaction, game_id: str) -> RecordedGame | None:
        game = await tx.fetchone("SELECT rated FROM games WHERE game_id = ?", (game_id,))
        if game is None:
            return None
        rows = await tx.fetchall(
            "SELECT user_id, mu_before, sigma_before, mu_after, sigma_after FROM game_seats "
            "WHERE game_id = ? AND mu_after IS NOT NULL ORDER BY seat",
            (game_id,),
        )
        changes = tuple(RatingChange(r[0], _rating(r[1], r[2]), Rating(r[3], r[4])) for r in rows)
        return RecordedGame(game_id=game_id, rated=bool(game[0]), changes=changes, already_recorded=True)

    @staticmethod
    async def _player_totals(tx: Transaction, record: GameRecord) -> dict[int, dict[str, Any]]:
        users = [s.user_id for s in record.seats if s.user_id is not None]
        if not users:
            return {}
        rows = await tx.fetchall(
            "SELECT user_id, games, wins, place_sum, points, streak, best_streak, rated_games, mu, sigma, hints "
            f"FROM player_totals WHERE guild_id = ? AND game = ? AND user_id IN ({', '.join('?' * len(users))})",
            (record.guild_id, record.game, *users),
        )
        return {
            r[0]: {"games": r[1], "wins": r[2], "place_sum": r[3], "points": r[4], "streak": r[5],
                   "best_streak": r[6], "rated_games": r[7], "rating": _rating(r[8], r[9]), "hints": r[10]}
            for r in rows
        }

    @staticmethod
    async def _insert_game(
        tx: Transaction, record: GameRecord, rated: bool, before: dict[int, Rating], after: dict[int, Rating]
    ) -> None:
        ended = to_micros(record.ended_at)
        team_places = None if record.team_places is None else json.dumps(sorted(record.team_places.items()))
        await tx.execute(
            "INSERT INTO games (game_id, guild_id, channel_id, thread_id, game, options, seed, actions, team_places, "
            "summary, rated, started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record.game_id, record.guild_id, record.channel_id, record.thread_id, record.game,
             json.dumps(record.options), str(record.seed), json.dumps(list(record.actions)), team_places,
             json.dumps(record.summary), rated, to_micros(record.started_at), ended),
        )
        rows = []
        for i, seat in enumerate(record.seats):
            old = before.get(seat.user_id) if seat.user_id is not None else None
            new = after.get(seat.user_id) if seat.user_id is not None else None
            rows.append((
                record.game_id, i, record.guild_id, record.game, seat.user_id, seat.ai_level, seat.name,
                None if record.teams is None else record.teams[i], record.places[i], record.points[i],
                record.won(i), ended,
                old.mu if old and new else None, old.sigma if old and new else None,
                new.mu if new else None, new.sigma if new else None, _hints(record, i),
            ))
        await tx.executemany(
            "INSERT INTO game_seats (game_id, seat, guild_id, game, user_id, ai_level, name, team, place, points, "
            "won, ended_at, mu_before, sigma_before, mu_after, sigma_after, hints) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )

    @staticmethod
    async def _update_totals(
        tx: Transaction, record: GameRecord, totals: dict[int, dict[str, Any]], after: dict[int, Rating]
    ) -> None:
        ended = to_micros(record.ended_at)
        periods = (period_key("week", record.ended_at), period_key("month", record.ended_at))
        player_rows, period_rows = [], []
        for i, seat in enumerate(record.seats):
            uid = seat.user_id
            if uid is None:
                continue
            won = record.won(i)
            old = totals.get(uid) or {"games": 0, "wins": 0, "place_sum": 0, "points": 0, "streak": 0,
                                      "best_streak": 0, "rated_games": 0, "rating": None, "hints": 0}
            streak = old["streak"] + 1 if won else 0
            rating = after.get(uid, old["rating"])
            player_rows.append((
                record.guild_id, uid, record.game, old["games"] + 1, old["wins"] + won,
                old["place_sum"] + record.places[i], old["points"] + record.points[i], streak,
                max(streak, old["best_streak"]), old["rated_games"] + (uid in after),
                rating.mu if rating else None, rating.sigma if rating else None,
                rating.ordinal if rating else None, ended, old["hints"] + _hints(record, i),
            ))
            period_rows += [(record.guild_id, record.game, p, uid, 1, int(won), record.points[i]) for p in periods]
        await tx.executemany(
            "INSERT INTO player_totals (guild_id, user_id, game, games, wins, place_sum, points, streak, best_streak, "
            "rated_games, mu, sigma, ordinal, last_played_at, hints) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, user_id, game) DO UPDATE SET games = excluded.games, wins = excluded.wins, "
            "place_sum = excluded.place_sum, points = excluded.points, streak = excluded.streak, "
            "best_streak = excluded.best_streak, rated_games = excluded.rated_games, mu = excluded.mu, "
            "sigma = excluded.sigma, ordinal = excluded.ordinal, last_played_at = excluded.last_played_at, "
            "hints = excluded.hints",
            player_rows,
        )
        await tx.executemany(
            "INSERT INTO player_period_totals (guild_id, game, period, user_id, games, wins, points) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, period, user_id) DO UPDATE SET "
            "games = player_period_totals.games + excluded.games, wins = player_period_totals.wins + excluded.wins, "
            "points = player_period_totals.points + excluded.points",
            period_rows,
        )

    # -- queries ------------------------------------------------------------------------

    async def leaderboard(
        self, guild_id: int, game: str, sort: Sort = "rating", period: Period = "all",
        offset: int = 0, limit: int = 10, now: datetime | None = None,
    ) -> list[LeaderboardRow]:
        """One page of a game's leaderboard in a guild.

        ``period`` "week"/"month" is the calendar week (from Monday) or month, in UTC, that
        ``now`` falls in; games count in the period they ended in. ``sort="rating"`` lists
        only rated people, by all-time rating (ordinal); ties are broken by user id so pages
        never overlap.
        """
        if sort not in _ALL_TIME_ORDER:
            raise ValueError(f"sort must be one of {sorted(_ALL_TIME_ORDER)}, not {sort!r}")
        if offset < 0 or not 1 <= limit <= MAX_PAGE:
            raise ValueError(f"offset must be >= 0 and limit between 1 and {MAX_PAGE}")
        if period not in ("all", "week", "month"):
            raise ValueError(f"period must be 'all', 'month' or 'week', not {period!r}")
        key = () if period == "all" else (period_key(period, now or datetime.now(UTC)),)
        rows = await self._db.fetchall(leaderboard_sql(sort, period), (guild_id, game, *key, limit, offset))
        return [
            LeaderboardRow(rank=offset + i + 1, user_id=r[0], games=r[1], wins=r[2], points=r[3],
                           rating=_rating(r[4], r[5]))
            for i, r in enumerate(rows)
        ]

    async def leaderboard_size(
        self, guild_id: int, game: str, sort: Sort = "rating", period: Period = "all", now: datetime | None = None,
    ) -> int:
        """How many rows that leaderboard has (for "page 2 of 7")."""
        if period not in ("all", "week", "month"):
            raise ValueError(f"period must be 'all', 'month' or 'week', not {period!r}")
        rated_only = " AND ordinal IS NOT NULL" if sort == "rating" else ""
        if period == "all":
            row = await self._db.fetchone(
                f"SELECT COUNT(*) FROM player_totals WHERE guild_id = ? AND game = ?{rated_only}", (guild_id, game)
            )
        else:
            row = await self._db.fetchone(
                "SELECT COUNT(*) FROM player_period_totals p JOIN player_totals t ON t.guild_id = p.guild_id "
                "AND t.user_id = p.user_id AND t.game = p.game WHERE p.guild_id = ? AND p.game = ? AND p.period = ?"
                + rated_only.replace("ordinal", "t.ordinal"),
                (guild_id, game, period_key(period, now or datetime.now(UTC))),
            )
        return int(row[0]) if row else 0

    async def stats(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        """A person's totals in a guild, one entry per game kind they played, by game id."""
        rows = await self._db.fetchall(
            "SELECT t.game, t.games, t.wins, t.place_sum, t.points, t.mu, t.sigma, t.rated_games, t.streak, "
            "t.best_streak, t.last_played_at, t.hints, CASE WHEN t.ordinal IS NULL THEN NULL ELSE 1 + ("
            "SELECT COUNT(*) FROM player_totals o WHERE o.guild_id = t.guild_id AND o.game = t.game "
            "AND o.ordinal > t.ordinal) END FROM player_totals t WHERE t.guild_id = ? AND t.user_id = ? ORDER BY t.game",
            (guild_id, user_id),
        )
        return [
            PlayerStats(game=r[0], games=r[1], wins=r[2], average_place=r[3] / r[1], points=r[4],
                        rating=_rating(r[5], r[6]), rated_games=r[7], streak=r[8], best_streak=r[9],
                        rank=r[12], last_played_at=from_micros(r[10]), hints=r[11])
            for r in rows
        ]

    async def history(self, guild_id: int, user_id: int | None = None, limit: int = 10) -> list[HistoryEntry]:
        """The guild's (or one person's) most recently ended games, newest first.

        One query: the newest game ids from a time index, joined to their games and seats.
        """
        if not 1 <= limit <= MAX_PAGE:
            raise ValueError(f"limit must be between 1 and {MAX_PAGE}")
        recent, params = (
            (GUILD_HISTORY_SQL, (guild_id, limit)) if user_id is None
            else (PLAYER_HISTORY_SQL, (guild_id, user_id, limit))
        )
        rows = await self._db.fetchall(
            "SELECT g.game_id, g.game, g.guild_id, g.channel_id, g.thread_id, g.rated, g.started_at, g.ended_at, "
            f"g.summary = '{json.dumps({ABANDONED: True})}', s.seat, s.user_id, s.ai_level, s.name, s.team, s.place, s.points, s.won, s.mu_before, s.sigma_before, "
            f"s.mu_after, s.sigma_after FROM ({recent}) AS recent JOIN games g ON g.game_id = recent.game_id "
            "JOIN game_seats s ON s.game_id = g.game_id ORDER BY g.ended_at DESC, g.game_id DESC, s.seat",
            params,
        )
        entries: list[HistoryEntry] = []
        for r in rows:
            abandoned, r = bool(r[8]), r[:8] + r[9:]
            seat = SeatResult(
                seat=r[8], user_id=r[9], ai_level=r[10], name=r[11], team=r[12], place=r[13], points=r[14],
                won=bool(r[15]), rating_before=_rating(r[16], r[17]), rating_after=_rating(r[18], r[19]),
            )
            if entries and entries[-1].game_id == r[0]:
                entries[-1] = replace(entries[-1], seats=(*entries[-1].seats, seat))
            else:
                entries.append(HistoryEntry(
                    game_id=r[0], game=r[1], guild_id=r[2], channel_id=r[3], thread_id=r[4], rated=bool(r[5]),
                    started_at=from_micros(r[6]), ended_at=from_micros(r[7]), seats=(seat,), abandoned=abandoned,
                ))
        return entries

    async def game_record(self, game_id: str) -> GameRecord | None:
        """A finished game as recorded (seed and action log included), to show or replay it."""
        # A recorded game never changes, so two separate reads agree.
        game = await self._db.fetchone(
            "SELECT guild_id, channel_id, thread_id, game, options, seed, actions, team_places, summary, rated, "
            "started_at, ended_at FROM games WHERE game_id = ?",
            (game_id,),
        )
        if game is None:
            return None
        seats = await self._db.fetchall(
            "SELECT user_id, ai_level, name, team, place, points, hints FROM game_seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        team_places = None if game[7] is None else {int(t): int(p) for t, p in json.loads(game[7])}
        return GameRecord(
            game_id=game_id, guild_id=game[0], channel_id=game[1], thread_id=game[2], game=game[3],
            options=json.loads(game[4]), seats=tuple(Seat(user_id=s[0], ai_level=s[1], name=s[2]) for s in seats),
            places=tuple(s[4] for s in seats), points=tuple(s[5] for s in seats), seed=int(game[5]),
            actions=tuple(json.loads(game[6])), started_at=from_micros(game[10]), ended_at=from_micros(game[11]),
            teams=None if team_places is None else tuple(s[3] for s in seats), team_places=team_places,
            summary=json.loads(game[8]), rated=bool(game[9]),
            hints=tuple(s[6] for s in seats) if any(s[6] for s in seats) else (),
        )


    # -- a person's own preferences (every server) -------------------------------------------

    async def user_language(self, user_id: int) -> str | None:
        """The language a person chose for their private texts; None: follow the server, then Discord."""
        row = await self._db.fetchone("SELECT language FROM user_preferences WHERE user_id = ?", (user_id,))
        return None if row is None or row[0] is None else str(row[0])

    async def set_user_language(self, user_id: int, language: str | None, now: datetime | None = None) -> None:
        """Remember a person's language (None: back to automatic); their other preferences stay."""
        stamp = to_micros(now or datetime.now(UTC))
        await self._db.execute(
            "INSERT INTO user_preferences (user_id, language, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at",
            (user_id, language, stamp),
        )

    async def user_languages(self) -> dict[int, str]:
        """Every person's chosen language (people who chose none are left out): read once at start-up."""
        rows = await self._db.fetchall("SELECT user_id, language FROM user_preferences WHERE language IS NOT NULL")
        return {int(r[0]): str(r[1]) for r in rows}

    async def set_user_pings(self, user_id: int, pings: str | None, now: datetime | None = None) -> None:
        """Remember when the bot may mention a person (None: the server's default); their other preferences stay."""
        stamp = to_micros(now or datetime.now(UTC))
        await self._db.execute(
            "INSERT INTO user_preferences (user_id, pings, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET pings = excluded.pings, updated_at = excluded.updated_at",
            (user_id, pings, stamp),
        )

    async def user_pings(self) -> dict[int, str]:
        """Every person's mention preference (people who chose none are left out): read once at start-up."""
        rows = await self._db.fetchall("SELECT user_id, pings FROM user_preferences WHERE pings IS NOT NULL")
        return {int(r[0]): str(r[1]) for r in rows}

    async def set_user_tips(self, user_id: int, on: bool, now: datetime | None = None) -> None:
        """Whether a person wants the first-time explanations of a game's words (#45); other preferences stay."""
        stamp = to_micros(now or datetime.now(UTC))
        await self._db.execute(
            "INSERT INTO user_preferences (user_id, tips, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET tips = excluded.tips, updated_at = excluded.updated_at",
            (user_id, None if on else False, stamp),
        )

    async def users_without_tips(self) -> set[int]:
        """The people who turned the first-time tips off: read once at start-up."""
        rows = await self._db.fetchall("SELECT user_id FROM user_preferences WHERE tips = ?", (False,))
        return {int(r[0]) for r in rows}

    async def tips_seen(self, user_id: int) -> set[str]:
        """The words a person was already told about (each is explained once)."""
        rows = await self._db.fetchall("SELECT word FROM user_tips_seen WHERE user_id = ?", (user_id,))
        return {str(r[0]) for r in rows}

    async def add_tips_seen(self, user_id: int, words: Iterable[str], now: datetime | None = None) -> None:
        """Remember that a person was told about ``words`` (a word told twice, by two processes, is kept once).

        One statement for all the words, not a transaction: a transaction holds SQLite's one connection for
        three round trips, and every save of every game waits for it (``db.SqliteDatabase``)."""
        stamp = to_micros(now or datetime.now(UTC))
        rows = [(user_id, word, stamp) for word in dict.fromkeys(words)]
        if not rows:
            return
        await self._db.execute(
            "INSERT INTO user_tips_seen (user_id, word, seen_at) VALUES "
            + ", ".join("(?, ?, ?)" for _ in rows) + " ON CONFLICT (user_id, word) DO NOTHING",
            [value for row in rows for value in row],
        )

    async def set_guild_pings(self, guild_id: int, pings: str | None) -> None:
        """A server's default mention preference (None: the bot's default); its other settings stay."""
        await self._db.execute(
            "INSERT INTO guild_settings (guild_id, rated, pings) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET pings = excluded.pings",
            (guild_id, True, pings),
        )

    async def guild_pings(self) -> dict[int, str]:
        """Every server's default mention preference (servers that set none are left out): read at start-up."""
        rows = await self._db.fetchall("SELECT guild_id, pings FROM guild_settings WHERE pings IS NOT NULL")
        return {int(r[0]): str(r[1]) for r in rows}

    async def set_guild_replays(self, guild_id: int, replays: str | None) -> None:
        """A server's choice about animated hand summaries ('on', 'off'; None: the default); its other
        settings stay."""
        await self._db.execute(
            "INSERT INTO guild_settings (guild_id, rated, replays) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET replays = excluded.replays",
            (guild_id, True, replays),
        )

    async def guild_replays(self, guild_id: int) -> str | None:
        """The server's choice about animated hand summaries; None where it made none."""
        row = await self._db.fetchone("SELECT replays FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if row is None or row[0] is None else str(row[0])

    async def guild_languages(self) -> dict[int, str]:
        """Every server's chosen language (servers that follow Discord are left out): read once at start-up."""
        rows = await self._db.fetchall("SELECT guild_id, language FROM guild_settings WHERE language IS NOT NULL")
        return {int(r[0]): str(r[1]) for r in rows}

__all__ = ["Period", "Sort", "Storage", "leaderboard_sql"]
