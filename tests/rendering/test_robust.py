"""Every phase of every game renders: walk seeded random games and draw each sampled position."""

from __future__ import annotations

import importlib
import random

import pytest

from rendering import render_hand, render_table
from rendering.gallery import NAMES
from tests.rendering.walk import random_walk

SETUPS = [
    ("zhengshangyou", 6, {"mode": "team6"}),
    ("zhengshangyou", 7, None),
    ("gouji", 6, None),
    ("gostop", 2, None),
    ("gostop", 4, {"gwangpalli": True}),
    ("goita", 4, None),
]


@pytest.mark.parametrize(("game", "seats", "options"), SETUPS)
def test_every_sampled_position_renders_table_and_hands(game: str, seats: int, options: dict | None) -> None:
    module = importlib.import_module(f"bot.games.{game}")
    state = module.new_game(seats, 21, options)
    rng = random.Random(21)
    phases: set[str] = set()
    for step in random_walk(module, state, rng, 700):
        if step % 53 == 0:
            public = module.view(state, None)
            phases.add(public.phase)
            assert render_table(game, public, NAMES[:seats]).startswith(b"\x89PNG")
            seat = step // 53 % seats
            assert render_hand(game, module.view(state, seat)).startswith(b"\x89PNG")
    final = module.view(state, None)
    assert render_table(game, final, NAMES[:seats]).startswith(b"\x89PNG")
    assert phases
