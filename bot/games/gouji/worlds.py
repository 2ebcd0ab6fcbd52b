"""A whole table consistent with what one seat sees: the hidden hands dealt at random from the cards still
out (exact counts, cards played, exposed and partner-shown hands). The ``hard`` computer player searches
such worlds (``search.py``); a seat's own play is checked on one (``previews.refusal``), since the engine's
checks of that play read only what the seat sees.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .engine import RANK_TOTAL, SEATS, State
from .notation import parse_play, parse_ranks
from .policy import hand_from_view
from .views import View


def determinize(view: View, rng: random.Random) -> State:
    """A full play-phase state consistent with what ``view.seat`` sees; hidden hands dealt at random."""
    seat = view.seat
    assert seat is not None
    known: dict[int, list[int]] = {seat: hand_from_view(view)}
    for s, cards in view.partner_hands:
        known[s] = _counts(cards)
    for info in view.seats:
        if info.exposed is not None:
            known[info.seat] = _counts(info.exposed)
    pool: list[int] = []
    played = [0, 0, 0, *view.played]
    for rank in range(3, 18):
        left = RANK_TOTAL[rank] - played[rank] - sum(h[rank] for h in known.values())
        pool += [rank] * max(0, left)
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for s in range(SEATS):
        if s in known:
            hands.append(list(known[s]))
            continue
        hand = [0] * 18
        for _ in range(min(view.seats[s].cards, len(pool))):
            hand[pool.pop()] += 1
        hands.append(hand)
    options = dict(view.options)
    options.update(session_end="hands", session_hands=1)
    state = State(seed=0, options=options, phase="play")
    state.hands = hands
    state.counts = [sum(h) for h in hands]
    state.places = [info.place or 0 for info in view.seats]
    state.n_out = sum(1 for p in state.places if p)
    state.answered = list(state.counts)
    state.turn = view.turn if view.turn is not None else -1
    state.candidates = list(view.candidates)
    if view.top is not None and view.top_seat is not None:
        state.top, state.top_seat = parse_play(view.top), view.top_seat
        state.passed = [info.passed for info in view.seats]
        state.trick = [[t.seat, parse_play(t.play), t.how] for t in view.trick]
    if view.duel is not None:
        state.duel_a, state.duel_b = view.duel
        state.duel_plays = 1 + sum(1 for t in view.trick if t.how == "duel")
    state.shao = view.shao_seat if view.shao_seat is not None else -1
    state.exposed = [info.exposed is not None for info in view.seats]
    if view.endgame and state.turn < 0 and not state.candidates:
        state.turn = seat
    return state


def _counts(cards: Sequence[str]) -> list[int]:
    out = [0] * 18
    for rank in parse_ranks(" ".join(cards)):
        out[rank] += 1
    return out


__all__ = ["determinize"]
