"""Build hand-made Go-Stop positions for rule tests (cards written as ids or short forms)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.games.gostop import Action, apply, new_game, parse_action
from bot.games.gostop.cards import IDS, MONTH
from bot.games.gostop.engine import DEAL_STACK, NO_STACK, PLAYING, State, _reset_round
from bot.games.gostop.notation import parse_card


def c(text: str) -> int:
    return parse_card(text)


def cs(texts: Iterable[str]) -> list[int]:
    return [parse_card(t) for t in texts]


def ids(cards: Iterable[int]) -> list[str]:
    return [IDS[x] for x in cards]


def make(
    seats: int = 2,
    hands: Mapping[int, Iterable[str]] | None = None,
    layout: Iterable[str] = (),
    stock: Iterable[str] = (),
    captures: Mapping[int, Iterable[str]] | None = None,
    stacks: Mapping[int, int] | None = None,
    options: Mapping[str, Any] | None = None,
    turn: int = 0,
    dealer: int = 0,
) -> State:
    """A round in progress: ``stock`` is listed top first; ``stacks`` maps month -> creator seat (-1 dealt)."""
    st = new_game(seats, 1, {"rounds": 1, "jokers": 0, **(options or {})})
    _reset_round(st)
    st.dealer = dealer
    st.active = [(dealer + i) % seats for i in range(min(seats, 3))]
    st.status = [PLAYING] * seats
    st.phase = "turn"
    st.turn = turn
    for seat, hand in (hands or {}).items():
        st.hands[seat] = cs(hand)
    for card in cs(layout):
        st.layout[MONTH[card]].append(card)
    st.stock = cs(stock)[::-1]
    for seat, caps in (captures or {}).items():
        st.captures[seat] = cs(caps)
    for month, owner in (stacks or {}).items():
        assert len(st.layout[month]) == 3
        st.stack_owner[month] = owner
    for m in range(1, 13):
        if len(st.layout[m]) == 3 and st.stack_owner[m] == NO_STACK:
            st.stack_owner[m] = DEAL_STACK
    return st


def act(st: State, text: str, seat: int | None = None) -> list[Any]:
    """Apply a move written in notation for the seat to act; returns the events."""
    who = st.turn if seat is None else seat
    action: Action = parse_action(text)
    return apply(st, who, action)


def kinds(events: Iterable[Any]) -> list[str]:
    return [e.kind for e in events]
