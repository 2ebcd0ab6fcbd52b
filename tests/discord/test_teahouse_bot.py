"""The real Teahouse bot, started against the double exactly as in production."""

from __future__ import annotations

import discord

from tests.discord_double import DiscordDouble


async def test_bot_starts_syncs_commands_and_answers_help_ephemerally(double: DiscordDouble, bot: discord.Client) -> None:
    assert double.gateway.identifies == 1
    assert double.command_syncs == ["global"]
    assert {"help", "about"} <= set(double.command_names)

    msg = await double["alice"].run("/help")

    assert msg.ephemeral
    assert msg.ephemeral_for == double["alice"].id
    assert msg in double["alice"].ephemerals
    assert msg not in double["bob"].ephemerals
    assert double.default_channel.last_message is None  # nothing public
    assert "Goita" in msg.content
    assert double["alice"].last_interaction.ack_seconds is not None
