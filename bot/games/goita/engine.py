"""The Goita rules engine: one mutable ``State`` for a whole match, pure functions around it.

Seats 0..3 are S, E, N, W; play runs 0 → 1 → 2 → 3 (counter-clockwise, R2.3); teams are
N–S = 0 (seats 0, 2) and E–W = 1 (seats 1, 3). Hands are piece counts indexed by piece code
(see ``pieces``), table columns are ``(first, face_down, attack)`` tuples. Rule ids refer to
``shared/rules/goita.md``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.games.core import Event, GameInfo, IllegalAction, Option, Result, resolve_options, rng_for

from .actions import CONTINUE, PASS, PLAYS, REDEAL, Action, Decide, Offset, Pass, Play, Point
from .pieces import BLOCKERS, GIN, GYOKU, HISHA, IDS, KIN, KINGS, NUM_PIECES, OU, SET, SHI
from .scoring import GOSHI_GOSHI_POINTS, out_points, pawn_hand_points, reaches_target
from .views import Column, SeatDraw, Step, View

SEATS = ("S", "E", "N", "W")
TEAMS = (0, 1, 0, 1)
PLAY, DECIDE, RITUAL_POINT, RITUAL_OFFSET, OVER = "play", "decide", "ritual_point", "ritual_offset", "over"

OPTIONS: dict[str, Option] = {
    # rules (§8, §9, §9.1)
    "target_score": Option(150, minimum=10, maximum=1000),                            # R8.4 / X4
    "team_draw": Option("kings_rooks", choices=("kings_rooks", "two_pairs", "choose")),  # R3.1 / V1
    "first_dealer": Option(-1, minimum=-1, maximum=3),     # -1: by the draw; a seat forces it (A18 rematch)
    "deal_ritual": Option(False),                                                     # V2
    "king_final_attack": Option(False),                                               # X1
    "rokushi_pair_double": Option(False),                                             # X2
    "opposing_goshi": Option("ask", choices=("ask", "redeal")),                       # R5.7 / X3
    # display and table settings the engine only carries (V3, X5, §12)
    "reveal_all_at_round_end": Option(True),                                          # A20
    "scoring_chips": Option(False),                                                   # V3
    "table_talk_reminder": Option(False),                                             # X5
    # A18's ``keep_seats_on_rematch`` is not offered: a rematch lobby cannot yet keep the last game's seats
    "auto_pass_vs_king": Option(True),                                                # §12.5
    "confirm_moves": Option(False),                                                   # §12.5
    "rotate_pieces": Option(False),                                                   # §12.7
    "turn_timeout": Option(120, minimum=0, maximum=86400),                            # §12.10, seconds, 0 = off
}


def team_of(seats: int, options: Mapping[str, Any]) -> list[int] | None:
    """N–S against E–W (R2.1)."""
    return list(TEAMS) if seats == 4 else None


INFO = GameInfo(id="goita", min_seats=4, max_seats=4, options=OPTIONS, team_of=team_of)


@dataclass
class State:
    """Everything about a match. Mutated only by ``apply`` (and ``new_game``)."""

    seed: int
    options: dict[str, Any]
    dealer: int
    draw: list[int] | None
    version: int = 0
    phase: str = PLAY
    scores: list[int] = field(default_factory=lambda: [0, 0])
    deal_no: int = 0
    round_no: int = 1
    hands: list[list[int]] = field(default_factory=lambda: [[0] * NUM_PIECES for _ in range(4)])
    sizes: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    table: list[list[tuple[int, bool, int]]] = field(default_factory=lambda: [[], [], [], []])
    history: list[tuple[int, int, int, bool]] = field(default_factory=list)
    turn: int = 0
    attacker: int = 0
    attack: int = -1
    passes: int = 0
    faceup_kings: int = 0
    goshi: list[bool] = field(default_factory=lambda: [False] * 4)
    deciders: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=lambda: [-1] * 4)
    ritual_point: int = -1
    last_round: dict[str, Any] | None = None
    winner_team: int = -1

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "options": dict(self.options), "dealer": self.dealer,
            "draw": None if self.draw is None else list(self.draw), "version": self.version,
            "phase": self.phase, "scores": list(self.scores), "deal_no": self.deal_no,
            "round_no": self.round_no, "hands": [list(h) for h in self.hands], "sizes": list(self.sizes),
            "table": [[[f, d, a] for f, d, a in cols] for cols in self.table],
            "history": [list(step) for step in self.history],
            "turn": self.turn, "attacker": self.attacker, "attack": self.attack, "passes": self.passes,
            "faceup_kings": self.faceup_kings, "goshi": list(self.goshi), "deciders": list(self.deciders),
            "decisions": list(self.decisions), "ritual_point": self.ritual_point,
            "last_round": self.last_round, "winner_team": self.winner_team,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        d = dict(data)
        d["table"] = [[(f, bool(down), a) for f, down, a in cols] for cols in d["table"]]
        d["history"] = [(s, f, a, bool(lead)) for s, f, a, lead in d["history"]]
        d["hands"] = [list(h) for h in d["hands"]]
        return cls(**d)


state_from_dict = State.from_dict


# ---------------------------------------------------------------- setting up a match and a round

#: the piece each seat S, E, N, W draws, by ``team_draw`` (R3.1, §12.2: 王 at S deals, 玉 at N, the rooks
#: East and West; R3.2, A19: the higher pair, 金, at N–S); "choose" (V1) draws nothing
DRAWN: dict[str, tuple[int, int, int, int]] = {"kings_rooks": (OU, HISHA, GYOKU, HISHA),
                                               "two_pairs": (KIN, GIN, KIN, GIN)}


def _team_draw(seed: int, opts: Mapping[str, Any]) -> tuple[tuple[int, ...] | None, int]:
    """The pieces drawn per seat and the first dealer (R3.1/R3.2, V1, A18's forced dealer)."""
    rng = rng_for(seed, "draw")
    mode = opts["team_draw"]
    draw = DRAWN.get(mode)
    if mode == "kings_rooks":
        dealer = 0                                            # 王 deals
    elif mode == "two_pairs":
        dealer = 2 * rng.randrange(2)                         # the partners' janken, at random
    else:
        dealer = rng.randrange(4)                             # V1 "choose": a random first dealer
    if opts["first_dealer"] >= 0:
        dealer = opts["first_dealer"]
    return draw, dealer


def drawn_order(seed: int) -> list[int]:
    """Lobby position of the person in each seat S, E, N, W after the draw (R3.1/R3.2, §12.2).

    The lobby shows the partnerships (positions 1 & 3 against 2 & 4; the host may swap seats),
    so the draw keeps them: it decides which pair draws the kings (or the 金 pair) and sits
    North–South, who of them draws 王 (South, first dealer) and which rook sits East.
    """
    rng = random.Random(seed)
    pairs = [[0, 2], [1, 3]]
    kings = pairs.pop(rng.randrange(2))
    rooks = pairs[0]
    rng.shuffle(kings)
    rng.shuffle(rooks)
    return [kings[0], rooks[0], kings[1], rooks[1]]


def seat_draw(seed: int, options: Mapping[str, Any] | None = None) -> SeatDraw:
    """The team draw of a match about to start with ``seed`` and ``options`` (R3.1/R3.2, V1, §12.2).

    The engine cannot move people between seats: the Discord layer seats the lobby in ``order`` (that is
    the physical draw) before ``new_game``, and the drawn pieces land as §12.2 seats them."""
    opts = resolve_options(OPTIONS, options)
    draw, dealer = _team_draw(seed, opts)
    return SeatDraw(order=None if draw is None else tuple(drawn_order(seed)),
                    pieces=None if draw is None else tuple(IDS[p] for p in draw),
                    dealer=dealer, dealer_drawn=opts["team_draw"] == "kings_rooks")


def new_game(seats: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    """A match: the team draw picks the first dealer (R3.1/R3.2), then the first deal (R4, R5)."""
    return new_game_with_events(seats, seed, options)[0]


def new_game_with_events(seats: int, seed: int, options: Mapping[str, Any] | None = None,
                         ) -> tuple[State, list[Event]]:
    """``new_game`` plus what happened while setting it up: the draw, the first deal and its pawn
    check, which may already have decided round 1 (R5.2–R5.5) or asked for a decision (R5.6)."""
    if seats != 4:
        raise ValueError("Goita is played by exactly 4 players")
    opts = resolve_options(OPTIONS, options)
    draw, dealer = _team_draw(seed, opts)
    state = State(seed=seed, options=opts, dealer=dealer, draw=None if draw is None else list(draw))
    events = [
        Event("team_draw", dealer, {"draw": None if draw is None else [IDS[p] for p in draw], "dealer_seat": dealer}),
        Event("hand_start", dealer, {"round": 1, "dealer_seat": dealer, "redeal": False}),
    ]
    _begin_deal(state, events)
    return state, events


def _begin_deal(state: State, events: list[Event]) -> None:
    """A fresh deal by ``state.dealer`` (a new round, or a redeal by the same dealer)."""
    state.deal_no += 1
    state.hands = [[0] * NUM_PIECES for _ in range(4)]
    state.sizes = [0, 0, 0, 0]
    state.table = [[], [], [], []]
    state.history = []
    state.turn = state.attacker = state.dealer
    state.attack = -1
    state.passes = state.faceup_kings = 0
    state.goshi = [False] * 4
    state.deciders = []
    state.decisions = [-1] * 4
    state.ritual_point = -1
    if state.options["deal_ritual"]:
        state.phase = RITUAL_POINT
        events.append(Event("ritual", state.dealer, {"pointer_seat": (state.dealer + 1) % 4}))
        return
    _deal(state, 0, events)


def _deal(state: State, start: int, events: list[Event]) -> None:
    """R4.1: a uniform shuffle; ring piece ``start + i`` goes to the ``i``-th seat from the dealer."""
    ring = list(SET)
    rng_for(state.seed, "deal", state.deal_no).shuffle(ring)
    hands = state.hands
    dealer = state.dealer
    for i in range(32):
        hands[(dealer + i) % 4][ring[(start + i) % 32]] += 1
    state.sizes = [8, 8, 8, 8]
    state.phase = PLAY
    _pawn_check(state, events)


def _partner(seat: int) -> int:
    return (seat + 2) % 4


def _pawn_check(state: State, events: list[Event]) -> None:
    """R5: special hands with five or more pawns, before any play."""
    hands = state.hands
    fives: list[int] = []
    for seat in range(4):
        h = hands[seat]
        pawns = h[SHI]
        points = pawn_hand_points(h, state.options["rokushi_pair_double"])     # R5.2–R5.4, X2
        if points is not None:
            shown = [IDS[p] for p in range(NUM_PIECES) for _ in range(h[p])]
            events.append(Event("pawn_win", seat, {"pawns": pawns, "hand": shown, "points": points}))
            _end_round(state, seat, points, "pawns", False, events, shown)
            return
        if pawns == 5:
            fives.append(seat)
    if not fives:
        return                                                                  # R5.9: the dealer leads
    for seat in fives:
        state.goshi[seat] = True
        events.append(Event("goshi", seat, {"partner_seat": _partner(seat)}))  # R5.1: shown to all
    if len(fives) == 2 and TEAMS[fives[0]] == TEAMS[fives[1]]:
        team = TEAMS[fives[0]]                                                  # R5.5
        state.scores[team] += GOSHI_GOSHI_POINTS
        events.append(Event("goshi_goshi", fives[0], {"partner_seat": fives[1], "points": GOSHI_GOSHI_POINTS}))
        _record_round(state, fives[0], GOSHI_GOSHI_POINTS, "goshi_goshi", False, ["shi"] * 5, events)
        _finish(state, team, events)
        return
    if len(fives) == 2 and state.options["opposing_goshi"] == "redeal":        # X3
        _redeal(state, events)
        return
    state.phase = DECIDE                                                        # R5.6 / R5.7
    state.deciders = [_partner(seat) for seat in fives]
    for seat in state.deciders:
        events.append(Event("decide", seat, {"holder_seat": _partner(seat)}))


def _redeal(state: State, events: list[Event]) -> None:
    """R5.6: nobody scores and the same dealer deals again."""
    events.append(Event("redeal", state.dealer, {"round": state.round_no}))
    events.append(Event("hand_start", state.dealer, {"round": state.round_no, "dealer_seat": state.dealer,
                                                     "redeal": True}))
    _begin_deal(state, events)


def _record_round(state: State, winner: int, points: int, reason: str, doubled: bool,
                  shown: list[str] | None, events: list[Event]) -> None:
    """The end-of-round summary (R7, A20, A25) and the ``hand_end`` event."""
    team = TEAMS[winner]
    reveal = state.options["reveal_all_at_round_end"]
    table = []
    for seat, cols in enumerate(state.table):
        row = []
        for i, (f, down, a) in enumerate(cols):
            visible = reveal or not down or (doubled and seat == winner and i == len(cols) - 1)
            row.append([IDS[f] if visible else None, down, IDS[a]])
        table.append(row)
    summary: dict[str, Any] = {
        "round": state.round_no, "winner_seat": winner, "team": team, "points": points, "reason": reason,
        "doubled": doubled, "scores": list(state.scores), "score_ns": state.scores[0], "score_ew": state.scores[1],
        "places": [1 if TEAMS[s] == team else 2 for s in range(4)],
        "shown": shown, "table": table,
        "hands": [[IDS[p] for p in range(NUM_PIECES) for _ in range(h[p])] for h in state.hands] if reveal else None,
    }
    state.last_round = summary
    events.append(Event("hand_end", winner, dict(summary)))


def _finish(state: State, team: int, events: list[Event]) -> None:
    state.phase = OVER
    state.winner_team = team
    events.append(Event("game_over", None, {"team": team, "scores": list(state.scores),
                                            "score_ns": state.scores[0], "score_ew": state.scores[1]}))


def _end_round(state: State, winner: int, points: int, reason: str, doubled: bool,
               events: list[Event], shown: list[str] | None = None) -> None:
    """Score the round (R7.2, R7.4), end the match at the target (R8.2) or deal the next round (R3.4)."""
    team = TEAMS[winner]
    state.scores[team] += points
    _record_round(state, winner, points, reason, doubled, shown, events)
    if reaches_target(state.scores[team], state.options["target_score"]):
        _finish(state, team, events)
        return
    state.dealer = winner
    state.round_no += 1
    events.append(Event("hand_start", winner, {"round": state.round_no, "dealer_seat": winner, "redeal": False}))
    _begin_deal(state, events)


# ---------------------------------------------------------------- legal actions

_POINTS = tuple(Point(i) for i in range(1, 33))
_OFFSETS = tuple(Offset(k) for k in range(-2, 3))


def _kings_ok(state: State, h: list[int], seat: int, faceup_block_king: bool) -> bool:
    """R6.9 (and X1): may this turn's attack be a king?"""
    return (state.faceup_kings > 0 or faceup_block_king or (h[OU] > 0 and h[GYOKU] > 0)
            or (state.options["king_final_attack"] and state.sizes[seat] == 2))


_LEGAL_CACHE: dict[tuple[int, ...], tuple[Action, ...]] = {}
_LEGAL_CACHE_MAX = 200_000


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every distinct legal action of ``seat`` now (王 and 玉 are offered separately, §12.5)."""
    if state.phase != PLAY:
        if state.phase == DECIDE:
            return [CONTINUE, REDEAL] if seat in state.deciders and state.decisions[seat] < 0 else []
        if state.phase == RITUAL_POINT:
            return list(_POINTS) if seat == (state.dealer + 1) % 4 else []
        if state.phase == RITUAL_OFFSET:
            return list(_OFFSETS) if seat == state.dealer else []
        return []
    if seat != state.turn:
        return []
    h = state.hands[seat]
    # the answer depends only on the hand, the attack to answer (9 = leading) and whether a king
    # may attack regardless of the hand (R6.9(a), X1), so it is computed once per such key
    kings_free = state.faceup_kings > 0 or (state.options["king_final_attack"] and state.sizes[seat] == 2)
    key = (*h, 9 if seat == state.attacker else state.attack, kings_free)
    cached = _LEGAL_CACHE.get(key)
    if cached is None:
        if len(_LEGAL_CACHE) >= _LEGAL_CACHE_MAX:
            _LEGAL_CACHE.clear()
        cached = _LEGAL_CACHE[key] = _compute_legal(h, seat == state.attacker, state.attack, kings_free)
    return list(cached)


def _compute_legal(h: list[int], leading: bool, attack: int, kings_free: bool) -> tuple[Action, ...]:
    have = [p for p in range(NUM_PIECES) if h[p]]
    both = h[OU] > 0 and h[GYOKU] > 0
    out: list[Action]
    if leading:                                                # R6.3: lead, never pass
        plays = PLAYS[1]
        kings = kings_free or both                             # R6.9: a face-down king does not count
        out = []
        for f in have:
            row = plays[f]
            for a in have:
                if (a != f or h[f] > 1) and (a > GYOKU or kings):
                    out.append(row[a])
        return tuple(out)
    out = [PASS]                                               # R6.4, R6.10
    plays = PLAYS[0]
    for f in BLOCKERS[attack]:
        if not h[f]:
            continue
        kings = kings_free or both or f <= GYOKU               # R6.9(a): a king blocked face up this turn
        row = plays[f]
        for a in have:
            if (a != f or h[f] > 1) and (a > GYOKU or kings):  # R6.11: the attack must stay legal
                out.append(row[a])
    return tuple(out)


def to_act(state: State) -> set[int]:
    """Seats that may act now: the turn, the undecided partners, or the ritual's chooser."""
    phase = state.phase
    if phase == PLAY:
        return {state.turn}
    if phase == DECIDE:
        return {s for s in state.deciders if state.decisions[s] < 0}
    if phase == RITUAL_POINT:
        return {(state.dealer + 1) % 4}
    if phase == RITUAL_OFFSET:
        return {state.dealer}
    return set()


# ---------------------------------------------------------------- applying actions

def apply(state: State, seat: int, action: Action) -> list[Event]:
    """Validate ``action`` for ``seat``, then play it; returns what happened."""
    if state.phase == PLAY and seat == state.turn:
        cls = type(action)
        if cls is Play:
            return _play(state, seat, action)  # type: ignore[arg-type]
        if cls is Pass:
            return _pass(state, seat)
    return _apply_other(state, seat, action)


def _apply_other(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase == OVER:
        raise IllegalAction("goita.game_over", "This game is over.")
    if not 0 <= seat < 4:
        raise IllegalAction("goita.not_seated", "That seat is not at this table.")
    if isinstance(action, Decide):
        return _decide(state, seat, action)
    if isinstance(action, Point | Offset):
        return _ritual(state, seat, action)
    if state.phase == DECIDE:
        raise IllegalAction("goita.waiting_decision",
                            "Wait: the partner of the five-pawn holder first chooses to play on or redeal.")
    if state.phase in (RITUAL_POINT, RITUAL_OFFSET):
        raise IllegalAction("goita.waiting_ritual", "Wait: the pieces are being dealt.")
    if not isinstance(action, Play | Pass):
        raise IllegalAction("goita.bad_action", "“{text}” is not a Goita move. Try “pass”, “lead gon kin” or "
                            "“block kin gin”.", text=str(action))
    raise IllegalAction("goita.not_your_turn", "It is not your turn.")


def _play(state: State, seat: int, act: Play) -> list[Event]:
    h = state.hands[seat]
    f, a, lead = act.first, act.attack, act.lead
    if lead != (seat == state.attacker):
        if lead:
            raise IllegalAction("goita.cannot_lead",
                                "Only the leader places a piece face down: block the attack or pass.")
        raise IllegalAction("goita.must_lead",
                            "You are leading: place one piece face down and attack with another (lead X Y).")
    if not lead and f not in BLOCKERS[state.attack]:
        if state.attack <= GYOKU:
            raise IllegalAction("goita.king_unblockable", "Nobody can block a king attack: you must pass.")
        raise IllegalAction("goita.cannot_block", "{block} cannot block {attack}.",
                            block=IDS[f], attack=IDS[state.attack])
    if h[f] < 1 or h[a] < 1:
        raise IllegalAction("goita.not_in_hand", "You do not hold {piece}.", piece=IDS[f if h[f] < 1 else a])
    if f == a and h[f] < 2:
        raise IllegalAction("goita.not_in_hand_two", "You do not hold two {piece}.", piece=IDS[f])
    if a <= GYOKU and not _kings_ok(state, h, seat, not lead and f <= GYOKU):
        raise IllegalAction("goita.king_attack", "You may not attack with a king until the other king has been "
                            "played face up, unless you hold both kings at the start of your turn.")
    # valid: mutate
    state.version += 1
    h[f] -= 1
    h[a] -= 1
    state.sizes[seat] -= 2
    state.table[seat].append((f, lead, a))
    state.history.append((seat, f, a, lead))
    if f <= GYOKU and not lead:
        state.faceup_kings += 1
    if a <= GYOKU:
        state.faceup_kings += 1
    state.attack = a
    state.attacker = seat
    state.passes = 0
    if lead:
        events = [Event("lead", seat, {"attack": IDS[a]})]
    else:
        events = [Event("block", seat, {"block": IDS[f], "attack": IDS[a]})]
    if state.sizes[seat] == 0:                                    # R7.1: out at once
        points, doubled = out_points(f, a, lead)                  # R7.2, R7.3
        data: dict[str, Any] = {"attack": IDS[a], "points": points, "team": TEAMS[seat]}
        if doubled:
            data["hidden"] = IDS[f]
        events.append(Event("out_double" if doubled else "out", seat, data))
        _end_round(state, seat, points, "out", doubled, events)
    else:
        state.turn = (seat + 1) % 4
    return events


def _pass(state: State, seat: int) -> list[Event]:
    if seat == state.attacker:
        raise IllegalAction("goita.leader_cannot_pass",
                            "You are leading, so you cannot pass: place one piece face down and attack.")
    state.version += 1
    state.history.append((seat, -1, -1, False))
    state.passes += 1
    state.turn = nxt = (seat + 1) % 4
    if state.passes == 3:                                         # R6.6: back to the attacker
        return [Event("pass", seat), Event("lead_again", nxt)]
    return [Event("pass", seat)]


def _decide(state: State, seat: int, action: Decide) -> list[Event]:
    """R5.6 / R5.7: each asked partner answers privately; all answers are revealed together."""
    if state.phase != DECIDE:
        raise IllegalAction("goita.no_decision", "There is nothing to decide now.")
    if seat not in state.deciders:
        raise IllegalAction("goita.not_decider", "Only the partner of the five-pawn holder decides.")
    if state.decisions[seat] >= 0:
        raise IllegalAction("goita.already_decided", "You have already chosen.")
    state.version += 1
    state.decisions[seat] = int(action.redeal)
    events: list[Event] = []
    if any(state.decisions[s] < 0 for s in state.deciders):
        events.append(Event("decision_private", seat, {"choice": action.kind}, frozenset({seat})))
        events.append(Event("decided", seat))
        return events
    for s in state.deciders:
        events.append(Event("chose_redeal" if state.decisions[s] else "chose_continue", s,
                            {"holder_seat": _partner(s)}))
    if any(state.decisions[s] for s in state.deciders):
        _redeal(state, events)
    else:
        state.phase = PLAY
        state.deciders = []
        state.decisions = [-1] * 4
        events.append(Event("play_on", state.dealer))
    return events


def _ritual(state: State, seat: int, action: Point | Offset) -> list[Event]:
    """V2: the opponent on the dealer's right points, the dealer names an offset, then the deal."""
    if isinstance(action, Point):
        if state.phase != RITUAL_POINT:
            raise IllegalAction("goita.no_ritual", "No piece is being pointed at now.")
        if seat != (state.dealer + 1) % 4:
            raise IllegalAction("goita.not_pointer", "Only the opponent on the dealer's right points at a piece.")
        if not 1 <= action.index <= 32:
            raise IllegalAction("goita.bad_point", "Point at a piece numbered 1 to 32.")
        state.version += 1
        state.ritual_point = action.index
        state.phase = RITUAL_OFFSET
        return [Event("ritual_point", seat, {"index": action.index})]
    if state.phase != RITUAL_OFFSET:
        raise IllegalAction("goita.no_ritual", "No piece is being pointed at now.")
    if seat != state.dealer:
        raise IllegalAction("goita.not_dealer", "Only the dealer names the piece he takes.")
    if not -2 <= action.shift <= 2:
        raise IllegalAction("goita.bad_offset", "The offset must be between -2 and +2.")
    state.version += 1
    events = [Event("ritual_offset", seat, {"shift": action.shift}), Event("dealt", seat, {"round": state.round_no})]
    _deal(state, (state.ritual_point - 1 + action.shift) % 32, events)
    return events


# ---------------------------------------------------------------- views and results

def _hand_ids(h: list[int]) -> tuple[str, ...]:
    return tuple(IDS[p] for p in range(NUM_PIECES) for _ in range(h[p]))


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see (``None``: everyone): own hand and own face-down pieces only."""
    if seat is not None and not 0 <= seat < 4:
        raise ValueError(f"no seat {seat}")
    playing = state.phase == PLAY
    table = tuple(
        tuple(Column(IDS[f] if (not down or s == seat) else None, down, IDS[a]) for f, down, a in cols)
        for s, cols in enumerate(state.table)
    )
    history = tuple(
        Step(s, "pass") if f < 0 else
        Step(s, "lead" if lead else "block", IDS[f] if (not lead or s == seat) else None, IDS[a])
        for s, f, a, lead in state.history
    )
    has_attack = state.attack >= 0
    held = state.hands[seat] if seat is not None and state.phase != OVER else None
    all_in = bool(state.deciders) and all(state.decisions[s] >= 0 for s in state.deciders)
    return View(
        seat=seat, phase=state.phase, seats=SEATS, teams=TEAMS, scores=(state.scores[0], state.scores[1]),
        target=state.options["target_score"], round_no=state.round_no, dealer=state.dealer,
        turn=state.turn if playing else None, to_act=tuple(sorted(to_act(state))),
        leading=playing and state.turn == state.attacker,
        attack=IDS[state.attack] if has_attack else None, attacker=state.attacker if has_attack else None,
        passes=state.passes,
        passed=tuple((state.attacker + i) % 4 for i in range(1, state.passes + 1)) if has_attack else (),
        faceup_kings=state.faceup_kings,
        hand=_hand_ids(held) if held is not None else None,
        hand_sizes=tuple(state.sizes), table=table, history=history, goshi=tuple(state.goshi),
        deciders=tuple(state.deciders),
        decided=tuple(s for s in state.deciders if state.decisions[s] >= 0),
        my_decision=(("redeal" if state.decisions[seat] else "continue")
                     if seat is not None and state.decisions[seat] >= 0 and not all_in else None),
        ritual_point=state.ritual_point if state.ritual_point > 0 else None,
        draw=None if state.draw is None else tuple(IDS[p] for p in state.draw),
        last_round=state.last_round, finished=state.phase == OVER,
        winner_team=state.winner_team if state.winner_team >= 0 else None, options=dict(state.options),
        hand_counts=tuple(held) if held is not None else None,
        unblockable=has_attack and state.attack in KINGS,                                 # R6.8
        king_rule=held is not None and (held[OU] > 0 or held[GYOKU] > 0) and state.faceup_kings == 0,  # R6.9
    )


def result(state: State) -> Result:
    """Team totals; when finished, the winning team's seats are 1st and the others 2nd."""
    finished = state.phase == OVER
    places = {s: (1 if TEAMS[s] == state.winner_team else 2) for s in range(4)} if finished else {}
    return Result(
        finished=finished, places=places, points={s: state.scores[TEAMS[s]] for s in range(4)},
        team_points={0: state.scores[0], 1: state.scores[1]}, teams={s: TEAMS[s] for s in range(4)},
        summary={"scores": list(state.scores), "target": state.options["target_score"], "rounds": state.round_no,
                 "winner_team": state.winner_team if finished else None},
    )
