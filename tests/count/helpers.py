"""Random games for the count tests, and each game's *hidden reshuffle*: the same state with every card or piece
the asking seat may not see dealt again among the places it may not see (other hands, the stock, face-down
leads), so the two states give that seat the same view."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from bot.games.core import Event
from bot.games.gostop import MONTH
from bot.games.registry import engine

#: seats to play each game with (the hidden cards differ most with the most seats)
SEATS = {"gouji": 6, "zhengshangyou": 5, "gostop": 3, "goita": 4}
OPTIONS: dict[str, dict[str, Any]] = {"gouji": {"session_hands": 1}, "zhengshangyou": {},
                                      "gostop": {"rounds": 2}, "goita": {"target_score": 60}}


def play(game: str, seed: int, steps: int = 4000) -> Iterator[tuple[Any, list[Event]]]:
    """A random legal game: the state after each move, with the move's events (the state is the same object,
    changed in place: read it before the next step)."""
    module = engine(game)
    rng = random.Random(seed)
    state, events = module.new_game_with_events(SEATS[game], seed, OPTIONS[game])
    yield state, list(events)
    for _ in range(steps):
        seats = sorted(module.to_act(state))
        if not seats or module.result(state).finished:
            return
        seat = rng.choice(seats)
        yield state, module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))


def _gouji(state: Any, seat: int, rng: random.Random) -> Any:
    from tests.games.gouji.test_properties import hidden_shuffle
    return hidden_shuffle(state, seat, rng)


def _zhengshangyou(state: Any, seat: int, rng: random.Random) -> Any:
    module = engine("zhengshangyou")
    other = module.state_from_dict(state.to_dict())
    pending = {s for s, _ in getattr(other, "ex_pending", [])}
    hidden = [s for s in range(other.seats) if s != seat and s not in pending]
    pool, kept = [], {}
    for s in hidden:
        known = list(other.known[s])
        keep = []
        for card in other.hands[s]:
            if card in known:
                known.remove(card)
                keep.append(card)
            else:
                pool.append(card)
        kept[s] = keep
    rng.shuffle(pool)
    for s in hidden:
        size = len(other.hands[s]) - len(kept[s])
        other.hands[s] = sorted(kept[s] + [pool.pop() for _ in range(size)])
    return other


def _gostop(state: Any, seat: int, rng: random.Random) -> Any:
    module = engine("gostop")
    other = module.state_from_dict(state.to_dict())
    month = MONTH
    places: list[tuple[list[int], int]] = []  # (list, index) of each hidden card
    for s in range(other.seats):
        if s == seat:
            continue
        hand = other.hands[s]
        places += [(hand, i) for i, c in enumerate(hand) if c >= 48 or month[c] not in other.shaken[s]]
    places += [(other.stock, i) for i in range(len(other.stock))]
    if other.phase == "choose":
        places += [(other.layout[0], i) for i in range(len(other.layout[0]))]
    pool = [cards[i] for cards, i in places]
    rng.shuffle(pool)
    for (cards, i), card in zip(places, pool, strict=True):
        cards[i] = card
    for s in range(other.seats):
        if s != seat:
            other.hands[s].sort()
    return other


def _goita(state: Any, seat: int, rng: random.Random) -> Any:
    module = engine("goita")
    other = module.state_from_dict(state.to_dict())
    pool = [p for s in range(4) if s != seat for p, n in enumerate(other.hands[s]) for _ in range(n)]
    downs = [(s, i) for s in range(4) if s != seat for i, (_, down, _) in enumerate(other.table[s]) if down]
    pool += [other.table[s][i][0] for s, i in downs]
    rng.shuffle(pool)
    for s in range(4):
        if s == seat:
            continue
        size = sum(other.hands[s])
        hand = [0] * len(other.hands[s])
        for _ in range(size):
            hand[pool.pop()] += 1
        other.hands[s] = hand
    for s, i in downs:
        _, down, attack = other.table[s][i]
        other.table[s][i] = (pool.pop(), down, attack)
    return other


RESHUFFLE: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "gouji": _gouji, "zhengshangyou": _zhengshangyou, "gostop": _gostop, "goita": _goita,
}
