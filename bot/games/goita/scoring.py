"""The scoring of a Goita round (R5.2–R5.5, R7.2–R7.4, X2) and the match's end (R8.2).

Pure functions of pieces and options, so the engine, the views and tests share one answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from .pieces import NUM_PIECES, SHI, TYPE, VALUE

#: R5.5: both partners hold five pawns: their team wins the match at once with this score added
GOSHI_GOSHI_POINTS = 150
#: R5.2: eight pawns
HACHI_SHI_POINTS = 100


def pawn_hand_points(hand: Sequence[int], rokushi_pair_double: bool = False) -> int | None:
    """R5.2–R5.4 (and X2): the points of a hand (piece counts by code) with six or more pawns, which wins
    the round before any play; None for any other hand."""
    pawns = hand[SHI]
    if pawns < 6:
        return None
    others = [p for p in range(NUM_PIECES) if p != SHI for _ in range(hand[p])]
    if pawns == 8:
        return HACHI_SHI_POINTS                                                 # R5.2
    if pawns == 7:
        return 2 * VALUE[others[0]]                                             # R5.3
    points = max(VALUE[others[0]], VALUE[others[1]])                            # R5.4
    if rokushi_pair_double and TYPE[others[0]] == TYPE[others[1]]:
        points *= 2                                                             # X2
    return points


def out_points(first: int, attack: int, lead: bool) -> tuple[int, bool]:
    """R7.2/R7.3: a player goes out with the play ``first`` + ``attack``: the points his team scores and
    whether they are doubled (a lead whose face-down piece is of the attack's type)."""
    doubled = lead and TYPE[first] == TYPE[attack]
    return (VALUE[attack] * 2 if doubled else VALUE[attack]), doubled


def reaches_target(score: int, target: int) -> bool:
    """R8.2: a team at or past the target score wins the match."""
    return score >= target


__all__ = ["GOSHI_GOSHI_POINTS", "HACHI_SHI_POINTS", "out_points", "pawn_hand_points", "reaches_target"]
