"""A quicker double (short settle window) and the game tests' bot, whose computers move at once, for many
games per test."""

from __future__ import annotations

import pytest

from tests.play.conftest import bot

__all__ = ["bot"]  # the fixture, shared with tests/play


@pytest.fixture
def settle_window() -> float:
    """A 20 ms settle window: these tests play many games, and 50 ms a step would add up."""
    return 0.02
