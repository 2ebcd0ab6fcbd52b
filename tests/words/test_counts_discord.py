"""Issue #47, through the double: counts in messages take the language's plural forms ("15 минут без действий",
"Никто не ходил 30 минут"), and a whole Russian game never puts a name where Russian would decline it."""

from __future__ import annotations

import re

import pytest

from bot.app import TeahouseBot
from bot.i18n import catalog, t
from cogs.table.idle import LOBBY_IDLE_SECONDS
from tests.discord_double import DiscordDouble
from tests.play.driver import fix_deal, open_game, play_match, until
from tests.play.test_languages_discord import texts_of
from tests.words.test_catalog_words import OBLIQUE

LANGS = ("en", "fa", "ru")


@pytest.mark.parametrize("lang", LANGS)
async def test_an_idle_lobby_counts_its_minutes(double: DiscordDouble, bot: TeahouseBot, lang: str) -> None:
    admin, alice = double["admin"], double["alice"]
    admin.locale = alice.locale = "ru" if lang == "ru" else "en-US"
    await admin.run("/settings", language=lang)
    lobby = await alice.run("/game new", game="zhengshangyou")
    double.clock.advance(LOBBY_IDLE_SECONDS + 1)
    closed = t(lang, "seats.idle.lobby_closed", minutes=15)
    await until(double, lambda: closed in double.default_channel.message(lobby.id).content, "the lobby closed")
    words = {"en": "15 minutes", "fa": "۱۵ دقیقه", "ru": "15 минут без"}[lang]
    assert words in closed


async def test_a_russian_game_frames_every_name(double: DiscordDouble, bot: TeahouseBot,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole Go-Stop match in Russian: no name right after a preposition or a verb that would decline it."""
    admin, alice = double["admin"], double["alice"]
    admin.locale = alice.locale = "ru"
    await admin.run("/settings", language="ru")
    fix_deal(monkeypatch, 2)
    thread = await open_game(double, alice, "gostop", "rounds=1", computers=2, lang="ru")
    log = await play_match(double, bot, thread, [alice], seed=2, lang="ru")
    assert log.final is not None
    session_names = ["Alice"] + [value for key, value in catalog("ru").items() if key.startswith("options.cpu.")]
    lines = [line for message in thread.messages if message.author.id == double.bot_user.id
             for text in texts_of(message) for line in text.split("\n")]
    bad = re.compile(r"(?<![\w-])(?:" + "|".join(OBLIQUE) + r")\s+(?:🤖\s*)?(?:" +
                     "|".join(map(re.escape, session_names)) + ")", re.IGNORECASE)
    assert len(lines) > 20 and not [line for line in lines if bad.search(line)]
