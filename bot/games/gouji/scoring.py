"""Scoring and settlement (R10): a hand's team points from its finishing order, when the session ends, and
the session's standing. Pure figures of plain data, read by the engine, the views and the ``hard`` player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.core import Result

SEATS = 6
#: R10.3: team points by finishing place (first to sixth)
POINTS = (4, 2, 0, 0, -2, -4)


def finishing_order(places: Sequence[int]) -> list[int]:
    """The seats in finishing order, from each seat's place (1..6)."""
    order = [0] * SEATS
    for seat, place in enumerate(places):
        order[place - 1] = seat
    return order


def hand_points(order: Sequence[int]) -> tuple[list[int], bool]:
    """R10.3–R10.5: team scores [team 0, team 1] for a finishing order, and whether it was Chuan San Hu."""
    score = [0, 0]
    for pos, seat in enumerate(order):
        score[seat % 2] += POINTS[pos]
    csh = order[0] % 2 == order[1] % 2 == order[2] % 2
    if csh:
        score = [2 * x for x in score]
    return score, csh


def session_over(options: Mapping[str, Any], hand_no: int, scores: Sequence[int]) -> bool:
    """R10.8, D-31: the session ends after ``session_hands`` hands, or when a team's score reaches the target."""
    if options["session_end"] == "hands":
        return bool(hand_no >= options["session_hands"])
    return bool(max(abs(scores[0]), abs(scores[1])) >= options["target_score"])


def standing(scores: Sequence[int], history: Sequence[Mapping[str, Any]], finished: bool) -> Result:
    """Session standing: the team ahead on cumulative score wins (R10.8)."""
    s0, s1 = scores
    places = {s: (1 if (s0 >= s1 if s % 2 == 0 else s1 >= s0) else 2) for s in range(SEATS)}
    return Result(
        finished=finished, places=places, points={s: scores[s % 2] for s in range(SEATS)},
        team_points={0: s0, 1: s1}, teams={s: s % 2 for s in range(SEATS)},
        summary={"hands": len(history), "scores": [s0, s1],
                 "history": [{"order": h["order"], "points": h["points"], "chuan_san_hu": h["chuan_san_hu"]}
                             for h in history]},
    )


__all__ = ["POINTS", "finishing_order", "hand_points", "session_over", "standing"]
