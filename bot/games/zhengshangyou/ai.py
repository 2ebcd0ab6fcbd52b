"""Computer players. They see one seat's ``View`` and the legal list, nothing else.

* ``random``: any legal action.
* ``easy``: the seed's advice (§13) as a greedy rule: lead the play that sheds the most
  low cards, beat as cheaply as possible, keep 2s and jokers to win the lead back,
  don't overtake a partner.
* ``hard``: flat Monte Carlo. Each iteration deals the unseen cards at random to the
  other hands (respecting counts and cards known from the exchange), then plays every
  candidate move followed by a fast greedy rollout to the end of the hand, and keeps the
  move with the best average hand result for its seat (or team).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence

from bot.games.core import Card, Choice, Event

from .actions import Action, Pass, Play, Return, TakeReturn, TakeTribute, Tribute
from .combos import RUN, SET, SINGLE, Combo, beats, combinations_in, interpretations
from .engine import DECK, PLAY, State, _do_pass, _do_play
from .notation import format_action
from .reasons import Searched, explain
from .scoring import hand_points
from .views import View

LEVELS = ("random", "easy", "hard")
DEFAULT_BUDGET_S = 0.2
HARD_CANDIDATES = 7
WILD = 15


def choose_action(view: View, legal: Sequence[Action], level: str, rng: random.Random,
                  budget_s: float | None = None, search: int | None = None) -> Action:
    """Pick one of ``legal`` for ``view.seat`` at ``level`` (random, easy or hard); ``search``: a fixed number
    of imagined deals for hard instead of the time ``budget_s``."""
    return _choose(view, legal, level, rng, budget_s, search)[0]


def choose_with_reason(view: View, legal: Sequence[Action], level: str, rng: random.Random,
                       budget_s: float | None = None, search: int | None = None) -> Choice:
    """``choose_action``'s move and the reasons it weighed (``reasons.explain``)."""
    action, searched = _choose(view, legal, level, rng, budget_s, search)
    return Choice(action, explain(view, legal, action, searched))


def _choose(view: View, legal: Sequence[Action], level: str, rng: random.Random, budget_s: float | None,
            search: int | None) -> tuple[Action, Searched | None]:
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0], None
    if level == "random":
        return rng.choice(list(legal)), None
    if level == "hard" and view.phase == PLAY and view.seat is not None:
        return _hard(view, legal, rng, DEFAULT_BUDGET_S if budget_s is None else budget_s, search)
    return _easy(view, legal), None


# ---------------------------------------------------------------- easy


def _partner(view: View, seat: int | None) -> bool:
    return seat is not None and view.teams is not None and view.seat is not None and seat != view.seat and (
        view.teams[seat] == view.teams[view.seat])


def _reading(view: View, action: Play) -> Combo:
    found = interpretations(action.cards, view.twos_natural_in_sequences, view.allow_joker_pair)
    if action.as_:
        found = [c for c in found if c.label == action.as_]
    if view.top is not None:
        shape = (view.top.kind, view.top.size, view.top.ranks, view.top.per_rank)
        found = [c for c in found if c.shape == shape] or found
    return found[0]


def wild_count(cards: Sequence[Card], combo: Combo) -> int:
    """How many cards stand in for another rank in this reading (2s and jokers, mostly)."""
    if combo.kind == SINGLE:
        return 0
    if combo.kind == SET:
        return sum(1 for c in cards if c.rank != combo.rank)
    return sum(1 for c in cards if c.rank >= 16 or (c.rank == WILD and combo.rank < WILD))


def _lead_value(cards: Sequence[Card], combo: Combo, hand: Counter[int]) -> float:
    """Shedding low cards is good; spending wild or top cards and splitting sets is bad."""
    wild = wild_count(cards, combo)
    value = 0.0
    for c in cards:
        if c.rank >= 14:
            value -= 5
        else:
            value += 15 - c.rank
    value -= 14 * wild
    if combo.kind in (SINGLE, SET):
        naturals = sum(1 for c in cards if c.rank == combo.rank)
        if naturals < hand[combo.rank]:
            value -= 6  # splits a set
    return value


def _follow_cost(cards: Sequence[Card], combo: Combo, hand: Counter[int]) -> float:
    wild = wild_count(cards, combo)
    cost = float(combo.rank) + 12 * wild + sum(4 for c in cards if c.rank >= 14)
    if combo.kind in (SINGLE, SET):
        naturals = sum(1 for c in cards if c.rank == combo.rank)
        if naturals < hand[combo.rank]:
            cost += 4
    return cost


def _easy(view: View, legal: Sequence[Action]) -> Action:
    first = legal[0]
    if isinstance(first, Play | Pass):
        return _easy_play(view, legal)
    hand_suits = Counter(c.suit for c in view.hand)
    if isinstance(first, Tribute):  # keep the suit we hold most of (suited runs)
        return min(legal, key=lambda a: (hand_suits[a.card.suit] if isinstance(a, Tribute) else 0, format_action(a)))
    if isinstance(first, TakeTribute | TakeReturn):
        return max(legal, key=lambda a: _card_key(a, hand_suits))
    if isinstance(first, Return):
        return _easy_return(view, legal)
    return first


def _card_key(action: Action, hand_suits: Counter[str | None]) -> tuple[int, int]:
    card = getattr(action, "card")  # noqa: B009 - every exchange action has one
    return (card.rank, hand_suits[card.suit])


def _easy_return(view: View, legal: Sequence[Action]) -> Action:
    """Give back the lowest lonely card; to a partner who picks first, a useful high one."""
    ranks = Counter(c.rank for c in view.hand)
    ex = view.exchange
    generous = ex is not None and _partner(view, ex.second_last_seat)

    def key(a: Action) -> tuple[int, int, int]:
        """Bigger is a better card to give away."""
        card = a.card if isinstance(a, Return) else Card(3, "C")
        run_mates = sum(1 for d in (-1, 1) if ranks[card.rank + d])
        if generous:
            return (card.rank < 16, card.rank if card.rank <= 15 else 0, -ranks[card.rank])
        return (int(ranks[card.rank] == 1), int(card.rank < 15), -card.rank * 2 - run_mates)

    return max(legal, key=key)


def _easy_play(view: View, legal: Sequence[Action]) -> Action:
    plays = [a for a in legal if isinstance(a, Play)]
    passing = next((a for a in legal if isinstance(a, Pass)), None)
    hand_size = len(view.hand)
    for a in plays:
        if len(a.cards) == hand_size:
            return a
    if not plays and passing is not None:
        return passing
    ranks = Counter(c.rank for c in view.hand)
    if view.top is None:
        values = [_lead_value(a.cards, _reading(view, a), ranks) for a in plays]
        top = max(values)
        return max((a for a, v in zip(plays, values, strict=True) if v == top), key=str)
    if _partner(view, view.top_seat):
        return passing or plays[0]
    costs = [_follow_cost(a.cards, _reading(view, a), ranks) for a in plays]
    low = min(costs)
    best = min((a for a, c in zip(plays, costs, strict=True) if c == low), key=str)  # ties by name, as before
    combo = _reading(view, best)
    expensive = wild_count(best.cards, combo) > 0 or any(c.rank >= 15 for c in best.cards)
    threat = view.top_seat is not None and view.counts[view.top_seat] <= 3
    if expensive and passing is not None and hand_size > 5 and not threat:
        return passing
    return best


# ---------------------------------------------------------------- hard


def _state_from_view(view: View, rng: random.Random) -> State:
    """One full state consistent with the view: unseen cards dealt at random to the other hands."""
    assert view.seat is not None
    n = view.seats
    seen = set(view.hand) | set(view.played)
    hands: list[list[Card]] = [[] for _ in range(n)]
    hands[view.seat] = list(view.hand)
    for s in range(n):
        if s != view.seat:
            hands[s] = list(view.known[s])
            seen.update(view.known[s])
    unseen = [c for c in DECK if c not in seen]
    rng.shuffle(unseen)
    pos = 0
    for s in range(n):
        if s == view.seat:
            continue
        need = view.counts[s] - len(hands[s])
        hands[s].extend(unseen[pos:pos + need])
        pos += need
        hands[s].sort()
    top = None
    if view.top is not None:
        t = view.top
        top = Combo(t.kind, t.size, t.ranks, t.per_rank, t.rank, t.suited, t.pure)
    options = {"mode": view.mode, "target_score": 10_000, "allow_joker_pair": view.allow_joker_pair,
               "twos_natural_in_sequences": view.twos_natural_in_sequences, "tie_rule": "another_hand"}
    state = State(seats=n, seed=0, options=options, mode=view.mode, target=10_000, hand_no=view.hand_no,
                  phase=PLAY, hands=hands, dealer=view.dealer, leader=view.leader or 0,
                  turn=view.turn if view.turn is not None else view.seat, top_seat=view.top_seat,
                  top_cards=view.top_cards, top_combo=top, passed=list(view.passed), out=list(view.out_order),
                  scores=[0] * n, team_scores=None if view.mode == "individual" else [0, 0],
                  known=[[] for _ in range(n)], played=[])
    return state


def _fast_move(state: State, seat: int) -> tuple[tuple[Card, ...], Combo] | None:
    """The rollout policy: greedy and cheap; None = pass."""
    hand = state.hands[seat]
    tn, ajp = state.twos_natural, state.allow_joker_pair
    top = state.top_combo
    if top is None:
        if len(hand) <= 8:
            found = interpretations(tuple(hand), tn, ajp)
            if found:
                return tuple(hand), found[0]
        low = hand[0].rank
        same = tuple(c for c in hand if c.rank == low)
        if low < 14:
            run = _low_run(hand)
            if run is not None and len(run[0]) >= len(same):
                return run
        found = interpretations(same, tn, ajp)
        return same, found[0]
    top_seat = state.top_seat
    if top_seat is not None and state.mode != "individual" and top_seat % 2 == seat % 2:
        return None
    if top.kind == SINGLE:
        for c in hand:
            if c.rank > top.rank:
                if c.rank >= 15 and len(hand) > 4 and len(state.hands[top_seat or 0]) > 3:
                    return None
                return (c,), Combo(SINGLE, 1, 1, 1, c.rank, False, True)
        return None
    best: tuple[float, tuple[Card, ...], Combo] | None = None
    min_rank = top.rank if top.kind == SET else 3
    for cards, found in combinations_in(hand, tn, ajp, top.shape, min_rank):
        for combo in found:
            if combo.shape == top.shape and beats(combo, top):
                cost = combo.rank + 12 * wild_count(cards, combo)
                if best is None or cost < best[0]:
                    best = (cost, cards, combo)
                break
    if best is None:
        return None
    if best[0] >= 20 and len(hand) > 5:
        return None
    return best[1], best[2]


def _low_run(hand: list[Card]) -> tuple[tuple[Card, ...], Combo] | None:
    """The longest natural run starting at the lowest rank, if 3+ long."""
    by_rank: dict[int, Card] = {}
    for c in hand:
        if c.rank < 15 and c.rank not in by_rank:
            by_rank[c.rank] = c
    start = hand[0].rank
    cards: list[Card] = []
    r = start
    while r in by_rank:
        cards.append(by_rank[r])
        r += 1
    if len(cards) < 3:
        return None
    suited = len({c.suit for c in cards}) == 1
    return tuple(cards), Combo(RUN, len(cards), len(cards), 1, cards[-1].rank, suited, True)


def _rollout_value(state: State, seat: int, rng: random.Random) -> float:
    """Play the hand out greedily; the hand's value for ``seat`` (its team in team modes)."""
    events: list[Event] = []
    n = state.seats
    steps = 0
    while len(state.out) < n and steps < 600:
        steps += 1
        s = state.turn
        move = _fast_move(state, s)
        if move is None:
            _do_pass(state, s, events, quiet=True)
        else:
            _do_play(state, s, move[0], move[1], events, quiet=True)
    return _outcome(state, seat)


def _outcome(state: State, seat: int) -> float:
    order = state.out
    if len(order) < state.seats:
        return 0.0
    seat_pts, team_pts = hand_points(state.mode, order)
    place = order.index(seat)
    shade = (state.seats - 1 - place) / (state.seats * 4)
    if team_pts is None:
        return seat_pts[seat] + shade
    mine = seat % 2
    return team_pts[mine] - team_pts[1 - mine] + shade


def _hard(view: View, legal: Sequence[Action], rng: random.Random, budget_s: float,
          search: int | None = None) -> tuple[Action, Searched | None]:
    """Hard's move and what it weighed (None: nothing to search); ``search`` fixes the number of imagined deals
    instead of the time ``budget_s`` (the halving steps then come after 35% and 70% of them)."""
    deadline = time.perf_counter() + budget_s
    plays = [a for a in legal if isinstance(a, Play)]
    for a in plays:
        if len(a.cards) == len(view.hand):
            return a, None
    ranks = Counter(c.rank for c in view.hand)
    if view.top is None:
        plays.sort(key=lambda a: -_lead_value(a.cards, _reading(view, a), ranks))
    else:
        plays.sort(key=lambda a: _follow_cost(a.cards, _reading(view, a), ranks))
    pool: list[Action] = list(plays[:HARD_CANDIDATES])
    pool += [a for a in legal if isinstance(a, Pass)]
    if len(pool) == 1:
        return pool[0], None
    seat = view.seat
    assert seat is not None
    readings = [_reading(view, a) if isinstance(a, Play) else None for a in pool]
    totals = [0.0] * len(pool)
    visits = [0] * len(pool)
    alive = list(range(len(pool)))
    start = time.perf_counter()
    cuts: list[float] = ([search * 0.35, search * 0.7] if search is not None
                         else [start + budget_s * 0.35, start + budget_s * 0.7])
    deals = 0
    while True:
        base = _state_from_view(view, rng)
        for i in alive:
            action = pool[i]
            state = _clone(base)
            if isinstance(action, Pass):
                _do_pass(state, seat, [], quiet=True)
            else:
                combo = readings[i]
                assert isinstance(action, Play) and combo is not None
                _do_play(state, seat, action.cards, combo, [], quiet=True)
            totals[i] += _rollout_value(state, seat, rng)
            visits[i] += 1
        deals += 1
        now = float(deals) if search is not None else time.perf_counter()
        if now >= (search if search is not None else deadline):
            break
        if cuts and now >= cuts[0] and len(alive) > 2:
            # successive halving: spend the rest of the budget on the better half
            cuts.pop(0)
            alive.sort(key=lambda i: -totals[i] / visits[i])
            alive = alive[:max(2, (len(alive) + 1) // 2)]
    easy_choice = _easy(view, pool)
    # a small bonus for the easy choice breaks near-ties toward sound play
    best = max(alive, key=lambda i: totals[i] / visits[i] + (0.05 if pool[i] == easy_choice else 0.0))
    means = tuple(totals[i] / visits[i] if visits[i] else 0.0 for i in range(len(pool)))
    return pool[best], Searched(tuple(pool), means, deals, easy_choice)


def _clone(state: State) -> State:
    return State(seats=state.seats, seed=state.seed, options=state.options, mode=state.mode, target=state.target,
                 hand_no=state.hand_no, phase=state.phase, hands=[list(h) for h in state.hands],
                 dealer=state.dealer, leader=state.leader, turn=state.turn, top_seat=state.top_seat,
                 top_cards=state.top_cards, top_combo=state.top_combo, passed=list(state.passed),
                 out=list(state.out), scores=list(state.scores),
                 team_scores=None if state.team_scores is None else list(state.team_scores),
                 known=[[] for _ in range(state.seats)], played=[])
