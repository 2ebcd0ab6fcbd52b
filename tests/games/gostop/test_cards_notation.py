"""§1 the deck and §13.8 the notation."""

from __future__ import annotations

import pytest

from bot.games.core import IllegalAction
from bot.games.gostop import INFO, Action, format_action, format_card, new_game, parse_action, parse_card
from bot.games.gostop.cards import (
    ANIMALS,
    BIRDS,
    BRIGHTS,
    CARDS_OF_MONTH,
    CHEONG_DAN,
    CHO_DAN,
    HONG_DAN,
    IDS,
    JUNKS,
    MONTH,
    PI,
    RIBBONS,
    TYPE,
)

from .helpers import c


def _months(cards: frozenset[int]) -> list[int]:
    return sorted({MONTH[x] for x in cards})


def test_R1_1_composition_5_9_10_24_and_two_jokers_by_default() -> None:
    assert (len(BRIGHTS), len(ANIMALS), len(RIBBONS), len(JUNKS)) == (5, 9, 10, 24)
    st = new_game(2, 3)
    total = sum(map(len, st.hands)) + sum(map(len, st.layout)) + len(st.stock) + sum(map(len, st.captures))
    assert total == 50
    assert INFO.options["jokers"].default == 2


def test_R1_2_every_month_has_four_cards() -> None:
    for m in range(1, 13):
        assert [MONTH[x] for x in CARDS_OF_MONTH[m]] == [m] * 4


def test_R1_3_card_table_totals_and_sets() -> None:
    assert _months(BRIGHTS) == [1, 3, 8, 11, 12]
    assert _months(ANIMALS) == [2, 4, 5, 6, 7, 8, 9, 10, 12]
    assert _months(RIBBONS) == [1, 2, 3, 4, 5, 6, 7, 9, 10, 12]
    per_month = {m: sum(1 for x in JUNKS if MONTH[x] == m) for m in range(1, 13)}
    assert per_month == {**{m: 2 for m in range(1, 11)}, 11: 3, 12: 1}
    assert sum(PI[x] for x in JUNKS) == 26
    assert {IDS[x] for x in BIRDS} == {"m02-animal", "m04-animal", "m08-animal"}
    assert {MONTH[x] for x in HONG_DAN} == {1, 2, 3}
    assert {MONTH[x] for x in CHEONG_DAN} == {6, 9, 10}
    assert {MONTH[x] for x in CHO_DAN} == {4, 5, 7}
    assert PI[c("m11-junk-double")] == 2 and PI[c("m12-junk-double")] == 2


def test_R1_4_one_december_junk_card() -> None:
    assert [IDS[x] for x in CARDS_OF_MONTH[12] if TYPE[x] == "junk"] == ["m12-junk-double"]


def test_R1_5_rain_cards_are_weaker() -> None:
    assert c("m12-animal") not in BIRDS
    assert c("m12-ribbon") not in HONG_DAN | CHEONG_DAN | CHO_DAN


@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_R1_6_jokers_option_selects_0_1_or_2(jokers: int) -> None:
    st = new_game(2, 5, {"jokers": jokers})
    everything = [x for h in st.hands for x in h] + [x for g in st.layout for x in g] + st.stock
    everything += [x for cap in st.captures for x in cap]
    assert len(everything) == 48 + jokers
    assert PI[c("joker-2")] == 2 and PI[c("joker-3")] == 3 and MONTH[c("joker-2")] == 0


def test_R1_3_ids_are_the_notation_and_round_trip() -> None:
    for card in range(50):
        assert parse_card(format_card(card)) == card
        assert parse_card(format_card(card).upper()) == card


@pytest.mark.parametrize("text, card", [
    ("8b", "m08-bright"), ("m8-bright", "m08-bright"), ("Aug Bright", "m08-bright"), ("11d", "m11-junk-double"),
    ("3j1", "m03-junk1"), ("3 junk2", "m03-junk2"), ("12j", "m12-junk-double"), ("9a", "m09-animal"),
    ("sep cup", "m09-animal"), ("+2", "joker-2"), ("joker3", "joker-3"), ("1r", "m01-ribbon"),
])
def test_short_forms_a_player_types(text: str, card: str) -> None:
    assert IDS[parse_card(text)] == card


@pytest.mark.parametrize("text, key", [
    ("3j", "gostop.ambiguous_card"), ("13b", "gostop.bad_card"), ("2b", "gostop.no_such_card"), ("", "gostop.bad_card"),
    ("hello", "gostop.bad_card"),
])
def test_bad_cards_are_refused_with_a_reason(text: str, key: str) -> None:
    with pytest.raises(IllegalAction) as err:
        parse_card(text)
    assert err.value.key == key


@pytest.mark.parametrize("action", [
    Action("play", card=c("8b")), Action("play", card=c("8b"), target=c("8j1")), Action("take", card=c("3j2")),
    Action("shake", month=1), Action("bomb", month=12), Action("flip"), Action("go"), Action("stop"),
    Action("join"), Action("sit"), Action("offer"), Action("accept"), Action("reject"), Action("give", card=c("2j1")), Action("give", card=c("2j1"), target=c("11d")),
])
def test_format_and_parse_are_exact_inverses(action: Action) -> None:
    assert parse_action(format_action(action)) == action
    assert str(action) == format_action(action)


@pytest.mark.parametrize("text, expected", [
    ("/play m08-bright m08-junk1", "play m08-bright m08-junk1"), ("8B", "play m08-bright"),
    ("bomb jul", "bomb 7"), ("/gostop shake 1", "shake 1"), ("Flip only", "flip"), ("pass", "flip"),
    ("sit out", "sit"), ("play", "join"), ("STOP", "stop"), ("choose 8j2", "take m08-junk2"),
    ("aug bright", "play m08-bright"),
])
def test_parse_action_is_forgiving(text: str, expected: str) -> None:
    assert str(parse_action(text)) == expected


@pytest.mark.parametrize("text", ["", "shake", "bomb 13", "take", "play 8b 8j1 8j2", "dance"])
def test_bad_actions_are_refused(text: str) -> None:
    with pytest.raises(IllegalAction):
        parse_action(text)
