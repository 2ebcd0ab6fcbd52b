"""Faults on demand, and how discord.py (and so the bot) lives through them."""

from __future__ import annotations

import discord
import pytest

from tests.discord_double import DiscordDouble

from .tinybot import TinyBot

SEND = "POST /channels/{channel_id}/messages"
CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"


def games(tiny: TinyBot, double: DiscordDouble) -> discord.TextChannel:
    channel = tiny.get_channel(double.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_429_is_retried_after_the_given_retry_after(double: DiscordDouble, tiny: TinyBot) -> None:
    double.faults.rate_limit(SEND, retry_after=0.3)

    await games(tiny, double).send("hello")

    limited, retried = double.calls_to(SEND)
    assert (limited.status, retried.status) == (429, 200)
    assert limited.finished is not None and retried.started - limited.finished >= 0.3
    assert [m.content for m in double.default_channel.public_messages] == ["hello"]


async def test_429_on_the_interaction_callback_is_retried_too(double: DiscordDouble, tiny: TinyBot) -> None:
    double.faults.rate_limit(CALLBACK, retry_after=0.2)

    msg = await double["alice"].run("/do")

    record = double["alice"].last_interaction
    assert msg.content == "done"
    assert [c.status for c in record.calls] == [429, 200]
    assert record.ack_seconds is not None and record.ack_seconds >= 0.2


async def test_500_is_retried_by_discord_py(double: DiscordDouble, tiny: TinyBot) -> None:
    double.faults.server_error(SEND, status=500)

    await games(tiny, double).send("after a hiccup")

    assert [c.status for c in double.calls_to(SEND)] == [500, 200]
    assert double.default_channel.last_message is not None


async def test_503_reaches_the_bot_as_a_server_error(double: DiscordDouble, tiny: TinyBot) -> None:
    double.faults.server_error(SEND, status=503)

    with pytest.raises(discord.DiscordServerError):
        await games(tiny, double).send("lost")
    await games(tiny, double).send("next one works")

    assert [c.status for c in double.calls_to(SEND)] == [503, 200]


async def test_delayed_response_is_waited_for_and_timed(double: DiscordDouble, tiny: TinyBot) -> None:
    async def reply_and_post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        await games(tiny, double).send("table")

    tiny.on_do = reply_and_post
    double.faults.delay(SEND, 0.25)

    await double["alice"].run("/do")

    record = double["alice"].last_interaction
    (post,) = record.other_calls
    assert post.finished is not None and post.finished - post.started >= 0.25
    assert record.latency is not None and record.latency >= 0.25
    assert double.default_channel.last_message is not None  # run() waited for the slow call


async def test_dropped_gateway_is_resumed_and_missed_events_replayed(double: DiscordDouble, tiny: TinyBot) -> None:
    await double.gateway.drop()
    record = await double["alice"].begin_run("/do")  # sent while the bot is away

    msg = await double.wait(record)
    await double.gateway.wait_ready()

    assert msg is not None and msg.content == "done"
    assert (double.gateway.identifies, double.gateway.resumes) == (1, 1)


async def test_unresumable_drop_makes_the_bot_identify_again(double: DiscordDouble, tiny: TinyBot) -> None:
    await double.gateway.drop(resumable=False)
    await double.gateway.wait_ready()

    msg = await double["bob"].run("/do")

    assert msg.content == "done"
    assert (double.gateway.identifies, double.gateway.resumes) == (2, 0)
    assert tiny.get_guild(double.guild.id) is not None


async def test_rate_limit_buckets_make_discord_py_pace_itself(double: DiscordDouble, tiny: TinyBot) -> None:
    edit = "PATCH /channels/{channel_id}/messages/{message_id}"
    double.faults.bucket(edit, limit=2, per=0.3)
    message = await games(tiny, double).send("table")

    for n in range(3):
        await message.edit(content=f"table v{n}")

    calls = double.calls_to(edit)
    assert [c.status for c in calls] == [200, 200, 200]  # the headers warned discord.py: no 429
    assert calls[2].started - calls[0].started >= 0.3 - 0.01  # the third edit waited for the window
