"""The double refuses what Discord refuses (issue 30): each new check fails a bot that breaks it.

Invalid component emoji, answers later than 3 s once network latency is counted, bursts over a
rate limit, edits of old messages, locales Discord never sends, nested threads, too many threads,
channels the bot cannot see, a gateway that asks for a reconnect, and the invite's permissions.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from tests.discord_double import DiscordDouble, DiscordRuleBroken, InteractionFailed, UserActionError
from tests.discord_double.ratelimits import DEFAULT_LATENCY, Latency, LatencyModel

from .tinybot import TinyBot

Json = dict[str, Any]


def codes(double: DiscordDouble) -> list[int]:
    return [v.code for v in double.take_violations()]


# -- 1. component emoji -----------------------------------------------------------------------------
@pytest.mark.parametrize("symbol", ["🂠", "↩", "x", "<:x:notanid>"])
async def test_a_table_with_an_invalid_button_emoji_is_refused(double: DiscordDouble, tiny: TinyBot,
                                                               symbol: str) -> None:
    """The old table's "My hand" button carried 🂠 (a card symbol, not an emoji): Discord answers
    400/50035 "Invalid emoji" and the whole message is lost."""
    async def send_table(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="My hand", emoji=symbol, custom_id="hand"))
        await interaction.response.send_message("Table", view=view)

    tiny.on_do = send_table
    with pytest.raises(DiscordRuleBroken, match="Invalid emoji"):
        await double["alice"].run("/do")
    assert [e.code for e in tiny.errors] == [50035]
    assert double.default_channel.last_message is None


@pytest.mark.parametrize("symbol", ["🃏", "↩️", "🔄", "👋"])
async def test_fully_qualified_emoji_pass(double: DiscordDouble, tiny: TinyBot, symbol: str) -> None:
    async def send_table(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="My hand", emoji=symbol, custom_id="hand"))
        view.add_item(discord.ui.Button(label="Custom", emoji=discord.PartialEmoji(name="tile", id=123456789012345678),
                                        custom_id="custom"))
        await interaction.response.send_message("Table", view=view)

    tiny.on_do = send_table
    table = await double["alice"].run("/do")
    assert table.button("My hand") is not None


# -- 5. locales ------------------------------------------------------------------------------------
async def test_a_locale_discord_never_sends_is_refused(double: DiscordDouble, tiny: TinyBot) -> None:
    """Discord's clients have no Persian: a test that sends "fa" tests nothing a person can do."""
    with pytest.raises(UserActionError, match="never sends the locale 'fa'"):
        await double["alice"].run("/do", locale="fa")
    with pytest.raises(UserActionError):
        double["alice"].locale = "fa"
    with pytest.raises(UserActionError):
        double.add_person("zoe", locale="fa-IR")
    assert (await double["alice"].run("/do", locale="ru")).content == "done"


# -- 2. network latency ----------------------------------------------------------------------------
async def answer_at(seconds: float, double: DiscordDouble, tiny: TinyBot) -> None:
    async def slow(interaction: discord.Interaction) -> None:
        double.clock.advance(seconds)  # the bot worked this long (on the double's clock)
        await interaction.response.send_message("made it?")

    tiny.on_do = slow


async def test_an_answer_at_2_8_s_fails_once_network_latency_is_counted(double: DiscordDouble,
                                                                        tiny: TinyBot) -> None:
    """The 3 s run from when Discord sent the event: the trip to the bot and the answer's trip back
    take part of them. Nothing sleeps: the latency is charged on the double's clock."""
    double.latency = LatencyModel(Latency(low=0.15, high=0.25, seed=1))
    await answer_at(2.8, double, tiny)
    with pytest.raises((InteractionFailed, DiscordRuleBroken), match="10062|no response"):
        await double["alice"].run("/do")
    record = double["alice"].last_interaction
    assert record.failed and record.delivery_latency >= 0.15 and record.calls[0].latency >= 0.15
    assert [e.code for e in tiny.errors] == [10062]  # "Unknown interaction": the user saw it fail


async def test_an_interaction_nobody_awaited_and_the_bot_never_answered_fails_the_test(double: DiscordDouble,
                                                                                      tiny: TinyBot) -> None:
    """Every Discord-level test checks every acknowledgement (issue #21): an interaction the test only
    delivered, and the bot left unanswered, fails the test at teardown as it would fail the person."""
    async def ignore(interaction: discord.Interaction) -> None:
        return None

    tiny.on_do = ignore
    record = await double["alice"].begin_run("/do")
    await double.settle()
    double.clock.advance(3.1)
    assert double.unanswered() == [record]
    with pytest.raises(AssertionError, match="never acknowledged"):
        double.check()
    record.failed = True  # taken: the teardown check passes


async def test_the_same_answer_without_latency_is_in_time(double: DiscordDouble, tiny: TinyBot) -> None:
    double.latency = LatencyModel(None)
    await answer_at(2.8, double, tiny)
    assert (await double["alice"].run("/do")).content == "made it?"


async def test_latency_is_drawn_from_a_seed_within_its_range(double: DiscordDouble, tiny: TinyBot) -> None:
    for _ in range(5):
        await double["alice"].run("/do")
    records = double["alice"].interactions
    delays = [r.delivery_latency for r in records] + [c.latency for r in records for c in r.calls]
    assert all(0.05 <= d <= 0.25 for d in delays) and len(set(delays)) == len(delays)
    first, second = LatencyModel(DEFAULT_LATENCY), LatencyModel(DEFAULT_LATENCY)
    assert [first.draw() for _ in range(5)] == [second.draw() for _ in range(5)]  # the same seed, the same delays


# -- 3. rate limits --------------------------------------------------------------------------------
SEND = "POST /channels/{channel_id}/messages"


async def test_every_answer_carries_rate_limit_headers_and_discord_py_paces_itself(double: DiscordDouble,
                                                                                   tiny: TinyBot) -> None:
    channel = tiny.get_channel(double.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    started = asyncio.get_running_loop().time()
    for n in range(12):
        await channel.send(f"message {n}")
    real = asyncio.get_running_loop().time() - started
    calls = double.calls_to(SEND)
    assert [c.status for c in calls] == [200] * 12  # the headers warned discord.py: no 429
    assert calls[5].started - calls[0].started >= 5.0  # the sixth waited for the channel's 5 s window...
    assert calls[10].started - calls[5].started >= 5.0
    assert real < 5.0  # ...on the double's clock, which skipped the wait: no real sleeping


async def raw(double: DiscordDouble, method: str, path: str, **kwargs: Any) -> tuple[int, Json, dict[str, str]]:
    """A request from a client that ignores the headers (discord.py would pace itself)."""
    import aiohttp

    async with aiohttp.ClientSession() as session, session.request(
        method, double.api_url + path, headers={"Authorization": f"Bot {double.token}"}, **kwargs
    ) as response:
        return response.status, await response.json(content_type=None) or {}, dict(response.headers)


async def test_a_burst_over_the_channel_limit_gets_429_and_fails_the_test(double: DiscordDouble,
                                                                          tiny: TinyBot) -> None:
    path = f"/channels/{double.default_channel.id}/messages"
    double.skip_rate_limit_waits = False  # the used-up window must not be skipped between our own posts
    answers = [await raw(double, "POST", path, json={"content": f"spam {n}"}) for n in range(6)]
    assert [status for status, _, _ in answers] == [200] * 5 + [429]
    assert [h["X-RateLimit-Remaining"] for _, _, h in answers[:5]] == ["4", "3", "2", "1", "0"]
    status, body, headers = answers[5]
    assert 0 < body["retry_after"] <= 5.0 and body["global"] is False and headers["Via"]
    limited = double.take_rate_limited()
    assert [c.status for c in limited] == [429]
    double.rate_limits.limited.append(limited[0])  # as if untaken: the fixture would fail the test
    with pytest.raises(AssertionError, match="rate limited"):
        double.check()


async def test_the_global_limit_is_50_a_second_and_interactions_are_exempt(double: DiscordDouble,
                                                                           tiny: TinyBot) -> None:
    statuses = [(await raw(double, "GET", f"/users/{double.bot_user.id}"))[0] for _ in range(51)]
    assert 429 in statuses and statuses.index(429) <= 50  # (the bot's own start-up calls may share the second)
    assert all(c.status == 429 for c in double.rate_limits.limited)
    assert any(c.status == 429 for c in double.take_rate_limited())
    assert (await double["alice"].run("/do")).content == "done"  # the interaction callback is exempt


async def test_a_bot_recovers_from_a_429(double: DiscordDouble, tiny: TinyBot) -> None:
    """A 429 still comes now and then (buckets Discord does not announce): discord.py waits and retries."""
    path = f"/channels/{double.default_channel.id}/messages"
    double.skip_rate_limit_waits = False  # the window stays used up until the bot sends (a busy machine is slow)
    for n in range(5):
        await raw(double, "POST", path, json={"content": f"someone else {n}"})  # the window is used up
    channel = tiny.get_channel(double.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    sending = asyncio.create_task(channel.send("after the wait"))
    while not double.rate_limits.limited and not sending.done():
        await asyncio.sleep(0.005)
    double.skip_rate_limit_waits = True  # the bot got its 429: its wait costs no real time
    sent = await sending
    assert sent.content == "after the wait"
    assert [c.status for c in double.take_rate_limited()] == [429]


# -- 6. threads, access, reconnects, permissions -------------------------------------------------------
async def a_thread(tiny: TinyBot, double: DiscordDouble) -> tuple[discord.TextChannel, discord.Thread]:
    channel = tiny.get_channel(double.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    starter = await channel.send("table")
    return channel, await starter.create_thread(name="Goita #1")


async def test_a_thread_inside_a_thread_is_refused_with_50024(double: DiscordDouble, tiny: TinyBot) -> None:
    _, thread = await a_thread(tiny, double)
    inside = await thread.send("a lobby in the thread")
    with pytest.raises(discord.HTTPException) as from_message:
        await inside.create_thread(name="nested")
    with pytest.raises(discord.HTTPException) as bare:
        await tiny.http.start_thread_without_message(thread.id, name="nested", auto_archive_duration=1440, type=12)
    assert from_message.value.code == bare.value.code == 50024
    assert codes(double) == [50024, 50024]
    assert [t.name for t in double.threads] == ["Goita #1"]


async def test_a_guild_has_at_most_1000_active_threads(double: DiscordDouble, tiny: TinyBot) -> None:
    double.active_thread_cap = 1  # the same rule, reached sooner
    channel, first = await a_thread(tiny, double)
    second = await channel.send("another table")
    with pytest.raises(discord.HTTPException) as full:
        await second.create_thread(name="Goita #2")
    assert full.value.code == 160006
    double.archive_thread(double.thread("Goita #1"))  # archived threads do not count
    assert (await second.create_thread(name="Goita #2")).name == "Goita #2"


async def test_a_channel_the_bot_cannot_see_answers_50001(double: DiscordDouble, tiny: TinyBot) -> None:
    channel, thread = await a_thread(tiny, double)
    double.lock_out(double.thread("Goita #1"))
    with pytest.raises(discord.Forbidden) as locked:
        await thread.send("hello?")
    assert locked.value.code == 50001
    await channel.send("the channel itself still works")
    double.deny(double.default_channel, "view_channel")
    with pytest.raises(discord.Forbidden) as hidden:
        await channel.send("and now?")
    assert hidden.value.code == 50001
    assert codes(double) == []  # states a bot must handle, not broken rules


async def test_op_7_reconnect_makes_the_bot_resume_and_miss_nothing(double: DiscordDouble, tiny: TinyBot) -> None:
    before = (double.gateway.identifies, double.gateway.resumes, double.gateway.connects)
    double.gateway.reconnect()
    await double.gateway.wait_ready()
    assert (await double["alice"].run("/do")).content == "done"
    assert (double.gateway.identifies, double.gateway.resumes, double.gateway.connects) == (
        before[0], before[1] + 1, before[2] + 1)


async def test_the_bot_has_exactly_the_permissions_of_the_invite_link(double: DiscordDouble, tiny: TinyBot) -> None:
    invite = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                                 create_public_threads=True, embed_links=True, attach_files=True,
                                 read_message_history=True)
    assert double.permissions(double.default_channel) == invite.value
    await double["alice"].run("/do")
    assert int(double["alice"].last_interaction.payload["app_permissions"]) == invite.value
    member = tiny.get_guild(double.guild.id).me  # type: ignore[union-attr]
    assert member.guild_permissions == invite
    assert double.permissions(double.default_channel, double["alice"].user) & discord.Permissions(
        use_application_commands=True).value  # people keep their usual permissions
