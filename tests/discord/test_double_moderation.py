"""What moderators and Discord do to a bot's world mid-way: archive or delete a thread, expire a token."""

from __future__ import annotations

import discord
import pytest

from tests.discord_double import DiscordDouble

from .tinybot import TinyBot

CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"


async def _thread(tiny: TinyBot, double: DiscordDouble) -> tuple[discord.Thread, discord.Message]:
    channel = tiny.get_channel(double.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    starter = await channel.send("table")
    thread = await starter.create_thread(name="Goita #1")
    inside = await thread.send("in the thread")
    return thread, inside


async def test_a_locked_archived_thread_refuses_edits_and_messages(double: DiscordDouble, tiny: TinyBot) -> None:
    thread, inside = await _thread(tiny, double)
    model = double.thread("Goita #1")
    double.deny(double.default_channel, "manage_threads")  # with Manage Threads the bot could still post
    double.archive_thread(model, locked=True)

    with pytest.raises(discord.HTTPException) as edit:
        await inside.edit(content="changed")
    with pytest.raises(discord.HTTPException) as send:
        await thread.send("wake up")
    assert edit.value.code == send.value.code == 50083
    assert model.archived and model.locked


async def test_an_unlocked_archived_thread_wakes_up_on_a_new_message(double: DiscordDouble, tiny: TinyBot) -> None:
    thread, _ = await _thread(tiny, double)
    model = double.thread("Goita #1")
    double.archive_thread(model)

    await thread.send("wake up")

    assert not model.archived


async def test_a_deleted_thread_answers_unknown_channel(double: DiscordDouble, tiny: TinyBot) -> None:
    thread, inside = await _thread(tiny, double)
    model = double.thread("Goita #1")
    double.delete_channel(model)
    await double.settle()

    with pytest.raises(discord.NotFound) as send:
        await thread.send("anyone?")
    assert send.value.code == 10003
    assert model not in double.threads and [m.content for m in model.public_messages] == ["in the thread"]


async def test_an_error_fault_answers_with_that_discord_error(double: DiscordDouble, tiny: TinyBot) -> None:
    double.faults.error(CALLBACK, status=401, code=50027, message="Invalid Webhook Token")

    record = await double["alice"].begin_run("/do")
    await double.settle()

    assert [c.status for c in record.calls][:1] == [401]
    assert tiny.errors and tiny.errors[0].code == 50027
    assert not record.responded and double.violations == []


async def test_a_forged_component_reaches_the_bot_with_any_custom_id(double: DiscordDouble, tiny: TinyBot) -> None:
    msg = await double["alice"].run("/do")
    seen: list[str] = []

    async def on_interaction(interaction: discord.Interaction) -> None:
        data: dict[str, object] = dict(interaction.data or {})
        seen.append(str(data.get("custom_id")))
        await interaction.response.send_message("no such button", ephemeral=True)

    tiny.add_listener(on_interaction)
    record = await double["bob"].begin_forged_component(msg, "th:1:-:nothing", ["x"])
    reply = await double.wait(record)

    assert seen == ["th:1:-:nothing"] and reply is not None and reply.ephemeral
    assert record.payload["data"]["values"] == ["x"] and record.payload["data"]["component_type"] == 3
