"""What one seat (or a spectator) may see: the renderer draws it, the AI decides from it.

Cards are ``Card`` objects here; ``to_dict()`` writes them in notation (``"7♠"``, ``"BJ"``).
Hidden information never enters a view: other hands appear only as counts, a
pending tribute/return card only in its giver's own view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.core import Card

_SCALARS = (int, str, bool, float, type(None))


def _plain(value: Any) -> Any:
    """JSON-compatible copy: cards in notation, dataclasses as dicts, tuples as lists."""
    kind = type(value)
    if kind is Card:
        return str(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        return [_plain(v) for v in value]
    if kind is dict:
        return {str(k): _plain(v) for k, v in value.items()}
    names = getattr(kind, "__dataclass_fields__", None)
    if names is not None:
        return {name: _plain(getattr(value, name)) for name in names}
    return value


@dataclass(frozen=True)
class ComboView:
    """How a play was read: ``kind`` single/set/run/multi, ``rank`` = set rank or top rank.

    ``ranks`` x ``per_rank`` is the shape (a set is 1 x n, a run n x 1); ``label`` is
    ``single``/``set``/``run``/``KxM``; ``reading`` shows wild cards, e.g. ``6♥ BJ(7♥) 8♥``.
    """

    kind: str
    size: int
    ranks: int
    per_rank: int
    rank: int
    suited: bool
    pure: bool
    label: str
    reading: str

    def to_dict(self) -> dict[str, Any]:
        return dict(_plain(self))


@dataclass(frozen=True)
class TrickEntry:
    """One turn in the current trick: a play (``cards``, ``combo``) or a pass (``cards`` empty)."""

    seat: int
    cards: tuple[Card, ...]
    combo: ComboView | None

    @property
    def passed(self) -> bool:
        return not self.cards


@dataclass(frozen=True)
class ExchangeView:
    """The tribute/return between hands (§8). ``step``: tribute, take_tribute, return, take_return.

    ``tributes``/``returns`` hold cards revealed to everyone (empty until both are in);
    ``my_choice`` is this viewer's own not-yet-revealed card; ``eligible`` the cards this
    viewer may give as tribute (their top rank).
    """

    step: str
    first_seat: int
    second_seat: int
    second_last_seat: int
    last_seat: int
    waiting: tuple[int, ...]
    tributes: tuple[Card, ...]
    tribute_givers: tuple[int, ...]
    returns: tuple[Card, ...]
    return_givers: tuple[int, ...]
    my_choice: Card | None
    eligible: tuple[Card, ...]


@dataclass(frozen=True)
class HandSummary:
    """How the previous hand ended: seats in finishing order and the points each seat/team got."""

    hand_no: int
    order: tuple[int, ...]
    points: tuple[int, ...]
    team_points: tuple[int, ...] | None


@dataclass(frozen=True)
class View:
    """Everything ``seat`` may know (``seat`` None = the public table).

    ``turn`` is the seat to play (play phase); ``to_act`` every seat that may act now.
    ``top`` is the play to beat (None when the turn player leads). ``known[s]`` are
    cards everyone knows seat ``s`` holds (received face up in the exchange, not yet
    played). ``scores`` are per seat (team games: each member shows the team total).
    """

    seat: int | None
    seats: int
    mode: str
    target_score: int
    twos_natural_in_sequences: bool
    allow_joker_pair: bool
    hand_no: int
    phase: str
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    dealer: int | None
    leader: int | None
    lead_card: Card | None
    turn: int | None
    to_act: tuple[int, ...]
    top_seat: int | None
    top_cards: tuple[Card, ...]
    top: ComboView | None
    trick: tuple[TrickEntry, ...]
    passed: tuple[int, ...]
    out_order: tuple[int, ...]
    scores: tuple[int, ...]
    team_scores: tuple[int, ...] | None
    teams: tuple[int, ...] | None
    played: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]
    exchange: ExchangeView | None
    last_hand: HandSummary | None
    recent: tuple[tuple[int, str], ...]
    finished: bool
    winners: tuple[int, ...]
    version: int
    game: str = "zhengshangyou"

    def to_dict(self) -> dict[str, Any]:
        return dict(_plain(self))
