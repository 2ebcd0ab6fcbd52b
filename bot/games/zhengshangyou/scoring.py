"""Scoring (rules §7, §9, §10.5-§10.10, §11.2): the points of one hand and who has won the match.

Pure functions of the finishing order and the totals; the engine adds them up and reports them in its
``hand_end`` and ``match_end`` events and in the views, which is all the table and the summary show.
"""

from __future__ import annotations

from collections.abc import Sequence


def hand_points(mode: str, order: list[int]) -> tuple[list[int], list[int] | None]:
    """Points of one hand per seat (R7.1) and per team (R11.2, R10.5-R10.6)."""
    n = len(order)
    seat_pts = [0] * n
    seat_pts[order[0]] = 2
    seat_pts[order[1]] = 1
    if mode == "individual":
        return seat_pts, None
    team = [0, 0]
    if mode == "team4":
        team[order[0] % 2] += 2
        team[order[1] % 2] += 1
        return seat_pts, team
    t1, t2, last_team = order[0] % 2, order[1] % 2, order[-1] % 2
    if t1 != t2:
        team[t1] += 3
        team[t2] += 2
        team[1 - last_team] += 2
        return seat_pts, team
    third = next(i for i in range(2, n) if order[i] % 2 == t1) + 1
    if third == 3:
        team[t1] = 10
    elif third in (4, 5):
        team[t1] = 5
    else:
        team[t1] = 5
        team[1 - t1] = 2
    return seat_pts, team


def match_winners(mode: str, scores: Sequence[int], team_scores: Sequence[int] | None, target: int,
                  tie_rule: str, order: Sequence[int]) -> list[int]:
    """R9.2/R10.10: the seats of the highest total at or above the target (of a team, in team games); a tie
    means another hand (or, outside team6, R9.2's option: the tied side whose player finished earlier)."""
    seats = len(scores)
    if team_scores is None:
        totals = list(scores)
        units = list(range(seats))
        unit_of = list(range(seats))
    else:
        totals = list(team_scores)
        units = [0, 1]
        unit_of = [s % 2 for s in range(seats)]
    best = max(totals[u] for u in units)
    if best < target:
        return []
    tied = [u for u in units if totals[u] == best]
    if len(tied) > 1:
        if tie_rule != "earlier_finisher" or mode == "team6":
            return []
        tied = [next(unit_of[s] for s in order if unit_of[s] in tied)]
    win = tied[0]
    return [s for s in range(seats) if unit_of[s] == win]


__all__ = ["hand_points", "match_winners"]
