"""Text notation: romaji ids, kanji and English accepted; parse and format are exact inverses."""

from __future__ import annotations

import pytest

from bot.games.core import IllegalAction
from bot.games.goita import format_action, format_piece, parse_action, parse_piece
from bot.games.goita.actions import CONTINUE, PASS, PLAYS, REDEAL, Action, Offset, Point
from bot.games.goita.pieces import IDS, KANJI
from bot.i18n import has, t


def test_every_action_round_trips() -> None:
    actions: list[Action] = [PASS, CONTINUE, REDEAL]
    actions += [Point(i) for i in range(1, 33)]
    actions += [Offset(k) for k in range(-2, 3)]
    actions += [PLAYS[lead][f][a] for lead in (0, 1) for f in range(9) for a in range(9)]
    for action in actions:
        assert parse_action(format_action(action)) == action
        assert str(action) == format_action(action)


def test_R1_1_pieces_by_romaji_kanji_and_english() -> None:
    for code, (romaji, kanji) in enumerate(zip(IDS, KANJI, strict=True)):
        assert parse_piece(romaji) == parse_piece(kanji) == code
        assert format_piece(code) == romaji
    assert parse_piece("Gold") == parse_piece("KIN") == parse_piece(" 金 ")
    assert parse_piece("fu") == parse_piece("pawn") == parse_piece("歩") == parse_piece("し")
    assert parse_piece("dama") == parse_piece("玉") and parse_piece("ō") == parse_piece("王")


@pytest.mark.parametrize(("text", "expected"), [
    ("lead gon kin", "lead gon kin"), ("↓香 金", "lead gon kin"), ("↓香金", "lead gon kin"),
    ("fuse gon seme kin", "lead gon kin"), ("伏せ香攻め金", "lead gon kin"), ("LEAD Lance Gold", "lead gon kin"),
    ("block kin gin", "block kin gin"), ("uke 金 銀", "block kin gin"), ("受け金銀", "block kin gin"),
    ("block kin, gin", "block kin gin"), ("  Pass ", "pass"), ("なし", "pass"), ("nashi", "pass"),
    ("続行", "continue"), ("play on", "continue"), ("配り直し", "redeal"), ("Redeal", "redeal"),
    ("point 7", "point 7"), ("offset +1", "offset +1"), ("offset -2", "offset -2"), ("offset 0", "offset +0"),
])
def test_forgiving_spellings(text: str, expected: str) -> None:
    assert format_action(parse_action(text)) == expected


@pytest.mark.parametrize(("text", "key"), [
    ("kin gin", "goita.need_verb"), ("lead kin", "goita.bad_action"), ("lead kin gin shi", "goita.bad_action"),
    ("lead kin dragon", "goita.bad_piece"), ("point 40", "goita.bad_point"), ("offset 3", "goita.bad_offset"),
    ("hello", "goita.bad_action"), ("offset x", "goita.bad_action"),
])
def test_bad_text_is_refused_with_a_catalog_reason(text: str, key: str) -> None:
    with pytest.raises(IllegalAction) as err:
        parse_action(text)
    assert err.value.key == key and has(key)
    assert "{" not in t("en", key, **err.value.params)
