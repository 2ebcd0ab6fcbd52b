"""Issue #47: the lobby says "Players: 6" (not "6–6"), and a Go-Stop lobby lists the seats Start fills and one
line for the seats that may still be taken (not five "(empty — open to join; Start leaves it empty)")."""

from __future__ import annotations

import re

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble

LANGS = ("en", "fa", "ru")


async def _lobby(double: DiscordDouble, lang: str, game: str) -> str:
    admin, alice = double["admin"], double["alice"]
    admin.locale = alice.locale = "ru" if lang == "ru" else "en-US"
    await admin.run("/settings", language=lang)
    return (await alice.run("/game new", game=game)).content


@pytest.mark.parametrize("lang", LANGS)
async def test_a_fixed_seat_count_is_one_number(double: DiscordDouble, bot: TeahouseBot, lang: str) -> None:
    text = await _lobby(double, lang, "gouji")
    assert t(lang, "games.lobby.seat_count_exact", n=6) in text
    assert not re.search(r"[6۶]\s*[–-]\s*[6۶]", text)


@pytest.mark.parametrize("lang", LANGS)
async def test_go_stop_lists_only_the_seats_start_fills(double: DiscordDouble, bot: TeahouseBot, lang: str) -> None:
    text = await _lobby(double, lang, "gostop")  # 2 to 7 players, one seated
    numbered = re.findall(r"(?m)^\u200f?(\d+)\. ", text)
    assert numbered == ["1", "2"]  # Alice, and the seat a computer takes at Start
    assert text.count(t(lang, "options.lobby.seat_computer")) == 1
    assert t(lang, "options.lobby.seat_stays_empty") not in text
    assert t(lang, "games.lobby.open_seats", count=5, max=7) in text
    assert t(lang, "games.lobby.seat_count", min=2, max=7) in text
