"""What one seat (or the public) may see of a Go-Stop table (rules §13.1).

The renderer draws these, the AI decides from them. Cards are ids (``m08-bright``). Hidden
things appear only as counts: the stock, other players' hands, face-down gwangpalli layout.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class PlayerView:
    """One seat at the table, as everyone sees it.

    ``status``: ``playing`` (active this round), ``sitting_out`` (chose to), ``forced_out`` (R9.3,
    compensated), ``undecided`` (gwangpalli choice not made yet). ``captures`` are grouped by
    type in the renderer; ``score`` is the current base score (R6.8), ``junk_value`` the junk
    value with the flexible cup counted as junk. ``shown`` are hand cards shown to all (shaken
    triples, a chongtong quad) that are still in the hand. ``ppuk_turns`` are the player's own turn
    numbers (from 1) on which he made a ppuk this round (R10A.M4); ``bombs`` his bombs and grenades that
    double his winnings (V-B2, R10A.M11 ``as_shake``).
    """

    seat: int
    status: str
    hand_count: int
    captures: tuple[str, ...]
    score: int
    junk_value: int
    pass_credits: int
    go_count: int
    last_go_score: int
    ppuks: int
    shaken: tuple[int, ...]
    shown: tuple[str, ...]
    turns_taken: int
    chips: int
    ppuk_turns: tuple[int, ...] = ()
    bombs: int = 0


@dataclass(frozen=True)
class StackView:
    """A three-card stack (ppuk) in the layout; ``creator_seat`` is None for a stack dealt (R3.5).

    ``jokers``: jokers riding on the stack under variant V-J2, taken with it.
    """

    month: int
    creator_seat: int | None
    jokers: tuple[str, ...] = ()


@dataclass(frozen=True)
class PendingView:
    """The turn in progress while its player must choose (R4.4 k=2 after a joker, R4.7 j=2).

    ``played`` is the card resolved as the hand card (after a joker, its replacement),
    ``played_on`` the layout card it sits on (if any), ``flipped`` the stock card turned up,
    ``choices`` the layout cards the player may take now.
    """

    played: str | None
    played_on: str | None
    flipped: str | None
    choices: tuple[str, ...]


@dataclass(frozen=True)
class LastTurn:
    """The most recent turn, for highlights: what was played/flipped and what it captured."""

    seat: int | None
    played: tuple[str, ...]
    flipped: tuple[str, ...]
    captured: tuple[str, ...]
    events: tuple[str, ...]


@dataclass(frozen=True)
class View:
    """The table from ``seat``'s chair (``None`` = spectators).

    ``phase``: ``choose`` (gwangpalli play/sit, R9.3), ``turn`` (play, shake, bomb or flip),
    ``take_hand`` / ``take_flip`` (pick one of two layout cards), ``go_stop``, ``finished``.
    ``layout[m - 1]`` holds month m's layout cards; ``stacks`` marks months whose three cards form
    a stack. ``stop_pays`` (during ``go_stop``) is what each opponent would pay on Stop now.
    ``log`` holds the last public events as ``{"kind", "seat", "data"}`` dicts. ``syodang_offerer`` is the
    seat of the latest syodang offer (O-2), ``syodang_rejecter`` whoever rejected it while its window is open;
    ``pot`` the boar pot (V-E5); ``mission`` / ``mission_factor`` this round's mission (V-M1).
    ``score_parts[seat]`` splits that seat's score by category (``brights``, ``animals``, ``godori``,
    ``ribbons``, ``hong_dan``, ``cheong_dan``, ``cho_dan``, ``junk``; they add up to ``score``), with
    counts (``bright_count``, ``animal_count``, ``bird_count``, ``ribbon_count``, ``junk_value``,
    ``cup_as_junk``) and the winner's multipliers (``go_count``, ``go_bonus``, ``go_mult``, ``shake_mult``,
    ``nagari_mult``, ``meong_dda``, ``multiplier``) — all from public facts.
    ``preset`` is the rules preset (§10A: ``none`` or ``matgo``) and ``preset_modified`` the keys the host set
    against it ("matgo (modified)"). ``replay``: the player to act played a joker and plays a hand card
    again (R10A.M12). During ``go_stop``, ``next_go`` is (go_add, go_mult) the deciding player's next Go
    would give and ``go_bak_risk`` whether losing after it makes him pay more (go-bak: R8.1, R10A.M2).
    ``last_card_rule`` is ``last_card_exception`` (R5.9 / R10A.M9), for warnings on a last card.
    ``nagari_mult`` is what this round's payments are multiplied by after nagari (R7.9(e)); ``history`` the
    rounds settled so far (``result().summary["history"]``'s entries). In the ``give`` phase (R5.8,
    ``steal_choice = "ask"``) ``give_thief`` takes junk and ``give_demand`` cards are asked of the seat to act.
    ``hand_matches`` (a seat's own view, in the ``turn`` phase): per hand card ``(card, what, cards)``, what
    playing it meets: ``joker`` / ``joker_redraw`` (R4.9, R10A.M12), ``stack``, ``none``, ``one`` or ``two``
    layout cards (``cards``).
    """

    seat: int | None
    seats: int
    phase: str
    round_no: int
    rounds: int
    dealer: int
    active: tuple[int, ...]
    turn: int | None
    to_act: tuple[int, ...]
    target: int
    nagari_streak: int
    stock_count: int
    layout_face_down: int
    layout: tuple[tuple[str, ...], ...]
    stacks: tuple[StackView, ...]
    players: tuple[PlayerView, ...]
    hand: tuple[str, ...]
    pending: PendingView | None
    stop_pays: tuple[tuple[int, int], ...]
    last_turn: LastTurn
    log: tuple[dict[str, Any], ...]
    weolyak_month: int
    jokers: int
    finished: bool
    options: dict[str, Any] = field(default_factory=dict)
    syodang_offerer: int | None = None
    syodang_rejecter: int | None = None
    pot: int = 0
    mission: str | None = None
    mission_factor: int = 1
    score_parts: tuple[dict[str, int], ...] = ()
    preset: str = "none"
    preset_modified: tuple[str, ...] = ()
    replay: bool = False
    next_go: tuple[int, int] = (0, 1)
    go_bak_risk: bool = False
    last_card_rule: str = "round_final"
    nagari_mult: int = 1
    history: tuple[dict[str, Any], ...] = ()
    give_thief: int | None = None
    give_demand: int = 0
    hand_matches: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible (tuples become lists)."""
        out: dict[str, Any] = _jsonable(asdict(self))
        return out
