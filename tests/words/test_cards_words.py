"""Issue #47: cards are written as players write them (8♠, 3♦ 3♦) in every message and suggestion, in
every language, and a suggestion names what it does in the reader's words (no "ask C", no "take tribute")."""

from __future__ import annotations

import re

import pytest

from bot.app import TeahouseBot
from bot.games.core import Card, Event
from bot.games.gouji import AskCount
from bot.games.gouji import format_action as gouji_notation
from bot.games.registry import engine
from bot.i18n import t
from cogs.table.words import card_words, event_text, suggestion
from tests.discord_double import DiscordDouble
from tests.play.driver import fix_deal, open_game
from tests.play.test_languages_discord import texts_of

#: a suited card in the engines' plain letters
CODE = re.compile(r"(?<![\w-])(?:10|[2-9JQKA])[SHDC](?![\w-])")
LANGS = ("en", "fa", "ru")
NAMES = ["Алиса", "Bob", "مریم", "Dmitri", "Eve", "Fay"]


def test_card_words() -> None:
    assert card_words("8S") == "8♠" and card_words("3D 3D") == "3♦ 3♦" and card_words("10H") == "10♥"
    assert card_words("Q-2-2 BJ RJ") == "Q-2-2 BJ RJ" and card_words("m11-bright") == "m11-bright"


@pytest.mark.parametrize("lang", LANGS)
def test_gou_ji_events_write_suits(lang: str) -> None:
    kai = event_text("gouji", Event("kai_pai", 1, {"card": "8S", "count": 8, "first_taker_seat": 3}), NAMES, lang)
    threes = event_text("gouji", Event("threes_shown", 2, {"cards": "3D 3D"}), NAMES, lang)
    assert "8♠" in kai and "3♦ 3♦" in threes
    assert not CODE.search(kai) and not CODE.search(threes)


@pytest.mark.parametrize("lang", LANGS)
def test_suggestions_have_no_notation_verbs(lang: str) -> None:
    """#47: "Спросить число карт: ask C", "Взять карту дани: take tribute 2♠"."""
    zsy = engine("zhengshangyou")
    take = zsy.parse_action("take tribute 2s")
    shown, searched = suggestion("zhengshangyou", take, zsy.format_action(take), lang)
    assert shown == f"{t(lang, 'zhengshangyou.action.take_tribute')}: 2♠"
    assert "taketribute2♠" in searched  # typing the notation still finds it
    ask = AskCount(2)
    shown, _ = suggestion("gouji", ask, gouji_notation(ask), lang, NAMES)
    assert shown.startswith(t(lang, "gouji.action.ask_count")) and NAMES[2] in shown and "ask" not in shown
    shown, _ = suggestion("gouji", ask, gouji_notation(ask), lang)  # no names known: the seat letter, no verb
    assert "ask" not in shown and shown.endswith("C")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_kai_pai_line_writes_the_card_with_its_suit(double: DiscordDouble, bot: TeahouseBot,
                                                               lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first Gou Ji hand opens with Kai Pai: the drawn card reads "8♠", not "8S", in the thread."""
    fix_deal(monkeypatch, 5)
    admin, alice = double["admin"], double["alice"]
    admin.locale = alice.locale = {"en": "en-US", "fa": "en-US", "ru": "ru"}[lang]
    await alice.run("/preferences", language=lang)
    await admin.run("/settings", language=lang)
    thread = await open_game(double, alice, "gouji", computers=5, lang=lang)
    await double.settle()
    lines = [text for message in thread.messages if message.author.id == double.bot_user.id
             for text in texts_of(message)]
    head = t(lang, "gouji.event.kai_pai", player="\x00", card="\x00", count=1, first_taker="\x00").split("\x00")[0]
    kai = [line for text in lines for line in text.split("\n") if head.strip("\u200f") and head.strip("\u200f") in line]
    assert kai, lines[:5]
    assert all(re.search("[♠♥♦♣]|BJ|RJ", line) for line in kai)
    assert not [text for text in lines if CODE.search(text)]
    assert str(Card(8, "S")) == "8♠"
