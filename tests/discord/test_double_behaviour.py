"""How the double waits, times and reports: settling, the clock, crashes, concurrency, shards, modals."""

from __future__ import annotations

import asyncio
import time

import discord
import pytest

from tests.discord_double import DiscordDouble, InteractionFailed

from .tinybot import TinyBot


async def test_clock_jump_wakes_the_bots_sleeping_timers_and_moves_its_wall_clock(
    double: DiscordDouble, tiny: TinyBot
) -> None:
    async def start_timer(interaction: discord.Interaction) -> None:
        started = time.time()
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)

        async def timer() -> None:
            await asyncio.sleep(120)
            await channel.send(f"time is up after {time.time() - started:.0f} s")

        asyncio.get_running_loop().create_task(timer())
        await interaction.response.send_message("timer started")

    tiny.on_do = start_timer
    await double["alice"].run("/do")
    double.clock.advance(119)
    await double.settle()
    assert double.default_channel.last_message.content == "timer started"  # type: ignore[union-attr]

    double.clock.advance(1)
    await double.settle()

    assert double.default_channel.last_message.content == "time is up after 120 s"  # type: ignore[union-attr]


async def test_settle_waits_for_work_in_threads(double: DiscordDouble, tiny: TinyBot) -> None:
    async def render_then_post(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await asyncio.to_thread(time.sleep, 0.2)  # e.g. Pillow drawing a table, no REST call meanwhile
        await interaction.followup.send("rendered")

    tiny.on_do = render_then_post
    msg = await double["alice"].run("/do")
    assert msg.content == "rendered"


async def test_a_crash_in_the_bot_fails_the_action_at_once(double: DiscordDouble, tiny: TinyBot) -> None:
    async def crash(interaction: discord.Interaction) -> None:
        raise RuntimeError("boom")

    tiny.on_do = crash
    started = time.monotonic()
    with pytest.raises(AssertionError, match="boom"):
        await double["alice"].run("/do")
    assert time.monotonic() - started < 2  # not the 3 s interaction timeout


async def test_a_click_nobody_handles_fails_like_on_discord(double: DiscordDouble, tiny: TinyBot) -> None:
    async def orphan_button(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Ghost", custom_id="ghost"))
        await interaction.response.send_message("boo", view=view)
        view.stop()  # the bot forgets the view, as after a restart without persistent views

    tiny.on_do = orphan_button
    msg = await double["alice"].run("/do")
    record = await double["bob"].begin_click(msg, "Ghost")
    double.clock.advance(3.5)
    with pytest.raises(InteractionFailed, match="click 'Ghost'"):
        await double.wait(record)


async def test_simultaneous_interactions_keep_their_own_calls(double: DiscordDouble, tiny: TinyBot) -> None:
    async def slow_reply(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.05)
        await interaction.response.send_message(f"hi {interaction.user.name}", ephemeral=True)

    tiny.on_do = slow_reply
    first = await double["alice"].begin_run("/do")
    second = await double["bob"].begin_run("/do")

    a, b = await asyncio.gather(double.wait(first), double.wait(second))

    assert a is not None and b is not None
    assert (a.content, b.content) == ("hi alice", "hi bob")
    assert [len(first.calls), len(second.calls)] == [1, 1]
    assert first.calls[0].interaction_id == first.id


async def test_modal_opened_and_submitted(double: DiscordDouble, tiny: TinyBot) -> None:
    class Rename(discord.ui.Modal, title="Rename the table"):
        name: discord.ui.TextInput[discord.ui.Modal] = discord.ui.TextInput(label="Name", custom_id="name")

        async def on_submit(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"renamed to {self.name.value}")

    async def ask(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Rename())

    tiny.on_do = ask
    record = await double["alice"].begin_run("/do")
    assert await double.wait(record) is None
    assert double["alice"].modal is not None and double["alice"].modal["title"] == "Rename the table"

    reply = await double["alice"].submit({"name": "Lucky"})

    assert reply is not None and reply.content == "renamed to Lucky"


async def test_two_shards_each_get_their_guilds(double: DiscordDouble) -> None:
    double.shard_count = 2
    while len({g.id >> 22 & 1 for g in double.guilds.values()}) < 2:  # a guild on each shard
        double.add_channel(double.add_guild("Another"), "general")
    async with double.running(TinyBot()) as client:
        assert double.gateway.identifies == 2
        assert {s.shard_id for s in double.gateway.sessions.values()} == {0, 1}
        assert {g.id for g in client.guilds} == set(double.guilds)
        assert await double["alice"].run("/do") is not None


async def test_a_route_the_double_does_not_serve_is_loud(double: DiscordDouble, tiny: TinyBot) -> None:
    route = discord.http.Route("PUT", "/channels/{channel_id}/pins/{message_id}", channel_id=1, message_id=2)
    with pytest.raises(discord.NotFound):
        await tiny.http.request(route)
    (violation,) = double.take_violations()
    assert "not served by the Discord double" in violation.message
