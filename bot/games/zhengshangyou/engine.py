"""The Zheng Shangyou match: deal, tribute and return, tricks, going out, scoring, match end.

Seats are numbered in playing order (R2.3); team modes put ``seat % 2`` together (R2.4).
One ``State`` holds the whole match; ``apply`` validates, mutates and returns events,
dealing the next hand itself when a hand ends and the match goes on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import attrgetter, itemgetter
from typing import Any

from bot.games.core import (
    Card,
    Event,
    GameInfo,
    IllegalAction,
    Option,
    Result,
    full_deck,
    resolve_options,
    rng_for,
)

from .actions import Action, Pass, Play, Return, TakeReturn, TakeTribute, Tribute, new_play
from .combos import MULTI, RUN, SET, SINGLE, Combo, beats, combinations_in, interpretations, reading
from .notation import cards_text, sort_cards
from .scoring import hand_points, match_winners
from .views import ComboView, ExchangeView, HandSummary, TrickEntry, View

PLAY = "play"
TRIBUTE = "tribute"
TAKE_TRIBUTE = "take_tribute"
RETURN = "return"
TAKE_RETURN = "take_return"
OVER = "over"
RECENT = 8


def _mode_for(seats: int, options: Mapping[str, Any]) -> str:
    """R1.2: team4 for exactly 4, team6 for exactly 6, else individual; the host may pick."""
    mode = options.get("mode", "auto")
    if mode == "auto":
        return {4: "team4", 6: "team6"}.get(seats, "individual")
    if mode == "team4" and seats != 4:
        raise ValueError("mode 'team4' needs exactly 4 players")
    if mode == "team6" and seats != 6:
        raise ValueError("mode 'team6' needs exactly 6 players")
    return str(mode)


def _team_of(seats: int, options: Mapping[str, Any]) -> list[int] | None:
    try:
        mode = _mode_for(seats, options)
    except ValueError:
        return None
    return None if mode == "individual" else [s % 2 for s in range(seats)]


INFO = GameInfo(
    id="zhengshangyou",
    min_seats=4,
    max_seats=8,
    options={
        "mode": Option("auto", choices=("auto", "individual", "team4", "team6")),
        # 0 = the rules' target for the mode: 11 (individual, team4), 50 (team6)
        "target_score": Option(0, minimum=0, maximum=500),
        "twos_natural_in_sequences": Option(False),
        "allow_joker_pair": Option(True),
        "tie_rule": Option("another_hand", choices=("another_hand", "earlier_finisher")),
    },
    team_of=_team_of,
)


DECK: tuple[Card, ...] = tuple(full_deck())
CARD_OF_TEXT: dict[str, Card] = {str(c): c for c in DECK}


def _card(text: str) -> Card:
    """A card from its notation, fast for the engine's own output."""
    card = CARD_OF_TEXT.get(text)
    return card if card is not None else Card.parse(text)


def _cards(data: list[str]) -> list[Card]:
    return [_card(x) for x in data]


# Hot-path tables. Hands hold the deck's own card objects (the deal, ``from_dict`` and
# ``_from_hand`` all see to that), so a card's notation can be found by ``id`` instead of
# calling ``Card.__str__``/``__hash__``, which are Python-level and dominate a playout.
_TEXT: dict[int, str] = {id(c): str(c) for c in DECK}
_SINGLE: dict[int, Combo] = {r: Combo(SINGLE, 1, 1, 1, r, False, True) for r in range(3, 18)}
_SORTED_DECK: tuple[Card, ...] = tuple(sorted(DECK))
_DECK_PLACES: tuple[int, ...] = tuple(_SORTED_DECK.index(c) for c in DECK)  # each card's place once sorted
_PASS = Pass()
# a single of one of the deck's cards, shared by every list that offers it (plays are immutable)
_SINGLE_PLAY: dict[int, Play] = {id(c): Play((c,)) for c in DECK}
_SECOND = itemgetter(1)
_RANK = attrgetter("rank")
_PLAY_OR_PASS = (Play, Pass)
_new_object = object.__new__


def _card_list(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    """Cards in notation (snapshots): the deck's own cards by ``id``, any other by ``str``."""
    get = _TEXT.get
    return [get(id(c)) or str(c) for c in cards]


def _text(cards: tuple[Card, ...] | list[Card]) -> str:
    """``cards_text`` for the engine's own cards, without ``Card.__str__`` per card."""
    get = _TEXT.get
    if len(cards) == 1:  # the most common play
        return get(id(cards[0])) or str(cards[0])
    return " ".join([get(id(c)) or str(c) for c in cards])


def _event(kind: str, seat: int | None = None, data: dict[str, Any] | None = None) -> Event:
    """A public ``Event``, built without the frozen dataclass's four ``object.__setattr__`` calls.

    Two to four events per move made this a tenth of a random playout's time.
    """
    event = _new_object(Event)
    d = event.__dict__
    d["kind"] = kind
    d["seat"] = seat
    d["data"] = {} if data is None else data
    d["visible_to"] = None
    return event


@dataclass
class State:
    """The whole match. ``out`` is this hand's finishing order so far; ``prev_order`` the last hand's."""

    seats: int
    seed: int
    options: dict[str, Any]
    mode: str
    target: int
    hand_no: int = 0
    phase: str = PLAY
    hands: list[list[Card]] = field(default_factory=list)
    dealer: int | None = None
    leader: int = 0
    lead_card: Card | None = None
    turn: int = 0
    top_seat: int | None = None
    top_cards: tuple[Card, ...] = ()
    top_combo: Combo | None = None
    trick: list[tuple[int, tuple[Card, ...], Combo | None]] = field(default_factory=list)
    passed: list[int] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    team_scores: list[int] | None = None
    played: list[Card] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    prev_order: list[int] | None = None
    ex_pending: list[tuple[int, Card]] = field(default_factory=list)
    ex_tributes: list[tuple[int, Card]] = field(default_factory=list)
    ex_returns: list[tuple[int, Card]] = field(default_factory=list)
    last_hand: dict[str, Any] | None = None
    recent: list[tuple[int, str]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    version: int = 0
    # The last legal_actions answer for the turn player (see ``_legal_plays``): a cache, not
    # part of the state (no comparison, no dict).
    legal_cache: tuple[Any, ...] | None = field(default=None, compare=False, repr=False)
    # per seat: the last lead list of that seat's hand (see ``_lead_plays``)
    lead_cache: dict[int, tuple[Any, ...]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def twos_natural(self) -> bool:
        return bool(self.options["twos_natural_in_sequences"])

    @property
    def allow_joker_pair(self) -> bool:
        return bool(self.options["allow_joker_pair"])

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def teams(self) -> list[int] | None:
        return None if self.mode == "individual" else [s % 2 for s in range(self.seats)]

    def to_dict(self) -> dict[str, Any]:
        def combo(c: Combo | None) -> list[Any] | None:
            return None if c is None else list(c)

        return {
            "seats": self.seats, "seed": self.seed, "options": dict(self.options), "mode": self.mode,
            "target": self.target, "hand_no": self.hand_no, "phase": self.phase,
            "hands": [_card_list(h) for h in self.hands], "dealer": self.dealer, "leader": self.leader,
            "lead_card": None if self.lead_card is None else str(self.lead_card), "turn": self.turn,
            "top_seat": self.top_seat, "top_cards": _card_list(self.top_cards), "top_combo": combo(self.top_combo),
            "trick": [[s, _card_list(cs), combo(c)] for s, cs, c in self.trick],
            "passed": list(self.passed), "out": list(self.out), "scores": list(self.scores),
            "team_scores": None if self.team_scores is None else list(self.team_scores),
            "played": _card_list(self.played), "known": [_card_list(k) for k in self.known],
            "prev_order": None if self.prev_order is None else list(self.prev_order),
            "ex_pending": [[s, str(c)] for s, c in self.ex_pending],
            "ex_tributes": [[s, str(c)] for s, c in self.ex_tributes],
            "ex_returns": [[s, str(c)] for s, c in self.ex_returns],
            "last_hand": self.last_hand, "recent": [[s, t] for s, t in self.recent],
            "winners": list(self.winners), "version": self.version,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        def combo(c: list[Any] | None) -> Combo | None:
            return None if c is None else Combo(*c)

        return cls(
            seats=d["seats"], seed=d["seed"], options=dict(d["options"]), mode=d["mode"], target=d["target"],
            hand_no=d["hand_no"], phase=d["phase"], hands=[_cards(h) for h in d["hands"]], dealer=d["dealer"],
            leader=d["leader"], lead_card=None if d["lead_card"] is None else _card(d["lead_card"]),
            turn=d["turn"], top_seat=d["top_seat"], top_cards=tuple(_cards(d["top_cards"])),
            top_combo=combo(d["top_combo"]),
            trick=[(s, tuple(_cards(cs)), combo(c)) for s, cs, c in d["trick"]],
            passed=list(d["passed"]), out=list(d["out"]), scores=list(d["scores"]),
            team_scores=None if d["team_scores"] is None else list(d["team_scores"]),
            played=_cards(d["played"]), known=[_cards(k) for k in d["known"]],
            prev_order=None if d["prev_order"] is None else list(d["prev_order"]),
            ex_pending=[(s, _card(c)) for s, c in d["ex_pending"]],
            ex_tributes=[(s, _card(c)) for s, c in d["ex_tributes"]],
            ex_returns=[(s, _card(c)) for s, c in d["ex_returns"]],
            last_hand=d["last_hand"], recent=[(s, t) for s, t in d["recent"]],
            winners=list(d["winners"]), version=d["version"],
        )


state_from_dict = State.from_dict


# ---------------------------------------------------------------- setup


def new_game(seats: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    """A new match with hand 1 dealt (R4.1-R4.5, R10.4)."""
    return new_game_with_events(seats, seed, options)[0]


def new_game_with_events(seats: int, seed: int, options: Mapping[str, Any] | None = None,
                         ) -> tuple[State, list[Event]]:
    """``new_game`` plus what dealing hand 1 reported (as every later hand's deal does)."""
    if not INFO.min_seats <= seats <= INFO.max_seats:
        raise ValueError(f"Zheng Shangyou needs {INFO.min_seats}-{INFO.max_seats} players, not {seats}")
    opts = resolve_options(INFO.options, options)
    mode = _mode_for(seats, opts)
    opts["mode"] = mode
    target = opts["target_score"] or (50 if mode == "team6" else 11)
    state = State(seats=seats, seed=seed, options=opts, mode=mode, target=target,
                  scores=[0] * seats, team_scores=None if mode == "individual" else [0, 0])
    events: list[Event] = []
    _start_hand(state, events)
    return state, events


def _roles(state: State) -> tuple[int, int, int, int]:
    """(1st, 2nd, second-to-last, last) of the previous hand."""
    o = state.prev_order
    assert o is not None
    return o[0], o[1], o[-2], o[-1]


def _start_hand(state: State, events: list[Event]) -> None:
    n = state.seats
    state.hand_no += 1
    # Shuffle each deck card's place in the sorted deck: ``shuffle`` looks only at the length, so
    # this is the very permutation shuffling the cards gives, and a hand sorts as plain ints.
    places = list(_DECK_PLACES)
    rng_for(state.seed, "hand", state.hand_no).shuffle(places)
    if state.mode == "team6":
        state.dealer = None
        start = 0 if state.prev_order is None else state.prev_order[4]
    else:
        if state.prev_order is None:
            state.dealer = rng_for(state.seed, "dealer").randrange(n)
        else:
            state.dealer = state.prev_order[2]
        start = state.dealer
    # card i of the shuffled deck goes to seat (start + i) % n
    state.hands = [[_SORTED_DECK[p] for p in sorted(places[(seat - start) % n::n])] for seat in range(n)]
    state.known = [[] for _ in range(n)]
    state.lead_card = None
    if state.mode == "team6" and state.prev_order is None:
        state.lead_card = DECK[rng_for(state.seed, "lead_card").randrange(54)]
        holder = next(s for s in range(n) if state.lead_card in state.hands[s])
        state.leader = holder
        state.known[holder].append(state.lead_card)  # R10.4: shown, and everyone sees who gets it
    elif state.mode == "team6":
        assert state.prev_order is not None
        state.leader = state.prev_order[4]
    else:
        assert state.dealer is not None
        state.leader = state.dealer
    state.turn = state.leader
    state.top_seat, state.top_cards, state.top_combo = None, (), None
    state.trick, state.passed, state.out, state.played, state.recent = [], [], [], [], []
    state.ex_pending, state.ex_tributes, state.ex_returns = [], [], []
    events.append(Event("hand_start", None, {"hand": state.hand_no, "leader_seat": state.leader}))
    if state.dealer is not None:
        events.append(Event("dealer", state.dealer, {"hand": state.hand_no}))
    if state.lead_card is not None:
        events.append(Event("lead_card", state.leader, {"card": str(state.lead_card)}))
    if state.prev_order is None:
        state.phase = PLAY
        return
    state.phase = TRIBUTE
    for seat in _roles(state)[2:]:
        eligible = tribute_cards(state.hands[seat])
        if len(eligible) == 1:
            state.ex_pending.append((seat, eligible[0]))
            events.append(Event("tribute_auto", seat, {"card": str(eligible[0])}, frozenset({seat})))
    _maybe_reveal_tributes(state, events)


def tribute_cards(hand: list[Card]) -> list[Card]:
    """R8.2: the cards of the hand's highest rank (the pit player picks one)."""
    top = max(c.rank for c in hand)
    return [c for c in hand if c.rank == top]


def _maybe_reveal_tributes(state: State, events: list[Event]) -> None:
    if len(state.ex_pending) < 2:
        return
    for seat, card in sorted(state.ex_pending):
        state.hands[seat].remove(card)
        state.ex_tributes.append((seat, card))
        events.append(Event("tribute", seat, {"card": str(card)}))
    state.ex_pending = []
    state.phase = TAKE_TRIBUTE


def _maybe_reveal_returns(state: State, events: list[Event]) -> None:
    if len(state.ex_pending) < 2:
        return
    for seat, card in sorted(state.ex_pending):
        state.hands[seat].remove(card)
        if card in state.known[seat]:
            state.known[seat].remove(card)
        state.ex_returns.append((seat, card))
        events.append(Event("return", seat, {"card": str(card)}))
    state.ex_pending = []
    state.phase = TAKE_RETURN


# ---------------------------------------------------------------- queries


def to_act(state: State) -> set[int]:
    """Who may act now: the turn player, or the players an exchange step waits for."""
    phase = state.phase
    if phase == PLAY:
        return {state.turn}
    if phase == OVER:
        return set()
    first, second, second_last, last = _roles(state)
    pending = {s for s, _ in state.ex_pending}
    if phase == TRIBUTE:
        return {second_last, last} - pending
    if phase == TAKE_TRIBUTE:
        return {first}
    if phase == RETURN:
        return {first, second} - pending
    return {second_last}


def _active(state: State) -> list[int]:
    return [s for s in range(state.seats) if state.hands[s]]


def _next_active(state: State, seat: int) -> int:
    n = state.seats
    for i in range(1, n + 1):
        s = (seat + i) % n
        if state.hands[s]:
            return s
    return seat


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every distinct legal action of ``seat`` now.

    Plays are exact card selections (suits matter for suited runs and what stays in
    hand); an ambiguous lead appears once per reading (``as set``/``as run``/``as KxM``).
    """
    phase = state.phase
    if phase == PLAY:
        if seat != state.turn:
            return []
        return _legal_plays(state, seat)
    if seat not in to_act(state):
        return []
    if phase == TRIBUTE:
        return [Tribute(c) for c in tribute_cards(state.hands[seat])]
    if phase == TAKE_TRIBUTE:
        return [TakeTribute(c) for _, c in state.ex_tributes]
    if phase == RETURN:
        return [Return(c) for c in state.hands[seat]]
    if phase == TAKE_RETURN:
        return [TakeReturn(c) for _, c in state.ex_returns]
    return []


def _legal_plays(state: State, seat: int) -> list[Action]:
    """The turn player's plays; also remembers each play's reading for ``apply`` (``_cached_combo``)."""
    hand = state.hands[seat]
    options = state.options
    tn, ajp = options["twos_natural_in_sequences"], options["allow_joker_pair"]
    top = state.top_combo
    out: list[Action]
    combos: list[Combo | None]
    if top is None:
        out, combos = _lead_plays(state, seat, hand, tn, ajp)
    elif top.kind == SINGLE:
        rank = top.rank
        higher = [c for c in hand if c.rank > rank]
        # ``map`` over the shared singles: no Python-level step per card
        try:
            out = [_PASS, *map(_SINGLE_PLAY.__getitem__, map(id, higher))]
        except KeyError:  # a card that is not one of the deck's own objects (a test's hand)
            out = [_PASS, *[_SINGLE_PLAY.get(id(c)) or new_play((c,)) for c in higher]]
        combos = [None, *map(_SINGLE.__getitem__, map(_RANK, higher))]
    else:
        out, combos = [_PASS], [None]
        shape = top.shape
        # beats() inlined: same shape (a Combo's first four fields), then suited/rank/purity
        rank, suited, pure, run = top.rank, top.suited, top.pure, top.kind == RUN
        for cards, interps in combinations_in(hand, tn, ajp, shape, rank if top.kind == SET else 3):
            for c in interps:
                if c[:4] == shape and (
                        c.suited if run and c.suited != suited else
                        c.rank > rank or (c.rank == rank and c.pure and not pure)):
                    out.append(new_play(cards))
                    combos.append(c)
                    break
    # a copy of the list: the caller may reorder theirs
    state.legal_cache = (state.version, seat, hand, len(hand), top, tn, ajp, tuple(out), combos)
    return out


def _plays_of(found: list[tuple[tuple[Card, ...], list[Combo]]],
              singles: int) -> tuple[list[Action], list[Combo | None]]:
    """A lead's plays from ``combinations_in`` (whose first ``singles`` entries are the singles):
    one per selection, or one per reading when it has several."""
    single_play = _SINGLE_PLAY.get
    head = found[:singles]
    out: list[Action] = [single_play(id(cards[0])) or new_play(cards) for cards, _ in head]
    combos: list[Combo | None] = [interps[0] for _, interps in head]
    rest = found[singles:]
    if max(map(len, map(_SECOND, rest)), default=1) == 1:
        out += [new_play(cards) for cards, _ in rest]
        combos += [interps[0] for _, interps in rest]
        return out, combos
    for cards, interps in rest:
        if len(interps) == 1:
            out.append(new_play(cards))
            combos.append(interps[0])
        else:
            for c in interps:
                out.append(new_play(cards, c.label))
                combos.append(c)
    return out, combos


def _lead_plays(state: State, seat: int, hand: list[Card], tn: bool,
                ajp: bool) -> tuple[list[Action], list[Combo | None]]:
    """The lead's plays and readings, reusing the seat's last lead list when the hand has only
    lost cards since (a player's hand only shrinks between their leads, barring the exchange).

    Every selection of a smaller hand is one of the bigger hand's, read the same way and
    listed in the same relative order, so keeping the plays whose cards are all still held
    gives exactly the smaller hand's list (a test pins this for ``combinations_in``). Cards
    are compared by identity: the entry keeps that hand's cards alive (each is listed as a
    single), so no other object can take one of those ids meanwhile.
    """
    ids = set(map(id, hand))
    cached = state.lead_cache.get(seat)
    if cached is not None and cached[1] == tn and cached[2] == ajp and ids <= cached[0]:
        if len(ids) == len(cached[0]):
            return list(cached[3]), list(cached[4])
        keep = [ids.issuperset(map(id, play.cards)) for play in cached[3]]
        plays: list[Action] = list(compress(cached[3], keep))
        combos: list[Combo | None] = list(compress(cached[4], keep))
    else:
        plays, combos = _plays_of(combinations_in(hand, tn, ajp), len(hand))
    state.lead_cache[seat] = (ids, tn, ajp, tuple(plays), tuple(combos))
    return plays, combos


def _cached_combo(state: State, seat: int, action: Action) -> Combo | None:
    """The reading of ``action`` if it is one of the plays ``legal_actions`` just listed for this state.

    The key (version, seat, hand and its size, top play, options) changes with every ``apply``
    and with the usual ways of editing a state by hand, so a stale answer is never used.
    The action must be the very object listed (identity), which also makes the look-up cheap.
    """
    cache = state.legal_cache
    if cache is None:
        return None
    hand = state.hands[seat]
    options = state.options
    if cache[:7] != (state.version, seat, hand, len(hand), state.top_combo,
                     options["twos_natural_in_sequences"], options["allow_joker_pair"]):
        return None
    try:
        i = list(map(id, cache[7])).index(id(action))
    except ValueError:
        return None
    combo: Combo | None = cache[8][i]
    return combo


# ---------------------------------------------------------------- apply


def _not_your_turn() -> IllegalAction:
    return IllegalAction("zhengshangyou.not_your_turn", "It is not your turn.")


def apply(state: State, seat: int, action: Action) -> list[Event]:
    """Validate ``action`` for ``seat`` (IllegalAction, state untouched), then perform it."""
    if state.phase == OVER:
        raise IllegalAction("zhengshangyou.game_over", "This match is over.")
    if not 0 <= seat < state.seats:
        raise _not_your_turn()
    events: list[Event] = []
    if isinstance(action, _PLAY_OR_PASS):
        if state.phase != PLAY:
            raise IllegalAction("zhengshangyou.exchange_first",
                                "The card exchange comes first: play starts when it is done.")
        if seat != state.turn:
            raise _not_your_turn()
        if isinstance(action, Pass):
            if state.top_combo is None:
                raise IllegalAction("zhengshangyou.must_lead", "You are leading, so you must play: you can't pass.")
            _do_pass(state, seat, events)
        else:
            known = _cached_combo(state, seat, action)
            if known is not None:  # one of the plays legal_actions just listed: already checked
                _do_play(state, seat, action.cards, known, events)
            else:
                cards, combo = _checked(state, seat, action)
                _do_play(state, seat, cards, combo, events)
    else:
        _apply_exchange(state, seat, action, events)
    state.version += 1
    return events


def _describe(combo: Combo) -> str:
    if combo.kind == SINGLE:
        return "single card"
    if combo.kind == SET:
        return f"set of {combo.n}"
    if combo.kind == RUN:
        return f"{combo.n}-card sequence"
    return f"multiple sequence of {combo.k} ranks x {combo.m} cards"


def check_play(state: State, seat: int, action: Play) -> Combo:
    """The reading ``action`` is played as, or IllegalAction with the reason."""
    return _checked(state, seat, action)[1]


def _from_hand(hand: list[Card], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` as the hand's own card objects, in hand (sorted) order; refuses strangers and repeats."""
    where: list[int] = []
    for c in cards:
        try:
            where.append(hand.index(c))
        except ValueError:
            raise IllegalAction("zhengshangyou.not_in_hand", "You don't hold {card}.", card=str(c)) from None
    if len(set(where)) != len(where):
        raise IllegalAction("zhengshangyou.duplicate_card", "The same card is listed twice.")
    where.sort()
    return tuple(hand[i] for i in where)


def _checked(state: State, seat: int, action: Play) -> tuple[tuple[Card, ...], Combo]:
    if not action.cards:
        raise IllegalAction("zhengshangyou.empty_play", "Choose at least one card to play.")
    cards = _from_hand(state.hands[seat], action.cards)
    return cards, _read(cards, action.as_, state.twos_natural, state.allow_joker_pair, state.top_combo,
                        state.top_cards)


def _read(cards: tuple[Card, ...], as_: str | None, tn: bool, ajp: bool, top: Combo | None,
          top_cards: tuple[Card, ...]) -> Combo:
    """The reading ``cards`` (held) are played as on this table (R5, R6), or IllegalAction with the reason."""
    interps = interpretations(cards, tn, ajp)
    if not interps:
        raise _why_invalid(cards, tn, ajp)
    if as_ is not None:
        interps = [c for c in interps if c.label == as_]
        if not interps:
            raise IllegalAction("zhengshangyou.bad_reading", "These cards can't be played as {label}.",
                                label=as_)
    if top is None:
        if len(interps) > 1:
            raise IllegalAction("zhengshangyou.choose_reading",
                                "These cards can be played in several ways ({options}): say which.",
                                options=", ".join(c.label for c in interps))
        return interps[0]
    if len(cards) != top.n:
        raise IllegalAction("zhengshangyou.wrong_size", "You must play {count} cards, like the lead.", count=top.n)
    same_kind = [c for c in interps if c.kind == top.kind]
    if not same_kind:
        raise IllegalAction("zhengshangyou.wrong_type", "You must play a {kind}, like the lead.",
                            kind=_describe(top))
    same = [c for c in same_kind if c.shape == top.shape]
    if not same:
        raise IllegalAction("zhengshangyou.wrong_shape",
                            "A multiple sequence must have the same shape ({k} ranks x {m} cards).",
                            k=top.k, m=top.m)
    for combo in same:
        if beats(combo, top):
            return combo
    if top.kind == RUN and top.suited and not any(x.suited for x in same):
        raise IllegalAction("zhengshangyou.mixed_vs_suited",
                            "Not higher than the top play: a mixed sequence can't beat a suited one.")
    raise IllegalAction("zhengshangyou.not_higher", "Not higher than the top play ({top}).",
                        top=cards_text(top_cards))


def play_reading(mine: View, play: Play) -> ComboView:
    """How ``play`` would be read on the table ``mine`` shows (a seat's own view: the cards must be in its
    hand), as ``apply`` would read it; IllegalAction with the engine's reason when it is no play now."""
    if not play.cards:
        raise IllegalAction("zhengshangyou.empty_play", "Choose at least one card to play.")
    cards = _from_hand(list(mine.hand), play.cards)
    tn = mine.twos_natural_in_sequences
    top = mine.top
    combo = _read(cards, play.as_, tn, mine.allow_joker_pair,
                  None if top is None else Combo(top.kind, top.size, top.ranks, top.per_rank, top.rank, top.suited,
                                                 top.pure), mine.top_cards)
    return _combo_view(cards, combo, tn)


#: §16.6: the "Play as" readings are listed sets first, then sequences, then multiple sequences by larger k
_READING_ORDER = {SINGLE: 0, SET: 1, RUN: 2, MULTI: 3}


def listed_readings(mine: View, legal: Sequence[Any], cards: Sequence[Card]) -> list[Play]:
    """The legal plays made of exactly ``cards`` (one per reading when a lead has several), in the order the
    "Play as" prompt lists them (§16.6)."""
    wanted = Counter(cards)
    plays = [a for a in legal if isinstance(a, Play) and len(a.cards) == len(cards) and Counter(a.cards) == wanted]

    def order(play: Play) -> tuple[int, int]:
        combo = play_reading(mine, play)
        return _READING_ORDER.get(combo.kind, 9), -combo.ranks if combo.kind == MULTI else 0
    return sorted(plays, key=order) if len(plays) > 1 else plays


def _why_invalid(cards: tuple[Card, ...], tn: bool, ajp: bool) -> IllegalAction:
    if not tn and len(cards) >= 3 and any(c.rank == 15 for c in cards):
        swapped = tuple(Card(16) if c.rank == 15 else c for c in cards if c.rank != 15)
        if interpretations(swapped + (Card(17),) * (len(cards) - len(swapped)), tn, ajp):
            return IllegalAction("zhengshangyou.twos_in_run", "2s can't be used in single sequences.")
    if len(cards) == 2 and all(c.is_joker for c in cards):
        return IllegalAction("zhengshangyou.no_joker_pair", "Black Joker + Red Joker is not a pair in this game.")
    return IllegalAction("zhengshangyou.not_a_combination",
                         "{cards} is not a single, a set, a sequence or a multiple sequence.",
                         cards=cards_text(sort_cards(cards)))


def _do_play(state: State, seat: int, cards: tuple[Card, ...], combo: Combo, events: list[Event],
             quiet: bool = False) -> None:
    """Perform a checked play. ``quiet`` (AI rollouts) skips the log and stops at the hand's end."""
    hand = state.hands[seat]
    size = len(hand) - len(cards)
    # by identity (``list.remove`` would call Card.__eq__ on every card before the one removed)
    if len(cards) == 1:
        try:
            del hand[list(map(id, hand)).index(id(cards[0]))]
        except ValueError:  # an equal card, not the hand's own object
            hand.remove(cards[0])
    else:
        gone = {id(c) for c in cards}
        kept = [c for c in hand if id(c) not in gone]
        if len(kept) == size:
            hand[:] = kept
        else:  # cards equal to, but not the same objects as, the hand's
            for c in cards:
                hand.remove(c)
    known = state.known[seat]
    if known:
        for c in cards:
            if c in known:
                known.remove(c)
    state.played.extend(cards)
    state.top_seat, state.top_cards, state.top_combo = seat, cards, combo
    state.passed = []
    if not quiet:
        state.trick.append((seat, cards, combo))
        text = _text(cards)
        recent = state.recent
        recent.append((seat, text))
        if len(recent) > RECENT:
            del recent[0]
        # a reading without wild cards is just the cards (R5.6.4)
        events.append(_event("play", seat, {"cards": text, "label": combo.label, "kind": combo.kind,
                                            "reading": text if combo.pure else
                                            reading(cards, combo, state.twos_natural)}))
    if not size:
        state.out.append(seat)
        active = _active(state)
        if len(active) == 1:
            state.out.append(active[0])
            if not quiet:
                events.append(_event("out", seat, {"place": len(state.out) - 1}))
                _end_hand(state, events)
            return
        if not quiet:
            events.append(_event("out", seat, {"place": len(state.out)}))
    state.turn = _next_active(state, seat)


def _do_pass(state: State, seat: int, events: list[Event], quiet: bool = False) -> None:
    state.passed.append(seat)
    if not quiet:
        state.trick.append((seat, (), None))
        recent = state.recent
        recent.append((seat, "pass"))
        if len(recent) > RECENT:
            del recent[0]
        events.append(_event("pass", seat))
    top_seat = state.top_seat
    assert top_seat is not None
    hands = state.hands
    passed = state.passed
    for s in range(state.seats):
        if hands[s] and s != top_seat and s not in passed:
            state.turn = _next_active(state, seat)
            return
    # R6.6/R6.10: everyone else passed; the top player (or the next active one) leads
    leader = top_seat if hands[top_seat] else _next_active(state, top_seat)
    if not quiet:
        events.append(_event("trick_won", top_seat, {"leader_seat": leader}))
    state.top_seat, state.top_cards, state.top_combo = None, (), None
    state.trick, state.passed = [], []
    state.turn = leader


def _end_hand(state: State, events: list[Event]) -> None:
    order = list(state.out)
    seat_pts, team_pts = hand_points(state.mode, order)
    for s in range(state.seats):
        state.scores[s] += seat_pts[s]
    if team_pts is not None and state.team_scores is not None:
        for t in (0, 1):
            state.team_scores[t] += team_pts[t]
    state.last_hand = {"hand": state.hand_no, "order": order, "points": seat_pts, "team_points": team_pts}
    events.append(Event("hand_end", None, {
        "hand": state.hand_no, "order": order, "points": seat_pts, "team_points": team_pts,
        "scores": list(state.scores),
        "team_scores": None if state.team_scores is None else list(state.team_scores),
    }))
    state.prev_order = order
    winners = _match_winners(state, order)
    if winners:
        state.winners = winners
        state.phase = OVER
        state.top_seat, state.top_cards, state.top_combo = None, (), None
        state.trick, state.passed = [], []
        events.append(Event("match_end", None, {
            "winners": winners, "scores": list(state.scores),
            "team_scores": None if state.team_scores is None else list(state.team_scores),
        }))
        return
    _start_hand(state, events)


def _match_winners(state: State, order: list[int]) -> list[int]:
    return match_winners(state.mode, state.scores, state.team_scores, state.target, state.options["tie_rule"], order)


def _apply_exchange(state: State, seat: int, action: Action, events: list[Event]) -> None:
    phase = state.phase
    expected = {TRIBUTE: Tribute, TAKE_TRIBUTE: TakeTribute, RETURN: Return, TAKE_RETURN: TakeReturn}.get(phase)
    if expected is None or not isinstance(action, expected):
        raise IllegalAction("zhengshangyou.wrong_step", "That is not what the game waits for now ({step}).",
                            step=phase)
    if seat not in to_act(state):
        raise IllegalAction("zhengshangyou.nothing_to_do", "You have nothing to do in this step.")
    assert isinstance(action, Tribute | TakeTribute | Return | TakeReturn)
    card = action.card
    first, second, second_last, last = _roles(state)
    if isinstance(action, Tribute):
        eligible = tribute_cards(state.hands[seat])
        if card not in eligible:
            raise IllegalAction("zhengshangyou.tribute_highest",
                                "Your tribute must be one of your highest cards ({cards}).",
                                cards=cards_text(eligible))
        state.ex_pending.append((seat, card))
        events.append(Event("tribute_chosen", seat, {"card": str(card)}, frozenset({seat})))
        _maybe_reveal_tributes(state, events)
    elif isinstance(action, Return):
        if card not in state.hands[seat]:
            raise IllegalAction("zhengshangyou.not_in_hand", "You don't hold {card}.", card=str(card))
        state.ex_pending.append((seat, card))
        events.append(Event("return_chosen", seat, {"card": str(card)}, frozenset({seat})))
        _maybe_reveal_returns(state, events)
    else:
        pool = state.ex_tributes if isinstance(action, TakeTribute) else state.ex_returns
        offered = [c for _, c in pool]
        if card not in offered:
            raise IllegalAction("zhengshangyou.not_offered", "{card} is not one of the cards on offer ({cards}).",
                                card=str(card), cards=cards_text(offered))
        other = next(c for c in offered if c != card)
        taker, receiver = (first, second) if isinstance(action, TakeTribute) else (second_last, last)
        for s, c in ((taker, card), (receiver, other)):
            state.hands[s].append(c)
            state.hands[s].sort()
            state.known[s].append(c)
        kind = "tribute_taken" if isinstance(action, TakeTribute) else "return_taken"
        events.append(Event(kind, seat, {"card": str(card), "other": str(other),
                                  "target_seat": receiver}))
        if isinstance(action, TakeTribute):
            state.phase = RETURN
        else:
            state.phase = PLAY
            state.turn = state.leader
            events.append(Event("lead", state.leader, {}))


def result(state: State) -> Result:
    """Match standing: places by score (team games: the winning team is 1st), points per seat."""
    teams = state.teams
    if teams is None:
        pts = list(state.scores)
    else:
        assert state.team_scores is not None
        pts = [state.team_scores[t] for t in teams]
    places: dict[int, int] = {}
    for s in range(state.seats):
        places[s] = 1 + len({pts[o] for o in range(state.seats) if pts[o] > pts[s]} if teams else
                            [o for o in range(state.seats) if pts[o] > pts[s]])
    if state.finished:
        for s in range(state.seats):
            if s in state.winners:
                places[s] = 1
            elif places[s] == 1:
                places[s] = 2
    return Result(
        finished=state.finished,
        places=places,
        points={s: pts[s] for s in range(state.seats)},
        team_points=None if state.team_scores is None else {0: state.team_scores[0], 1: state.team_scores[1]},
        teams=None if teams is None else dict(enumerate(teams)),
        summary={"mode": state.mode, "hands": state.hand_no, "target": state.target,
                 "winners": list(state.winners), "scores": list(state.scores),
                 "team_scores": None if state.team_scores is None else list(state.team_scores),
                 "last_hand": state.last_hand},
    )


# ---------------------------------------------------------------- views


def _combo_view(cards: tuple[Card, ...], combo: Combo, twos_natural: bool) -> ComboView:
    return ComboView(combo.kind, combo.n, combo.k, combo.m, combo.rank, combo.suited, combo.pure, combo.label,
                     reading(cards, combo, twos_natural))


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see (None: the public table)."""
    tn = state.twos_natural
    exchange: ExchangeView | None = None
    if state.phase in (TRIBUTE, TAKE_TRIBUTE, RETURN, TAKE_RETURN):
        first, second, second_last, last = _roles(state)
        mine = next((c for s, c in state.ex_pending if s == seat), None)
        eligible: tuple[Card, ...] = ()
        if state.phase == TRIBUTE and seat in to_act(state):
            eligible = tuple(tribute_cards(state.hands[seat]))
        exchange = ExchangeView(
            step=state.phase, first_seat=first, second_seat=second, second_last_seat=second_last,
            last_seat=last, waiting=tuple(sorted(to_act(state))),
            tributes=tuple(c for _, c in state.ex_tributes), tribute_givers=tuple(s for s, _ in state.ex_tributes),
            returns=tuple(c for _, c in state.ex_returns), return_givers=tuple(s for s, _ in state.ex_returns),
            my_choice=mine, eligible=eligible,
        )
    last_hand: HandSummary | None = None
    if state.last_hand is not None:
        lh = state.last_hand
        last_hand = HandSummary(lh["hand"], tuple(lh["order"]), tuple(lh["points"]),
                                None if lh["team_points"] is None else tuple(lh["team_points"]))
    teams = state.teams
    if teams is None or state.team_scores is None:
        scores = tuple(state.scores)
    else:
        scores = tuple(state.team_scores[t] for t in teams)
    return View(
        seat=seat, seats=state.seats, mode=state.mode, target_score=state.target,
        twos_natural_in_sequences=tn, allow_joker_pair=state.allow_joker_pair,
        hand_no=state.hand_no, phase=state.phase,
        hand=tuple(state.hands[seat]) if seat is not None and 0 <= seat < state.seats else (),
        counts=tuple(len(h) for h in state.hands), dealer=state.dealer, leader=state.leader,
        lead_card=state.lead_card, turn=state.turn if state.phase == PLAY else None,
        to_act=tuple(sorted(to_act(state))), top_seat=state.top_seat, top_cards=state.top_cards,
        top=None if state.top_combo is None else _combo_view(state.top_cards, state.top_combo, tn),
        trick=tuple(TrickEntry(s, cs, None if c is None else _combo_view(cs, c, tn)) for s, cs, c in state.trick),
        passed=tuple(state.passed), out_order=tuple(state.out), scores=scores,
        team_scores=None if state.team_scores is None else tuple(state.team_scores),
        teams=None if teams is None else tuple(teams), played=tuple(state.played),
        known=tuple(tuple(k) for k in state.known), exchange=exchange, last_hand=last_hand,
        recent=tuple(state.recent), finished=state.finished, winners=tuple(state.winners),
        version=state.version,
    )
