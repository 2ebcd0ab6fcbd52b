"""Discord's global limit, kept rather than hit: 50 requests a second per bot, interaction answers exempt.

discord.py only reacts to a global 429: it holds every REST call of the process until the limit
resets, so one busy second (at 300 games, table edits and re-posts of many games at once) held up
every game's table, and each 429 counts toward Cloudflare's ban for invalid requests. Here every
request through discord.py's ``HTTPClient`` first takes a token from one bucket that never empties
faster than Discord's limit refills. Interaction answers take another way (discord.py's webhook
adapter): they never wait here, so a click is acknowledged however busy the tables are.

A table update waits for its turn *before* it reads the game (``turn_first``): when the bot runs
near the limit, an update read first would wait in line with a stale table, and the newer moves
would need another update after it; read after the wait, one update shows them all, so a busy bot
sends fewer updates instead of falling further behind.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from typing import Any

import discord

#: Set while a task's next request has its turn already (``turn_first``).
_TURN_TAKEN: ContextVar[bool] = ContextVar("teahouse_turn_taken", default=False)

#: Discord's global limit is 50 requests a second; requests are spread at this rate and no more than
#: ``BURST`` at once, so no one-second window holds more than RATE + BURST (network jitter has room).
RATE_PER_S = 40.0
BURST = 5


class GlobalPacer:
    """A token bucket: ``take`` returns once a request may go, in the order they asked."""

    def __init__(self, rate: float = RATE_PER_S, burst: int = BURST,
                 clock: Callable[[], float] | None = None,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        self.rate, self.burst = rate, burst
        self._clock = clock
        self._sleep = sleep
        self._tokens = float(burst)
        self._stamp: float | None = None
        self._turn = asyncio.Lock()  # first come, first served: a waiting request keeps its place
        self.taken = 0  # requests paced
        self.waited = 0  # of them, those that had to wait (the bot's own measure of how close it runs)
        self.wait_seconds = 0.0  # how long they waited in all, in line included

    def _now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    def _refill(self) -> None:
        now = self._now()
        if self._stamp is not None:
            self._tokens = min(float(self.burst), self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    async def take(self) -> None:
        asked = self._now()
        async with self._turn:
            self._refill()
            if self._tokens < 1.0:
                self.waited += 1
                await self._sleep((1.0 - self._tokens) / self.rate)
                self._refill()
            self._tokens -= 1.0
            self.taken += 1
        self.wait_seconds += self._now() - asked


def share_of_limit(shard_count: int | None, shard_ids: tuple[int, ...] | None) -> float:
    """The part of the bot's global limit one process may use: the limit is per bot, not per process,
    so processes that split the shards split the rate too."""
    if not shard_count or not shard_ids:
        return 1.0
    return len(shard_ids) / shard_count


def pace(http: discord.http.HTTPClient, pacer: GlobalPacer) -> None:
    """Every request of ``http`` (every REST call but interaction answers) waits its turn at ``pacer``."""
    request = http.request

    async def paced(route: discord.http.Route, **kwargs: Any) -> Any:
        if _TURN_TAKEN.get():
            _TURN_TAKEN.set(False)  # the turn taken for it (``turn_first``): only this one request
        else:
            await pacer.take()
        return await request(route, **kwargs)

    setattr(http, "request", paced)  # noqa: B010 (assigning a method: mypy refuses the plain form)


@contextlib.asynccontextmanager
async def turn_first(pacer: GlobalPacer) -> AsyncIterator[None]:
    """Wait for a request's turn at the pacer first; the task's next paced request inside uses it.

    For work that reads what it sends: read inside, after the wait, it sends the newest state. A turn
    nothing used is given up on leaving (it was counted as taken: the pace only errs on the slow side).
    """
    await pacer.take()
    token = _TURN_TAKEN.set(True)
    try:
        yield
    finally:
        _TURN_TAKEN.reset(token)
