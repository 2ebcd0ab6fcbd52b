"""A dropped connection while the match's result is posted (issue 43): the summary is sent again, once,
and nothing escapes as a traceback (only Discord's 5xx was tried again before)."""

from __future__ import annotations

from bot.app import TeahouseBot
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.play.driver import final_summary

from .helpers import SHORT, open_table, play_on, session_of

POST = "POST /channels/{channel_id}/messages"


async def test_a_summary_whose_connection_dropped_is_posted_once(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    session = session_of(bot, where)
    assert session is not None
    armed: list[bool] = []

    def drop_the_summary(_: Message) -> None:
        """The game has ended and its last table is shown: the next post is the summary, and it drops."""
        if session.phase != "playing" and not armed:
            armed.append(True)
            double.faults.disconnect(POST, times=1)

    double.observers.append(drop_the_summary)
    await play_on(double, bot, where, [alice], seed=7)
    for _ in range(4):  # the retry's pause
        double.clock.advance(2)
        await double.settle()
    final = final_summary(where)

    assert armed and final is not None
    fault = double.faults  # the armed drop fired: no fault of it is left
    assert not [f for f in fault.active if f.drop], "no post lost its connection"
    marker = final.content.split("\n")[0]
    assert len([m for m in where.public_messages if m.content.split("\n")[0] == marker]) == 1
    assert final_summary(where) is final
    assert double.take_bot_errors() == []
