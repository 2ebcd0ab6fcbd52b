"""A table update that waits in line at Discord's global limit has its picture drawn before it waits (issue #48):
the turn it holds in the line is for its request only, not for the one picture process's queue."""

from __future__ import annotations

import asyncio

from bot.app import TeahouseBot
from cogs.table import pictures
from tests.discord_double import DiscordDouble
from tests.play.driver import games_cog, open_game, session_in, table_message, until


async def test_a_table_waiting_in_line_has_its_picture_drawn_already(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
    session, cog = session_in(bot, thread), games_cog(bot)
    table = table_message(thread)
    assert session is not None and table is not None
    seat = session.seat_of(alice.id)
    await until(double, lambda: seat in cog.waiting_humans(session), "alice's turn")
    choices = await alice.autocomplete("/play", "move", "", channel=thread)
    shown_before = table.content
    async with bot.pacer._line:  # Discord's global limit is busy: every request under it waits its turn
        version, drawn = session.version, pictures.DRAWN["render_table"]
        record = await alice.begin_run("/play", channel=thread, move=str(choices[0].value))
        for _ in range(500):  # her move is answered (answers are not paced) and the computers reply
            if record.responded and session.version > version + 1 and seat in cog.waiting_humans(session):
                break
            await asyncio.sleep(0.01)
        assert seat in cog.waiting_humans(session), "the game came back to her"
        for _ in range(500):
            if pictures.DRAWN["render_table"] > drawn:
                break
            await asyncio.sleep(0.01)
        assert table.content == shown_before, "the table still waits in line"
        assert pictures.DRAWN["render_table"] == drawn + 1, "its picture is drawn while it waits"
    await until(double, lambda: table.content != shown_before, "the table shows her turn")
    assert pictures.DRAWN["render_table"] == drawn + 1, "the picture drawn ahead is the one sent: not drawn again"
    shown = table_message(thread)
    assert shown is not None and shown.attachments
    assert shown.attachments[0].data == pictures.table_picture(session, session.lang), "it shows the game as it is"
