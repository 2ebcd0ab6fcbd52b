"""One test per Discord limit the double enforces: the violation is rejected with Discord's
status and code, recorded, and fails the test whose bot broke it."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
import pytest
from discord import app_commands

from tests.discord_double import DiscordDouble, DiscordRuleBroken, InteractionFailed

from .tinybot import TinyBot

Json = dict[str, Any]


async def raw_send(tiny: TinyBot, double: DiscordDouble, payload: Json) -> discord.HTTPException:
    """POST a message payload as-is (discord.py's own client-side checks would stop some of these)."""
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=double.default_channel.id)
    with pytest.raises(discord.HTTPException) as err:
        await tiny.http.request(route, json=payload)
    return err.value


def row(*components: Json) -> Json:
    return {"type": 1, "components": list(components)}


def button(n: int, custom_id: str | None = None) -> Json:
    return {"type": 2, "style": 1, "label": f"B{n}", "custom_id": custom_id or f"b{n}"}


def taken_codes(double: DiscordDouble) -> list[int]:
    return [v.code for v in double.take_violations()]


# -- interaction timing and tokens -------------------------------------------------------------------
async def test_no_response_within_3_seconds_fails_the_interaction_and_a_late_one_gets_10062(
    double: DiscordDouble, tiny: TinyBot
) -> None:
    gate = asyncio.Event()

    async def too_slow(interaction: discord.Interaction) -> None:
        await gate.wait()
        await interaction.response.send_message("sorry, late")

    tiny.on_do = too_slow
    record = await double["alice"].begin_run("/do")
    double.clock.advance(3.1)

    with pytest.raises(InteractionFailed, match="no response within 3 s"):
        await double.wait(record)
    gate.set()
    await double.settle()

    assert [e.code for e in tiny.errors] == [10062]
    assert taken_codes(double) == [10062]
    assert double.default_channel.last_message is None


async def test_second_acknowledgement_is_rejected_with_40060(double: DiscordDouble, tiny: TinyBot) -> None:
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("once")
        interaction.response._response_type = None  # bypass discord.py's own guard to reach Discord
        await interaction.response.send_message("twice")

    tiny.on_do = twice
    with pytest.raises(DiscordRuleBroken, match="40060"):
        await double["alice"].run("/do")
    assert [e.code for e in tiny.errors] == [40060]


async def test_token_expires_after_15_minutes_with_50027(double: DiscordDouble, tiny: TinyBot) -> None:
    kept: list[discord.Interaction] = []

    async def defer(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        kept.append(interaction)

    tiny.on_do = defer
    await double["alice"].run("/do")
    double.clock.advance(14 * 60)
    await kept[0].edit_original_response(content="still fine at 14 minutes")
    double.clock.advance(60 + 1)

    with pytest.raises(discord.HTTPException) as err:
        await kept[0].followup.send("too late")
    assert (err.value.status, err.value.code) == (401, 50027)
    assert taken_codes(double) == [50027]


async def test_acknowledging_with_an_update_needs_a_component_message(double: DiscordDouble, tiny: TinyBot) -> None:
    async def update(interaction: discord.Interaction) -> None:
        route = discord.http.Route("POST", "/interactions/{i}/{t}/callback", i=interaction.id, t=interaction.token)
        await tiny.http.request(route, json={"type": 7, "data": {"content": "x"}})

    tiny.on_do = update
    with pytest.raises(DiscordRuleBroken, match="50035"):
        await double["alice"].run("/do")


# -- message shape ----------------------------------------------------------------------------------
async def test_content_over_2000_characters_is_rejected(double: DiscordDouble, tiny: TinyBot) -> None:
    async def long_reply(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x" * 2001)

    tiny.on_do = long_reply
    with pytest.raises(DiscordRuleBroken, match=r"50035.*2000 or fewer"):
        await double["alice"].run("/do")
    assert [e.code for e in tiny.errors] == [50035]


async def test_empty_message_is_rejected_with_50006(double: DiscordDouble, tiny: TinyBot) -> None:
    err = await raw_send(tiny, double, {"content": ""})
    assert err.code == 50006
    assert taken_codes(double) == [50006]


async def test_more_than_5_action_rows_is_rejected(double: DiscordDouble, tiny: TinyBot) -> None:
    err = await raw_send(tiny, double, {"content": "t", "components": [row(button(n)) for n in range(6)]})
    assert err.code == 50035 and "5 or fewer" in str(err)
    assert taken_codes(double) == [50035]


async def test_more_than_5_buttons_in_a_row_is_rejected(double: DiscordDouble, tiny: TinyBot) -> None:
    err = await raw_send(tiny, double, {"content": "t", "components": [row(*(button(n) for n in range(6)))]})
    assert err.code == 50035 and "components.0.components" in str(err)
    assert taken_codes(double) == [50035]


async def test_select_with_more_than_25_options_is_rejected(double: DiscordDouble, tiny: TinyBot) -> None:
    options = [{"label": f"o{n}", "value": str(n)} for n in range(26)]
    select = {"type": 3, "custom_id": "s", "options": options}
    err = await raw_send(tiny, double, {"content": "t", "components": [row(select)]})
    assert err.code == 50035 and "between 1 and 25" in str(err)
    assert taken_codes(double) == [50035]


async def test_custom_id_over_100_characters_is_rejected(double: DiscordDouble, tiny: TinyBot) -> None:
    err = await raw_send(tiny, double, {"content": "t", "components": [row(button(1, "x" * 101))]})
    assert err.code == 50035 and "custom_id" in str(err)
    assert taken_codes(double) == [50035]


async def test_duplicate_custom_ids_in_one_message_are_rejected(double: DiscordDouble, tiny: TinyBot) -> None:
    err = await raw_send(tiny, double, {"content": "t", "components": [row(button(1, "same"), button(2, "same"))]})
    assert err.code == 50035 and "duplicated" in str(err)
    assert taken_codes(double) == [50035]


@pytest.mark.parametrize(
    ("embed", "complaint"),
    [
        ({"title": "t" * 257}, "embeds.0.title"),
        ({"description": "d" * 4097}, "embeds.0.description"),
        ({"fields": [{"name": "n", "value": "v"}] * 26}, "embeds.0.fields"),
        ({"fields": [{"name": "n", "value": "v" * 1025}]}, "embeds.0.fields.0.value"),
        ({"footer": {"text": "f" * 2049}}, "embeds.0.footer.text"),
        ({"description": "d" * 4000, "fields": [{"name": "n", "value": "v" * 1000}] * 3}, "6000"),
    ],
)
async def test_embed_limits(double: DiscordDouble, tiny: TinyBot, embed: Json, complaint: str) -> None:
    err = await raw_send(tiny, double, {"embeds": [embed]})
    assert err.code == 50035 and complaint in str(err)
    assert taken_codes(double) == [50035]


async def test_attachment_over_attachment_size_limit_is_413_40005(double: DiscordDouble, tiny: TinyBot) -> None:
    double.attachment_size_limit = 1024
    limits: list[int] = []

    async def big_file(interaction: discord.Interaction) -> None:
        limits.append(interaction.filesize_limit)
        await interaction.response.send_message(file=discord.File(io.BytesIO(b"\0" * 2048), "big.bin"))

    tiny.on_do = big_file
    with pytest.raises(DiscordRuleBroken, match="40005"):
        await double["alice"].run("/do")
    assert limits == [1024]  # the bot was told the limit in the payload
    assert [(e.status, e.code) for e in tiny.errors] == [(413, 40005)]


async def test_more_than_10_files_is_rejected(double: DiscordDouble, tiny: TinyBot) -> None:
    channel = tiny.get_channel(double.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    files = [discord.File(io.BytesIO(b"x"), f"f{n}.txt") for n in range(11)]
    with pytest.raises(discord.HTTPException) as err:
        await channel.send("many", files=files[:10] + files[10:])
    assert err.value.code == 50035
    assert taken_codes(double) == [50035]


async def test_autocomplete_with_more_than_25_choices_is_rejected(double: DiscordDouble, tiny: TinyBot) -> None:
    tiny.on_complete = lambda typed: [app_commands.Choice(name=str(n), value=str(n)) for n in range(26)]
    with pytest.raises(DiscordRuleBroken, match="25 or fewer"):
        await double["alice"].autocomplete("/do", "text", "")
    double.take_bot_errors()  # discord.py logs the failed autocomplete response


# -- edits -----------------------------------------------------------------------------------------
async def test_edits_of_messages_older_than_an_hour_are_capped_with_429_30046(
    double: DiscordDouble, tiny: TinyBot
) -> None:
    """Discord allows about 3 edits per 6 s of messages older than an hour in a channel and answers
    the next with 429 (code 30046, retry_after): discord.py waits it out and tries again."""
    channel = tiny.get_channel(double.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    table = await channel.send("table")
    double.clock.advance(59 * 60)
    for n in range(5):
        await table.edit(content=f"young {n}")  # young: no cap
    double.clock.advance(2 * 60)

    for n in range(4):
        await table.edit(content=f"old {n}")  # the 4th waits for the allowance (the clock skips the wait)
    fresh = await channel.send("new table")
    await fresh.edit(content="a fresh message edits fine")

    limited = double.take_rate_limited()
    assert [(c.status, c.error_code) for c in limited] == [(429, 30046)]
    assert double.default_channel.public_messages[0].content == "old 3"
    assert taken_codes(double) == []
