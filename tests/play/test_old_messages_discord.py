"""Discord caps edits of messages older than an hour (30046, a 429 per channel): what that does to
the leaderboard's page buttons and to long-lived private panels."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import open_game, table_message, until
from tests.storage.conftest import record


async def test_a_page_button_on_an_hour_old_leaderboard_posts_a_fresh_page(double: DiscordDouble,
                                                                            bot: TeahouseBot) -> None:
    now = datetime.fromtimestamp(double.clock.time(), UTC)
    players = [double[name].id for name in ("alice", "bob", "carol", "dave", "erin", "frank")]
    for n in range(2):  # twelve players: two pages
        await bot.storage.record_game(record([p + 1000 * n for p in players], guild=double.guild.id, ended=now))
    board = await double["carol"].run("/leaderboard", game="zhengshangyou", sort="points")
    page_two = await double["dave"].click(board, "▶")  # young: edited in place
    assert page_two.id == board.id and len(board.edits) == 1

    double.clock.advance(2 * 3600)
    for _ in range(4):  # more clicks than Discord allows old edits in a few seconds
        fresh = await double["dave"].click(board, "◀")
        assert fresh.id != board.id and not fresh.ephemeral and fresh.button("▶") is not None
    assert len(board.edits) == 1  # the old board was never edited again: no 429, no failed click
    assert double.rate_limits.limited == []
    again = await double["erin"].click(fresh, "▶")  # the fresh page is young: it pages in place
    assert again.id == fresh.id


async def test_an_hour_old_private_panel_answers_every_click_with_a_fresh_panel(double: DiscordDouble,
                                                                               bot: TeahouseBot) -> None:
    """A private panel is edited through each click's fresh token, but it is still a message older than
    an hour: its edits share the channel's small allowance. Past it, a click's answer would wait out a
    429 longer than the 3 s it has. So the bot answers a click on an hour-old panel with a new panel."""
    alice, bob = double["alice"], double["bob"]
    thread = await open_game(double, alice, "goita", "target_score=30", joiners=(bob,), computers=2)
    await until(double, lambda: table_message(thread) is not None, "the table")
    table = table_message(thread)
    assert table is not None
    panel = await alice.click(table, t("en", "games.button.hand"))
    again = await alice.click(panel, t("en", "games.button.refresh"))
    assert again.id == panel.id  # young: edited in place

    double.clock.advance(2 * 3600)  # Goita has no turn timer by default: the game waits
    await double.settle()
    answers = [await alice.click(panel, t("en", "games.button.refresh")) for _ in range(4)]
    assert all(a.ephemeral_for == alice.id and a.id != panel.id for a in answers)
    assert double.rate_limits.limited == []  # no 429 (30046), no failed click
