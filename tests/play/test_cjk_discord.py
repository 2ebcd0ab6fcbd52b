"""Issue #50: each game in its home language, from Discord's own locales alone.

A Korean player (client locale ``ko``) in a Korean server plays a Go-Stop round, a Chinese player
(``zh-CN``) a Zheng Shangyou hand and a Japanese player (``ja``) a Goita deal. Nobody runs
``/preferences`` or ``/settings``: the client's locale picks the private language and the server's
locale the public one, as Discord sends them. Every version of every message the bot sent, public and
private (text, buttons, select options, placeholders), is searched for English catalog text and stray
Latin words, and every line with words in it must have the language's own characters in it.
"""

from __future__ import annotations

import re

import pytest

from bot.app import TeahouseBot
from bot.i18n import language_of, t
from tests.discord_double import DiscordDouble
from tests.play.driver import fix_deal, open_game, play_match, session_in
from tests.play.test_languages_discord import MARKUP, english_fragments, latin_words_allowed, texts_of

#: (game, client locale, options, computer players): one round, one hand, one deal
GAMES = [
    ("gostop", "ko", "rounds=1", 2),
    ("zhengshangyou", "zh-CN", "mode=individual target_score=1", 3),
    ("goita", "ja", "target_score=10", 3),
]
SCRIPT = {"ko": re.compile(r"[\uac00-\ud7a3]"), "zh": re.compile(r"[\u4e00-\u9fff]"),
          "ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")}
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]{2,}")
LETTER = re.compile(r"[^\W\d_]")


@pytest.mark.parametrize(("game", "locale", "options", "computers"), GAMES)
async def test_a_game_in_its_home_language_from_discords_locales(
        double: DiscordDouble, bot: TeahouseBot, game: str, locale: str, options: str, computers: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    lang = language_of(locale)
    player = double["alice"]
    fix_deal(monkeypatch, 2)
    player.locale = locale
    double.guild.locale = locale  # a server of the game's players: Discord sends it as guild_locale

    thread = await open_game(double, player, game, options, computers=computers, lang=lang)
    session = session_in(bot, thread)
    assert session is not None and session.lang == lang
    log = await play_match(double, bot, thread, [player], seed=2, lang=lang)
    assert log.final is not None and t(lang, f"{game}.name") in log.final.content
    assert log.human_moves > 0 and log.checked_images > 0

    names = {player.user.name.lower(), "computer"}
    fragments = english_fragments(lang)
    allowed = latin_words_allowed(lang) | names
    public = private = 0
    problems: list[str] = []
    for channel in (double.default_channel, thread):
        for message in channel.messages:
            if message.author.id != double.bot_user.id:
                continue
            for text in texts_of(message):
                plain = MARKUP.sub(" ", text)
                for name in names | {player.user.name}:
                    plain = re.sub(re.escape(name), " ", plain, flags=re.I)
                if not plain.strip():
                    continue
                public += 1
                english = [f for f in fragments if f in plain]
                stray = {w for w in LATIN_WORD.findall(plain) if w.lower() not in allowed}
                foreign = [line for line in plain.splitlines() if LETTER.search(line) and not SCRIPT[lang].search(line)]
                if english or stray or foreign:
                    problems.append(f"{sorted(english)} {sorted(stray)} {foreign[:2]} in {text[:160]!r}")
    for message in player.ephemerals:
        for text in texts_of(message):
            plain = MARKUP.sub(" ", text)
            if not plain.strip():
                continue
            private += 1
            english = [f for f in fragments if f in plain]
            stray = {w for w in LATIN_WORD.findall(plain) if w.lower() not in allowed}
            foreign = [line for line in plain.splitlines() if LETTER.search(line) and not SCRIPT[lang].search(line)]
            if english or stray or foreign:
                problems.append(f"private: {sorted(english)} {sorted(stray)} {foreign[:2]} in {text[:160]!r}")
    assert not problems, f"Not {lang} in {game}:\n" + "\n".join(problems[:30])
    assert public > 20 and private > 5


async def test_preferences_and_settings_offer_the_new_languages(double: DiscordDouble, bot: TeahouseBot) -> None:
    """``/preferences language:`` and ``/settings language:`` offer ko, zh and ja (the double refuses a value
    a command does not offer); a choice made there wins over the client's locale."""
    admin, alice = double["admin"], double["alice"]
    saved = await admin.run("/settings", language="ko")
    assert saved.content.startswith(t("en", "settings.saved"))
    shown = await alice.run("/preferences", locale="en-US")  # nothing chosen: the server's language
    assert shown.content.splitlines()[0] == t("ko", "preferences.current", language=t("ko", "preferences.name.ko"))
    for lang in ("zh", "ja"):
        chosen = await alice.run("/preferences", language=lang, locale="ko")
        assert chosen.content.splitlines()[0] == t(lang, "preferences.saved", language=t(lang, "preferences.name." + lang))
    back = await alice.run("/preferences", language="auto", locale="zh-TW")
    assert back.content.splitlines()[0] == t("ko", "preferences.auto", language=t("ko", "preferences.name.ko"))
    await admin.run("/settings", language="server")
    shown = await alice.run("/preferences", locale="zh-TW")  # Traditional-Chinese client: the Simplified catalog
    assert shown.content.splitlines()[0] == t("zh", "preferences.current", language=t("zh", "preferences.name.zh"))


async def test_commands_reach_discord_described_in_the_new_languages(double: DiscordDouble, bot: TeahouseBot) -> None:
    """What the bot registers with Discord: each command's and option's description in ko, zh-CN, zh-TW and
    ja from the catalogs, and the language choices (names stay the English ones every help line types)."""
    from bot.i18n import catalog

    names = [name for name in double.command_names if name in ("preferences", "settings", "game", "play", "rules")]
    assert len(names) == 5
    for name in names:
        command = double.command(name, double.guild.id)
        assert command is not None
        localized = command.get("description_localizations") or {}
        for locale in ("ko", "zh-CN", "zh-TW", "ja"):
            lang = language_of(locale)
            if name != "game":  # a group's subcommands carry the descriptions
                assert localized.get(locale) == catalog(lang)[f"cmd.{name}.description"], (name, locale)
    preferences = double.command("preferences", double.guild.id)
    assert preferences is not None
    language = next(o for o in preferences["options"] if o["name"] == "language")
    assert [c["value"] for c in language["choices"]] == ["auto", "en", "fa", "ru", "ko", "zh", "ja"]
    assert language["description_localizations"]["ja"] == catalog("ja")["cmd.preferences.language"]
    settings = double.command("settings", double.guild.id)
    assert settings is not None
    assert {"ko", "zh", "ja"} <= {c["value"] for o in settings["options"] if o["name"] == "language" for c in o["choices"]}
    new = next(o for o in double.command("game", double.guild.id)["options"] if o["name"] == "new")  # type: ignore[index]
    assert new["description_localizations"]["zh-TW"] == catalog("zh")["cmd.game.new.description"]
