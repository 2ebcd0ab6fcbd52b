"""Small builders for rule tests: cards from text, a play-phase state with chosen hands."""

from __future__ import annotations

from typing import Any

from bot.games.core import Card
from bot.games.zhengshangyou import State, new_game, parse_cards
from bot.games.zhengshangyou.combos import Combo, interpretations


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def readings(text: str, twos: bool = False, joker_pair: bool = True) -> list[Combo]:
    return interpretations(cards(text), twos, joker_pair)


def one(text: str, twos: bool = False) -> Combo:
    found = readings(text, twos)
    assert len(found) == 1, (text, found)
    return found[0]


def table(hands: list[str], turn: int = 0, seats: int | None = None, **options: Any) -> State:
    """A play-phase state in hand 1 whose hands are exactly ``hands``; ``turn`` leads."""
    n = seats or len(hands)
    options.setdefault("mode", "individual")
    state = new_game(n, 1, options)
    state.hands = [sorted(cards(h)) for h in hands]
    state.turn = state.leader = turn
    return state
