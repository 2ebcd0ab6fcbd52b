"""The Go-Stop rules engine (shared/rules/gostop.md): deal, turns, events, Go/Stop, settlement.

One ``State`` holds the whole match (several rounds, chips carried over). Cards are ints (see
``cards.py``); the stock's top card is the **last** element of ``State.stock`` so a draw is a
``pop()``. Seats are table seats ``0..seats-1``; ``State.active`` lists the seats playing this
round in turn order, dealer first (R2.2). A turn that needs a choice in the middle (k = 2 after a
joker, j = 2 on the flip) keeps its progress in ``State.cur`` until the player picks.

Every variant of §10 is an option with the rules file's default, except ``joker_kinds`` (V-J1): the
rules file does not say which special jokers join the pack or how they are written, so it is not
offered (a game asking for it is refused as an unknown option). Missions (V-M1) use a small fixed list, ``MISSIONS``.

§10A presets: ``preset = "matgo"`` (two players) sets the keys of ``MATGO``; each rule R10A.M1–M14 is an option
of its own whose default is the seed's rule, so a game without the preset plays as before. The preset's side
payments (첫뻑 ``first_ppuk``, 연뻑 ``ppuk_streak``, 첫따닥 ``first_ttadak``) are ledger entries of their own.
The provisional ``gostop3`` preset (§10A.3) is not offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from ..core import Event, GameInfo, IllegalAction, Option, Result, apply_presets, rng_for
from .actions import ACCEPT, FLIP, GO, JOIN, OFFER, REJECT, SIT, STOP, Action
from .cards import (
    ANIMAL,
    BOAR,
    BRIGHT,
    CARDS_OF_MONTH,
    CUP,
    DOUBLE_JUNK,
    IDS,
    IRIS_ANIMAL,
    IS_JOKER,
    JOKER2,
    JOKER3,
    JUNK,
    MONTH,
    PI,
    RAIN_BRIGHT,
    RIBBON,
    STEALABLE,
    TYPE,
)
from .scoring import (
    MISSIONS,
    Rules,
    go_terms,
    junk_value,
    nagari_mult,
    score,
    score_breakdown,
    settlement,
    syodang_window,
)
from .views import LastTurn, PendingView, PlayerView, StackView, View

NO_STACK = -2
DEAL_STACK = -1

#: V-M1 missions: (name, test on the winner's tally); one is drawn each round with a factor 2..9.
OPTIONS: dict[str, Option] = {
    "preset": Option("none", choices=("none", "matgo")),  # §10A.1; gostop3 (§10A.3) is provisional, not offered
    "rounds": Option(5, minimum=1, maximum=100),
    "jokers": Option(2, choices=(0, 1, 2)),
    "target_2p": Option(7, choices=(7, 5)),
    "gwangpalli": Option(False),
    "deal_stack_steals": Option(True),
    "nagari_cumulative": Option(True),
    "go_add_dropped_at_3": Option(False),
    "steal_choice": Option("auto", choices=("auto", "ask")),
    "joker_stays_with_ppuk": Option(False),
    "cup_single_junk": Option(False),
    "flex_card": Option("m09", choices=("m09", "m05")),
    "bomb_flip_three": Option(False),
    "bomb_korean": Option(False),
    "shake_must_play": Option(False),
    "shake_nov_dec_x4": Option(False),
    "first_turn_bonus": Option(False),
    "weolyak_first_turn": Option(False),
    "weolyak_month": Option(False),
    "baekhwajeom": Option(False),
    "boar_pot": Option(0, minimum=0, maximum=100),
    "boar_first_turn": Option(False),
    "four_brights_with_rain_3": Option(False),
    "gwangbak_flat_2": Option(False),
    "godori_3": Option(False),
    "four_birds": Option(False),
    "meong_bak": Option(False),
    "tti_bak": Option(False),
    "pibak_2p_7": Option(False),
    "vip": Option(False),
    "palssari": Option(False),
    "go_linear": Option(False),
    "missions": Option(False),
    "gwangpalli_pay_at_end": Option(False),
    "gwangpalli_redeal_all": Option(False),
    "gwangpalli_rate": Option(2, choices=(2, 3)),
    "seven_iris_rule": Option(False),
    "oe_myeon": Option(False),
    "syodang": Option(False),
    # §10A.2.2: the rules of Korean online matgo, each behind its own key (defaults = the seed's rules)
    "go_scoring": Option("seed", choices=("seed", "plus_n")),  # R10A.M1
    "gobak_2p": Option(False),  # R10A.M2
    "pibak_threshold": Option(5, minimum=1, maximum=20),  # R10A.M3: pi-bak when the loser's junk < this
    "pibak_zero_exempt": Option(False),  # R10A.M3
    "ppuk_pay": Option("seed", choices=("seed", "streak_7_14_21", "off")),  # R10A.M4
    "samppuk_pay": Option(5, choices=(5, 7, 10)),  # R10A.M5
    "first_ttadak_pay": Option(0, choices=(0, 7)),  # R10A.M6
    "chongtong_pay": Option(5, choices=(5, 7, 10)),  # R10A.M7
    "chongtong_both": Option("cancel", choices=("cancel", "dealer_wins", "nagari")),  # R10A.M7
    "layout_four": Option("void", choices=("void", "dealer_wins", "nagari")),  # R10A.M8
    "last_card_exception": Option("round_final", choices=("round_final", "own_last_card")),  # R10A.M9
    "shake_needs_empty_month": Option(False),  # R10A.M10
    "grenade": Option("off", choices=("off", "steal_only", "as_shake")),  # R10A.M11
    "joker_hand_play": Option("auto_replace", choices=("auto_replace", "redraw_replay")),  # R10A.M12
    "joker_steal": Option(False),  # R10A.M13
    "jappuk_steal": Option("cheapest", choices=("cheapest", "sequential")),  # R10A.M14
    "bonus_chongtong": Option("never", choices=("never", "first_turn", "always")),  # R10A.M12
}

#: §10A.2.1 and §10A.2.2: the keys ``preset = "matgo"`` sets (a key the host sets himself wins, R10A.1)
MATGO: dict[str, Any] = {
    "jokers": 2, "target_2p": 7, "nagari_cumulative": True, "bomb_flip_three": False, "bomb_korean": True,
    "shake_must_play": True, "shake_nov_dec_x4": False, "joker_stays_with_ppuk": True, "cup_single_junk": False,
    "flex_card": "m09", "first_turn_bonus": False, "weolyak_first_turn": False, "weolyak_month": False,
    "baekhwajeom": False, "boar_pot": 0, "boar_first_turn": False, "four_brights_with_rain_3": False,
    "gwangbak_flat_2": False, "godori_3": False, "four_birds": False, "meong_bak": False, "tti_bak": False,
    "pibak_2p_7": False, "vip": False, "palssari": False, "go_linear": False, "missions": False,
    "go_add_dropped_at_3": False, "deal_stack_steals": True, "steal_choice": "auto",
    "go_scoring": "plus_n", "gobak_2p": True, "pibak_threshold": 8, "pibak_zero_exempt": True,
    "ppuk_pay": "streak_7_14_21", "samppuk_pay": 7, "first_ttadak_pay": 7, "chongtong_pay": 10,
    "chongtong_both": "dealer_wins", "layout_four": "dealer_wins", "last_card_exception": "own_last_card",
    "shake_needs_empty_month": True, "grenade": "steal_only", "joker_hand_play": "redraw_replay",
    "joker_steal": True, "jappuk_steal": "sequential", "bonus_chongtong": "always",
}
#: players a preset is for (R10A.1: refused with another number of active players)
PRESET_SEATS = {"matgo": 2}
#: R10A.M8: what the dealer wins when four of a month lie in the layout
LAYOUT_FOUR_PAY = 10


def _team_of(seats: int, options: Mapping[str, Any]) -> list[int] | None:
    return None


INFO = GameInfo(id="gostop", min_seats=2, max_seats=7, options=OPTIONS, team_of=_team_of,
                presets={"preset": {"matgo": MATGO}})

PLAYING, SITTING, FORCED_OUT, UNDECIDED = "playing", "sitting_out", "forced_out", "undecided"
STEAL_EVENTS = ("ppuk_capture", "ja_ppuk", "ttadak", "chok", "sseul", "bomb_steal", "baekhwajeom", "grenade_steal",
                "joker_steal")
#: events whose steal the last-card exception cancels (R5.9; R10A.M9 adds the stack captures)
LAST_CARD_VOID = ("chok", "ttadak", "sseul")
LAST_CARD_VOID_OWN = ("chok", "ttadak", "sseul", "ppuk_capture", "ja_ppuk")
LOG_SIZE = 8


@dataclass(eq=False)
class State:
    """The whole match. ``to_dict``/``from_dict`` round-trip; ``version`` counts applied moves."""

    seats: int
    seed: int
    options: dict[str, Any]
    version: int = 0
    deal_no: int = 0
    round_no: int = 0
    dealer: int = 0
    phase: str = "turn"
    turn: int = 0
    active: list[int] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    layout: list[list[int]] = field(default_factory=list)  # index = month (0 unused)
    stack_owner: list[int] = field(default_factory=list)  # per month: NO_STACK, DEAL_STACK or seat
    stack_jokers: list[list[int]] = field(default_factory=list)  # V-J2: jokers riding on a stack
    stock: list[int] = field(default_factory=list)  # top = last
    captures: list[list[int]] = field(default_factory=list)
    credits: list[int] = field(default_factory=list)
    gos: list[int] = field(default_factory=list)
    last_go: list[int] = field(default_factory=list)
    go_seq: list[int] = field(default_factory=list)
    shaken: list[list[int]] = field(default_factory=list)
    bombs: list[int] = field(default_factory=list)
    ppuks: list[int] = field(default_factory=list)
    turns_taken: list[int] = field(default_factory=list)
    weolyak: list[bool] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    ledger: list[list[Any]] = field(default_factory=list)
    nagari_streak: int = 0
    gp_same_three: bool = False  # R9.6: after a gwangpalli nagari only the same three are dealt in
    compensation: list[list[int]] = field(default_factory=list)  # [payer, payee, amount] pending
    deferred: list[list[int]] = field(default_factory=list)  # V-G1: [payee, amount per loser] due at the end
    exposed: list[list[int]] = field(default_factory=list)  # O-1: layout cards each seat left exposed
    syodang: dict[str, Any] = field(default_factory=dict)  # O-2: the current offer and its window
    pot: int = 0  # V-E5: chips waiting for whoever catches the boar
    mission: list[int] = field(default_factory=list)  # V-M1: [index in MISSIONS, factor] of this round
    set_aside: list[int] = field(default_factory=list)
    weolyak_month: int = 0
    cur: dict[str, Any] = field(default_factory=dict)
    last_turn: dict[str, Any] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    go_counter: int = 0
    ppuk_turns: list[list[int]] = field(default_factory=list)  # R10A.M4: own turn numbers with a ppuk, per seat
    preset_overrides: list[str] = field(default_factory=list)  # R10A.1: keys the host set against the preset

    def __post_init__(self) -> None:
        self.rules = Rules.from_options(self.options)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible copy of every field."""
        return {f.name: _copy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        """The state ``to_dict`` wrote. A snapshot saved before an option or a field existed gets the option's
        default (the rules it was played by) and the field's empty value, so a game resumes across an upgrade."""
        known = {f.name for f in fields(cls)}
        values = {k: _copy(v) for k, v in data.items() if k in known}
        values["options"] = {**{name: opt.default for name, opt in OPTIONS.items()}, **values.get("options", {})}
        st = cls(**values)
        if len(st.ppuk_turns) != len(st.ppuks):
            st.ppuk_turns = [[] for _ in st.ppuks]
        return st

    def copy(self) -> State:
        """An independent copy, fast (the search AI clones states thousands of times)."""
        new = State.__new__(State)
        data = dict(self.__dict__)
        for name in _NESTED:
            data[name] = [list(x) for x in data[name]]
        for name in _FLAT:
            data[name] = list(data[name])
        data["cur"] = _copy(self.cur)
        new.__dict__.update(data)
        return new

    # -- small queries -------------------------------------------------------------------------------

    @property
    def target(self) -> int:
        """R7.1: 3 points with three players, ``target_2p`` with two."""
        return 3 if len(self.active) == 3 else int(self.options["target_2p"])

    @property
    def finished(self) -> bool:
        return self.phase == "finished"

    def opponents(self, seat: int) -> list[int]:
        """The other active players in turn order, starting after ``seat``."""
        act = self.active
        i = act.index(seat)
        return act[i + 1:] + act[:i]

    def score(self, seat: int) -> int:
        return score(self.captures[seat], self.rules)

    def has_turn(self, seat: int) -> bool:
        """Whether ``seat`` still gets a turn this round (hand card or pass credit, R4.3)."""
        return bool(self.hands[seat]) or self.credits[seat] > 0


_NESTED = ("hands", "layout", "captures", "shaken", "ledger", "compensation", "stack_jokers", "deferred",
           "exposed", "ppuk_turns")
_FLAT = ("active", "status", "stack_owner", "stock", "credits", "gos", "last_go", "go_seq", "bombs", "ppuks",
         "turns_taken", "weolyak", "chips", "set_aside", "log", "history", "mission", "preset_overrides")


def _copy(value: Any) -> Any:
    """A deep copy of plain data, tuples as lists. Scalars (card ids, mostly) are taken as they are, not
    passed through a call each: a snapshot or a view copies thousands of them."""
    if isinstance(value, dict):
        return {k: _copy(v) if isinstance(v, _NESTING) else v for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) if isinstance(v, _NESTING) else v for v in value]
    return value


_NESTING = (dict, list, tuple)


state_from_dict = State.from_dict


# ---------------------------------------------------------------------------------------------------
# The deal (§3, §9)
# ---------------------------------------------------------------------------------------------------


def new_game(seats: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    """A new match; the first dealer is drawn by lot (R2.3)."""
    return new_game_with_events(seats, seed, options)[0]


def new_game_with_events(seats: int, seed: int, options: Mapping[str, Any] | None = None,
                         ) -> tuple[State, list[Event]]:
    """``new_game`` plus the first round's pre-play results (§13.2): jokers moved to the dealer, a void
    deal, the round's start, as every later round reports them."""
    opts, overridden = apply_presets(INFO, options)
    if not INFO.min_seats <= seats <= INFO.max_seats:
        raise ValueError(f"Go-Stop needs 2 to 7 players, not {seats}")
    wanted = PRESET_SEATS.get(str(opts["preset"]))
    if wanted is not None and seats != wanted:
        raise ValueError(f"the {opts['preset']} preset is for {wanted} players, not {seats} (R10A.1)")
    if seats >= 4 and not opts["gwangpalli"]:
        raise ValueError("4 to 7 players need the gwangpalli option (R2.1, §9)")
    if seats == 7 and opts["jokers"] < 1:
        raise ValueError("seven players need at least one joker (R9.7)")
    st = State(seats=seats, seed=seed, options=opts, preset_overrides=overridden)
    st.dealer = rng_for(seed, "dealer").randrange(seats)
    st.chips = [0] * seats
    events: list[Event] = []
    _start_round(st, events)
    return st, events


def _reset_round(st: State) -> None:
    n = st.seats
    st.hands = [[] for _ in range(n)]
    st.captures = [[] for _ in range(n)]
    st.layout = [[] for _ in range(13)]
    st.stack_owner = [NO_STACK] * 13
    st.stack_jokers = [[] for _ in range(13)]
    st.exposed = [[] for _ in range(n)]
    st.syodang = {}
    st.stock = []
    st.credits = [0] * n
    st.gos = [0] * n
    st.last_go = [0] * n
    st.go_seq = [0] * n
    st.shaken = [[] for _ in range(n)]
    st.bombs = [0] * n
    st.ppuks = [0] * n
    st.ppuk_turns = [[] for _ in range(n)]
    st.turns_taken = [0] * n
    st.weolyak = [False] * n
    st.compensation = []
    st.set_aside = []
    st.cur = {}
    st.last_turn = {}


def _deck(st: State) -> list[int]:
    jokers = int(st.options["jokers"])
    return list(range(48)) + [JOKER2, JOKER3][:jokers]


def _start_round(st: State, events: list[Event]) -> None:
    """Deal a round (R3.1–R3.3, R9.2) and run the pre-play checks; redeals void deals."""
    while True:
        _reset_round(st)
        st.deal_no += 1
        n = st.seats
        d = st.dealer
        deck = _deck(st)
        rng_for(st.seed, "deal", st.deal_no).shuffle(deck)
        if st.options["weolyak_month"]:
            st.weolyak_month = rng_for(st.seed, "weolyak", st.deal_no).randint(1, 12)
        if st.options["missions"]:
            draw = rng_for(st.seed, "mission", st.deal_no)
            st.mission = [draw.randrange(len(MISSIONS)), draw.randint(2, 9)]
        if n <= 3 or st.gp_same_three:
            if n <= 3:
                st.active = [(d + i) % n for i in range(n)]
            st.status = [PLAYING if s in st.active else SITTING for s in range(n)]
            _deal_active(st, deck)
            events.append(Event("hand_start", d, {
                "round": st.round_no + 1, "dealer_seat": d, "active": list(st.active),
                "weolyak_month": st.weolyak_month, **_mission_data(st),
            }))
            if _pre_play(st, events):
                return
            continue
        # gwangpalli: deal to everyone, layout face down, then ask who plays (R9.2, R9.7)
        order = [(d + 1 + i) % n for i in range(n)]
        pos = 0
        if n == 7:
            for s in order:
                st.hands[s] = deck[pos:pos + 7]
                pos += 7
        else:
            for s in order:
                st.hands[s] = deck[pos:pos + 4]
                pos += 4
            st.layout[0] = deck[pos:pos + 3]
            pos += 3
            for s in order:
                st.hands[s] += deck[pos:pos + 3]
                pos += 3
            st.layout[0] += deck[pos:pos + 3]
            pos += 3
        st.stock = deck[pos:]
        st.active = [d]
        st.status = [UNDECIDED] * n
        st.status[d] = PLAYING
        if n == 7 and st.options["seven_iris_rule"]:
            for s in range(n):
                if s != d and IRIS_ANIMAL in st.hands[s]:
                    st.status[s] = FORCED_OUT
        st.phase = "choose"
        events.append(Event("hand_start", d, {
            "round": st.round_no + 1, "dealer_seat": d, "active": [], "weolyak_month": st.weolyak_month,
            **_mission_data(st),
        }))
        if _advance_choice(st, events):
            return


def _deal_active(st: State, deck: list[int]) -> None:
    """R3.3: the exact deal order for 2 or 3 active players."""
    act = st.active
    if len(act) == 2:
        dl, nd = act
        st.hands[nd] = deck[0:5] + deck[14:19]
        st.hands[dl] = deck[5:10] + deck[19:24]
        lay = deck[10:14] + deck[24:28]
        rest = deck[28:]
    else:
        dl, r, left = act
        st.hands[r] = deck[0:4] + deck[15:18]
        st.hands[left] = deck[4:8] + deck[18:21]
        st.hands[dl] = deck[8:12] + deck[21:24]
        lay = deck[12:15] + deck[24:27]
        rest = deck[27:]
    st.stock = rest[::-1]
    for c in lay:
        st.layout[MONTH[c]].append(c)


def _pre_play(st: State, events: list[Event]) -> bool:
    """R3.5 checks; False when the deal is void or cancelled and must be redealt."""
    d = st.dealer
    # 1. jokers in the layout go to the dealer, replaced from the stock
    jokers = st.layout[0]
    if jokers:
        moved = []
        while st.layout[0]:
            j = st.layout[0].pop()
            st.captures[d].append(j)
            moved.append(IDS[j])
            r = st.stock.pop()
            st.layout[MONTH[r]].append(r)
        events.append(Event("jokers_to_dealer", d, {"cards": moved}))
    # 2. four of a month in the layout: void deal (R10A.M8: the dealer wins, or a nagari)
    for m in range(1, 13):
        if len(st.layout[m]) == 4:
            rule = st.options["layout_four"]
            if rule == "void":
                events.append(Event("void_deal", d, {"month": m}))
                st.gp_same_three = st.gp_same_three and st.seats > 3
                return False
            _book_compensation(st, events)
            events.append(Event("layout_four_nagari" if rule == "nagari" else "layout_four", d,
                                {"month": m, "cards": [IDS[c] for c in CARDS_OF_MONTH[m]]}))
            if rule == "nagari":
                _nagari(st, events)
                return True
            mult = nagari_mult(st)
            for q in st.active:
                if q != d:
                    _pay(st, q, d, LAYOUT_FOUR_PAY * mult, "layout_four", events)
            _end_round(st, events, d, "layout_four")
            return True
    _book_compensation(st, events)
    ante = int(st.options["boar_pot"])
    if ante:  # V-E5: everyone antes into the boar pot, which carries over until the boar is caught
        for s in st.active:
            st.chips[s] -= ante
            st.ledger.append([s, -1, ante, "boar_ante"])
        st.pot += ante * len(st.active)
        events.append(Event("boar_ante", None, {"amount": ante, "pot": st.pot}))
    # 3. chongtong
    holders = [s for s in st.active if any(len([c for c in st.hands[s] if MONTH[c] == m]) == 4
                                           for m in range(1, 13))]
    if holders:
        for s in holders:
            month = next(m for m in range(1, 13) if sum(MONTH[c] == m for c in st.hands[s]) == 4)
            events.append(Event("chongtong", s, {
                "month": month, "cards": [IDS[c] for c in CARDS_OF_MONTH[month]]}))
        if len(holders) == len(st.active):
            both = st.options["chongtong_both"]  # R3.6 / R10A.M7
            if both == "cancel":
                events.append(Event("chongtong_cancelled", d, {}))
                return False
            events.append(Event("chongtong_both_nagari" if both == "nagari" else "chongtong_both_dealer", d, {}))
            if both == "nagari":
                _nagari(st, events)
                return True
            holders = [d]
        pay = int(st.options["chongtong_pay"]) * nagari_mult(st)
        for s in holders:
            for q in st.active:
                if q not in holders:
                    _pay(st, q, s, pay, "chongtong", events)
        _end_round(st, events, holders[0], "chongtong", holders)
        return True
    # 4. three of a month in the layout form a stack
    for m in range(1, 13):
        if len(st.layout[m]) == 3:
            st.stack_owner[m] = DEAL_STACK
            events.append(Event("deal_stack", None, {"month": m}))
    st.phase = "turn"
    st.turn = st.active[0]
    return True


def _book_compensation(st: State, events: list[Event]) -> None:
    """Gwangpalli compensation is booked only once the deal stands (A21)."""
    for payer, payee, amount in st.compensation:
        if payer < 0:
            st.deferred.append([payee, amount])  # V-G1: the losers pay at the end
        else:
            _pay(st, payer, payee, amount, "compensation", events)
    st.compensation = []


def _advance_choice(st: State, events: list[Event]) -> bool:
    """R9.3: ask the next undecided non-dealer, or force the rest in/out; then finish the deal.

    Returns False when finishing the deal found it void (the caller redeals).
    """
    n, d = st.seats, st.dealer
    order = [(d + 1 + i) % n for i in range(n - 1)]
    while True:
        playing = sum(1 for s in order if st.status[s] == PLAYING)
        undecided = [s for s in order if st.status[s] == UNDECIDED]
        if not undecided:
            break
        if playing == 2:
            for s in undecided:
                st.status[s] = FORCED_OUT
                events.append(Event("forced_out", s, {}))
            break
        if len(undecided) == 2 - playing:
            for s in undecided:
                st.status[s] = PLAYING
                events.append(Event("forced_in", s, {}))
            break
        st.turn = undecided[0]
        st.phase = "choose"
        return True
    st.active = [d] + [s for s in order if st.status[s] == PLAYING]
    return _finish_gwangpalli_deal(st, events)


def special_cards(hand: list[int], people: int) -> list[int]:
    """R9.4: the cards a forced-out player is paid for."""
    brights = [c for c in hand if TYPE[c] == BRIGHT]
    out = []
    for c in hand:
        if c == RAIN_BRIGHT:
            if people == 4 and len(brights) == 1:
                out.append(c)
        elif TYPE[c] == BRIGHT or c in DOUBLE_JUNK or c == CUP or IS_JOKER[c]:
            out.append(c)
    return out


def _finish_gwangpalli_deal(st: State, events: list[Event]) -> bool:
    n, d = st.seats, st.dealer
    rate = int(st.options["gwangpalli_rate"])
    payers = [s for s in st.active if s != d]
    at_end = bool(st.options["gwangpalli_pay_at_end"])
    if at_end and st.options["gwangpalli_redeal_all"] and st.nagari_streak > 0:
        payers = []  # V-G1 with V-G2: no compensation for the deal after a nagari
    for s in range(n):
        if st.status[s] != FORCED_OUT or not payers:
            continue
        specials = special_cards(st.hands[s], n)
        if not specials:
            continue
        months = [MONTH[c] for c in st.hands[s] if MONTH[c]]
        shaken = any(months.count(m) >= 3 for m in set(months))
        per = rate * 2 if shaken else rate
        events.append(Event("compensation", s, {
            "cards": [IDS[c] for c in specials], "per_card": per, "shake": shaken}))
        if at_end:
            st.compensation.append([-1, s, per * len(specials)])
        else:
            for q in payers:
                st.compensation.append([q, s, per * len(specials)])
    pool = list(st.stock)
    for s in range(n):
        if s not in st.active:
            pool += st.hands[s]
            st.hands[s] = []
    rng = rng_for(st.seed, "stock", st.deal_no)
    rng.shuffle(pool)
    if n == 7:
        lay, pool = pool[:6], pool[6:]
    else:
        lay = st.layout[0]
    st.layout[0] = []
    for c in lay:
        st.layout[MONTH[c]].append(c)  # a joker lands in layout[0], moved by _pre_play
    st.stock = pool
    ok = _pre_play(st, events)
    if not ok:
        st.compensation = []
    return ok


def _pay(st: State, payer: int, payee: int, amount: int, reason: str, events: list[Event]) -> None:
    if amount <= 0:
        return
    st.chips[payer] -= amount
    st.chips[payee] += amount
    st.ledger.append([payer, payee, amount, reason])
    events.append(Event("payment", payee, {"from_seat": payer, "amount": amount, "reason": reason}))


# ---------------------------------------------------------------------------------------------------
# Legal actions
# ---------------------------------------------------------------------------------------------------


_PLAY = [Action("play", card=x) for x in range(50)]
_PLAY_ON = [[Action("play", card=x, target=y) for y in range(48)] for x in range(48)]
_TAKE = [Action("take", card=x) for x in range(50)]
_SHAKE = [Action("shake", month=m) for m in range(13)]
_BOMB = [Action("bomb", month=m) for m in range(13)]
_GRENADE = [Action("grenade", month=m) for m in range(13)]
_CHONGTONG = [Action("chongtong", month=m) for m in range(13)]


def legal_actions(st: State, seat: int) -> list[Action]:
    """Every legal move of ``seat`` now (empty when it may not act)."""
    if seat != st.turn or st.phase == "finished":
        return []
    phase = st.phase
    if phase == "turn":
        return _turn_actions(st, seat)
    if phase == "take_hand":
        return [_TAKE[x] for x in st.layout[MONTH[st.cur["h"]]]]
    if phase == "take_flip":
        return [_TAKE[x] for x in st.layout[MONTH[st.cur["f"]]]]
    if phase == "go_stop":
        return [GO, STOP]
    if phase == "choose":
        return [JOIN, SIT]
    if phase == "syodang":
        return [ACCEPT, REJECT]
    if phase == "give":
        victim, demand, _ = st.cur["queue"][0]
        return [Action("give", card=o[0], target=o[1] if len(o) > 1 else -1)
                for o in give_options(st.captures[victim], demand)]
    return []


def _turn_actions(st: State, seat: int) -> list[Action]:
    hand = st.hands[seat]
    layout = st.layout
    out: list[Action] = []
    must = st.cur.get("must_months") if st.cur else None
    counts = [0] * 13
    for x in hand:
        m = MONTH[x]
        counts[m] += 1
        if must and m not in must:
            continue
        g = layout[m] if m else ()
        if len(g) == 2:
            row = _PLAY_ON[x]
            out.append(row[g[0]])
            out.append(row[g[1]])
        else:
            out.append(_PLAY[x])
    if must:
        return out
    shaken = st.shaken[seat]
    empty_only = st.options["shake_needs_empty_month"]
    grenade = st.options["grenade"] != "off"
    for m in range(1, 13):
        if counts[m] == 3 and m not in shaken:
            if not (empty_only and layout[m]):  # R10A.M10
                out.append(_SHAKE[m])
            if len(layout[m]) == 1:
                out.append(_BOMB[m])
        elif counts[m] == 2 and grenade and len(layout[m]) == 2:  # R10A.M11
            out.append(_GRENADE[m])
    replay = bool(st.cur.get("replay")) if st.cur else False
    if replay:  # R10A.M12: a hand card again after a joker; a quad completed by the draw may be declared
        out += [_CHONGTONG[m] for m in _bonus_chongtong_months(st, seat)]
    elif st.credits[seat] > 0:
        out.append(FLIP)
    if _may_offer(st, seat):
        out.append(OFFER)
    return out


def _bonus_chongtong_months(st: State, seat: int) -> list[int]:
    """R10A.M12: months of which the card drawn after a joker completed four in ``seat``'s hand, when
    ``bonus_chongtong`` lets him declare chongtong now (``first_turn``: only on his own first turn)."""
    rule = st.options["bonus_chongtong"]
    if rule == "never" or (rule == "first_turn" and st.turns_taken[seat] > 0):
        return []
    drawn = st.cur.get("drawn", -1)
    if drawn < 0 or drawn not in st.hands[seat] or not MONTH[drawn]:
        return []
    m = MONTH[drawn]
    return [m] if sum(1 for c in st.hands[seat] if MONTH[c] == m) == 4 else []


def _may_offer(st: State, seat: int) -> bool:
    """O-2: a syodang offer opens a turn (once), with three players and cards in hand."""
    if not st.options["syodang"] or len(st.active) != 3 or st.cur or not st.hands[seat]:
        return False
    sy = st.syodang
    return not (sy.get("offerer") == seat and sy.get("mark") == st.turns_taken[seat])


def is_legal(st: State, seat: int, action: Action) -> bool:
    """Same answer as ``action in legal_actions(st, seat)``, without building the list."""
    if seat != st.turn:
        return False
    phase, kind = st.phase, action.kind
    if phase == "turn":
        must = st.cur.get("must_months") if st.cur else None
        hand = st.hands[seat]
        if kind == "play":
            x = action.card
            if x not in hand or (must and MONTH[x] not in must):
                return False
            g = st.layout[MONTH[x]] if MONTH[x] else ()
            return action.target in g if len(g) == 2 else action.target == -1
        if must:
            return False
        if kind in ("shake", "bomb"):
            m = action.month
            if not 1 <= m <= 12 or m in st.shaken[seat] or sum(1 for x in hand if MONTH[x] == m) != 3:
                return False
            if kind == "shake":
                return not (st.options["shake_needs_empty_month"] and st.layout[m])
            return len(st.layout[m]) == 1
        if kind == "grenade":
            m = action.month
            return (st.options["grenade"] != "off" and 1 <= m <= 12 and len(st.layout[m]) == 2
                    and sum(1 for x in hand if MONTH[x] == m) == 2 and action == _GRENADE[m])
        if kind == "chongtong":
            return bool(st.cur.get("replay")) and action.month in _bonus_chongtong_months(st, seat)
        if kind == "offer":
            return action == OFFER and _may_offer(st, seat)
        return kind == "flip" and st.credits[seat] > 0 and action == FLIP and not st.cur.get("replay")
    if phase == "syodang":
        return action in (ACCEPT, REJECT)
    if phase == "take_hand":
        return kind == "take" and action.card in st.layout[MONTH[st.cur["h"]]] and action == _TAKE[action.card]
    if phase == "take_flip":
        return kind == "take" and action.card in st.layout[MONTH[st.cur["f"]]] and action == _TAKE[action.card]
    if phase == "go_stop":
        return action in (GO, STOP)
    if phase == "choose":
        return action in (JOIN, SIT)
    if phase == "give":
        return kind == "give" and action in legal_actions(st, seat)
    return False


# ---------------------------------------------------------------------------------------------------
# Applying moves
# ---------------------------------------------------------------------------------------------------


def apply(st: State, seat: int, action: Action) -> list[Event]:
    """Validate, then carry out ``action`` for ``seat``; returns what happened."""
    if not is_legal(st, seat, action):
        raise _why_illegal(st, seat, action, legal_actions(st, seat))
    events = apply_unchecked(st, seat, action)
    if events:
        log = st.log
        for e in events:
            if e.visible_to is None:
                log.append({"kind": e.kind, "seat": e.seat, "data": e.data})
        if len(log) > 2 * LOG_SIZE:
            del log[:-LOG_SIZE]
    return events


def apply_unchecked(st: State, seat: int, action: Action) -> list[Event]:
    """``apply`` for a move already known to be legal, without the public log (search rollouts)."""
    events: list[Event] = []
    kind = action.kind
    if kind == "play":
        _begin_turn(st, seat)
        _play_card(st, seat, action.card, action.target, events)
    elif kind == "take":
        if st.phase == "take_hand":
            _place_hand_card(st, seat, st.cur["h"], action.card, events)
        else:
            _take_flip(st, seat, action.card, events)
    elif kind == "shake":
        _begin_turn(st, seat)
        st.shaken[seat].append(action.month)
        cards = [IDS[c] for c in st.hands[seat] if MONTH[c] == action.month]
        if st.options["shake_must_play"]:
            st.cur.setdefault("must_months", []).append(action.month)
        events.append(Event("shake", seat, {"month": action.month, "cards": cards}))
    elif kind == "bomb":
        _begin_turn(st, seat)
        _bomb(st, seat, action.month, events)
    elif kind == "grenade":
        _begin_turn(st, seat)
        _grenade(st, seat, action.month, events)
    elif kind == "chongtong":
        _bonus_chongtong(st, seat, action.month, events)
    elif kind == "flip":
        _begin_turn(st, seat)
        st.credits[seat] -= 1
        st.cur["hs"] = "none"
        events.append(Event("flip_only", seat, {"credits": st.credits[seat]}))
        _flip(st, seat, events)
    elif kind in ("go", "stop"):
        _go_stop(st, seat, kind == "go", events)
    elif kind == "give":
        _give(st, seat, action, events)
    elif kind == "offer":
        _offer(st, seat, events)
    elif kind in ("accept", "reject"):
        _answer(st, seat, kind == "accept", events)
    else:
        _choose(st, seat, kind == "join", events)
    st.version += 1
    return events


def _why_illegal(st: State, seat: int, action: Action, legal: list[Action]) -> IllegalAction:
    if st.phase == "finished":
        return IllegalAction("gostop.game_over", "This game is over.")
    if seat != st.turn or not legal:
        return IllegalAction("gostop.not_your_turn", "It is not your turn.")
    kind, phase = action.kind, st.phase
    if phase == "go_stop":
        return IllegalAction("gostop.must_go_or_stop", "You reached the target: say Go or Stop.")
    if phase == "choose":
        return IllegalAction("gostop.must_choose_seat", "Say whether you play this round or sit out.")
    if phase == "give":
        return IllegalAction("gostop.must_give", "Choose the junk you hand over.")
    if phase == "syodang":
        return IllegalAction("gostop.must_answer", "Accept or reject the syodang offer.")
    if phase in ("take_hand", "take_flip"):
        options = ", ".join(IDS[a.card] for a in legal)
        return IllegalAction("gostop.must_take", "Pick the layout card to take: {options}.", options=options)
    hand = st.hands[seat]
    if kind == "play":
        if action.card not in hand:
            return IllegalAction("gostop.not_in_hand", "You do not hold {card}.", card=_id(action.card))
        must = st.cur.get("must_months") if st.cur else None
        if must and MONTH[action.card] not in must:
            return IllegalAction("gostop.shake_must_play", "After shaking you must play one of the shown cards.")
        g = st.layout[MONTH[action.card]] if MONTH[action.card] else []
        if len(g) == 2:
            options = " or ".join(IDS[c] for c in g)
            return IllegalAction("gostop.choose_target",
                                 "Two layout cards match {card}: say which one to take ({options}).",
                                 card=IDS[action.card], options=options)
        return IllegalAction("gostop.no_target", "{card} needs no target card here.", card=IDS[action.card])
    if kind in ("shake", "bomb"):
        m = action.month
        if m in st.shaken[seat]:
            return IllegalAction("gostop.already_shaken", "You already showed your month {month} cards.", month=m)
        if sum(1 for c in hand if MONTH[c] == m) != 3:
            return IllegalAction("gostop.no_triple", "You need three month {month} cards in hand.", month=m)
        if kind == "shake":
            return IllegalAction("gostop.shake_needs_empty_month",
                                 "You may shake month {month} only while the layout holds none of its cards.",
                                 month=m)
        return IllegalAction("gostop.bomb_needs_fourth",
                             "A bomb needs the fourth month {month} card alone in the layout.", month=m)
    if kind == "grenade":
        return IllegalAction("gostop.grenade_needs_two",
                             "A grenade needs two month {month} cards in your hand and the other two in the layout.",
                             month=action.month)
    if kind == "chongtong":
        return IllegalAction("gostop.no_bonus_chongtong", "You cannot declare a chongtong now.")
    if kind == "flip":
        return IllegalAction("gostop.no_pass_credit", "You have no pass credit: play a card.")
    if kind == "take":
        return IllegalAction("gostop.nothing_to_take", "There is no card to pick now.")
    if kind in ("go", "stop"):
        return IllegalAction("gostop.no_decision", "You cannot say Go or Stop now.")
    return IllegalAction("gostop.not_now", "You cannot do that now.")


def _id(card: int) -> str:
    return IDS[card] if 0 <= card < len(IDS) else str(card)


def _begin_turn(st: State, seat: int) -> None:
    if st.cur:
        return
    lay = st.layout
    n = 0
    months = 0
    for m in range(1, 13):
        k = len(lay[m])
        if k:
            n += k
            months += 1
    st.cur = {"start_n": n, "start_pair": n == 2 and months == 1, "ev": [], "cap": [], "played": [],
              "flipped": [], "ppuk": False, "hs": "", "h": -1, "t": -1, "t2": -1, "f": -1, "flips": 1}
    if st.options["oe_myeon"]:
        st.exposed[seat] = []
        st.cur["hand_months"] = sorted({MONTH[c] for c in st.hands[seat] if MONTH[c]})


def _record_exposed(st: State, seat: int) -> None:
    """O-1: the cards ``seat`` leaves for the next players: its unmatched card and the layout cards of
    months it held at the start of the turn; nothing from a turn where it played its last card."""
    cur = st.cur
    if not st.hands[seat] and cur["played"]:
        st.exposed[seat] = []
        return
    exposed = [c for m in cur.get("hand_months", ()) for c in st.layout[m]]
    h = cur["h"]
    if h >= 0 and h in st.layout[MONTH[h]] and h not in exposed:
        exposed.append(h)
    st.exposed[seat] = exposed


def _capture(st: State, seat: int, cards: list[int]) -> None:
    st.captures[seat].extend(cards)
    st.cur["cap"].extend(cards)


def _draw(st: State, seat: int, events: list[Event], what: str) -> int:
    """Top stock card; jokers turned up go straight to the player (R4.9). -1 if none is left.

    With V-J2 a joker turned up in the flip step waits for the flip after it: a ppuk keeps it on the
    stack (§10A.2.1). With ``joker_steal`` (R10A.M13) each joker turned up makes the opponents give a junk.
    """
    stock = st.stock
    cur = st.cur
    while stock:
        c = stock.pop()
        if IS_JOKER[c]:
            if what == "flip" and st.options["joker_stays_with_ppuk"]:
                cur.setdefault("held_jokers", []).append(c)
            else:
                _capture(st, seat, [c])
            cur["flipped"].append(c)
            events.append(Event("joker_drawn", seat, {"card": IDS[c], "as": what}))
            if st.options["joker_steal"]:
                cur["ev"].append("joker_steal")
            continue
        return c
    return -1


def _play_card(st: State, seat: int, card: int, target: int, events: list[Event]) -> None:
    st.hands[seat].remove(card)
    st.cur["played"].append(card)
    events.append(Event("play", seat, {"card": IDS[card]}))
    if IS_JOKER[card]:
        if st.options["joker_steal"]:
            st.cur["ev"].append("joker_steal")  # R10A.M13
        if st.options["joker_hand_play"] == "redraw_replay":  # R10A.M12: take a stock card, play again
            _capture(st, seat, [card])
            _redraw(st, seat, events)
            return
        if st.options["joker_stays_with_ppuk"]:
            st.cur.setdefault("held_jokers", []).append(card)  # V-J2: captured unless it joins a ppuk
        else:
            _capture(st, seat, [card])
        card = _draw(st, seat, events, "replacement")
        if card < 0:
            st.cur["hs"] = "none"
            _flip(st, seat, events)
            return
        st.cur["played"].append(card)
        events.append(Event("replacement", seat, {"card": IDS[card]}))
        if len(st.layout[MONTH[card]]) == 2:
            st.cur["h"] = card
            st.phase = "take_hand"
            return
    _place_hand_card(st, seat, card, target, events)


def _redraw(st: State, seat: int, events: list[Event]) -> None:
    """R10A.M12: after a joker from the hand, the top stock card goes into the hand and the player plays
    again (phase ``turn`` with the turn begun); with the stock empty the flip step follows at once."""
    cur = st.cur
    if not st.stock:
        cur["hs"] = "none"
        _flip(st, seat, events)
        return
    drawn = st.stock.pop()
    st.hands[seat].append(drawn)
    cur["replay"] = True
    cur["drawn"] = drawn
    events.append(Event("joker_redraw", seat, {}))
    events.append(Event("joker_redraw_card", seat, {"card": IDS[drawn]}, visible_to=frozenset((seat,))))
    st.phase = "turn"


def _bonus_chongtong(st: State, seat: int, month: int, events: list[Event]) -> None:
    """R10A.M12: four of a month completed by the card drawn after a joker, declared: an instant win paid
    ``chongtong_pay`` × nagari (R10A.M7); the turn's captures stay where they are."""
    events.append(Event("chongtong", seat, {"month": month, "cards": [IDS[c] for c in CARDS_OF_MONTH[month]],
                                            "bonus": True}))
    pay = int(st.options["chongtong_pay"]) * nagari_mult(st)
    st.cur = {}
    for q in st.opponents(seat):
        _pay(st, q, seat, pay, "chongtong", events)
    _end_round(st, events, seat, "chongtong")


def _place_hand_card(st: State, seat: int, h: int, target: int, events: list[Event]) -> None:
    """R4.4: where the hand card goes, then the flip step."""
    m = MONTH[h]
    g = st.layout[m]
    k = len(g)
    cur = st.cur
    cur["h"] = h
    cur["m"] = m
    if k == 0:
        g.append(h)
        cur["hs"] = "alone"
    elif k == 1:
        cur["hs"] = "pair"
        cur["t"] = g[0]
    elif k == 2:
        cur["hs"] = "pair2"
        cur["t"] = target
        cur["t2"] = g[0] if g[1] == target else g[1]
    else:
        cur["hs"] = "stack"
        _capture_stack(st, seat, m, h, events)
    st.phase = "turn"
    _flip(st, seat, events)


def _capture_stack(st: State, seat: int, m: int, fourth: int, events: list[Event]) -> None:
    """R5.2/R5.3: a stack taken with its fourth card; ja-ppuk if the taker made it."""
    owner = st.stack_owner[m]
    cards = st.layout[m] + [fourth] + st.stack_jokers[m]
    if st.options["joker_steal"]:
        st.cur["ev"].extend("joker_steal" for _ in st.stack_jokers[m])  # R10A.M13: a joker taken off a stack
    st.stack_jokers[m] = []
    st.layout[m] = []
    st.stack_owner[m] = NO_STACK
    _capture(st, seat, cards)
    if owner == seat:
        kind = "ja_ppuk"
    elif owner == DEAL_STACK and not st.options["deal_stack_steals"]:
        kind = "stack_taken"
    else:
        kind = "ppuk_capture"
    if kind != "stack_taken":
        st.cur["ev"].append(kind)
    st.cur.setdefault("four", []).append(m)
    events.append(Event(kind, seat, {"month": m, "cards": [IDS[c] for c in cards]}))


def _bomb(st: State, seat: int, m: int, events: list[Event]) -> None:
    """R4.5: three hand cards onto the fourth; two pass credits (V-B1: three flips instead)."""
    hand = st.hands[seat]
    three = [c for c in hand if MONTH[c] == m]
    for c in three:
        hand.remove(c)
    t = st.layout[m][0]
    st.layout[m] = []
    cur = st.cur
    cur["played"].extend(three)
    cur["hs"] = "bomb"
    cur["m"] = m
    cur.setdefault("four", []).append(m)
    _capture(st, seat, three + [t])
    events.append(Event("bomb", seat, {"month": m, "cards": [IDS[c] for c in three + [t]]}))
    if st.options["bomb_flip_three"]:
        cur["flips"] = 3
    else:
        st.credits[seat] += 2
    if st.options["bomb_korean"]:
        st.bombs[seat] += 1
        cur["ev"].append("bomb_steal")
    _flip(st, seat, events)


def _grenade(st: State, seat: int, m: int, events: list[Event]) -> None:
    """R10A.M11: two hand cards onto the two layout cards of their month: all four are captured, a junk is
    stolen, one pass credit; ``as_shake`` also doubles the winnings like a shake."""
    hand = st.hands[seat]
    two = [c for c in hand if MONTH[c] == m]
    for c in two:
        hand.remove(c)
    lay = list(st.layout[m])
    st.layout[m] = []
    cur = st.cur
    cur["played"].extend(two)
    cur["hs"] = "bomb"
    cur["m"] = m
    cur.setdefault("four", []).append(m)
    _capture(st, seat, two + lay)
    events.append(Event("grenade", seat, {"month": m, "cards": [IDS[c] for c in two + lay]}))
    st.credits[seat] += 1
    cur["ev"].append("grenade_steal")
    if st.options["grenade"] == "as_shake":
        st.bombs[seat] += 1
    _flip(st, seat, events)


def _last_card_turn(st: State, seat: int) -> bool:
    """R10A.M9 (``own_last_card``): this turn played the player's last hand card."""
    return (st.options["last_card_exception"] == "own_last_card" and bool(st.cur["played"])
            and not st.hands[seat])


def _flip(st: State, seat: int, events: list[Event]) -> None:
    """R4.7: turn up the stock card and settle the turn's captures."""
    cur = st.cur
    cur["flips"] -= 1
    f = _draw(st, seat, events, "flip")
    if f < 0:
        _after_flip(st, seat, events)
        return
    cur["flipped"].append(f)
    cur["f"] = f
    events.append(Event("flip", seat, {"card": IDS[f]}))
    hs = cur["hs"]
    fm = MONTH[f]
    if hs in ("alone", "pair", "pair2") and fm == cur["m"]:
        m = fm
        h = cur["h"]
        if hs == "alone":
            st.layout[m] = []
            _capture(st, seat, [h, f])
            cur["ev"].append("chok")
            events.append(Event("chok", seat, {"month": m, "cards": [IDS[h], IDS[f]]}))
        elif hs == "pair" and _last_card_turn(st, seat):  # R10A.M9: no ppuk on your last card
            cards = [h, cur["t"], f]
            st.layout[m] = []
            _capture(st, seat, cards)
            events.append(Event("last_card_capture", seat, {"month": m, "cards": [IDS[c] for c in cards]}))
        elif hs == "pair":
            st.layout[m] = [cur["t"], h, f]
            st.stack_owner[m] = seat
            cur["ppuk"] = True
            if cur.get("held_jokers"):
                st.stack_jokers[m] = cur.pop("held_jokers")
            events.append(Event("ppuk", seat, {"month": m, "cards": [IDS[cur["t"]], IDS[h], IDS[f]]}))
        else:
            cards = [h, cur["t"], cur["t2"], f]
            st.layout[m] = []
            _capture(st, seat, cards)
            cur["ev"].append("ttadak")
            cur.setdefault("four", []).append(m)
            events.append(Event("ttadak", seat, {"month": m, "cards": [IDS[c] for c in cards]}))
        cur["hs"] = "done"
        _finish_turn(st, seat, events)
        return
    g = st.layout[fm]
    j = len(g)
    if j == 0:
        g.append(f)
    elif j == 1:
        t = g.pop()
        _capture(st, seat, [f, t])
        events.append(Event("capture", seat, {"cards": [IDS[f], IDS[t]]}))
    elif j == 2:
        st.phase = "take_flip"
        return
    else:
        _capture_stack(st, seat, fm, f, events)
    _after_flip(st, seat, events)


def _take_flip(st: State, seat: int, t: int, events: list[Event]) -> None:
    f = st.cur["f"]
    st.layout[MONTH[f]].remove(t)
    _capture(st, seat, [f, t])
    events.append(Event("capture", seat, {"cards": [IDS[f], IDS[t]]}))
    st.phase = "turn"
    _after_flip(st, seat, events)


def _after_flip(st: State, seat: int, events: list[Event]) -> None:
    cur = st.cur
    hs = cur["hs"]
    if hs in ("pair", "pair2"):
        h, t = cur["h"], cur["t"]
        st.layout[cur["m"]].remove(t)
        _capture(st, seat, [h, t])
        events.append(Event("capture", seat, {"cards": [IDS[h], IDS[t]]}))
        cur["hs"] = "done"
    if cur["flips"] > 0 and st.stock:
        cur["hs"] = "none"
        _flip(st, seat, events)
        return
    _finish_turn(st, seat, events)


def _cheapest(cards: list[int], demand: int) -> list[int]:
    """R5.8: the junk a victim gives, cheapest for him (ties: month cards, low month, low id)."""
    eligible = sorted((c for c in cards if STEALABLE[c]), key=lambda c: (PI[c], c >= JOKER2, c))
    if not eligible:
        return []
    if demand == 1 or len(eligible) == 1:
        return eligible[:1]
    pair = eligible[:2]
    single = next((c for c in eligible if PI[c] >= 2), None)
    if single is None:
        return pair
    pair_total = PI[pair[0]] + PI[pair[1]]
    if PI[single] < pair_total:
        return [single]
    if pair_total < PI[single]:
        return pair
    # equal totals: prefer the option with more single junk, then the lower ids
    singles_pair = sum(PI[c] == 1 for c in pair)
    return pair if singles_pair > (PI[single] == 1) else [single]


def _steal(st: State, seat: int, demand: int, reason: str, events: list[Event]) -> None:
    sequential = demand == 2 and st.options["jappuk_steal"] == "sequential"
    for q in st.opponents(seat):
        if sequential:  # R10A.M14: two demand-1 steals; a first card worth 2 or more ends it
            give = _cheapest(st.captures[q], 1)
            if give and PI[give[0]] < 2:
                rest = list(st.captures[q])
                rest.remove(give[0])
                give += _cheapest(rest, 1)
        else:
            give = _cheapest(st.captures[q], demand)
        if not give:
            continue
        for c in give:
            st.captures[q].remove(c)
        st.captures[seat].extend(give)
        events.append(Event("steal", seat, {"from_seat": q, "cards": [IDS[c] for c in give], "reason": reason}))


def _finish_turn(st: State, seat: int, events: list[Event]) -> None:
    """R4.11: record ppuk, events and steals, three ppuks, Go/Stop, end of round or next turn."""
    cur = st.cur
    opts = st.options
    if cur.get("held_jokers"):
        _capture(st, seat, cur.pop("held_jokers"))
    final = not any(st.has_turn(q) for q in st.active)
    first = st.turns_taken[seat] == 0
    ev: list[str] = cur["ev"]
    if st.pot and BOAR in cur["cap"]:
        events.append(Event("boar_pot", seat, {"amount": st.pot}))
        st.chips[seat] += st.pot
        st.ledger.append([-1, seat, st.pot, "boar_pot"])
        st.pot = 0
    if cur["ppuk"]:
        st.ppuks[seat] += 1
        _ppuk_payment(st, seat, events)
    lay_n = 0
    for m in range(1, 13):
        lay_n += len(st.layout[m])
    if lay_n == 0 and cur["start_n"] > 0 and not cur["start_pair"]:
        ev.append("sseul")
        events.append(Event("sseul", seat, {}))
    if opts["last_card_exception"] == "own_last_card":
        if final or _last_card_turn(st, seat):  # R10A.M9
            void = [e for e in ev if e in LAST_CARD_VOID_OWN]
            if void:
                events.append(Event("last_card_void", seat, {"events": void}))
            ev = [e for e in ev if e not in LAST_CARD_VOID_OWN]
    elif final:
        ev = [e for e in ev if e not in LAST_CARD_VOID]
    if first and "ttadak" in ev and int(opts["first_ttadak_pay"]):  # R10A.M6: 첫따닥
        events.append(Event("first_ttadak", seat, {"amount": int(opts["first_ttadak_pay"])}))
        for q in st.opponents(seat):
            _pay(st, q, seat, int(opts["first_ttadak_pay"]), "first_ttadak", events)
    if first:
        four = cur.get("four", [])
        if opts["first_turn_bonus"] and any(e in ("ttadak", "chok", "ppuk_capture", "ja_ppuk") for e in ev):
            events.append(Event("first_turn_bonus", seat, {}))
            for q in st.opponents(seat):
                _pay(st, q, seat, 3, "first_turn_bonus", events)
        if opts["boar_first_turn"] and BOAR in cur["cap"]:
            events.append(Event("boar_first_turn", seat, {}))
            for q in st.opponents(seat):
                _pay(st, q, seat, 3, "boar_first_turn", events)
        if opts["weolyak_first_turn"] and four:
            st.weolyak[seat] = True
            events.append(Event("weolyak", seat, {"month": four[0]}))
        if opts["baekhwajeom"] and not (seat == st.dealer and seat == st.active[0]):
            kinds = {TYPE[c] for c in cur["cap"]}
            if {BRIGHT, ANIMAL, RIBBON, JUNK} <= kinds:
                ev.append("baekhwajeom")
                events.append(Event("baekhwajeom", seat, {}))
    cur["final"] = final
    cur["ev_kinds"] = [e.kind for e in events if e.kind in STEAL_EVENTS or e.kind == "ppuk"]
    if opts["steal_choice"] == "ask":
        cur["thief"] = seat
        cur["queue"] = [[q, 2 if e == "ja_ppuk" else 1, e] for e in ev for q in st.opponents(seat)]
        if _run_steal_queue(st, seat, events):
            return
    else:
        for e in ev:
            _steal(st, seat, 2 if e == "ja_ppuk" else 1, e, events)
    _after_steals(st, seat, events)


def _ppuk_payment(st: State, seat: int, events: list[Event]) -> None:
    """R5.10 (3 chips for a ppuk on your first turn) or R10A.M4 (첫뻑 7, 2연뻑 14, 3연뻑 21): paid at once by
    each opponent, booked as its own ledger entry, never multiplied."""
    turn = st.turns_taken[seat] + 1  # this turn, counting the player's own turns from 1
    st.ppuk_turns[seat].append(turn)
    rule = st.options["ppuk_pay"]
    if rule == "seed":
        if turn == 1:
            events.append(Event("first_turn_ppuk", seat, {}))
            for q in st.opponents(seat):
                _pay(st, q, seat, 3, "first_turn_ppuk", events)
        return
    if rule != "streak_7_14_21" or turn > 3 or st.ppuk_turns[seat] != list(range(1, turn + 1)):
        return
    amount = 7 * turn
    reason = "first_ppuk" if turn == 1 else "ppuk_streak"
    events.append(Event(reason, seat, {"count": turn, "amount": amount}))
    for q in st.opponents(seat):
        _pay(st, q, seat, amount, reason, events)


def give_options(cards: list[int], demand: int) -> list[tuple[int, ...]]:
    """R5.8 with ``steal_choice = "ask"``: every hand-over the victim may choose (sorted cards)."""
    eligible = sorted(c for c in cards if STEALABLE[c])
    if not eligible:
        return []
    if demand == 1:
        return [(c,) for c in eligible]
    options: list[tuple[int, ...]] = [(a, b) for i, a in enumerate(eligible) for b in eligible[i + 1:]]
    options += [(c,) for c in eligible if PI[c] >= 2]
    return options or [(eligible[0],)]


def _hand_over(st: State, thief: int, victim: int, cards: tuple[int, ...] | list[int], reason: str,
               events: list[Event]) -> None:
    for c in cards:
        st.captures[victim].remove(c)
    st.captures[thief].extend(cards)
    events.append(Event("steal", thief, {"from_seat": victim, "cards": [IDS[c] for c in cards], "reason": reason}))


def _run_steal_queue(st: State, thief: int, events: list[Event]) -> bool:
    """Hand over junk along the queue; True when a victim must choose (phase ``give``)."""
    queue = st.cur["queue"]
    while queue:
        victim, demand, reason = queue[0]
        options = give_options(st.captures[victim], demand)
        if len(options) > 1:
            st.phase = "give"
            st.turn = victim
            return True
        queue.pop(0)
        if options:
            _hand_over(st, thief, victim, options[0], reason, events)
    return False


def _give(st: State, victim: int, action: Action, events: list[Event]) -> None:
    thief = st.cur["thief"]
    _, _, reason = st.cur["queue"].pop(0)
    cards = (action.card,) if action.target < 0 else (action.card, action.target)
    _hand_over(st, thief, victim, cards, reason, events)
    if _run_steal_queue(st, thief, events):
        return
    st.phase = "turn"
    st.turn = thief
    _after_steals(st, thief, events)


def _after_steals(st: State, seat: int, events: list[Event]) -> None:
    """R4.11 steps 4-7: three ppuks, Go/Stop, end of round or the next player's turn."""
    cur = st.cur
    final = cur["final"]
    if st.options["oe_myeon"]:
        _record_exposed(st, seat)
    st.turns_taken[seat] += 1
    st.last_turn = {"seat": seat, "played": cur["played"], "flipped": cur["flipped"], "captured": cur["cap"],
                    "events": cur["ev_kinds"]}
    st.cur = {}
    if st.ppuks[seat] >= 3:
        events.append(Event("three_ppuk", seat, {}))
        mult = nagari_mult(st)
        for q in st.opponents(seat):
            _pay(st, q, seat, int(st.options["samppuk_pay"]) * mult, "three_ppuk", events)
        _end_round(st, events, seat, "three_ppuk")
        return
    s = st.score(seat)
    if (st.gos[seat] == 0 and s >= st.target) or (st.gos[seat] > 0 and s > st.last_go[seat]):
        if not st.has_turn(seat):
            events.append(Event("auto_stop", seat, {"score": s}))
            _stop(st, seat, events)
            return
        st.phase = "go_stop"
        st.turn = seat
        return
    if final:
        _nagari(st, events)
        return
    _next_turn(st, seat)


def _next_turn(st: State, seat: int) -> None:
    act = st.active
    i = act.index(seat)
    for k in range(1, len(act) + 1):
        q = act[(i + k) % len(act)]
        if st.has_turn(q):
            st.turn = q
            st.phase = "turn"
            return
    raise AssertionError("no player has a turn left")  # pragma: no cover - final turn is caught before


def _go_stop(st: State, seat: int, go: bool, events: list[Event]) -> None:
    if not go:
        _stop(st, seat, events)
        return
    s = st.score(seat)
    st.gos[seat] += 1
    st.last_go[seat] = s
    st.go_counter += 1
    st.go_seq[seat] = st.go_counter
    events.append(Event("go", seat, {"count": st.gos[seat], "score": s}))
    _next_turn(st, seat)


def _offer(st: State, seat: int, events: list[Event]) -> None:
    """O-2: show the hand and offer a nagari; the next player answers first."""
    shown = [IDS[c] for c in sorted(st.hands[seat])]
    st.syodang = {"offerer": seat, "mark": st.turns_taken[seat], "stage": 0, "cards": shown}
    events.append(Event("syodang_offer", seat, {"cards": shown}))
    st.phase = "syodang"
    st.turn = st.opponents(seat)[0]


def _answer(st: State, seat: int, accept: bool, events: list[Event]) -> None:
    sy = st.syodang
    offerer = sy["offerer"]
    right, left = st.opponents(offerer)
    events.append(Event("syodang_accept" if accept else "syodang_reject", seat, {}))
    if accept and seat == right:
        sy["stage"] = 1
        st.turn = left
        return
    if accept:
        events.append(Event("syodang_nagari", offerer, {"cards": list(sy.get("cards", []))}))  # the hand shown
        _nagari(st, events)
        return
    # one rejects (the other accepts): the offerer plays on and a window opens (R: O-2)
    sy["rejecter"] = seat
    sy["opened"] = {str(q): st.turns_taken[q] for q in (right, left)}
    st.phase = "turn"
    st.turn = offerer


def _choose(st: State, seat: int, join: bool, events: list[Event]) -> None:
    st.status[seat] = PLAYING if join else SITTING
    events.append(Event("join" if join else "sit", seat, {}))
    if not _advance_choice(st, events):
        _start_round(st, events)


# ---------------------------------------------------------------------------------------------------
# Settlement (§7, §8)
# ---------------------------------------------------------------------------------------------------


def _mission_data(st: State) -> dict[str, Any]:
    return {"mission": MISSIONS[st.mission[0]], "mission_factor": st.mission[1]} if st.mission else {}


def _stop(st: State, seat: int, events: list[Event]) -> None:
    pays, detail = settlement(st, seat)
    detail = {**detail, "parts": score_breakdown(st, seat)}  # the winner's combinations, for the summary
    events.append(Event("stop", seat, {"score": st.score(seat), "detail": detail}))
    for q, amount in pays.items():
        _pay(st, q, seat, amount, "settlement", events)
    _end_round(st, events, seat, "stop")


def _nagari(st: State, events: list[Event]) -> None:
    if st.stock:
        st.set_aside = list(st.stock)  # R4.10: jokers left at the bottom are set aside unused
        st.stock = []
    streak = st.nagari_streak + 1
    mult = 2 ** streak if st.options["nagari_cumulative"] else 2  # R7.9(e): the next round's, as _nagari_mult
    events.append(Event("nagari", None, {"streak": streak, "mult": mult}))
    _end_round(st, events, None, "nagari")


def _end_round(st: State, events: list[Event], winner: int | None, how: str,
               winners: list[int] | None = None) -> None:
    """Close the round; deal the next one or finish the match."""
    if st.deferred:  # V-G1: the losers pay the forced-out players now; a nagari doubles and defers it
        if winner is None:
            st.deferred = [[payee, 2 * amount] for payee, amount in st.deferred]
        else:
            won = winners or [winner]
            for payee, amount in st.deferred:
                for q in st.active:
                    if q not in won:
                        _pay(st, q, payee, amount, "compensation", events)
            st.deferred = []
    start = st.history[-1]["ledger_end"] if st.history else 0
    delta = [0] * st.seats
    for payer, payee, amount, _ in st.ledger[start:]:
        if payer >= 0:
            delta[payer] -= amount
        if payee >= 0:
            delta[payee] += amount
    scores = {str(s): st.score(s) for s in st.active}
    summary = {"round": st.round_no + 1, "winner_seat": winner, "how": how, "dealer_seat": st.dealer,
               "active": list(st.active), "scores": scores, "points": delta, "ledger_end": len(st.ledger)}
    st.history.append(summary)
    st.round_no += 1
    places = _places(delta)
    events.append(Event("hand_end", winner, {"round": st.round_no, "how": how, "winner_seat": winner,
                                             "scores": scores, "points": delta, "places": places,
                                             "chips": list(st.chips),
                                             "payments": [list(e) for e in st.ledger[start:]]}))
    if winner is None:
        st.nagari_streak += 1
        st.gp_same_three = st.seats > 3 and not st.options["gwangpalli_redeal_all"]
    else:
        st.nagari_streak = 0
        st.gp_same_three = False
        st.dealer = winner
    if st.round_no >= int(st.options["rounds"]):
        st.phase = "finished"
        st.cur = {}
        events.append(Event("match_end", None, {"chips": list(st.chips), "places": _places(st.chips)}))
        return
    _start_round(st, events)


def _places(values: list[int]) -> list[int]:
    return [1 + sum(1 for v in values if v > mine) for mine in values]


# ---------------------------------------------------------------------------------------------------
# The rest of the contract
# ---------------------------------------------------------------------------------------------------


def in_flight(st: State) -> list[int]:
    """Cards held by a turn paused for a choice: not in any hand, layout, stock or capture area."""
    cur = st.cur
    held = list(cur.get("held_jokers", ())) if cur else []
    if st.phase == "take_hand":
        return [cur["h"], *held]
    if st.phase == "take_flip":
        return [cur["f"]] + ([cur["h"]] if cur["hs"] in ("pair", "pair2") else []) + held
    return held


def to_act(st: State) -> set[int]:
    """The one seat that must act now (empty when the match is over)."""
    return set() if st.phase == "finished" else {st.turn}


def result(st: State) -> Result:
    """Places by chips; ``points`` are net chips (R7.14)."""
    places = _places(st.chips)
    return Result(
        finished=st.finished,
        places={s: places[s] for s in range(st.seats)},
        points={s: st.chips[s] for s in range(st.seats)},
        summary={"rounds": st.round_no, "chips": list(st.chips),
                 "history": [{k: v for k, v in h.items() if k != "ledger_end"} for h in st.history]},
    )


__all__ = [
    "INFO", "OPTIONS", "State", "apply", "legal_actions", "new_game", "result",
    "settlement", "state_from_dict", "to_act", "view",
]


def _what_it_takes(st: State, card: int) -> tuple[str, str, tuple[str, ...]]:
    """A hand card played now meets (R4.3–R4.9): a joker (R4.9, or R10A.M12's redraw and replay), a stack
    (its month's three cards, R5.5), no card, one card or two (then the player picks, R4.4), as
    ``(card, what, the layout cards it meets)``."""
    month = MONTH[card]
    if month == 0:
        return IDS[card], "joker_redraw" if st.options["joker_hand_play"] == "redraw_replay" else "joker", ()
    group = st.layout[month]
    if st.stack_owner[month] != NO_STACK and len(group) >= 3:
        return IDS[card], "stack", tuple(IDS[c] for c in group)
    return IDS[card], ("none", "one", "two")[min(len(group), 2)], tuple(IDS[c] for c in group[:2])


def view(st: State, seat: int | None) -> View:
    """What ``seat`` may see (None = spectators): hands and the stock only as counts (§13.1)."""
    rules = st.rules
    players = []
    for s in range(st.seats):
        caps = st.captures[s]
        players.append(PlayerView(
            seat=s, status=st.status[s], hand_count=len(st.hands[s]),
            captures=tuple(IDS[c] for c in caps), score=score(caps, rules) if caps else 0,
            junk_value=junk_value(caps, rules), pass_credits=st.credits[s], go_count=st.gos[s],
            last_go_score=st.last_go[s], ppuks=st.ppuks[s], shaken=tuple(st.shaken[s]),
            shown=tuple(IDS[c] for c in st.hands[s] if MONTH[c] in st.shaken[s]),
            turns_taken=st.turns_taken[s], chips=st.chips[s], ppuk_turns=tuple(st.ppuk_turns[s]),
            bombs=st.bombs[s],
        ))
    face_down = len(st.layout[0]) if st.phase == "choose" else 0
    layout = tuple(tuple(IDS[c] for c in st.layout[m]) for m in range(1, 13))
    stacks = tuple(StackView(m, st.stack_owner[m] if st.stack_owner[m] >= 0 else None,
                             tuple(IDS[c] for c in st.stack_jokers[m]))
                   for m in range(1, 13) if st.stack_owner[m] != NO_STACK)
    pending = None
    cur = st.cur
    if st.phase == "take_hand":
        h = cur["h"]
        pending = PendingView(IDS[h], None, None, tuple(IDS[c] for c in st.layout[MONTH[h]]))
    elif st.phase == "take_flip":
        f = cur["f"]
        hs = cur["hs"]
        played = IDS[cur["h"]] if hs in ("alone", "pair", "pair2") else None
        played_on = IDS[cur["t"]] if hs in ("pair", "pair2") else None
        pending = PendingView(played, played_on, IDS[f], tuple(IDS[c] for c in st.layout[MONTH[f]]))
    stop_pays: tuple[tuple[int, int], ...] = ()
    if st.phase == "go_stop":
        pays, _ = settlement(st, st.turn)
        stop_pays = tuple(sorted(pays.items()))
    lt = st.last_turn
    last = LastTurn(
        seat=lt.get("seat"), played=tuple(IDS[c] for c in lt.get("played", ())),
        flipped=tuple(IDS[c] for c in lt.get("flipped", ())),
        captured=tuple(IDS[c] for c in lt.get("captured", ())), events=tuple(lt.get("events", ())),
    )
    hand = tuple(IDS[c] for c in sorted(st.hands[seat])) if seat is not None and 0 <= seat < st.seats else ()
    return View(
        seat=seat, seats=st.seats, phase=st.phase, round_no=st.round_no + (0 if st.finished else 1),
        rounds=int(st.options["rounds"]), dealer=st.dealer, active=tuple(st.active),
        turn=None if st.finished else st.turn, to_act=tuple(sorted(to_act(st))), target=st.target,
        nagari_streak=st.nagari_streak, stock_count=len(st.stock), layout_face_down=face_down,
        layout=layout, stacks=stacks, players=tuple(players), hand=hand, pending=pending,
        stop_pays=stop_pays, last_turn=last, log=tuple(_copy(e) for e in st.log[-LOG_SIZE:]),
        weolyak_month=st.weolyak_month, jokers=int(st.options["jokers"]), finished=st.finished,
        options=dict(st.options), syodang_offerer=st.syodang.get("offerer"),
        syodang_rejecter=syodang_window(st)[0], pot=st.pot,
        mission=MISSIONS[st.mission[0]] if st.mission else None, mission_factor=st.mission[1] if st.mission else 1,
        score_parts=tuple(score_breakdown(st, s) for s in range(st.seats)),
        preset=str(st.options.get("preset", "none")), preset_modified=tuple(st.preset_overrides),
        replay=bool(cur.get("replay")) if st.phase == "turn" and cur else False,
        next_go=go_terms(st.options, st.gos[st.turn] + 1) if st.phase == "go_stop" else (0, 1),
        go_bak_risk=st.phase == "go_stop" and (len(st.active) == 3 or bool(st.options["gobak_2p"])),
        last_card_rule=str(st.options["last_card_exception"]),
        nagari_mult=nagari_mult(st),
        history=tuple({k: _copy(v) for k, v in h.items() if k != "ledger_end"} for h in st.history),
        give_thief=cur.get("thief") if st.phase == "give" else None,
        give_demand=cur["queue"][0][1] if st.phase == "give" and cur.get("queue") else 0,
        hand_matches=tuple(_what_it_takes(st, c) for c in sorted(st.hands[seat]))
        if seat is not None and 0 <= seat < st.seats and st.phase == "turn" else (),
    )
