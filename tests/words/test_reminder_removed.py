"""Issue #47: a reminder ("@Bob — it is still your move…") is deleted once its decision is made, by the person
or by the rules at the deadline, so it never stands in the thread reading "… minutes ago"."""

from __future__ import annotations

import pytest

from bot.app import TeahouseBot
from bot.games.registry import engine
from cogs.table.session import GameSession
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel
from tests.discord_double.people import Person
from tests.play.driver import until
from tests.play.test_timeout_followups import left, reminders_in, start, waits_for

LANGS = ("en", "fa", "ru")


async def _reminded(double: DiscordDouble, bot: TeahouseBot, lang: str) -> tuple[Channel, GameSession, Person]:
    admin, alice = double["admin"], double["alice"]
    admin.locale = alice.locale = "ru" if lang == "ru" else "en-US"
    await admin.run("/settings", language=lang)
    thread, session = await start(double, bot, alice, "zhengshangyou", "mode=individual", computers=3, lang=lang)
    await until(double, lambda: waits_for(session, 0)() and session.deadline is not None, "alice's turn")
    double.clock.advance(left(session) - 19)  # §16.6: a reminder at 20 s left
    await until(double, lambda: bool(reminders_in(thread, lang)), "the reminder")
    return thread, session, alice


@pytest.mark.parametrize("lang", LANGS)
async def test_the_reminder_goes_when_the_person_moves(double: DiscordDouble, bot: TeahouseBot, lang: str) -> None:
    thread, session, alice = await _reminded(double, bot, lang)
    reminder = reminders_in(thread, lang)[-1]
    move = engine("zhengshangyou").format_action(engine("zhengshangyou").legal_actions(session.live.state, 0)[0])
    await alice.run("/play", channel=thread, move=move)
    await until(double, lambda: reminder.deleted, "the reminder deleted after the move")
    assert not [m for m in reminders_in(thread, lang) if not m.deleted]


@pytest.mark.parametrize("lang", LANGS)
async def test_the_reminder_goes_when_the_rules_move_at_the_deadline(double: DiscordDouble, bot: TeahouseBot,
                                                                     lang: str) -> None:
    thread, session, _ = await _reminded(double, bot, lang)
    reminder = reminders_in(thread, lang)[-1]
    version = session.version
    double.clock.advance(25)
    await until(double, lambda: session.version != version, "the timeout")
    await until(double, lambda: reminder.deleted, "the reminder deleted after the timeout")
