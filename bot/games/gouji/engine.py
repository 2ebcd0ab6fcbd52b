"""The Gou Ji rules engine: one mutable ``State`` per session, ``legal_actions``/``apply`` over it.

Phases of a hand: deal (Kai Pai, R4.3; pair of 3s, R4.5) → ``threes`` (only with
``threes_claim = "ask"``) → ``revolution`` window (R3.3–R3.6, every seat says ``ready``
or declares ``ge_ming``) → ``ge_ming_vote``/``ge_ming_decide`` → ``swap`` (R5.6) →
``tribute_agree`` (skip R5.5, Jie Fang R5.8) → ``tribute_return`` (R5.4) → ``play``.

``legal_actions`` lists plays by rank multiset (suits never matter in play, R2.5), so a
lead from 36 cards is a few hundred sets at most. Besides the actions of the seats in
``to_act`` it also lists the optional actions a seat may take out of turn: Shao Pai claims
(R8.1), Xian Rang Rang (R9.1), count questions (R9.3) and showing the hand to partners
(R9.5). They never appear in ``to_act``, so the public seat list reveals no eligibility.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from bot.games.core import Event, GameInfo, IllegalAction, Option, Result, full_deck, resolve_options, rng_for

from . import moves
from .moves import Hand
from .notation import (
    BJ,
    RANK_TEXT,
    RJ,
    TWO,
    Action,
    AskCount,
    Choose,
    Decision,
    Play,
    Return,
    ShaoPai,
    make_play,
)
from .scoring import finishing_order, hand_points, session_over, standing
from .views import ExchangeView, HandScore, SeatView, TrickPlay, View

SEATS = 6
RANK_TOTAL = [0, 0, 0] + [16] * 13 + [4, 4]  # R1.5: 16 of each natural and of 2s, 4 BJ, 4 RJ
_DECK = full_deck(4)

OPTIONS: dict[str, Option] = {
    "threes_claim": Option("auto", ("auto", "ask")),
    "kaipai_variant": Option("count", ("count", "faceup_card")),
    "return_lowest": Option(False),
    "shao_pai_check": Option("validate", ("validate", "penalty")),
    "shao_pai_window": Option("every_duel_set", ("every_duel_set", "start_only")),
    "shao_pai_allow_single_set": Option(False),
    "tiao_pai_max_cards": Option(10, minimum=0, maximum=36),
    "tiao_pai_partners_play": Option(False),
    "public_count_display": Option("bucket", ("bucket", "exact", "none")),
    "endgame_reorder": Option("rounds", ("rounds", "off")),
    "revolution_decision": Option("proposer_final", ("proposer_final", "team_unanimous")),
    "session_end": Option("hands", ("hands", "target")),
    "session_hands": Option(8, minimum=1, maximum=200),
    "target_score": Option(24, minimum=1, maximum=10_000),
    "auto_pass_opt_in": Option(False),
    "cpu_fill": Option(True),
    "afk_takeover": Option("timeout_rules", ("timeout_rules", "cpu")),
    "cpu_shao_wait_s": Option(8, minimum=0, maximum=120),
}


def team_of(seats: int, options: Mapping[str, Any]) -> list[int] | None:
    """R1.1: A, C, E against B, D, F."""
    return [s % 2 for s in range(seats)]


INFO = GameInfo(id="gouji", min_seats=6, max_seats=6, options=OPTIONS, team_of=team_of)


def dui(seat: int) -> int:
    """The Dui Men, the opponent opposite (R1.3)."""
    return (seat + 3) % SEATS


def _text(ranks: list[int]) -> list[str]:
    return [RANK_TEXT[r] for r in sorted(ranks)]


def _hand_text(hand: Hand) -> list[str]:
    return [RANK_TEXT[r] for r in range(3, 18) for _ in range(hand[r])]


@dataclass
class State:
    """A whole session; JSON round trip via ``to_dict``/``from_dict``."""

    seed: int
    options: dict[str, Any]
    version: int = 0
    hand_no: int = 1
    deal_no: int = 0
    hand_kind: str = "first"
    phase: str = "revolution"
    hands: list[list[int]] = field(default_factory=lambda: [[0] * 18 for _ in range(SEATS)])
    counts: list[int] = field(default_factory=lambda: [0] * SEATS)
    kai_pai: int = 0
    first_taker: int = 0
    first_leader: int = 0
    threes_seat: int = -1
    threes_suit: str = ""
    #: ask mode: eligible seats in deal order, with the suit of their pair
    threes_order: list[list[Any]] = field(default_factory=list)
    #: per-seat pending pre-hand decision: "" not involved, "?" pending, else the decision kind
    choice: list[str] = field(default_factory=lambda: [""] * SEATS)
    ready: list[bool] = field(default_factory=lambda: [False] * SEATS)
    ge_ming: int = -1
    votes: list[str] = field(default_factory=lambda: [""] * SEATS)
    #: tribute owed in this hand: "none", "standard", "csh"
    tribute: str = "none"
    prev_order: list[int] = field(default_factory=list)
    swap: str = ""
    exchanges: list[dict[str, Any]] = field(default_factory=list)
    tribute_given: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    tribute_received: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    turn: int = -1
    top: Play | None = None
    top_seat: int = -1
    passed: list[bool] = field(default_factory=lambda: [False] * SEATS)
    #: the current trick: [seat, play, how]
    trick: list[list[Any]] = field(default_factory=list)
    duel_a: int = -1
    duel_b: int = -1
    duel_plays: int = 0
    shao: int = -1
    eg: bool = False
    eg_leader: int = -1
    eg_pattern: list[int] = field(default_factory=list)
    eg_slot: int = 0
    eg_acted: list[bool] = field(default_factory=lambda: [False] * SEATS)
    eg_last: int = -1
    candidates: list[int] = field(default_factory=list)
    places: list[int] = field(default_factory=lambda: [0] * SEATS)
    n_out: int = 0
    n_penalized: int = 0
    played: list[int] = field(default_factory=lambda: [0] * 18)
    removed: list[int] = field(default_factory=lambda: [0] * 18)
    rang: list[Any] | None = None
    rang_mark: int = -1
    answered: list[int] = field(default_factory=lambda: [-1] * SEATS)
    answers: list[str | None] = field(default_factory=lambda: [None] * SEATS)
    shown: list[bool] = field(default_factory=lambda: [False] * SEATS)
    exposed: list[bool] = field(default_factory=lambda: [False] * SEATS)
    recent: list[list[Any]] = field(default_factory=list)
    scores: list[int] = field(default_factory=lambda: [0, 0])
    history: list[dict[str, Any]] = field(default_factory=list)
    #: a player was replaced during this hand: the next hand is fresh (R4.1 b, D-36)
    participant_changed: bool = False
    #: the last action ended a hand and the next one is dealt, untouched yet: the pause between hands (§13.6)
    between_hands: bool = False
    finished: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            out[name] = _deep(value) if type(value) in (list, dict) else value
        out["top"] = None if self.top is None else list(self.top.key)
        out["trick"] = [[s, list(p.key), how] for s, p, how in self.trick]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        kwargs = {name: _deep(value) if type(value) in (list, dict) else value for name, value in data.items()}
        if kwargs.get("top") is not None:
            kwargs["top"] = make_play(*kwargs["top"])
        kwargs["trick"] = [[s, make_play(*key), how] for s, key, how in kwargs.get("trick", [])]
        return cls(**kwargs)


_FIELD_NAMES = [f.name for f in fields(State)]


def _deep(value: Any) -> Any:
    """A copy of nested lists and dicts of plain values (faster than ``copy.deepcopy``)."""
    if type(value) is list:
        return [_deep(v) if type(v) in (list, dict) else v for v in value]
    if type(value) is dict:
        return {k: _deep(v) if type(v) in (list, dict) else v for k, v in value.items()}
    return value


state_from_dict = State.from_dict


# ----------------------------------------------------------------------------------------------- deal

def new_game(seats: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    """A new session at hand 1 (a first hand, R4.1), dealt and waiting in its first phase."""
    if seats != SEATS:
        raise ValueError("Gou Ji needs exactly 6 seats")
    return new_game_with_events(seats, seed, options)[0]


def new_game_with_events(seats: int, seed: int, options: Mapping[str, Any] | None = None,
                         ) -> tuple[State, list[Event]]:
    """``new_game`` plus what the first deal announces (§13.4.1–2: Kai Pai, the pair of 3s), as every
    later deal does."""
    if seats != SEATS:
        raise ValueError("Gou Ji needs exactly 6 seats")
    state = State(seed=seed, options=resolve_options(OPTIONS, options))
    events: list[Event] = []
    _deal(state, "first", "none", events)
    return state, events


def _reset_hand(state: State) -> None:
    state.hands = [[0] * 18 for _ in range(SEATS)]
    state.counts = [0] * SEATS
    state.threes_seat, state.threes_suit, state.threes_order = -1, "", []
    state.choice = [""] * SEATS
    state.ready = [False] * SEATS
    state.ge_ming, state.votes = -1, [""] * SEATS
    state.swap, state.exchanges = "", []
    state.tribute_given = [[] for _ in range(SEATS)]
    state.tribute_received = [[] for _ in range(SEATS)]
    state.turn, state.top, state.top_seat = -1, None, -1
    state.passed = [False] * SEATS
    state.trick = []
    state.duel_a = state.duel_b = -1
    state.duel_plays = 0
    state.shao = -1
    state.eg, state.eg_leader, state.eg_pattern, state.eg_slot = False, -1, [], 0
    state.eg_acted, state.eg_last, state.candidates = [False] * SEATS, -1, []
    state.places, state.n_out, state.n_penalized = [0] * SEATS, 0, 0
    state.played, state.removed = [0] * 18, [0] * 18
    state.rang, state.rang_mark = None, -1
    state.answered, state.answers = [-1] * SEATS, [None] * SEATS
    state.shown, state.exposed = [False] * SEATS, [False] * SEATS
    state.recent = []


def _deal(state: State, kind: str, tribute: str, events: list[Event]) -> None:
    """Kai Pai (R4.2–R4.3), the deal (R3.2), the 3s claim (R4.5) and the opening of the revolution window."""
    prev_kai = state.kai_pai
    _reset_hand(state)
    state.deal_no += 1
    state.hand_kind = kind
    state.tribute = tribute
    opts = state.options
    if kind == "normal":
        da_la = state.prev_order[5]
        state.kai_pai, taker = dui(da_la), da_la  # R4.2, R4.4 (Yan Pai is cosmetic with a uniform shuffle)
        events.append(Event("hand_start", None, {"hand": state.hand_no, "hand_kind": kind,
                                                 "kai_pai_seat": state.kai_pai, "first_taker_seat": taker}))
    else:
        rng = rng_for(state.seed, "kaipai", state.deal_no)
        kai = rng.randrange(SEATS) if kind == "first" and state.deal_no == 1 else (prev_kai + 1) % SEATS
        events.append(Event("hand_start", None, {"hand": state.hand_no, "hand_kind": kind, "kai_pai_seat": kai}))
        while True:
            card = rng.choice(_DECK)
            if card.is_joker:
                events.append(Event("kai_pai_joker", kai, {"card": card.ascii, "next_seat": (kai + 1) % SEATS}))
                kai = (kai + 1) % SEATS
                continue
            value = kai_pai_value(card.rank)
            taker = kai_pai_taker(kai, card.rank)
            events.append(Event("kai_pai", kai, {"card": card.ascii, "count": value, "first_taker_seat": taker}))
            break
        state.kai_pai = kai
    state.first_taker = taker
    deck = list(_DECK)
    rng_for(state.seed, "deal", state.deal_no).shuffle(deck)
    hands = state.hands
    seen: list[set[str]] = [set() for _ in range(SEATS)]
    threes: list[list[Any]] = []
    fresh = kind != "normal"
    for k, card in enumerate(deck):
        seat = (taker + k) % SEATS
        hands[seat][card.rank] += 1
        if fresh and card.rank == 3:
            suit = card.suit or ""
            if suit in seen[seat]:
                if all(entry[0] != seat for entry in threes):
                    threes.append([seat, suit])
            else:
                seen[seat].add(suit)
    state.counts = [36] * SEATS
    if kind == "normal":
        state.first_leader = state.prev_order[5]
        _open_revolution(state, events)
    elif opts["kaipai_variant"] == "faceup_card":
        index = rng_for(state.seed, "faceup", state.deal_no).randint(72, 143)  # D-25
        state.first_leader = (taker + index) % SEATS
        events.append(Event("faceup_card", state.first_leader, {"index": index}))
        _open_revolution(state, events)
    elif opts["threes_claim"] == "ask":
        state.threes_order = threes
        state.first_leader = taker
        state.phase = "threes"
        state.choice = ["?"] * SEATS
    else:
        state.first_leader = taker
        if threes:
            _show_threes(state, threes[0][0], threes[0][1], events)
        _open_revolution(state, events)


def kai_pai_value(rank: int) -> int:
    """R2.4: A counts 1, 2..10 face value, J 11, Q 12, K 13."""
    return 1 if rank == 14 else 2 if rank == 15 else rank


def kai_pai_taker(kai: int, rank: int) -> int:
    """R4.3: counting from the Kai Pai himself as 1, the v-th player takes the first card."""
    return (kai + kai_pai_value(rank) - 1) % SEATS


def _show_threes(state: State, seat: int, suit: str, events: list[Event]) -> None:
    state.threes_seat, state.threes_suit = seat, suit
    state.first_leader = seat
    events.append(Event("threes_shown", seat, {"cards": f"3{suit} 3{suit}"}))


def _open_revolution(state: State, events: list[Event]) -> None:
    state.phase = "revolution"
    state.ready = [False] * SEATS
    state.choice = [""] * SEATS


def revolution_eligible(hand: Hand) -> bool:
    """R3.3: no 2 and no joker among the dealt cards."""
    return hand[TWO] == 0 and hand[BJ] == 0 and hand[RJ] == 0


# ------------------------------------------------------------------------------------------- tribute

def _begin_tribute(state: State, events: list[Event]) -> None:
    order = state.prev_order
    if state.tribute == "standard":
        if order[4] % 2 == order[5] % 2:
            state.phase = "swap"
            state.swap = "pending"
            state.choice = [""] * SEATS
            state.choice[order[4]] = state.choice[order[5]] = "?"
            return
        _set_exchanges(state, [(order[5], order[0], 2), (order[4], order[1], 1)], events)
    elif state.tribute == "csh":
        losers = [s for s in range(SEATS) if s % 2 != order[0] % 2]
        _set_exchanges(state, [(s, dui(s), 1) for s in losers], events)  # R5.7
    else:
        _start_play(state, events)


def _set_exchanges(state: State, pairs: list[tuple[int, int, int]], events: list[Event]) -> None:
    state.exchanges = [{"payer": p, "receiver": r, "n": n, "status": "pending", "given": [], "returned": []}
                       for p, r, n in pairs]
    state.phase = "tribute_agree"
    state.choice = [""] * SEATS
    for p, r, _n in pairs:
        state.choice[p] = "?"
        if p % 2 == r % 2:
            state.choice[r] = "?"


def _resolve_swap(state: State, events: list[Event]) -> None:
    order = state.prev_order
    swapped = state.choice[order[4]] == "swap" and state.choice[order[5]] == "swap"
    state.swap = "swapped" if swapped else "kept"
    events.append(Event("swap" if swapped else "no_swap", None, {"da_la_seat": order[4] if swapped else order[5]}))
    if swapped:  # R5.6: the former f5 is Da La, pays two cards to f1 and leads
        state.first_leader = order[4]
        _set_exchanges(state, [(order[4], order[0], 2), (order[5], order[1], 1)], events)
    else:
        _set_exchanges(state, [(order[5], order[0], 2), (order[4], order[1], 1)], events)


def _resolve_agreements(state: State, events: list[Event]) -> None:
    hands = state.hands
    returns = False
    for ex in state.exchanges:
        p, r, n = ex["payer"], ex["receiver"], ex["n"]
        if state.choice[p] == "jie_fang":
            ex["status"] = "free"
            events.append(Event("jie_fang", p, {"receiver_seat": r}))
            continue
        if state.choice[p] == "skip" and state.choice[r] == "skip":
            ex["status"] = "skip"
            events.append(Event("tribute_skip", p, {"receiver_seat": r}))
            continue
        cards = moves.highest(hands[p], n)  # R5.3
        for rank in cards:
            hands[p][rank] -= 1
            hands[r][rank] += 1
        state.counts[p] -= len(cards)
        state.counts[r] += len(cards)
        ex["given"] = cards
        ex["status"] = "given"
        state.tribute_given[p] += cards
        state.tribute_received[r] += cards
        events.append(Event("tribute_paid", p, {"receiver_seat": r, "count": n}))
        events.append(Event("tribute_cards", p, {"receiver_seat": r, "cards": " ".join(_text(cards))},
                            frozenset({p, r})))
        returns = True
    state.choice = [""] * SEATS
    if returns and state.options["return_lowest"]:
        for ex in state.exchanges:
            if ex["status"] == "given":
                _do_return(state, ex, moves.lowest(hands[ex["receiver"]], ex["n"]), events)
        returns = False
    if returns:
        state.phase = "tribute_return"
        for ex in state.exchanges:
            if ex["status"] == "given":
                state.choice[ex["receiver"]] = "?"
    else:
        _start_play(state, events)


def _do_return(state: State, ex: dict[str, Any], cards: list[int], events: list[Event]) -> None:
    p, r = ex["payer"], ex["receiver"]
    for rank in cards:
        state.hands[r][rank] -= 1
        state.hands[p][rank] += 1
    state.counts[r] -= len(cards)
    state.counts[p] += len(cards)
    ex["returned"] = list(cards)
    ex["status"] = "returned"
    state.tribute_given[r] += cards
    state.tribute_received[p] += cards
    events.append(Event("tribute_returned", r, {"payer_seat": p, "count": len(cards)}))
    events.append(Event("tribute_return_cards", r, {"payer_seat": p, "cards": " ".join(_text(cards))},
                        frozenset({p, r})))


# ---------------------------------------------------------------------------------------------- play

def _start_play(state: State, events: list[Event]) -> None:
    state.phase = "play"
    state.choice = [""] * SEATS
    state.turn = state.first_leader
    events.append(Event("first_lead", state.first_leader, {}))


def _first_holder_right(state: State, seat: int) -> int:
    for k in range(1, SEATS):
        c = (seat + k) % SEATS
        if state.counts[c]:
            return c
    return -1


def _next_normal(state: State, after: int) -> int:
    """The next seat in counter-clockwise rotation that may act, or -1 when the trick is over (R6.4, R6.7)."""
    top_seat, counts, passed = state.top_seat, state.counts, state.passed
    for k in range(1, SEATS):
        c = (after + k) % SEATS
        if c == top_seat:
            return -1
        if counts[c] and not passed[c]:
            return c
    return -1


def _eg_new_round(state: State) -> None:
    start = state.eg_leader if state.counts[state.eg_leader] else _first_holder_right(state, state.eg_leader)
    state.eg_pattern = [(start + k) % SEATS % 2 for k in range(SEATS) if state.counts[(start + k) % SEATS]]
    state.eg_acted = [False] * SEATS
    state.eg_slot = 0


def _eg_next(state: State, events: list[Event]) -> None:
    """R9.6.3: fill the next slot of the round; a team with several candidates chooses."""
    counts, passed, top_seat = state.counts, state.passed, state.top_seat
    if not any(counts[s] and not passed[s] and s != top_seat for s in range(SEATS)):
        _end_trick(state, events)
        return
    while True:
        while state.eg_slot < len(state.eg_pattern):
            team = state.eg_pattern[state.eg_slot]
            cands = [s for s in range(SEATS) if s % 2 == team and counts[s] and not passed[s]
                     and s != top_seat and not state.eg_acted[s]]
            if cands:
                if len(cands) == 1:
                    state.turn, state.candidates = cands[0], []
                else:
                    last = state.eg_last if state.eg_last >= 0 else state.eg_leader
                    cands.sort(key=lambda s: (s - last - 1) % SEATS)  # default member first (R9.6.3 step 2)
                    state.turn, state.candidates = -1, cands
                return
            state.eg_slot += 1
        _eg_new_round(state)


def _advance(state: State, after: int, events: list[Event]) -> None:
    if state.eg:
        state.eg_acted[after] = True
        state.eg_last = after
        state.eg_slot += 1
        _eg_next(state, events)
        return
    nxt = _next_normal(state, after)
    if nxt < 0:
        _end_trick(state, events)
    else:
        state.turn = nxt


def _end_trick(state: State, events: list[Event]) -> None:
    """R6.7: the top owner leads next, or the first holder to his right catches the wind (R9.2.3)."""
    winner = state.top_seat
    leader = winner if state.counts[winner] else _first_holder_right(state, winner)
    events.append(Event("trick_won", winner, {"play": str(state.top)}))
    if leader != winner:
        events.append(Event("wind", leader, {"out_seat": winner}))
    state.top, state.top_seat = None, -1
    state.passed = [False] * SEATS
    state.trick = []
    state.duel_a = state.duel_b = -1
    state.duel_plays = 0
    state.rang, state.rang_mark = None, -1
    state.candidates = []
    state.turn = leader
    state.eg = state.options["endgame_reorder"] == "rounds" and sum(1 for c in state.counts if c == 0) >= 2
    if state.eg:
        state.eg_leader, state.eg_last = leader, -1
        _eg_new_round(state)


def _log(state: State, seat: int, text: str) -> None:
    state.recent.append([seat, text])
    if len(state.recent) > 8:
        del state.recent[0]


def _do_play(state: State, seat: int, play: Play, how: str, events: list[Event]) -> None:
    """Put ``play`` on the table for ``seat`` and decide who acts next (Appendix A, ``on play``)."""
    hand = state.hands[seat]
    moves.remove(hand, play)
    played = state.played
    if play.rank:
        played[play.rank] += play.naturals
    played[TWO] += play.twos
    played[BJ] += play.bj
    played[RJ] += play.rj
    state.counts[seat] -= play.size
    prev_seat = state.top_seat
    state.top, state.top_seat = play, seat
    state.trick.append([seat, play, how])
    text = str(play)
    _log(state, seat, text)
    events.append(Event("play", seat, {"play": text, "how": how}))
    if state.rang is not None and state.rang[1] == seat:
        state.rang = None
    out = state.counts[seat] == 0
    if out:
        _go_out(state, seat, events)
        if state.phase != "play":
            return
    if state.shao >= 0:
        if seat != state.shao and prev_seat == state.shao:  # R8.8 Mie Le
            events.append(Event("mie_le", seat, {"target_seat": state.shao}))
            state.shao = -1
        elif seat == state.shao and out:  # R8.7: the final set is an ordinary play
            state.shao = -1
    if play.rj:  # R7.6
        _end_trick(state, events)
        return
    if state.duel_a >= 0:
        state.duel_plays += 1
        other = dui(seat)
        if state.counts[other]:
            state.turn = other
        else:
            _end_trick(state, events)  # R7.8
        return
    other = dui(seat)
    if play.gouji and state.counts[other] and state.shao != seat:  # R7.2
        state.duel_a, state.duel_b, state.duel_plays = seat, other, 1
        state.turn, state.candidates = other, []
        events.append(Event("gou_ji", seat, {"target_seat": other}))
        return
    _advance(state, seat, events)


def _go_out(state: State, seat: int, events: list[Event]) -> None:
    state.n_out += 1
    state.places[seat] = state.n_out
    events.append(Event("out", seat, {"place": state.n_out}))
    _after_leaving(state, events)


def _after_leaving(state: State, events: list[Event]) -> None:
    holders = [s for s in range(SEATS) if state.counts[s]]
    if len(holders) == 1:  # R10.2
        last = holders[0]
        state.places[last] = state.n_out + 1
        _end_hand(state, events)
        return
    if SEATS - len(holders) == 2:
        events.append(Event("endgame", None, {}))


def _pass(state: State, seat: int, events: list[Event], kind: str = "pass") -> None:
    _log(state, seat, "pass")
    events.append(Event(kind, seat, {}))
    if state.rang is not None and state.rang[1] == seat:
        state.rang = None
    if state.duel_a >= 0:  # R7.4
        _end_trick(state, events)
        return
    state.passed[seat] = True
    _advance(state, seat, events)


# -------------------------------------------------------------------------------------- end of a hand

def _end_hand(state: State, events: list[Event]) -> None:
    order = finishing_order(state.places)
    points, csh = hand_points(order)
    state.scores = [state.scores[0] + points[0], state.scores[1] + points[1]]
    state.history.append({"order": order, "points": points, "chuan_san_hu": csh})
    state.turn, state.candidates = -1, []
    events.append(Event("hand_end", None, {"hand": state.hand_no, "places": list(state.places), "order": order,
                                           "points": points, "scores": list(state.scores), "chuan_san_hu": csh}))
    if session_over(state.options, state.hand_no, state.scores):
        state.phase = "finished"
        state.finished = True
        events.append(Event("game_end", None, {"scores": list(state.scores), "hands": state.hand_no}))
        return
    state.prev_order = order
    state.hand_no += 1
    if state.participant_changed:  # R4.1 b: fresh; only a Chuan San Hu tribute survives (D-36)
        state.participant_changed = False
        _deal(state, "fresh", "csh" if csh else "none", events)
    elif csh:
        _deal(state, "fresh", "csh", events)  # R10.9, R5.7
    else:
        _deal(state, "normal", "standard", events)


# ------------------------------------------------------------------------------------- legal actions

def to_act(state: State) -> set[int]:
    """Seats the game waits for (optional out-of-turn actions excluded, see the module docstring)."""
    phase = state.phase
    if phase == "play":
        return {state.turn} if state.turn >= 0 else set(state.candidates)
    if phase == "finished":
        return set()
    if phase == "revolution":
        return {s for s in range(SEATS) if not state.ready[s]}
    if phase == "ge_ming_vote":
        return {s for s in range(SEATS) if state.votes[s] == "?"}
    if phase == "ge_ming_decide":
        return {state.ge_ming}
    return {s for s in range(SEATS) if state.choice[s] == "?"}


def _actor(state: State, seat: int) -> int:
    """The seat whose cards ``seat`` plays: himself, or an exposed partner (``tiao_pai_partners_play``)."""
    turn = state.turn
    if (turn >= 0 and turn != seat and turn % 2 == seat % 2 and state.exposed[turn]
            and state.options["tiao_pai_partners_play"]):
        return turn
    return seat


def _turn_plays(state: State, seat: int) -> list[Action]:
    hand = state.hands[seat]
    top = state.top
    if top is None:
        if state.shao == seat:
            return list(moves.shao_leads(hand))
        return list(moves.all_sets(hand))
    out: list[Action] = list(moves.beating_sets(hand, top))
    out.append(PASS)
    if state.rang is not None and state.rang[1] == seat and state.rang[2] == "pending":
        out += [Decision("rang_accept"), Decision("rang_decline")]
    return out


def _claimable(state: State, seat: int) -> bool:
    """R8.1–R8.2, R8.11: a duel set waits for its answer and ``seat`` is a teammate of the responder."""
    if state.duel_a < 0 or state.top is None or state.counts[seat] == 0:
        return False
    responder = state.turn
    if responder < 0 or responder == seat or responder % 2 != seat % 2 or dui(state.top_seat) != responder:
        return False
    return not (state.options["shao_pai_window"] == "start_only" and state.duel_plays > 1)


def _side_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = []
    counts = state.counts
    mine = counts[seat]
    if mine == 0:
        return out
    top = state.top
    if top is not None:
        if state.duel_a >= 0 and _claimable(state, seat):
            out += _claims(state, seat, top)
        elif state.top_seat == (seat + 3) % SEATS and _rang_ok(state, seat):
            out.append(_RANG)
    answered = state.answered
    team, opposite = seat % 2, (seat + 3) % SEATS
    for y in range(SEATS):
        if y != seat and counts[y] and answered[y] != counts[y] and (
                y == opposite or y % 2 == team or counts[(y + 3) % SEATS] == 0):
            out.append(_ASKS[y])
    if mine <= 10 and not state.shown[seat]:
        out.append(_SHOW)
    if state.turn == seat and not state.exposed[seat] and mine <= state.options["tiao_pai_max_cards"]:
        out.append(_EXPOSE)
    return out


def _claims(state: State, seat: int, top: Play) -> list[Action]:
    """R8.3, R8.10: the Shao Pai claims of a seat that may claim (every beating set in penalty mode)."""
    if state.options["shao_pai_check"] == "penalty":
        return [ShaoPai(p) for p in moves.beating_sets(state.hands[seat], top)]
    allow = state.options["shao_pai_allow_single_set"]
    return [ShaoPai(p) for p in moves.shao_claims(state.hands[seat], top, allow)]


def shao_claimants(state: State) -> set[int]:
    """R8.1: the seats that may claim Shao Pai now, out of turn (their eligibility is hidden)."""
    top = state.top
    if state.phase != "play" or state.duel_a < 0 or top is None:
        return set()
    return {seat for seat in range(SEATS) if _claimable(state, seat) and _claims(state, seat, top)}


def _rang_ok(state: State, p: int) -> bool:
    """R9.1.1, D-24: Dui Men just beat p's play without a duel, and p's left-hand teammate is to act."""
    return (not state.eg and state.duel_a < 0 and state.rang is None and state.top is not None
            and state.top_seat == dui(p) and state.turn == (p + 4) % SEATS and state.counts[p] > 0
            and state.rang_mark != len(state.trick) and len(state.trick) >= 2 and state.trick[-2][0] == p)


def _ask_ok(state: State, x: int, y: int) -> bool:
    """R9.3.1: the Dui Men, a teammate, or anyone when y's Dui Men is out; only when y's count changed."""
    if x == y or state.counts[y] == 0 or state.counts[x] == 0 or state.answered[y] == state.counts[y]:
        return False
    return x == dui(y) or x % 2 == y % 2 or state.counts[dui(y)] == 0


PASS = Decision("pass")
_ASKS = [AskCount(y) for y in range(SEATS)]
_RANG, _SHOW, _EXPOSE = Decision("rang_pai"), Decision("show_partners"), Decision("expose")


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now; sets by rank multiset (suits are irrelevant, R2.5)."""
    phase = state.phase
    if phase == "play":
        out: list[Action] = []
        if seat == state.turn or seat in state.candidates:
            out = _turn_plays(state, seat)
            if seat in state.candidates:
                out += [Choose(c) for c in state.candidates]
        elif state.turn >= 0 and _actor(state, seat) != seat:
            out = [a for a in _turn_plays(state, state.turn) if a.kind in ("play", "pass")]
        elif state.candidates and seat % 2 == state.candidates[0] % 2:
            out = [Choose(c) for c in state.candidates]  # R9.6.3 step 2: the team chooses, not only candidates
        return out + _side_actions(state, seat)
    if phase == "finished":
        return []
    if phase == "revolution":
        if state.ready[seat]:
            return []
        out = [Decision("ready")]
        if revolution_eligible(state.hands[seat]):
            out.append(Decision("ge_ming"))
        return out
    if phase == "ge_ming_vote":
        return [Decision("agree"), Decision("object")] if state.votes[seat] == "?" else []
    if phase == "ge_ming_decide":
        return [Decision("insist"), Decision("withdraw")] if seat == state.ge_ming else []
    if state.choice[seat] != "?":
        return []
    if phase == "threes":
        shows: list[Action] = [Decision("show_threes")] if any(e[0] == seat for e in state.threes_order) else []
        return [*shows, Decision("keep_threes")]
    if phase == "swap":
        return [Decision("swap"), Decision("no_swap")]
    if phase == "tribute_agree":
        for ex in state.exchanges:
            if ex["payer"] == seat:
                out = [Decision("pay")]
                if ex["receiver"] % 2 == seat % 2:
                    out.append(Decision("skip"))
                if state.hands[seat][RJ] == 4:
                    out.append(Decision("jie_fang"))
                return out
            if ex["receiver"] == seat:
                return [Decision("pay"), Decision("skip")]
        return []
    if phase == "tribute_return":
        ex = next(e for e in state.exchanges if e["receiver"] == seat and e["status"] == "given")
        return [Return(c) for c in moves.return_choices(state.hands[seat], ex["n"])]
    return []


def change_participant(state: State) -> None:
    """Record that a seat changed hands (a substitute or a computer player took over): the next
    hand is a fresh hand (R4.1 b, R10.9). Not an action: it increments ``version`` only."""
    state.participant_changed = True
    state.version += 1


def redeal_fresh(state: State) -> list[Event]:
    """A seat changed hands after a hand ended and before the next one, already dealt, was played (a
    substitute between hands): that hand is dealt again as a fresh hand (R4.1 b, §13.8); only a Chuan
    San Hu tribute survives (D-36). Not an action: it increments ``version``; returns the deal's events."""
    events: list[Event] = []
    if state.finished:
        return events
    _deal(state, "fresh", "csh" if state.tribute == "csh" else "none", events)
    state.participant_changed = False
    state.version += 1
    return events


def timeout_action(state: State, seat: int) -> Action | None:
    """The action the rules' timeout table (§13.6) takes for ``seat``, or None if it need not act."""
    if seat not in to_act(state):
        return None
    legal = legal_actions(state, seat)
    kinds = {a.kind: a for a in legal}
    if state.phase == "play":
        if seat in state.candidates:
            return Choose(state.candidates[0])
        if state.top is not None:
            return PASS
        plays = [a for a in legal if isinstance(a, Play)]
        if state.shao == seat:
            return plays[0]
        singles = [p for p in plays if p.size == 1]
        return min(singles, key=lambda p: p.level)
    for kind in ("show_threes", "ready", "agree", "insist", "no_swap", "jie_fang", "pay"):
        if kind in kinds:
            return kinds[kind]
    if state.phase == "tribute_return":
        ex = next(e for e in state.exchanges if e["receiver"] == seat and e["status"] == "given")
        return Return(tuple(moves.lowest(state.hands[seat], ex["n"])))
    return legal[0] if legal else None


# ---------------------------------------------------------------------------------------------- apply

def _illegal(key: str, english: str, **params: Any) -> IllegalAction:
    return IllegalAction("gouji." + key, english, **params)


def apply(state: State, seat: int, action: Action) -> list[Event]:
    """Validate ``action`` for ``seat`` (raising ``IllegalAction``, state untouched), then perform it."""
    if not 0 <= seat < SEATS:
        raise _illegal("bad_seat", "“{text}” is not a seat (A to F).", text=str(seat))
    if state.phase == "finished":
        raise _illegal("game_over", "This game is over.")
    events: list[Event] = []
    kind = action.kind
    if state.phase == "play":
        if isinstance(action, Play):
            _apply_play(state, seat, action, events)
        elif isinstance(action, ShaoPai):
            _apply_shao(state, seat, action.play, events)
        elif isinstance(action, AskCount):
            _apply_ask(state, seat, action.target, events)
        elif isinstance(action, Choose):
            _apply_choose(state, seat, action.target, events)
        elif kind == "pass":
            _check_turn(state, seat)
            actor = _actor(state, seat)
            if state.top is None:
                raise _illegal("must_lead", "You lead this trick: play a set (you cannot pass on an empty table).")
            _take_slot(state, actor)
            _pass(state, actor, events)
        elif kind in ("rang_accept", "rang_decline"):
            if state.rang is None or state.rang[1] != seat or state.rang[2] != "pending" or state.turn != seat:
                raise _illegal("no_rang_request", "Nobody asked you to pass now.")
            if kind == "rang_accept":
                state.rang[2] = "accepted"
                _pass(state, seat, events, "rang_accept")
            else:
                state.rang[2] = "declined"
                events.append(Event("rang_decline", seat, {"target_seat": state.rang[0]}))
        elif kind == "rang_pai":
            if not _rang_ok(state, seat):
                raise _illegal("rang_not_possible",
                               "You may ask your partner to pass only right after your Dui Men beat your play.")
            state.rang = [seat, (seat + 4) % SEATS, "pending"]
            state.rang_mark = len(state.trick)
            events.append(Event("rang_pai", seat, {"target_seat": (seat + 4) % SEATS}))
        elif kind == "show_partners":
            _apply_show(state, seat, events)
        elif kind == "expose":
            _apply_expose(state, seat, events)
        else:
            raise _illegal("not_now", "That is not possible now.")
    else:
        _apply_prehand(state, seat, action, events)
    state.between_hands = not state.finished and any(e.kind == "hand_end" for e in events)
    state.version += 1
    return events


def _check_turn(state: State, seat: int) -> None:
    actor = _actor(state, seat)
    if actor == state.turn or actor in state.candidates:
        return
    if state.duel_a >= 0:
        raise _illegal("duel_in_progress", "A Gou Ji duel is running: only the duelist to act may play or pass.")
    if state.passed[seat]:
        raise _illegal("already_passed", "You passed in this trick; wait until the cards are collected.")
    raise _illegal("not_your_turn", "It is not your turn.")


def _take_slot(state: State, actor: int) -> None:
    if state.turn < 0 and actor in state.candidates:
        state.turn, state.candidates = actor, []


def _explain_beat(play: Play, top: Play) -> IllegalAction:
    if play.size != top.size:
        return _illegal("wrong_size", "You must beat {top} with exactly {n} card(s).", top=str(top), n=top.size)
    if top.rj:
        return _illegal("red_joker_top", "{top} holds a red joker and cannot be beaten.", top=str(top))
    if play.rj < top.bj:
        return _illegal("needs_red_jokers", "To beat {top} you need at least {n} red joker(s).",
                        top=str(top), n=top.bj)
    return _illegal("not_higher", "{play} is not higher than {top}.", play=str(play), top=str(top))


def _check_holds(hand: Hand, play: Play) -> None:
    if not moves.holds(hand, play):
        raise _illegal("not_in_hand", "You do not hold {play}.", play=str(play))


def _apply_play(state: State, seat: int, play: Play, events: list[Event]) -> None:
    _check_turn(state, seat)
    actor = _actor(state, seat)
    hand = state.hands[actor]
    _check_holds(hand, play)
    top = state.top
    if top is None:
        if state.shao == actor and play not in moves.shao_leads(hand):
            raise _illegal("shao_lead", "In Shao Pai you must lead a set with a joker that keeps the rest "
                                        "playable, or your whole hand as your last set.")
        how = "lead"
    else:
        if not play.beats(top):
            raise _explain_beat(play, top)
        how = "duel" if state.duel_a >= 0 else "beat"
    _take_slot(state, actor)
    _do_play(state, actor, play, how, events)


def _apply_shao(state: State, seat: int, play: Play, events: list[Event]) -> None:
    top = state.top
    if top is None or not _claimable(state, seat):
        raise _illegal("shao_not_possible",
                       "Shao Pai is possible only while a Gou Ji set waits for your teammate's answer.")
    hand = state.hands[seat]
    _check_holds(hand, play)
    if not play.beats(top):
        raise _explain_beat(play, top)
    valid = moves.remainder_ok(hand, play, state.options["shao_pai_allow_single_set"])
    if not valid and state.options["shao_pai_check"] == "validate":
        raise _illegal("shao_not_eligible", "Shao Pai with {play} is not possible: the rest of your hand needs a "
                                            "joker for every natural rank but one.", play=str(play))
    if not valid:  # R8.10 penalty mode: the claimant becomes Da La and leaves the hand
        for rank in range(3, 18):
            state.removed[rank] += hand[rank]
            hand[rank] = 0
        state.counts[seat] = 0
        state.places[seat] = SEATS - state.n_penalized
        state.n_penalized += 1
        events.append(Event("shao_penalty", seat, {"place": state.places[seat]}))
        _after_leaving(state, events)
        return
    events.append(Event("shao_pai", seat, {"play": str(play), "target_seat": state.turn}))
    state.duel_a = state.duel_b = -1
    state.duel_plays = 0
    state.passed = [False] * SEATS
    state.eg = False  # the Shao Pai window keeps the seat order (R9.6.3)
    state.candidates = []
    state.shao = seat
    _do_play(state, seat, play, "shao_pai", events)


def _apply_ask(state: State, seat: int, target: int, events: list[Event]) -> None:
    if not 0 <= target < SEATS or not _ask_ok(state, seat, target):
        raise _illegal("ask_not_allowed", "You may ask only your Dui Men, a partner, or a player whose Dui Men "
                                          "is out, and only after his count changed.")
    count = state.counts[target]
    answer = str(count) if count < 10 else "man_hu" if count == 10 else "wen_bu_zhao"  # R9.3.2
    state.answered[target] = count
    state.answers[target] = answer
    events.append(Event("ask_count", seat, {"target_seat": target}))
    if count < 10:
        events.append(Event("count_answer", target, {"count": count}))
    else:
        events.append(Event("count_" + answer, target, {}))


def _apply_choose(state: State, seat: int, target: int, events: list[Event]) -> None:
    """R9.6.3 step 2: the slot's team (any member, e.g. a partner speaking for two computers, §13.8)
    names which candidate acts; only a candidate can be named."""
    if target not in state.candidates or seat % 2 != target % 2:
        raise _illegal("not_candidate", "Only a teammate who may fill this turn can be chosen.")
    state.turn, state.candidates = target, []
    if target == seat:  # a candidate takes the turn himself (§13.5 "the first click takes the turn")
        events.append(Event("team_take", seat, {}))
    else:
        events.append(Event("team_choose", seat, {"target_seat": target}))


def _apply_show(state: State, seat: int, events: list[Event]) -> None:
    if state.shown[seat] or not 0 < state.counts[seat] <= 10:
        raise _illegal("show_not_allowed", "You may show your cards to your partners once, with 10 or fewer left.")
    state.shown[seat] = True
    partners = frozenset(s for s in range(SEATS) if s % 2 == seat % 2 and s != seat)
    events.append(Event("show_partners", seat, {}))
    events.append(Event("partner_hand", seat, {"cards": " ".join(_hand_text(state.hands[seat]))}, partners))


def _apply_expose(state: State, seat: int, events: list[Event]) -> None:
    limit = state.options["tiao_pai_max_cards"]
    if state.turn != seat or state.exposed[seat] or state.counts[seat] > limit:
        raise _illegal("expose_not_allowed", "You may expose your cards once, on your turn, with {n} or fewer left.",
                       n=limit)
    state.exposed[seat] = True
    events.append(Event("expose", seat, {"cards": " ".join(_hand_text(state.hands[seat]))}))


def _apply_prehand(state: State, seat: int, action: Action, events: list[Event]) -> None:
    if action not in legal_actions(state, seat):
        raise _prehand_reason(state, seat, action)
    phase, kind = state.phase, action.kind
    if phase == "threes":
        state.choice[seat] = kind
        if "?" not in state.choice:
            shower = next((e for e in state.threes_order if state.choice[e[0]] == "show_threes"), None)
            if shower is not None:
                _show_threes(state, shower[0], shower[1], events)
            _open_revolution(state, events)
    elif phase == "revolution":
        if kind == "ready":
            state.ready[seat] = True
            if all(state.ready):
                _begin_tribute(state, events)
        else:
            state.ge_ming = seat
            state.phase = "ge_ming_vote"
            state.votes = ["?" if s % 2 == seat % 2 and s != seat else "" for s in range(SEATS)]
            events.append(Event("ge_ming", seat, {}))
    elif phase == "ge_ming_vote":
        state.votes[seat] = kind
        events.append(Event("ge_ming_" + kind, seat, {"target_seat": state.ge_ming}))
        if "?" not in state.votes:
            if "object" not in state.votes:
                _revolution(state, events)
            elif state.options["revolution_decision"] == "proposer_final":
                state.phase = "ge_ming_decide"
            else:
                _withdraw(state, events)
    elif phase == "ge_ming_decide":
        if kind == "insist":
            events.append(Event("ge_ming_insist", seat, {}))
            _revolution(state, events)
        else:
            _withdraw(state, events)
    elif phase == "swap":
        state.choice[seat] = kind
        if "?" not in state.choice:
            _resolve_swap(state, events)
    elif phase == "tribute_agree":
        state.choice[seat] = kind
        if "?" not in state.choice:
            _resolve_agreements(state, events)
    elif phase == "tribute_return":
        assert isinstance(action, Return)
        ex = next(e for e in state.exchanges if e["receiver"] == seat and e["status"] == "given")
        _do_return(state, ex, list(action.ranks), events)
        state.choice[seat] = "return"
        if "?" not in state.choice:
            _start_play(state, events)


def _prehand_reason(state: State, seat: int, action: Action) -> IllegalAction:
    kind = action.kind
    if not legal_actions(state, seat):
        return _illegal("not_your_turn", "It is not your turn.")
    if kind == "ge_ming":
        return _illegal("no_ge_ming", "You may declare Ge Ming only when you were dealt no 2 and no joker.")
    if kind == "jie_fang":
        return _illegal("no_jie_fang", "Jie Fang needs all four red jokers.")
    if kind == "skip":
        return _illegal("no_skip", "Only teammates may agree to skip the tribute between them.")
    if kind == "show_threes":
        return _illegal("no_threes", "You were not dealt two 3s of the same suit.")
    if isinstance(action, Return):
        return _illegal("bad_return", "Return exactly the cards asked for, from your hand ({cards}).",
                        cards=" ".join(_hand_text(state.hands[seat])))
    return _illegal("not_now", "That is not possible now.")


def _withdraw(state: State, events: list[Event]) -> None:
    proposer = state.ge_ming
    events.append(Event("ge_ming_withdraw", proposer, {}))
    state.ge_ming = -1
    state.votes = [""] * SEATS
    state.phase = "revolution"
    state.ready[proposer] = True
    if all(state.ready):
        _begin_tribute(state, events)


def _revolution(state: State, events: list[Event]) -> None:
    """R3.6: collect, reshuffle and redeal as a fresh hand without tribute (D-13)."""
    events.append(Event("revolution", state.ge_ming, {}))
    _deal(state, "fresh", "none", events)


# ----------------------------------------------------------------------------------------------- view

def _bucket(state: State, seat: int) -> str:
    mode = state.options["public_count_display"]
    if state.counts[seat] == 0:
        return "out"
    if mode == "none":
        return ""
    if mode == "exact":
        return str(state.counts[seat])
    return "ten_or_fewer" if state.counts[seat] <= 10 else "more"


def _mode(state: State) -> str:
    if state.phase != "play":
        return state.phase
    if state.duel_a >= 0:
        return "gou_ji"
    if state.shao >= 0:
        return "shao_pai"
    if state.top is not None and state.counts[state.top_seat] == 0:
        return "wind"
    return "endgame" if state.eg else "normal"


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see (None = public): own hand, partners' shown hands, private tribute cards."""
    seats = tuple(
        SeatView(seat=s, team=s % 2, cards=state.counts[s], bucket=_bucket(state, s),
                 place=state.places[s] or None, passed=state.passed[s],
                 exposed=tuple(_hand_text(state.hands[s])) if state.exposed[s] else None,
                 shown_to_partners=state.shown[s], count_answer=state.answers[s])
        for s in range(SEATS))
    own = state.hands[seat] if seat is not None else [0] * 18
    partner_hands = tuple((s, tuple(_hand_text(state.hands[s]))) for s in range(SEATS)
                          if seat is not None and s != seat and s % 2 == seat % 2 and state.shown[s])
    exchanges = []
    for ex in state.exchanges:
        private = seat is not None and seat in (ex["payer"], ex["receiver"])
        exchanges.append(ExchangeView(
            payer_seat=ex["payer"], receiver_seat=ex["receiver"], cards=ex["n"], status=ex["status"],
            given=tuple(_text(ex["given"])) if private and ex["given"] else None,
            returned=tuple(_text(ex["returned"])) if private and ex["returned"] else None))
    prompt = ""
    if seat is not None and seat in to_act(state) and state.phase != "play":
        prompt = state.phase
    wind = None
    if state.phase == "play" and state.top is not None and state.counts[state.top_seat] == 0:
        wind = _first_holder_right(state, state.top_seat)
    return View(
        seat=seat, phase=state.phase, hand_no=state.hand_no, deal_no=state.deal_no, hand_kind=state.hand_kind,
        session_hands=state.options["session_hands"] if state.options["session_end"] == "hands" else None,
        to_act=tuple(sorted(to_act(state))), turn=state.turn if state.turn >= 0 else None, seats=seats,
        hand=tuple(_hand_text(own)), hand_counts=tuple(own[3:18]),
        top=str(state.top) if state.top is not None else None,
        top_seat=state.top_seat if state.top_seat >= 0 else None,
        trick=tuple(TrickPlay(s, str(p), how) for s, p, how in state.trick),
        mode=_mode(state), duel=(state.duel_a, state.duel_b) if state.duel_a >= 0 else None,
        shao_seat=state.shao if state.shao >= 0 else None, endgame=state.eg,
        candidates=tuple(state.candidates), wind_seat=wind,
        first_leader=state.first_leader if state.phase != "threes" else None,
        kai_pai_seat=state.kai_pai, first_taker_seat=state.first_taker,
        threes_seat=state.threes_seat if state.threes_seat >= 0 else None,
        threes_cards=(f"3{state.threes_suit}", f"3{state.threes_suit}") if state.threes_seat >= 0 else (),
        ge_ming_seat=state.ge_ming if state.ge_ming >= 0 else None, ge_ming_votes=tuple(state.votes),
        ready=tuple(state.ready), swap=state.swap, exchanges=tuple(exchanges), my_prompt=prompt,
        rang_pai=tuple(state.rang) if state.rang is not None else None,
        partner_hands=partner_hands, played=tuple(state.played[3:18]),
        tribute_given=tuple(_text(state.tribute_given[seat])) if seat is not None else (),
        tribute_received=tuple(_text(state.tribute_received[seat])) if seat is not None else (),
        team_scores=(state.scores[0], state.scores[1]),
        history=tuple(HandScore(tuple(h["order"]), (h["points"][0], h["points"][1]), h["chuan_san_hu"])
                      for h in state.history),
        recent=tuple((s, text) for s, text in state.recent), finished=state.finished,
        options=dict(state.options),
    )


def result(state: State) -> Result:
    """Session standing: the team ahead on cumulative score wins (R10.8)."""
    return standing(state.scores, state.history, state.finished)
