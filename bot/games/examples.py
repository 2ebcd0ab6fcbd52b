"""The example positions ``/rules`` illustrates a game with: a table that shows what the summary explains.

A freshly dealt table explains nothing; these positions are reached by seeded random legal moves
(pure: engines only), so the same picture is drawn every time:

- Go-Stop: the turn just made captured cards (a month matched) and a player holds a set (godori or
  ribbons), so the picture shows a capture, a set and the captured piles it scores from;
- the climbing games and Goita: a few moves in, with a play on the table that the next player must
  beat (or block).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from . import GAMES
from .registry import engine


def _step(module: Any, state: Any, rng: random.Random) -> bool:
    """One seeded random legal move; False when nobody can move."""
    acting = sorted(module.to_act(state))
    if not acting or module.result(state).finished:
        return False
    seat = acting[0] if len(acting) == 1 else rng.choice(acting)
    legal = module.legal_actions(state, seat)
    if not legal:
        return False
    module.apply(state, seat, rng.choice(legal))
    return True


@cache
def rules_example(game_id: str) -> tuple[Any, Any]:
    """``(engine module, state)`` of the position ``/rules`` draws for ``game_id``."""
    record = next(game for game in GAMES if game.id == game_id)
    module = engine(game_id)
    shows = getattr(module, "rules_example_shows", None)  # a game may say what its picture must show
    if shows is not None:
        for seed in range(1, 400):
            state = module.new_game(record.example_seats, seed)
            rng = random.Random(seed)
            while _step(module, state, rng):
                if shows(module.view(state, None)):
                    return module, state
    state = module.new_game(record.example_seats, 1)
    rng = random.Random(1)
    for _ in range(record.example_moves):
        if not _step(module, state, rng):
            break
    return module, state
