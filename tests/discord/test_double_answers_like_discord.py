"""Where the double's answers differed from Discord's (issue #48): status codes, whole objects, error bodies and
the fields Discord always sends. A bot tested against a double that answers otherwise is tested against a
Discord that does not exist."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.discord_double import DiscordDouble
from tests.discord_double.errors import form_errors

from .tinybot import TinyBot

THREAD_FROM_MESSAGE = "POST /channels/{channel_id}/messages/{message_id}/threads"
MESSAGE_FIELDS = {"id", "channel_id", "author", "content", "timestamp", "edited_timestamp", "tts", "mention_everyone",
                  "mentions", "mention_roles", "attachments", "embeds", "components", "pinned", "type", "flags"}


async def test_a_thread_is_created_with_201_and_its_message_carries_the_whole_thread(
        double: DiscordDouble, tiny: TinyBot) -> None:
    channel = tiny.get_partial_messageable(double.default_channel.id, guild_id=double.guild.id)
    message = await channel.send("a lobby")
    thread = await message.create_thread(name="a game")
    assert [c.status for c in double.calls_to(THREAD_FROM_MESSAGE)] == [201]
    assert thread.id == message.id

    payload: dict[str, Any] = await tiny.http.get_message(double.default_channel.id, message.id)
    whole = payload["thread"]
    assert whole["id"] == str(thread.id) and whole["type"] == 11 and whole["parent_id"] == str(message.channel.id)
    assert {"thread_metadata", "member", "member_count", "message_count", "owner_id"} <= set(whole)
    assert set(payload) >= MESSAGE_FIELDS


async def test_form_errors_are_nested_by_field_as_discord_sends_them(double: DiscordDouble, tiny: TinyBot) -> None:
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=double.default_channel.id)
    with pytest.raises(discord.HTTPException) as err:
        await tiny.http.request(route, json={"content": "x" * 2001})
    assert (err.value.status, err.value.code) == (400, 50035)
    assert err.value.text.startswith("Invalid Form Body") and "In content: Must be 2000" in err.value.text
    assert [v.code for v in double.take_violations()] == [50035]

    nested = form_errors("embeds.0.title: Must be 256 or fewer in length.; a problem without a field")
    assert nested == {
        "embeds": {"0": {"title": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
                                                "message": "Must be 256 or fewer in length."}]}}},
        "_errors": [{"code": "BASE_TYPE_INVALID", "message": "a problem without a field"}],
    }


async def test_interaction_messages_carry_what_discord_sends(double: DiscordDouble, tiny: TinyBot) -> None:
    async def table(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Move", custom_id="move"))
        await interaction.response.send_message(f"your turn, {interaction.user.mention}", view=view,
                                                allowed_mentions=discord.AllowedMentions(users=True))

    tiny.on_do = table
    alice = double["alice"]
    message = await alice.run("/do")
    assert message is not None
    payload = message.to_payload()
    assert [m["id"] for m in payload["mentions"]] == [str(alice.id)]
    assert payload["interaction"]["name"] == "do" and payload["interaction"]["user"]["id"] == str(alice.id)
    assert payload["interaction_metadata"]["id"] == payload["interaction"]["id"]
