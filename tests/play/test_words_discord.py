"""Words a person reads, through the double (#22, #28): Go-Stop ``/play`` suggestions by card name, and a
whole game in Persian and in Russian as a fluent reader sees it (direction marks, digits, plurals)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from bot.app import TeahouseBot
from bot.games.registry import engine
from bot.i18n import FSI, RLM, t
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel
from tests.discord_double.people import Person
from tests.play.driver import fix_deal, open_game, play_match, session_in, until
from tests.play.test_languages_discord import texts_of

CODE = re.compile(r"\bm\d\d-")


async def _alices_turn(double: DiscordDouble, bot: TeahouseBot, alice: Person, thread: Channel) -> None:
    session = session_in(bot, thread)
    assert session is not None

    def hers() -> bool:
        seat = session.seat_of(alice.id)
        return session.live is not None and seat in engine("gostop").to_act(session.live.state) \
            and bool(engine("gostop").legal_actions(session.live.state, seat))

    await until(double, hers, "Alice's turn")


@pytest.mark.parametrize(("locale", "lang"), [("en-US", "en"), ("ru", "ru")])
async def test_go_stop_suggestions_name_cards_and_are_found_by_month(double: DiscordDouble, bot: TeahouseBot,
                                                                     locale: str, lang: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    fix_deal(monkeypatch, 3)  # a known deal, so the test reads the same suggestions every run
    alice = double["alice"]
    alice.locale = locale
    thread = await open_game(double, alice, "gostop", "rounds=1", computers=2)
    await _alices_turn(double, bot, alice, thread)

    everything = await alice.autocomplete("/play", "move", "", channel=thread)
    assert everything and not [c.name for c in everything if CODE.search(c.name)]  # names, not m11-junk2
    plays = [c for c in everything if re.match(r"play m\d\d-", str(c.value))]  # a month card, not a joker
    assert plays
    month = int(str(plays[0].value).split()[1][1:3])
    typed = t(lang, f"gostop.ui.month.{month}").lower()  # "november", "ноябрь" (a prefix like "jun" is also "junk")
    found = await alice.autocomplete("/play", "move", typed, channel=thread)
    assert found and all(f"m{month:02d}-" in str(c.value) for c in found if str(c.value).startswith("play "))
    assert str(plays[0].value) in {str(c.value) for c in found}
    english = await alice.autocomplete("/play", "move", t("en", f"gostop.ui.month.{month}"), channel=thread)
    assert str(plays[0].value) in {str(c.value) for c in english}  # the English month finds it in any language
    short = await alice.autocomplete("/play", "move", t("en", f"gostop.card.{str(plays[0].value).split()[1]}")[:3],
                                     channel=thread)  # "Nov", as the card's name starts
    assert str(plays[0].value) in {str(c.value) for c in short}

    reply = await alice.run("/play", channel=thread, move=str(plays[0].value))
    card = t(lang, f"gostop.card.{str(plays[0].value).split()[1]}")
    assert reply.content.startswith(t(lang, "games.played", move=card)[:-1])  # "You played Nov junk."
    assert t(lang, "gostop.action.play") not in reply.content


GAMES = [("gostop", "rounds=1", 2), ("zhengshangyou", "mode=individual target_score=2", 3)]


@pytest.mark.parametrize("lang", ["fa", "ru"])
@pytest.mark.parametrize(("game", "options", "computers"), GAMES)
async def test_a_whole_game_reads_right(double: DiscordDouble, bot: TeahouseBot, lang: str, game: str,
                                        options: str, computers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Persian line of every message starts right to left and names are isolated; Persian text
    has Persian digits; Russian has no "(а)" forms. ``TEAHOUSE_TRANSCRIPT_DIR`` keeps the transcript
    for a fluent reader."""
    admin, alice = double["admin"], double["alice"]
    fix_deal(monkeypatch, 2)
    admin.locale = alice.locale = "en-US" if lang == "fa" else lang
    await admin.run("/preferences", language=lang)
    await admin.run("/settings", language=lang)
    thread = await open_game(double, alice, game, options, computers=computers, lang=lang)
    log = await play_match(double, bot, thread, [alice], seed=2, lang=lang, typed_every=3)
    assert log.final is not None

    lines: list[str] = []
    for channel in (double.default_channel, thread):
        for message in channel.messages:
            if message.author.id == double.bot_user.id:
                lines += [text for text in texts_of(message) if text.strip()]
    folder = os.environ.get("TEAHOUSE_TRANSCRIPT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        Path(folder, f"{game}-{lang}.txt").write_text("\n---\n".join(dict.fromkeys(lines)), encoding="utf-8")
    assert len(lines) > 30
    if lang == "fa":
        contents = [text for text in lines if re.search("[\u0600-\u06ff]", text)]
        no_mark = [text for text in contents for line in text.split("\n")  # a Persian line, not a bare name
                   if re.search("[\u0600-\u06ff]", line) and RLM not in line[:8] and not line.lstrip().startswith("```")]
        assert not no_mark[:5]
        assert any(FSI in text for text in contents)
        latin_digits = [text for text in contents if re.search(r"(?<![\w<:@#.-])[0-9]+(?![\w>])", _plain(text))]
        assert not latin_digits[:5]
    else:
        assert not [text for text in lines if re.search(r"\((а|ла)\)", text)]


def _plain(text: str) -> str:
    """Without what stays Latin by design: mentions and timestamps, code, cards (10♠, Q-Q, m07-…) and
    list numbers (Discord numbers an ordered list itself)."""
    return re.sub(r"(?m)^\s*\d+\. |<[^>]*>|`[^`]*`|\b\w+=\S+|\S*[♠♥♦♣]\S*|\b(?:10|[2-9AKQJ])(?:-(?:10|[2-9AKQJ]))+\b", " ", text)
