"""A clock the test can move forward, and Discord snowflakes minted from it.

Discord's time rules (3 s to acknowledge, 15 min token life, 1 h edit cap) are checked
against this clock, so a test can jump 15 minutes instead of waiting for them. The clock
still runs in real time between jumps, so a bot that really is slow is still late.

A jump also brings forward every pending `asyncio.sleep` in the test's event loop, and every
timer the bot's own code set (`loop.call_later` with a callback from `bot` or `cogs`), by the
same amount, so the bot's timers (turn clocks, computer-player delays, a panel's retirement)
that fall due within the jump wake at once. Only those move: timeouts inside aiohttp and
discord.py keep real time, so connections do not break. The `double` fixture also points
`time.time` at `FakeClock.time`, so a bot that re-checks the wall clock after sleeping
sees the jump too. (discord.py's View timeouts re-check `loop.time()` and do not jump.)
"""

from __future__ import annotations

import asyncio
import heapq
import time
from asyncio import futures
from datetime import UTC, datetime, timedelta
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
_real_time = time.time
_SLEEP_WAKEUP: Any = futures._set_result_unless_cancelled  # type: ignore[attr-defined]  # what asyncio.sleep schedules


def _the_bots(callback: Any) -> bool:
    """Whether a timer's callback is the bot's own code (not aiohttp's or discord.py's)."""
    module = getattr(callback, "__module__", None) or ""
    return module.split(".")[0] in ("bot", "cogs")


def bring_sleeps_forward(loop: asyncio.AbstractEventLoop, seconds: float) -> int:
    """Make every pending `asyncio.sleep` and bot timer in `loop` end `seconds` earlier; returns how many moved."""
    scheduled = getattr(loop, "_scheduled", None)
    if not isinstance(scheduled, list):
        return 0
    moved = 0
    for handle in scheduled:
        callback = getattr(handle, "_callback", None)
        if isinstance(handle, asyncio.TimerHandle) and (callback is _SLEEP_WAKEUP or _the_bots(callback)):
            handle._when -= seconds  # type: ignore[attr-defined]
            moved += 1
    heapq.heapify(scheduled)
    return moved


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
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        bring_sleeps_forward(loop, seconds)

    def time(self) -> float:
        """`time.time()` as the bot should see it (the `double` fixture installs this)."""
        return _real_time() + self._offset

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
