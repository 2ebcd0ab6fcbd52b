"""The bot keeps under Discord's global limit (50 requests a second per bot) instead of hitting it.

At 300 games the bot hit the global limit a few hundred times a run; discord.py then held every
REST call of the process. The pacer is timed here on a clock of the test's own, so nothing waits.
"""

from __future__ import annotations

import asyncio

import discord

from bot.app import TeahouseBot
from bot.pacing import BURST, RATE_PER_S, GlobalPacer, pace, share_of_limit, turn_first

DISCORD_GLOBAL_LIMIT = 50  # requests in any one second


def paced(rate: float = RATE_PER_S) -> tuple[GlobalPacer, list[float]]:
    now = [0.0]

    async def sleep(seconds: float) -> None:
        now[0] += seconds
        await asyncio.sleep(0)

    return GlobalPacer(rate=rate, burst=BURST, clock=lambda: now[0], sleep=sleep), now


def busiest_second(stamps: list[float]) -> int:
    return max(sum(1 for s in stamps if start <= s < start + 1.0) for start in stamps)


async def test_no_second_holds_more_requests_than_discord_allows() -> None:
    pacer, now = paced()
    stamps: list[float] = []

    async def request() -> None:
        await pacer.take()
        stamps.append(now[0])

    await asyncio.gather(*(request() for _ in range(300)))  # 300 tables wanting an edit at once
    assert len(stamps) == 300
    assert busiest_second(stamps) < DISCORD_GLOBAL_LIMIT
    assert stamps[-1] <= (300 - BURST) / RATE_PER_S + 1e-9, "and no slower than the rate"


async def test_a_quiet_bot_does_not_wait() -> None:
    pacer, now = paced()
    for _ in range(BURST):
        await pacer.take()
    assert now[0] == 0.0 and pacer.waited == 0


def test_processes_that_split_the_shards_split_the_limit() -> None:
    assert share_of_limit(None, None) == 1.0
    assert share_of_limit(4, (0, 1)) == 0.5
    assert share_of_limit(4, (3,)) == 0.25


async def test_the_bot_paces_its_rest_calls(bot: TeahouseBot) -> None:
    """Every REST call of the running bot (not interaction answers) goes through its pacer."""
    before = bot.pacer.taken
    await bot.http.request(discord.http.Route("GET", "/users/@me"))
    assert bot.pacer.taken == before + 1


class _Http:
    """Just the one method ``pace`` wraps: records when each request went out."""

    def __init__(self, now: list[float]) -> None:
        self.now = now
        self.sent: list[float] = []

    async def request(self, route: object, **kwargs: object) -> None:
        self.sent.append(self.now[0])


async def test_an_update_that_waited_for_its_turn_reads_the_game_after_the_wait() -> None:
    """Near the limit, a table update waits in line; what it shows is read after that wait (the newest
    moment), and its request uses the turn it waited for, not a second one."""
    pacer, now = paced()
    http = _Http(now)
    pace(http, pacer)  # type: ignore[arg-type]
    for _ in range(BURST):
        await pacer.take()  # a busy second: the next request waits
    game = {"moves": 1}

    async def move_meanwhile() -> None:
        game["moves"] = 2

    async def update() -> int:
        async with turn_first(pacer):
            shown = game["moves"]  # read here, after the wait
            await http.request("PATCH table")
        return shown

    shown, _ = await asyncio.gather(update(), move_meanwhile())
    assert shown == 2, "the update shows the move made while it waited"
    assert pacer.taken == BURST + 1, "one turn for one request"
    await http.request("DELETE old table")  # the next request takes a turn of its own
    assert pacer.taken == BURST + 2


async def test_a_turn_nothing_used_is_not_lent_to_a_later_request() -> None:
    pacer, now = paced()
    http = _Http(now)
    pace(http, pacer)  # type: ignore[arg-type]
    async with turn_first(pacer):
        pass  # the update found nothing to send
    await http.request("PATCH table")
    assert pacer.taken == 2
