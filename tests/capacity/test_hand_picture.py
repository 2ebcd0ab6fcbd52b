"""A hand picture is drawn only when the hand it shows changed (issue #48, item 2), and the pictures kept
for that are bounded by bytes, not by count (item 4)."""

from __future__ import annotations

import contextlib

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table import pictures
from tests.discord_double import DiscordDouble
from tests.play.driver import table_message
from tests.resilience.helpers import SHORT, open_table


async def test_opening_an_unchanged_hand_again_draws_no_picture(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    options, seats = SHORT["gouji"]
    where, _ = await open_table(double, alice, "gouji", options, computers=seats - 1)
    table = table_message(where)
    assert table is not None
    first = await alice.click(table, t("en", "games.button.hand"))
    assert first is not None and first.attachments
    drawn = pictures.DRAWN["render_hand"]

    again = await alice.click(table, t("en", "games.button.hand"))  # nothing changed: the same hand
    assert again is not None and again.id != first.id and again.attachments
    assert pictures.DRAWN["render_hand"] == drawn  # not drawn again: the kept picture was sent
    assert again.attachments[0].data == first.attachments[0].data


def test_kept_pictures_are_bounded_by_bytes_and_the_newest_stay() -> None:
    size = 40_000
    count = pictures.KEEP_BYTES // size + 20
    try:
        for i in range(count):
            pictures.keep(("test-hand", i), bytes(size))
        assert pictures.kept_bytes() <= pictures.KEEP_BYTES
        kept = list(pictures._KEPT)
        assert kept[-1] == ("test-hand", count - 1) and ("test-hand", 0) not in pictures._KEPT
        assert len(kept) == pictures.KEEP_BYTES // size
        pictures.keep(("test-hand", count - 1), bytes(10))  # the same key again: counted once, at its new size
        assert pictures.kept_bytes() == size * (len(kept) - 1) + 10
    finally:
        pictures.forget_kept()


async def test_a_bot_starts_after_its_picture_process_died(double: DiscordDouble, bot: TeahouseBot) -> None:
    """The picture process is started with the games cog; one that died (killed, out of memory) is replaced
    then too, and the bot starts and draws."""
    import os
    import signal

    painter = pictures._picture_process()
    pictures.start_painter()
    for pid in list(getattr(painter, "_processes", {})):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(Exception):  # the pool notices its dead worker (BrokenProcessPool)
        painter.submit(int).result(timeout=60)
    await bot.reload_extension("cogs.games")  # the games cog starts again: a new picture process
    alice = double["alice"]
    options, seats = SHORT["gouji"]
    where, _ = await open_table(double, alice, "gouji", options, computers=seats - 1)
    table = table_message(where)
    assert table is not None and table.attachments  # the table's picture was drawn by the new process
