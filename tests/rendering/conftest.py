"""Seeded mid-game positions for the renderer tests (engines drive, the renderer sees views)."""

from __future__ import annotations

from typing import Any

import pytest

from rendering.gallery import play_to

STEPS = {"zhengshangyou": 14, "gouji": 40, "gostop": 9, "goita": 9}


@pytest.fixture(scope="session")
def positions() -> dict[str, tuple[Any, Any]]:
    """game id -> (engine module, state) a few moves into a seeded game."""
    return {game: play_to(game, 5, steps) for game, steps in STEPS.items()}
