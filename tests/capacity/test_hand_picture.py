"""A hand picture is drawn only when the hand it shows changed (issue #48, item 2), and the pictures kept
for that are bounded by bytes, not by count (item 4)."""

from __future__ import annotations

import contextlib
import random

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table import pictures
from tests.discord_double import DiscordDouble
from tests.play.driver import MatchLog, choose, table_message, to_move
from tests.resilience.helpers import SHORT, open_table, session_of


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


async def test_a_turn_coming_changes_the_panels_words_and_draws_no_picture(double: DiscordDouble,
                                                                          bot: TeahouseBot) -> None:
    """Whose turn it is is said in the panel's words, not drawn into the hand's picture: a move draws the
    mover's new hand and nothing else, and the next person's open panel says it is their turn with the
    picture it had (before, the picture said "Your turn" too: every turn drew and sent each hand twice)."""
    people = [double[name] for name in ("alice", "bob", "carol", "dave")]
    options, _ = SHORT["zhengshangyou"]
    where, _ = await open_table(double, people[0], "zhengshangyou", options, joiners=tuple(people[1:]))
    table = table_message(where)
    session = session_of(bot, where)
    assert table is not None and session is not None
    panels = {p.id: await p.click(table, t("en", "games.button.hand")) for p in people}  # every panel live
    mover = next(p for p in people if p.id in to_move(table))
    after = people[(people.index(mover) + 1) % len(people)]
    assert session.live is not None and session.view(session.seat_of(after.id)).turn != session.seat_of(after.id)
    waiting = double.message(panels[after.id].id)
    assert waiting is not None
    words, picture = waiting.content, waiting.attachments[0].data
    drawn = pictures.DRAWN["render_hand"]
    version, panel, rng = session.version, panels[mover.id], random.Random(3)
    for _ in range(40):  # composer steps, then the play
        await choose(mover, panel, rng, MatchLog())
        await double.settle()
        if session.version != version:
            break
        panel = mover.last_ephemeral
    assert session.version != version, "no move was made"
    next_seat = session.view(None).turn
    assert next_seat == session.seat_of(after.id), "the turn did not pass to the next person"
    now = double.message(panels[after.id].id)
    assert now is not None and now.content != words and t("en", "games.panel.your_turn") in now.content, \
        "the next person's panel does not say it is their turn"
    assert t("en", "games.panel.your_turn") not in words
    assert now.attachments and now.attachments[0].data == picture, "the next person's hand picture changed"
    assert pictures.DRAWN["render_hand"] == drawn + 1, "more than the mover's new hand was drawn"


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
