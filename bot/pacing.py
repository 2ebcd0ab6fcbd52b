"""Discord's global limit, kept rather than hit: 50 requests a second per bot, interaction answers exempt.

discord.py only reacts to a global 429: it holds every REST call of the process until the limit
resets, so one busy second (at 300 games, table edits and re-posts of many games at once) held up
every game's table, and each 429 counts toward Cloudflare's ban for invalid requests. Here every
attempt of a request to Discord's API, a retry after a 429 or a 5xx included, first takes a token
from one bucket that never empties faster than Discord's limit refills. The token is taken in
aiohttp's ``on_request_start`` (awaited just before each attempt goes out): pacing discord.py's
``request`` from outside covered only first attempts, and the requests discord.py releases together
after a 429 went out at once (159 in one second at 500 games, and a storm of 429s). Interaction
answers and follow-ups (``/interactions/``, ``/webhooks/``) never wait here, so a click is
acknowledged however busy the tables are.

A table update waits for its turn *before* it reads the game (``turn_first``): when the bot runs
near the limit, an update read first would wait in line with a stale table, and the newer moves
would need another update after it; read after the wait, one update shows them all, so a busy bot
sends fewer updates instead of falling further behind. The turn keeps a token for its request
until the request goes (after the picture is drawn): counted when the turn was taken, requests that
waited for pictures went out together later and Discord counted them in one second; a fresh turn
for each late request instead halved how many tables a busy bot could show.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

#: Discord's global limit is 50 requests a second. Requests are spread at RATE_PER_S; a quiet bot may send
#: BURST at once; and up to HELD_TURNS table updates may hold a turn (a token kept for their request) while
#: they draw. So no one-second window holds more than BURST + HELD_TURNS + RATE_PER_S = 48 requests: the
#: tokens at its start (at most BURST + HELD_TURNS) and its refill (network jitter has the rest). A turn is
#: held about 0.1 s at 500 games (the picture, the save): 4 held turns let only ~37 tables a second through.
RATE_PER_S = 38.0
BURST = 2
HELD_TURNS = 8
#: API paths that are not under the global limit: interaction answers, follow-ups and their edits.
EXEMPT_PATHS = ("/interactions/", "/webhooks/")


@dataclass
class _Turn:
    """A turn taken by ``turn_first``: its token waits for the task's next request."""

    pacer: GlobalPacer
    taken_at: float
    used: bool = False


#: The turn the task's next request may use (``turn_first``).
_TURN: ContextVar[_Turn | None] = ContextVar("teahouse_turn", default=None)


class GlobalPacer:
    """A token bucket: ``take`` returns once a request may go, in the order they asked."""

    def __init__(self, rate: float = RATE_PER_S, burst: int = BURST, held_turns: int = HELD_TURNS,
                 clock: Callable[[], float] | None = None,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        self.rate, self.burst, self.held_turns = rate, burst, held_turns
        self._clock = clock
        self._sleep = sleep
        self._tokens = float(burst)
        self._held = 0  # turns taken whose request has not gone yet: each keeps one of the tokens
        self._stamp: float | None = None
        self._line = asyncio.Lock()  # first come, first served: a waiting request keeps its place
        self.taken = 0  # requests paced (turns included)
        self.waited = 0  # of them, those that had to wait (the bot's own measure of how close it runs)
        self.wait_seconds = 0.0  # how long they waited in all, in line included
        self.turns = 0  # turns taken (``turn_first``)
        self.turn_seconds = 0.0  # how long they were held in all: while one is, its token waits for its request

    def now(self) -> float:
        """The pacer's clock (the event loop's, unless a test gives its own)."""
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    def _refill(self) -> None:
        now = self.now()
        if self._stamp is not None:  # held tokens are kept on top of the burst
            self._tokens = min(float(self.burst + self._held), self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    def _shortfall(self, turn: bool) -> float:
        """Seconds until a request (or a turn) may have a token; 0 when it may now."""
        self._refill()
        missing = 1.0 - (self._tokens - self._held)
        if missing > 1e-9:
            return missing / self.rate
        if turn and self._held >= self.held_turns:
            return 1.0 / self.rate  # every turn that may be held is: one will soon be used or given up
        return 0.0

    async def _wait(self, turn: bool) -> None:
        asked = self.now()
        async with self._line:
            wait = self._shortfall(turn)
            if wait:
                self.waited += 1
            while wait:  # checked again after each sleep: a global 429 meanwhile puts the bucket on hold
                await self._sleep(wait)
                wait = self._shortfall(turn)
            if turn:
                self._held += 1
            else:
                self._tokens -= 1.0
            self.taken += 1
        self.wait_seconds += self.now() - asked

    async def take(self) -> None:
        """Wait until a request may go now."""
        await self._wait(turn=False)

    @property
    def held(self) -> int:
        """Turns taken whose request has not gone yet."""
        return self._held

    async def take_turn(self) -> None:
        """Wait for a turn whose token is kept for a request to come (``turn_first``)."""
        await self._wait(turn=True)

    def give_back_turn(self, turn: _Turn) -> None:
        """A turn nothing used: its token is free again."""
        self._held -= 1
        self._count_turn(turn)

    def _count_turn(self, turn: _Turn) -> None:
        self.turns += 1
        self.turn_seconds += self.now() - turn.taken_at

    async def before_request(self) -> None:
        """Just before an attempt of a request under the global limit goes out: its turn's token
        (``turn_first``), or a new one."""
        turn = _TURN.get()
        if turn is not None and turn.pacer is self and not turn.used:
            turn.used = True
            self._held -= 1
            self._tokens -= 1.0
            self._count_turn(turn)
            return
        await self.take()

    def hold(self, seconds: float) -> None:
        """Discord answered a global 429 (our pace was wrong, or another process shares the limit): no new
        request goes for ``seconds`` (a turn already held still sends its one)."""
        self._refill()
        self._tokens = min(self._tokens, self._held - seconds * self.rate)


def share_of_limit(shard_count: int | None, shard_ids: tuple[int, ...] | None) -> float:
    """The part of the bot's global limit one process may use: the limit is per bot, not per process,
    so processes that split the shards split the rate too."""
    if not shard_count or not shard_ids:
        return 1.0
    return len(shard_ids) / shard_count


def pacer_for(share: float) -> GlobalPacer:
    """This process's pacer when it has ``share`` of the bot's limit. The whole budget is split, not the rate
    alone: each process's burst and held turns also count in every second, and with the rate split alone two
    processes could send 2 * (BURST + HELD_TURNS) + RATE_PER_S = 58 requests in one second."""
    burst, held = max(1, round(BURST * share)), max(1, round(HELD_TURNS * share))
    budget = (BURST + HELD_TURNS + RATE_PER_S) * share
    # the floor is for many small processes, where each one's least burst and turn (1 and 1) would leave no rate
    return GlobalPacer(rate=max(budget - burst - held, RATE_PER_S * share / 4), burst=burst, held_turns=held)


def pace(http: discord.http.HTTPClient, pacer: GlobalPacer) -> None:
    """Every attempt of ``http``'s requests to the API (not interaction answers) waits its turn at ``pacer``.

    Call it before the client logs in: the trace goes into the HTTP session made at login.
    """
    trace = http.http_trace or aiohttp.TraceConfig()

    async def starting(session: Any, context: Any, params: aiohttp.TraceRequestStartParams) -> None:
        if under_global_limit(str(params.url)):
            await pacer.before_request()

    async def answered(session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        headers = params.response.headers
        if params.response.status == 429 and headers.get("X-RateLimit-Global") == "true":
            with contextlib.suppress(ValueError):
                pacer.hold(float(headers.get("X-RateLimit-Reset-After") or headers.get("Retry-After") or 1.0))

    trace.on_request_start.append(starting)
    trace.on_request_end.append(answered)
    http.http_trace = trace


def under_global_limit(url: str) -> bool:
    base = discord.http.Route.BASE  # read now: tests point it at the Discord double
    return url.startswith(base) and not url[len(base):].startswith(EXEMPT_PATHS)


@contextlib.asynccontextmanager
async def turn_first(pacer: GlobalPacer) -> AsyncIterator[None]:
    """Wait for a request's turn at the pacer first; the task's next paced request inside uses it.

    For work that reads what it sends: read inside, after the wait, it sends the newest state. A turn
    nothing used gives its token back on leaving.
    """
    await pacer.take_turn()
    turn = _Turn(pacer, pacer.now())
    token = _TURN.set(turn)
    try:
        yield
    finally:
        _TURN.reset(token)
        if not turn.used:
            pacer.give_back_turn(turn)
