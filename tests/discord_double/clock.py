"""A clock the test can move forward, and Discord snowflakes minted from it.

Discord's time rules (3 s to acknowledge, 15 min token life, 1 h edit cap) are checked
against this clock, so a test can jump 15 minutes instead of waiting for them. The clock
still runs in real time between jumps, so a bot that really is slow is still late.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

DISCORD_EPOCH_MS = 1_420_070_400_000


class FakeClock:
    """Real time plus an offset that only ever grows."""

    def __init__(self) -> None:
        self._offset = 0.0
        self._last_snowflake = 0

    @property
    def offset(self) -> float:
        """Seconds the test has skipped so far."""
        return self._offset

    def advance(self, seconds: float) -> None:
        """Jump forward: everything the double times (tokens, deadlines, message age) sees it."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._offset += seconds

    def monotonic(self) -> float:
        """Seconds on a monotonic scale, including skipped time."""
        return time.monotonic() + self._offset

    def now(self) -> datetime:
        """Wall-clock time as Discord would stamp it."""
        return datetime.now(UTC) + timedelta(seconds=self._offset)

    def snowflake(self) -> int:
        """A fresh, strictly increasing id whose timestamp part is `now()`."""
        ms = int(self.now().timestamp() * 1000) - DISCORD_EPOCH_MS
        candidate = ms << 22
        if candidate <= self._last_snowflake:
            candidate = self._last_snowflake + 1
        self._last_snowflake = candidate
        return candidate


def iso(moment: datetime) -> str:
    """Discord's timestamp format."""
    return moment.isoformat()
