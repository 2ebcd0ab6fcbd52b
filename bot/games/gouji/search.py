"""The ``hard`` computer player: determinized flat Monte Carlo over the engine.

For a trick decision with several sensible candidates it repeatedly (1) deals the cards the
seat cannot see to the other seats, consistent with the view (exact counts, cards played,
exposed and partner-shown hands), (2) applies each candidate to a copy of that world and
(3) plays the hand out with the easy policy (``fast_playout``), scoring the seat's team points
(and, a little, its own place). The easy choice stands unless another candidate is clearly better
on the same worlds. Pre-hand decisions and Shao Pai claims use the easy policy.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from . import moves
from .engine import SEATS, State
from .notation import Action, Decision, Play
from .policy import easy_action, easy_play, hand_from_view, play_cost
from .scoring import hand_points
from .views import View
from .worlds import determinize

MAX_CANDIDATES = 3
MIN_RUNS = 3
MARGIN = 0.5  # team points per run


@dataclass(frozen=True)
class Searched:
    """What the search weighed: its candidates (the easy choice first), each one's mean team points over the
    imagined deals, and how many deals it imagined."""

    candidates: tuple[Action, ...]
    means: tuple[float, ...]
    runs: int


def hard_action(view: View, legal: Sequence[Action], rng: random.Random, budget_s: float,
                search: int | None = None) -> Action:
    return hard_search(view, legal, rng, budget_s, search)[0]


def hard_search(view: View, legal: Sequence[Action], rng: random.Random, budget_s: float,
                search: int | None = None) -> tuple[Action, Searched | None]:
    """Hard's move and what it weighed (None: no search, the easy policy decided). ``search`` fixes the number
    of imagined deals instead of the time ``budget_s``."""
    seat = view.seat
    if seat is None or view.phase != "play" or seat not in view.to_act:
        return easy_action(view, legal), None
    candidates = _candidates(view, legal)
    if len(candidates) <= 1:
        return (candidates[0] if candidates else easy_action(view, legal)), None
    deadline = time.perf_counter() + budget_s
    totals = [0.0] * len(candidates)
    runs = 0
    while True:
        world = determinize(view, rng)
        for i, action in enumerate(candidates):
            totals[i] += _simulate(world, seat, action)
        runs += 1
        if (runs >= search) if search is not None else time.perf_counter() >= deadline:
            break
    searched = Searched(tuple(candidates), tuple(total / runs for total in totals), runs)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    # The easy choice (index 0) stands unless the search is clearly better: with few samples the
    # maximum of noisy means is mostly noise (the winner's curse).
    if runs < MIN_RUNS or totals[best] - totals[0] < MARGIN * runs:
        return candidates[0], searched
    return candidates[best], searched


def _candidates(view: View, legal: Sequence[Action]) -> list[Action]:
    """A few sensible choices: the easy choice first, then cheap sets, whole groups, pass."""
    hand = hand_from_view(view)
    plays = [a for a in legal if isinstance(a, Play)]
    out: list[Action] = [easy_action(view, legal)]
    if view.top is None:
        groups = sorted((p for p in plays if p.rank and p.naturals == hand[p.rank] and p.size == p.naturals),
                        key=lambda p: p.rank)
        pool: list[Play] = groups[:3] + groups[-1:]
        pool += sorted(plays, key=lambda p: (play_cost(p), -p.size))[:3]
        whole = [p for p in plays if p.size == sum(hand)]
        pool += whole
    else:
        ordered = sorted(plays, key=play_cost)
        exact = [p for p in ordered if p.rank and p.naturals == hand[p.rank]]
        pool = ordered[:3] + exact[:2]
        if any(a.kind == "pass" for a in legal):
            out.append(Decision("pass"))
    for p in pool:
        if p not in out:
            out.append(p)
    return out[:MAX_CANDIDATES]


def _simulate(world: State, seat: int, action: Action) -> float:
    """The seat's team points (plus a little for its own place) after ``action`` and an easy play-out."""
    first: Play | None = action if isinstance(action, Play) else None
    places = fast_playout(world, seat, first)
    order = sorted(range(SEATS), key=lambda s: places[s])
    points, _ = hand_points(order)
    return points[seat % 2] + (6 - places[seat]) * 0.05


def fast_playout(world: State, seat: int, first: Play | None) -> list[int]:
    """Finishing places after ``seat`` plays ``first`` (None = pass) and everybody follows the easy policy.

    A lean copy of the trick rules (R6.4–R7.8, going out, the wind) on rank counts only, without
    events, the endgame reordering or new Shao Pai claims: rollouts need speed more than detail.
    """
    hands = [h[:] for h in world.hands]
    counts = world.counts[:]
    places = world.places[:]
    n_out = sum(1 for p in places if p)
    passed = world.passed[:]
    top, top_seat = world.top, world.top_seat
    duel = world.duel_a >= 0
    shao = world.shao
    turn = seat
    decided: Play | None = first
    use_first = True
    for _ in range(3000):
        hand = hands[turn]
        if use_first:
            play, use_first = decided, False
        elif top is None:
            play = _fast_lead(hand, shao == turn)
        else:
            best = moves.cheapest_beat(hand, top)
            play = easy_play(hand, top, top_seat, turn, [best] if best else [], counts)
        end = False
        if play is None:
            if duel:
                end = True
            else:
                passed[turn] = True
        else:
            moves.remove(hand, play)
            counts[turn] -= play.size
            prev, top, top_seat = top_seat, play, turn
            out = counts[turn] == 0
            if out:
                n_out += 1
                places[turn] = n_out
                holders = [s for s in range(SEATS) if counts[s]]
                if len(holders) == 1:
                    places[holders[0]] = n_out + 1
                    return places
            if shao >= 0 and ((turn != shao and prev == shao) or (turn == shao and out)):
                shao = -1
            other = (turn + 3) % SEATS
            if play.rj:
                end = True
            elif duel:
                if counts[other]:
                    turn = other
                    continue
                end = True
            elif play.gouji and counts[other] and shao != turn:
                duel = True
                turn = other
                continue
        if not end:
            nxt = -1
            for k in range(1, SEATS):
                c = (turn + k) % SEATS
                if c == top_seat:
                    break
                if counts[c] and not passed[c]:
                    nxt = c
                    break
            if nxt >= 0:
                turn = nxt
                continue
        # the trick ends: the owner leads, or the first holder to his right catches the wind
        turn = top_seat
        while not counts[turn]:
            turn = (turn + 1) % SEATS
        top, top_seat, duel = None, -1, False
        passed = [False] * SEATS
    return places


def _fast_lead(hand: list[int], shao: bool) -> Play:
    if shao:
        leads = moves.shao_leads(hand)  # empty when a determinized claimant's hand cannot go on
        if leads:
            return min(leads, key=lambda p: (p.bj + p.rj, p.twos, p.rank or 99))
    for rank in range(3, 15):
        if hand[rank]:
            return moves.make_play(rank, hand[rank])
    return moves.whole_hand(hand)
