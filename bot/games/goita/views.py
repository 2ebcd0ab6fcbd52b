"""What one seat (or the public) may see of a Goita match: the renderer and the AIs read only this.

Pieces are romaji ids (``"kin"``); a face-down piece is ``None`` except for its owner (R6.12).
Seats are 0..3 = S, E, N, W; teams are N–S = 0 (seats 0, 2) and E–W = 1 (seats 1, 3).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Column:
    """One two-piece play in front of a seat (R6.13): ``first`` nearer the centre, ``attack``
    nearer the player. ``first`` is ``None`` when it lies face down and the viewer may not see it."""

    first: str | None
    face_down: bool
    attack: str


@dataclass(frozen=True)
class Step:
    """One action of the current round in order: ``kind`` is lead, block or pass."""

    seat: int
    kind: str
    first: str | None = None
    attack: str | None = None


@dataclass(frozen=True)
class SeatDraw:
    """The team draw at Start (R3.1/R3.2, V1, §12.2), told before the first deal.

    ``order``: the lobby position of the person in each seat S, E, N, W (None: the lobby's order, V1
    "choose"); ``pieces``: the piece each seat drew (None: nothing is drawn); ``dealer``: the first
    dealer's seat, which the drawn pieces name when ``dealer_drawn`` (R3.1: 王 deals).
    """

    order: tuple[int, ...] | None
    pieces: tuple[str, ...] | None
    dealer: int
    dealer_drawn: bool


@dataclass(frozen=True)
class View:
    """A seat's view (``seat is None``: the public/spectator view).

    ``phase``: ``"play"`` (turns), ``"decide"`` (partners answer five pawns, R5.6/R5.7),
    ``"ritual_point"`` / ``"ritual_offset"`` (dealing ritual, V2), ``"over"`` (match ended).
    ``leading`` is True when the player to act must lead (face down + attack; no pass).
    ``passed`` lists seats that passed since the current attack (pass markers).
    ``goshi`` marks seats publicly known to hold five pawns this round (A10 badge).
    ``decided`` lists deciders who have answered; their answers stay hidden (``None``) until all
    are in, except the viewer's own ``my_decision``.
    ``last_round`` summarises the previous round (winner, points, revealed pieces) for the
    end-of-round screen; ``draw`` is the team draw per seat (R3.1/R3.2), ``None`` for "choose".
    ``hand_counts``: the viewer's pieces counted by piece code (the panel's "×n"); ``unblockable``: the
    attack to answer is a king, which nobody can block (R6.8); ``king_rule``: the viewer holds a king and
    none lies face up yet, so R6.9 limits his king attacks (the panel states the rule).
    """

    seat: int | None
    phase: str
    seats: tuple[str, ...]
    teams: tuple[int, ...]
    scores: tuple[int, int]
    target: int
    round_no: int
    dealer: int
    turn: int | None
    to_act: tuple[int, ...]
    leading: bool
    attack: str | None
    attacker: int | None
    passes: int
    passed: tuple[int, ...]
    faceup_kings: int
    hand: tuple[str, ...] | None
    hand_sizes: tuple[int, ...]
    table: tuple[tuple[Column, ...], ...]
    history: tuple[Step, ...]
    goshi: tuple[bool, ...]
    deciders: tuple[int, ...]
    decided: tuple[int, ...]
    my_decision: str | None
    ritual_point: int | None
    draw: tuple[str, ...] | None
    last_round: dict[str, Any] | None
    finished: bool
    winner_team: int | None
    options: dict[str, Any]
    hand_counts: tuple[int, ...] | None = None
    unblockable: bool = False
    king_rule: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible (tuples become lists when dumped); faster than ``dataclasses.asdict``."""
        out = {name: getattr(self, name) for name in self.__dataclass_fields__}
        out["table"] = [[{"first": c.first, "face_down": c.face_down, "attack": c.attack} for c in cols]
                        for cols in self.table]
        out["history"] = [{"seat": h.seat, "kind": h.kind, "first": h.first, "attack": h.attack}
                          for h in self.history]
        out["options"] = dict(self.options)
        out["last_round"] = copy.deepcopy(self.last_round)      # the view's dict is shared with the state
        return out
