"""Seeded random games for the rendering tests: each test draws what it needs at each step of one walk."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def random_walk(module: Any, state: Any, rng: random.Random, steps: int) -> Iterator[int]:
    """Yield each step's number, then make a random legal move in ``state`` (in place); stop when the game
    is over or nobody may act."""
    for step in range(steps):
        yield step
        if module.result(state).finished:
            return
        acting = sorted(module.to_act(state))
        if not acting:
            return
        seat = rng.choice(acting)
        module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
