"""The double that knows when the bot is at rest, and the game tests' bot, whose computers move at once, for many
games per test."""

from __future__ import annotations

import pytest

from tests.play.conftest import bot

__all__ = ["bot"]  # the fixture, shared with tests/play


@pytest.fixture
def settle_window() -> float:
    """The bot runs in the test's loop, so the double knows when it is at rest (no window); the kill test,
    whose bot is another process, sets its own."""
    return 0.0
