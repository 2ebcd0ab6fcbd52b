"""The real Teahouse bot, started against the double exactly as in production."""

from __future__ import annotations

import asyncio

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from tests.conftest import StartTeahouse
from tests.discord_double import DiscordDouble, UserActionError
from tests.play.driver import to_move


async def test_bot_starts_syncs_commands_and_answers_help_ephemerally(double: DiscordDouble, bot: TeahouseBot) -> None:
    assert double.gateway.identifies == 1
    assert double.command_syncs == ["global"]
    assert {"help", "about"} <= set(double.command_names)

    msg = await double["alice"].run("/help")

    assert msg.ephemeral
    assert msg.ephemeral_for == double["alice"].id
    assert msg in double["alice"].ephemerals
    assert msg not in double["bob"].ephemerals
    assert double.default_channel.last_message is None  # nothing public
    assert t("en", "help.title") in msg.content
    assert "Goita" in msg.content
    assert double.mass_mention_risks() == []
    record = double["alice"].last_interaction
    assert record.ack_seconds is not None and record.ack_seconds < 3
    assert record.other_calls == []


async def test_help_follows_the_users_discord_locale(double: DiscordDouble, bot: TeahouseBot) -> None:
    msg = await double["bob"].run("/help", locale="ru")
    assert t("ru", "help.title") in msg.content
    assert t("ru", "help.title") != t("en", "help.title")


async def test_about_reports_the_server_count(double: DiscordDouble, bot: TeahouseBot) -> None:
    msg = await double["carol"].run("/about")
    assert msg.ephemeral and bot.version in msg.content


async def test_commands_carry_translations_for_discord_clients(double: DiscordDouble, bot: TeahouseBot) -> None:
    help_command = double.command("help", None)
    assert help_command is not None
    assert set(help_command.get("description_localizations") or {}) >= {"ru"}


async def test_a_clock_jump_runs_the_real_turn_clock(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    lobby = await alice.run("/game new", game="goita", turn_seconds=60)
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    double.clock.advance(5)  # computer players' thinking delay
    await double.settle()
    (thread,) = double.threads
    for _ in range(200):  # until the table asks a person to move or waits for the next hand
        last = thread.last_message
        if last is not None and (to_move(last) or last.has_button(t("en", "games.button.next_hand"))):
            break
        await asyncio.sleep(0.05)
        await double.settle()
    table_before = thread.last_message
    calls_before = len(double.calls)

    double.clock.advance(61)  # nobody moves: the turn clock (or the pause after an instant hand) runs out
    for _ in range(60):  # the clock checks the time about once a second
        await double.settle()
        if len(double.calls) > calls_before:
            break
        await asyncio.sleep(0.1)

    assert len(double.calls) > calls_before  # the bot reacted without any interaction
    assert thread.last_message is not table_before or thread.last_message.edits  # type: ignore[union-attr]


async def test_a_restarted_bot_gets_a_new_session_and_serves_old_messages(
    double: DiscordDouble, teahouse: StartTeahouse
) -> None:
    async with teahouse():
        lobby = await double["alice"].run("/game new", game="goita")
    with pytest.raises(UserActionError, match="no bot is connected"):
        await double["bob"].click(lobby, "Join")

    async with teahouse():
        after = await double["bob"].click(lobby, "Join")

    assert (double.gateway.identifies, double.gateway.resumes) == (2, 0)
    assert double["bob"].name.capitalize() in after.content
