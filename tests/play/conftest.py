"""The real bot for game tests: computer players move at once, so a match takes seconds.

`tests/resilience` uses this `bot` too (it imports the fixture).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app import TeahouseBot
from tests.conftest import StartTeahouse


@pytest.fixture
async def bot(teahouse: StartTeahouse) -> AsyncIterator[TeahouseBot]:
    """The real bot with computer thinking time 0: the tests wait for people, not for computers."""
    async with teahouse(computer_delay_seconds=0.0) as client:
        yield client
