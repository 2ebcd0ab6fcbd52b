"""Random positions of every game for the hint tests and the bench, and the same position with the hidden cards
of the others dealt again (``hidden_shuffle``): a state that gives the asking seat the very same view."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from bot.games.registry import engine

#: seats per game for the random positions
SEATS = {"gouji": 6, "goita": 4, "gostop": 3, "zhengshangyou": 4}


def _gouji(state: Any, seat: int, rng: random.Random) -> Any:
    from tests.games.gouji.test_properties import hidden_shuffle

    return hidden_shuffle(state, seat, rng)


def _goita(state: Any, seat: int, rng: random.Random) -> Any:
    """The pieces in the other hands dealt again among them (each keeps its number of pieces)."""
    other = engine("goita").state_from_dict(state.to_dict())
    seats = [s for s in range(4) if s != seat]
    pool = [p for s in seats for p, n in enumerate(other.hands[s]) for _ in range(n)]
    rng.shuffle(pool)
    for s in seats:
        hand = [0] * len(other.hands[s])
        for _ in range(sum(other.hands[s])):
            hand[pool.pop()] += 1
        other.hands[s] = hand
    return other


def _gostop(state: Any, seat: int, rng: random.Random) -> Any:
    """The other hands' unshown cards and the stock dealt again among them (sizes kept; shaken months stay)."""
    other = engine("gostop").state_from_dict(state.to_dict())
    from bot.games.gostop import MONTH

    def shown(s: int, c: int) -> bool:
        return MONTH[c] in other.shaken[s]

    seats = [s for s in range(len(other.hands)) if s != seat]
    pool = [c for s in seats for c in other.hands[s] if not shown(s, c)] + list(other.stock)
    free = set(pool)
    rng.shuffle(pool)
    for s in seats:
        keep = [c for c in other.hands[s] if c not in free]
        need = len(other.hands[s]) - len(keep)
        other.hands[s] = sorted(keep + [pool.pop() for _ in range(need)])
    other.stock = pool
    return other


def _zhengshangyou(state: Any, seat: int, rng: random.Random) -> Any:
    """The other hands' cards nobody was shown dealt again among them (sizes and known cards kept)."""
    other = engine("zhengshangyou").state_from_dict(state.to_dict())
    seats = [s for s in range(other.seats) if s != seat]
    pool: list[Any] = []
    for s in seats:
        known = list(other.known[s])
        for c in other.hands[s]:
            if c in known:
                known.remove(c)
            else:
                pool.append(c)
    rng.shuffle(pool)
    for s in seats:
        known = [c for c in other.hands[s] if c in other.known[s]]
        other.hands[s] = sorted(known + [pool.pop() for _ in range(len(other.hands[s]) - len(known))])
    return other


HIDDEN_SHUFFLE: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "gouji": _gouji, "goita": _goita, "gostop": _gostop, "zhengshangyou": _zhengshangyou,
}


def positions(game: str, seed: int, count: int, every: int = 3) -> Iterator[tuple[Any, int, list[Any]]]:
    """Up to ``count`` positions of random games (seeded): a state, a seat whose decision it is and that has a
    choice, and its legal moves. Random moves drive the games; every ``every``-th decision with a choice is
    yielded, the play between them continuing from the same states."""
    eng = engine(game)
    rng = random.Random(seed)
    found = 0
    for game_no in range(50):
        state = eng.new_game(SEATS[game], seed * 100 + game_no)
        for _ in range(3000):
            if eng.result(state).finished or found >= count:
                break
            seats = sorted(eng.to_act(state))
            if not seats:
                break
            seat = rng.choice(seats)
            legal = eng.legal_actions(state, seat)
            if not legal:
                break
            if len(legal) > 1 and rng.randrange(every) == 0:
                found += 1
                yield state, seat, legal
            eng.apply(state, seat, rng.choice(legal))
        if found >= count:
            return


__all__ = ["HIDDEN_SHUFFLE", "SEATS", "positions"]
