"""The bot keeps under Discord's global limit (50 requests a second per bot) instead of hitting it.

At 300 games the bot hit the global limit a few hundred times a run; discord.py then held every
REST call of the process. The pacer is timed here on a clock of the test's own, so nothing waits.
"""

from __future__ import annotations

import asyncio

import discord

from bot.app import TeahouseBot
from bot.pacing import (
    BURST,
    HELD_TURNS,
    RATE_PER_S,
    GlobalPacer,
    pacer_for,
    share_of_limit,
    turn_first,
    under_global_limit,
)
from tests.discord_double import DiscordDouble

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


def test_processes_that_split_the_shards_keep_the_whole_bot_under_the_limit() -> None:
    """What one process may send in a second is its tokens at the start (burst and held turns) and its rate:
    summed over the processes of one bot, it stays what one process alone may send."""
    alone = pacer_for(1.0)
    assert (alone.rate, alone.burst, alone.held_turns) == (RATE_PER_S, BURST, HELD_TURNS)
    for processes in (2, 4):
        each = pacer_for(1 / processes)
        assert processes * (each.burst + each.held_turns + each.rate) <= BURST + HELD_TURNS + RATE_PER_S + 1e-9
        assert each.rate > 0


async def test_the_bot_paces_its_rest_calls(bot: TeahouseBot) -> None:
    """Every REST call of the running bot (not interaction answers) goes through its pacer."""
    before = bot.pacer.taken
    await bot.http.request(discord.http.Route("GET", "/users/@me"))
    assert bot.pacer.taken == before + 1


async def test_a_retry_after_a_429_waits_its_turn_too(bot: TeahouseBot, double: DiscordDouble) -> None:
    """discord.py retries a request Discord answered 429 by itself: the retry is paced as the first try was
    (released together after a 429, unpaced retries went out 159 in one second at 500 games)."""
    double.faults.rate_limit("GET /users/@me", retry_after=0.05)
    before = bot.pacer.taken
    await bot.http.request(discord.http.Route("GET", "/users/@me"))
    assert bot.pacer.taken == before + 2, "the try and the retry"
    double.take_violations()  # the 429 was the test's own


async def test_after_a_global_429_no_request_goes_until_it_has_passed() -> None:
    pacer, now = paced()
    pacer.hold(0.5)  # Discord: "global rate limit, retry after 0.5 s"
    await pacer.take()
    assert now[0] >= 0.5
    assert pacer.waited == 1


async def test_interaction_answers_never_wait_for_the_pacer(bot: TeahouseBot, double: DiscordDouble) -> None:
    """A click or command is answered however busy the tables are: its answer takes no turn at the pacer."""
    before = bot.pacer.taken
    answer = await double["alice"].run("/help")
    assert answer.ephemeral
    assert bot.pacer.taken == before
    assert not under_global_limit(discord.http.Route.BASE + "/interactions/1/token/callback")
    assert not under_global_limit(discord.http.Route.BASE + "/webhooks/1/token/messages/@original")
    assert under_global_limit(discord.http.Route.BASE + "/channels/1/messages")
    assert not under_global_limit("https://cdn.discordapp.com/avatars/1/a.png")


async def test_an_update_that_waited_for_its_turn_reads_the_game_after_the_wait() -> None:
    """Near the limit, a table update waits in line; what it shows is read after that wait (the newest
    moment), and its request uses the turn it waited for, not a second one."""
    pacer, now = paced()
    for _ in range(BURST):
        await pacer.take()  # a busy second: the next request waits
    game = {"moves": 1}

    async def move_meanwhile() -> None:
        game["moves"] = 2

    async def update() -> int:
        async with turn_first(pacer):
            shown = game["moves"]  # read here, after the wait
            await pacer.before_request()  # the table's request goes out
        return shown

    shown, _ = await asyncio.gather(update(), move_meanwhile())
    assert shown == 2, "the update shows the move made while it waited"
    assert pacer.taken == BURST + 1, "one turn for one request"
    await pacer.before_request()  # the next request (the old table's removal) takes a turn of its own
    assert pacer.taken == BURST + 2


async def test_a_turn_nothing_used_is_not_lent_to_a_later_request() -> None:
    pacer, now = paced()
    async with turn_first(pacer):
        pass  # the update found nothing to send
    await pacer.before_request()
    assert pacer.taken == 2


async def test_updates_that_draw_after_their_turn_keep_every_second_under_the_limit() -> None:
    """Table updates take their turn, then draw a picture, then send. The picture process stalls for a second
    (a long picture, a garbage collection), then every picture comes at once. Counted at their turns, all
    those requests went out together, on top of the next second's; a fresh turn for each late one instead
    halved how many tables a busy bot showed. A turn keeps its token until its request goes, few are held
    at once, and no second holds more than Discord allows."""
    pacer, now = paced()
    drawn = asyncio.Event()
    sent: list[float] = []

    async def table_update() -> None:
        async with turn_first(pacer):
            await drawn.wait()  # the picture
            await pacer.before_request()
            sent.append(now[0])

    async def other_request() -> None:
        await pacer.before_request()
        sent.append(now[0])

    updates = [asyncio.create_task(table_update()) for _ in range(40)]
    while now[0] < 1.0:  # the stall: a second passes while updates take their turns
        now[0] += 0.001
        await asyncio.sleep(0)
    drawn.set()
    await asyncio.gather(*updates, *(other_request() for _ in range(40)))
    assert len(sent) == 80 and pacer.taken == 80, "one token per request"
    assert busiest_second(sent) <= BURST + HELD_TURNS + RATE_PER_S < DISCORD_GLOBAL_LIMIT


async def test_a_turn_is_held_by_few_updates_at_once() -> None:
    pacer, now = paced()
    drawing = asyncio.Event()

    async def update() -> None:
        async with turn_first(pacer):
            await drawing.wait()

    updates = [asyncio.create_task(update()) for _ in range(HELD_TURNS)]
    while pacer.held < HELD_TURNS:
        await asyncio.sleep(0)  # they take their turns as the pacer's clock runs
    waited = pacer.waited
    extra = asyncio.create_task(update())
    await asyncio.sleep(0)
    assert not extra.done() and pacer.waited == waited + 1, "another update waits for one of them"
    drawing.set()
    await asyncio.gather(*updates, extra)
    assert pacer.turns == HELD_TURNS + 1
