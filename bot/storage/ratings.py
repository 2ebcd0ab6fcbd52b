"""Openskill ratings for a finished game, and the calendar periods of leaderboards. Pure functions.

Only people are rated. Computer seats are left out before rating: a person's rating moves
only from how they placed against other people (beating the computer earns nothing, and a
computer partner neither helps nor hurts). Each team is rated as a team from its place in
the team result; in an individual game each person is a team of one ranked by finishing
place. A game is rated only when people sit on at least two sides.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from openskill.models import PlackettLuce

from .models import GameRecord, Rating, to_micros

MODEL = PlackettLuce()
K = TypeVar("K", bound=Hashable)


def default_rating() -> Rating:
    fresh = MODEL.rating()
    return Rating(mu=fresh.mu, sigma=fresh.sigma)


def ranks_from_scores(scores: Mapping[K, float]) -> dict[K, int]:
    """Places from scores, higher is better, ties share a place (1, 1, 3).

    >>> ranks_from_scores({"a": 10, "b": 30, "c": 10})
    {'a': 2, 'b': 1, 'c': 2}
    """
    return {key: 1 + sum(other > score for other in scores.values()) for key, score in scores.items()}


def rating_sides(record: GameRecord) -> list[tuple[int, list[int]]]:
    """The people of a game grouped into rated sides, as ``(place, [user ids])`` in seat order."""
    if record.teams is None or record.team_places is None:
        return [(record.places[i], [s.user_id]) for i, s in enumerate(record.seats) if s.user_id is not None]
    sides: dict[int, list[int]] = {}
    for seat, team in zip(record.seats, record.teams, strict=True):
        if seat.user_id is not None:
            sides.setdefault(team, []).append(seat.user_id)
    return [(record.team_places[team], members) for team, members in sides.items()]


def is_rateable(record: GameRecord) -> bool:
    """At least two sides with people on them (so two people, on different sides)."""
    return len(rating_sides(record)) >= 2


def rate(record: GameRecord, current: Mapping[int, Rating]) -> dict[int, Rating]:
    """New ratings of the game's people; ``current`` holds those already rated (others start fresh)."""
    sides = rating_sides(record)
    if len(sides) < 2:
        return {}
    start = default_rating()
    teams = [
        [MODEL.rating(mu=current.get(uid, start).mu, sigma=current.get(uid, start).sigma) for uid in members]
        for _, members in sides
    ]
    rated = MODEL.rate(teams, ranks=[float(place) for place, _ in sides])
    return {
        uid: Rating(mu=new.mu, sigma=new.sigma)
        for (_, members), team in zip(sides, rated, strict=True)
        for uid, new in zip(members, team, strict=True)
    }


def period_key(kind: str, moment: datetime) -> str:
    """The calendar period (UTC) that ``moment`` falls in: ``week:<Monday>`` or ``month:<YYYY-MM>``.

    >>> period_key("week", datetime(2026, 11, 29, 23, 59, tzinfo=UTC))
    'week:2026-11-23'
    >>> period_key("month", datetime(2026, 11, 29, tzinfo=UTC))
    'month:2026-11'
    """
    to_micros(moment)  # refuses naive datetimes
    day = moment.astimezone(UTC).date()
    if kind == "week":
        return f"week:{(day - timedelta(days=day.weekday())).isoformat()}"
    if kind == "month":
        return f"month:{day.year:04d}-{day.month:02d}"
    raise ValueError(f"period kind must be 'week' or 'month', not {kind!r}")
