"""What one seat (or the public) may see of a Gou Ji table: the renderer draws these, the AI decides on them.

Cards are in notation (``"Q"``, ``"2"``, ``"BJ"``); seats are 0..5 (A..F), team = seat % 2.
Card counts are exact for everyone: every play is public, so a careful player can always
count them; the renderer applies ``options["public_count_display"]`` (D-20) via ``bucket``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def _json(value: Any) -> Any:
    if hasattr(value, "__dataclass_fields__"):
        return {name: _json(getattr(value, name)) for name in value.__dataclass_fields__}
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


@dataclass(frozen=True)
class SeatView:
    """One seat at the table as the viewer sees it."""

    seat: int
    team: int
    cards: int
    #: "more" (> 10), "ten_or_fewer", "out", or "" when the count display is off (D-20)
    bucket: str
    #: finishing position once out (1..6), else None
    place: int | None
    #: passed in the current trick
    passed: bool
    #: Tiao Pai cards (R9.4), public
    exposed: tuple[str, ...] | None
    #: this seat showed its hand to its partners (R9.5)
    shown_to_partners: bool
    #: the last public answer to "how many cards?" (R9.3): "7", "man_hu", "wen_bu_zhao", or None
    count_answer: str | None


@dataclass(frozen=True)
class TrickPlay:
    """One set of the current trick, in playing order."""

    seat: int
    play: str
    #: "lead", "beat", "duel", "shao_pai"
    how: str


@dataclass(frozen=True)
class ExchangeView:
    """One tribute exchange (§5). ``given``/``returned`` are shown only to its payer and receiver."""

    payer_seat: int
    receiver_seat: int
    cards: int
    #: "pending", "pay", "skip" (same team, R5.5), "free" (Jie Fang, R5.8), "given", "returned"
    status: str
    given: tuple[str, ...] | None
    returned: tuple[str, ...] | None


@dataclass(frozen=True)
class HandScore:
    """A finished hand: seats in finishing order and the two team scores (R10.3–R10.5)."""

    order: tuple[int, ...]
    team_points: tuple[int, int]
    chuan_san_hu: bool


@dataclass(frozen=True)
class View:
    """Everything ``seat`` may see now (``seat`` None = public/spectator)."""

    seat: int | None
    #: "threes", "revolution", "ge_ming_vote", "ge_ming_decide", "swap", "tribute_agree",
    #: "tribute_return", "play", "finished"
    phase: str
    hand_no: int
    #: deals so far in the session (a revolution or a seat change redeals within a hand)
    deal_no: int
    #: "first", "fresh", "normal" (R4.1)
    hand_kind: str
    #: session length in hands, or None when the session ends at a target score
    session_hands: int | None
    to_act: tuple[int, ...]
    #: the seat whose turn it is in the trick (None between phases or when a team chooses, R9.6.3)
    turn: int | None
    seats: tuple[SeatView, ...]
    #: own cards ascending (empty for the public view)
    hand: tuple[str, ...]
    #: own cards as counts per rank 3..14, 2, BJ, RJ (15 numbers)
    hand_counts: tuple[int, ...]
    top: str | None
    top_seat: int | None
    trick: tuple[TrickPlay, ...]
    #: "normal", "gou_ji", "shao_pai", "endgame", "wind"
    mode: str
    #: (player, Dui Men) while a Gou Ji duel runs
    duel: tuple[int, int] | None
    shao_seat: int | None
    #: the current trick is played by the endgame rounds (R9.6.3)
    endgame: bool
    #: endgame: teammates who may take the slot
    candidates: tuple[int, ...]
    #: the player who would catch the wind (the top owner is out, R9.2.3)
    wind_seat: int | None
    #: the seat that leads (led) the first trick of this hand
    first_leader: int | None
    kai_pai_seat: int
    first_taker_seat: int
    #: the pair of 3s shown (R4.5): seat and the two cards
    threes_seat: int | None
    threes_cards: tuple[str, ...]
    ge_ming_seat: int | None
    #: teammates' votes on the revolution: "" (not involved), "?", "agree", "object"
    ge_ming_votes: tuple[str, ...]
    ready: tuple[bool, ...]
    #: loser swap (R5.6): "", "pending", "swapped", "kept"
    swap: str
    exchanges: tuple[ExchangeView, ...]
    #: own pending pre-hand decision kind or "" (what My hand should open)
    my_prompt: str
    #: Xian Rang Rang (R9.1): requester, asked teammate, "pending"/"accepted"/"declined"
    rang_pai: tuple[int, int, str] | None
    #: hands partners showed to this seat (R9.5), current cards
    partner_hands: tuple[tuple[int, tuple[str, ...]], ...]
    #: cards played face up this hand, counts per rank 3..RJ (15 numbers)
    played: tuple[int, ...]
    #: cards this seat gave / received in tribute this hand (private)
    tribute_given: tuple[str, ...]
    tribute_received: tuple[str, ...]
    team_scores: tuple[int, int]
    history: tuple[HandScore, ...]
    #: the last few public actions as (seat, text) for the table log
    recent: tuple[tuple[int, str], ...]
    finished: bool
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = _json(self)
        return data
