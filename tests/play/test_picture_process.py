"""Pictures are drawn in a process of their own (issue #25): the event loop never waits for Pillow. A picture
process that dies (killed, out of memory) costs no picture: a new one draws it, and the game goes on."""

from __future__ import annotations

import logging
import multiprocessing

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table import pictures
from tests.discord_double import DiscordDouble

from .driver import open_game, session_in, table_message
from .test_races import begin_move


async def test_the_table_is_drawn_again_by_a_new_picture_process_after_one_died(
        double: DiscordDouble, bot: TeahouseBot, caplog: pytest.LogCaptureFixture) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
    table = table_message(thread)
    assert table is not None and table.attachments, "the first table has its picture"
    drawers = multiprocessing.active_children()
    assert drawers, "the picture was not drawn in a process of its own"
    for child in drawers:
        child.kill()
        child.join()

    caplog.set_level(logging.WARNING, "teahouse.pictures")
    panel = await alice.click(table, t("en", "games.button.hand"))
    assert panel.attachments, "the hand lost its picture"
    await double.wait(await begin_move(alice, panel))
    await double.settle()

    session = session_in(bot, thread)
    table = table_message(thread)
    assert session is not None and table is not None and table.attachments
    assert table.attachments[0].data == pictures.table_picture(session, session.lang), \
        "the table after the move does not show the move"
    assert "the picture process stopped" in caplog.text
    assert multiprocessing.active_children(), "no new picture process"


async def test_a_panel_click_that_changes_only_its_buttons_does_not_send_its_picture_again(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    """A composer step or Refresh edits the clicked panel; its picture is the same, so it is not uploaded again
    (issue #25: every step sent the hand's 40-90 KB picture), and the panel still shows it."""
    alice = double["alice"]
    thread = await open_game(double, alice, "gouji", "", computers=5)
    table = table_message(thread)
    assert table is not None
    panel = await alice.click(table, t("en", "games.button.hand"))
    assert panel.attachments
    picture = panel.attachments[0].data
    again = await alice.click(panel, t("en", "games.button.refresh"))
    refreshed = alice.last_interaction
    assert again.id == panel.id, "the panel was not edited in place"
    assert not any(call.files for call in refreshed.calls), "the same picture was uploaded again"
    assert again.attachments and again.attachments[0].data == picture
