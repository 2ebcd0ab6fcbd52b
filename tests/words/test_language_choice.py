"""Issue #47: ``/help``, ``/about`` and the reply to a command that failed answer in the language the person
chose with ``/preferences language:``, not only in their Discord client's."""

from __future__ import annotations

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import until


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
async def test_help_and_about_follow_the_chosen_language(double: DiscordDouble, bot: TeahouseBot, lang: str) -> None:
    alice = double["alice"]
    alice.locale = "ko" if lang == "en" else "en-US"  # the client says otherwise
    await alice.run("/preferences", language=lang)
    shown = await alice.run("/help")
    assert shown.content.startswith(t(lang, "help.title"))
    about = await alice.run("/about")
    head = t(lang, "about.text", version="\x00", uptime="", guilds=1).split("\x00")[0]
    assert about.content.startswith(head)


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
async def test_the_internal_error_reply_follows_the_chosen_language(double: DiscordDouble, bot: TeahouseBot,
                                                                    lang: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault injected into /about (the bot cannot tell its uptime): the polite private reply is in the
    person's chosen language."""
    alice = double["alice"]
    alice.locale = "ja" if lang == "en" else "en-US"
    await alice.run("/preferences", language=lang)

    def broken() -> float:
        raise RuntimeError("injected fault")

    monkeypatch.setattr(bot, "uptime_seconds", broken)
    record = await alice.begin_run("/about")
    await until(double, record.acknowledged.is_set, "the reply to the failed /about")
    assert [r for r in double.take_bot_errors() if "injected fault" in str(r.exc_info)]  # the fault, in the log
    reply = double.response_message(record)
    assert reply is not None and reply.ephemeral and reply.content == t(lang, "games.error.internal")
