"""Commands typed where several games live, or typed again and again by someone not playing."""

from __future__ import annotations

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import table_message

from .helpers import SHORT, open_table, session_of


async def test_abandon_in_a_channel_with_several_games_acts_on_the_callers_own_or_asks_which(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob, admin = double["alice"], double["bob"], double["admin"]
    options, seats = SHORT["zhengshangyou"]
    first, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    second, _ = await open_table(double, bob, "zhengshangyou", options, computers=seats - 1)
    assert first.is_thread and second.is_thread and first.id != second.id
    channel = double.default_channel

    asked = await admin.run("/game abandon", channel=channel)  # not playing: which one?
    assert asked.ephemeral and f"<#{first.id}>" in asked.content and f"<#{second.id}>" in asked.content
    assert session_of(bot, first) is not None and session_of(bot, second) is not None

    own = await bob.run("/game abandon", channel=channel)  # bob's own game, not whichever came first
    await double.settle()
    assert own.content == t("en", "games.abandoned")
    assert session_of(bot, second) is None and session_of(bot, first) is not None

    only = await admin.run("/game abandon", channel=channel)  # one game left here: that one
    await double.settle()
    assert only.content == t("en", "games.abandoned") and session_of(bot, first) is None
    assert double.take_bot_errors() == []


async def test_a_stranger_asking_for_the_table_again_and_again_gets_a_private_cooldown(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    await double.settle()
    posts = len(where.public_messages)

    replies = [await carol.run("/game table", channel=where) for _ in range(5)]
    await double.settle()

    assert all(r.ephemeral for r in replies)
    assert replies[0].content == t("en", "games.table_reposted")
    cooldown = t("en", "games.table_cooldown", seconds=0).split("0")[0]
    assert all(r.content.startswith(cooldown) for r in replies[1:]), [r.content for r in replies]
    assert len(where.public_messages) - posts <= 1  # one re-post, not five
    double.clock.advance(31)
    again = await carol.run("/game table", channel=where)
    assert again.content == t("en", "games.table_reposted") and table_message(where) is not None
    assert double.take_bot_errors() == []
