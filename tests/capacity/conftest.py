"""The bot of the capacity tests: computers move at once, and the double knows when it is at rest."""

from __future__ import annotations

import pytest

from tests.play.conftest import bot

__all__ = ["bot"]


@pytest.fixture
def settle_window() -> float:
    """The bot runs in the test's loop: the double knows when it is at rest (no window)."""
    return 0.0
