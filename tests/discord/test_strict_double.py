"""The double refuses what Discord refuses (issue 30): each new check fails a bot that breaks it.

Invalid component emoji, answers later than 3 s once network latency is counted, bursts over a
rate limit, edits of old messages, locales Discord never sends, nested threads, too many threads,
channels the bot cannot see, a gateway that asks for a reconnect, and the invite's permissions.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.discord_double import DiscordDouble, DiscordRuleBroken, UserActionError

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
