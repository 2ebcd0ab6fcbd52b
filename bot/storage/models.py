"""The values storage takes and returns: plain frozen dataclasses, no SQL, no Discord.

Times are timezone-aware ``datetime`` values (stored as UTC microseconds, so they
round-trip exactly). JSON-shaped fields (options, actions, state, summary) must hold
JSON values: dicts with string keys, lists, strings, numbers, booleans and ``None``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class StorageError(Exception):
    """Storage cannot go on (e.g. a database newer than this code); ``str()`` says what to do."""


def to_micros(moment: datetime) -> int:
    """``moment`` as whole microseconds since the epoch; naive datetimes are refused."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"datetime {moment!r} must be timezone-aware")
    return (moment - _EPOCH) // timedelta(microseconds=1)


def from_micros(micros: int) -> datetime:
    """The inverse of ``to_micros``, in UTC."""
    return _EPOCH + timedelta(microseconds=micros)


def json_normal(value: Any) -> Any:
    """``value`` as it will come back from the database (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a person (``user_id``) or the computer (``ai_level``)."""

    user_id: int | None = None
    ai_level: str | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.ai_level is None):
            raise ValueError("a seat has exactly one of user_id (a person) or ai_level (the computer)")

    @classmethod
    def human(cls, user_id: int, name: str = "") -> Seat:
        return cls(user_id=user_id, name=name)

    @classmethod
    def computer(cls, level: str, name: str = "") -> Seat:
        return cls(ai_level=level, name=name)

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    def to_json(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "ai_level": self.ai_level, "name": self.name}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        return cls(user_id=data.get("user_id"), ai_level=data.get("ai_level"), name=data.get("name", ""))


@dataclass(frozen=True)
class Rating:
    """An openskill (Plackett-Luce) rating; ``ordinal`` (mu - 3 sigma) is what leaderboards sort by."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True)
class GuildSettings:
    """One server's settings. ``None`` means "not set here": the cog uses the bot-wide default
    (config's turn timeout, the default computer level, the guild's preferred locale)."""

    turn_timeout_s: int | None = None
    ai_level: str | None = None
    disabled_games: frozenset[str] = frozenset()
    rated: bool = True
    language: str | None = None
    #: the Hint button in rated games (issue #45); unrated and practice games always have it
    hints: bool = False

    def is_enabled(self, game: str) -> bool:
        """Games are enabled unless switched off, so a newly added game is on everywhere."""
        return game not in self.disabled_games


@dataclass(frozen=True)
class GameRecord:
    """A finished game, everything needed to show it, rate it and replay it.

    Per-seat tuples are indexed by seat number. ``places`` are finishing places (1 = best,
    ties share). In a team game ``teams[seat]`` is the seat's team and ``team_places`` maps
    each team to its place in the team result; teams are rated as teams from ``team_places``
    (``ranks_from_scores`` turns team points into places). ``rated=None`` means "as the
    guild's setting says when the game is recorded"; storage stores the decision it made.
    ``actions`` is the action log in whatever JSON shape the cogs replay it from.
    """

    game_id: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    options: Mapping[str, Any]
    seats: tuple[Seat, ...]
    places: tuple[int, ...]
    points: tuple[int, ...]
    seed: int
    actions: tuple[Any, ...]
    started_at: datetime
    ended_at: datetime
    teams: tuple[int, ...] | None = None
    team_places: Mapping[int, int] | None = None
    summary: Mapping[str, Any] = field(default_factory=dict)
    rated: bool | None = None
    #: hints each seat used (issue #45); empty: none counted
    hints: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        n = len(self.seats)
        set_ = object.__setattr__
        set_(self, "seats", tuple(self.seats))
        set_(self, "places", tuple(self.places))
        set_(self, "points", tuple(self.points))
        set_(self, "hints", tuple(self.hints))
        set_(self, "actions", tuple(json_normal(list(self.actions))))
        set_(self, "options", json_normal(dict(self.options)))
        set_(self, "summary", json_normal(dict(self.summary)))
        if n < 1 or len(self.places) != n or len(self.points) != n:
            raise ValueError("places and points need one entry per seat")
        humans = [s.user_id for s in self.seats if s.user_id is not None]
        if len(humans) != len(set(humans)):
            raise ValueError("a person can hold only one seat in a game")
        to_micros(self.started_at), to_micros(self.ended_at)
        if self.teams is None:
            if self.team_places is not None:
                raise ValueError("team_places needs teams")
            return
        set_(self, "teams", tuple(self.teams))
        if len(self.teams) != n:
            raise ValueError("teams needs one entry per seat")
        if self.team_places is None or set(self.team_places) != set(self.teams):
            raise ValueError("a team game needs team_places with a place for every team")
        set_(self, "team_places", dict(self.team_places))

    def won(self, seat: int) -> bool:
        """A seat wins when it (or, in a team game, its team) took first place."""
        if self.teams is not None and self.team_places is not None:
            return self.team_places[self.teams[seat]] == 1
        return self.places[seat] == 1


@dataclass(frozen=True)
class RatingChange:
    user_id: int
    before: Rating | None
    after: Rating


@dataclass(frozen=True)
class RecordedGame:
    """What ``record_game`` did: whether the game was rated and how ratings moved."""

    game_id: str
    rated: bool
    changes: tuple[RatingChange, ...]
    already_recorded: bool = False


@dataclass(frozen=True)
class LeaderboardRow:
    """One line of ``/leaderboard``; games, wins and points are for the period asked for."""

    rank: int
    user_id: int
    games: int
    wins: int
    points: int
    rating: Rating | None


@dataclass(frozen=True)
class PlayerStats:
    """One game's line of ``/stats``. ``streak`` is the current run of wins; ``rank`` the
    player's position on the all-time rating leaderboard (None when never rated)."""

    game: str
    games: int
    wins: int
    average_place: float
    points: int
    rating: Rating | None
    rated_games: int
    streak: int
    best_streak: int
    rank: int | None
    last_played_at: datetime
    #: hints used in these games (issue #45)
    hints: int = 0


@dataclass(frozen=True)
class SeatResult:
    seat: int
    user_id: int | None
    ai_level: str | None
    name: str
    team: int | None
    place: int
    points: int
    won: bool
    rating_before: Rating | None
    rating_after: Rating | None


@dataclass(frozen=True)
class HistoryEntry:
    """One finished game in ``/history``, with the ids needed to link to its thread."""

    game_id: str
    game: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    rated: bool
    started_at: datetime
    ended_at: datetime
    seats: tuple[SeatResult, ...]
    #: ended without a result (``Storage.record_abandoned``): no places, points or wins
    abandoned: bool = False

    @property
    def link_channel_id(self) -> int:
        """The thread the game was played in, or its channel when it had no thread."""
        return self.thread_id if self.thread_id is not None else self.channel_id


@dataclass(frozen=True)
class Snapshot:
    """An active game as saved after every move, enough to resume it after a restart.

    ``extra`` is for cog-owned details that must survive too (e.g. the lobby host).
    ``created_at``/``updated_at`` are set by storage and ignored on save.
    """

    game_id: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    options: Mapping[str, Any]
    seats: tuple[Seat, ...]
    seed: int
    state: Mapping[str, Any]
    state_version: int
    actions: Sequence[Any] = ()
    table_message_id: int | None = None
    turn_deadline: datetime | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    created_at: datetime | None = None
    updated_at: datetime | None = None
