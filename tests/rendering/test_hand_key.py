"""``hand_key`` names everything a hand picture draws: two views with the same key draw the same picture.

The bot reuses a hand's picture while its key stays the same (a live panel following other people's
moves is edited without drawing or uploading it again), so a key that missed something drawn would
leave an old picture on someone's panel. Seeded random games give every seat's view at every step.
"""

from __future__ import annotations

import importlib
import random

import pytest

from rendering import hand_key, render_hand
from tests.rendering.walk import random_walk

SETUPS = [
    ("zhengshangyou", 4, None),
    ("zhengshangyou", 6, {"mode": "team6"}),
    ("gouji", 6, None),
    ("gostop", 3, None),
    ("gostop", 4, {"gwangpalli": True}),
    ("goita", 4, None),
]


@pytest.mark.parametrize(("game", "seats", "options"), SETUPS)
def test_views_with_the_same_hand_key_draw_the_same_picture(game: str, seats: int, options: dict | None) -> None:
    module = importlib.import_module(f"bot.games.{game}")
    state = module.new_game(seats, 33, options)
    rng = random.Random(33)
    drawn: dict[object, bytes] = {}
    checked: set[object] = set()  # keys seen again and compared once (drawing every repeat is slow)
    for _ in random_walk(module, state, rng, 400):
        for seat in range(seats):
            view = module.view(state, seat)
            key = hand_key(game, view)
            assert hash(key) == hash(hand_key(game, module.view(state, seat)))
            if key not in drawn:
                drawn[key] = render_hand(game, view)
            elif key not in checked:
                checked.add(key)
                assert render_hand(game, view) == drawn[key], f"{game}: same key {key!r}, another picture"
    assert len(checked) > 5  # the walk did revisit unchanged hands (what the key is for)
