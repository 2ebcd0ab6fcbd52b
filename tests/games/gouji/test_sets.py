"""Sets, comparison and Gou Ji level (rules §2, §6, R7.1) and the notation."""

from __future__ import annotations

import pytest

from bot.games.core import IllegalAction
from bot.games.gouji import (
    AskCount,
    Choose,
    Decision,
    Return,
    ShaoPai,
    format_action,
    parse_action,
    parse_play,
)
from bot.games.gouji.moves import all_sets, beating_sets
from bot.games.gouji.notation import make_play

from .helpers import counts

# R6.12: (old, new, beats?)
R6_12 = [
    ("10-10-10", "Q-2-2", True), ("Q-2-2", "K-K-2", True), ("K-K-2", "A-A-BJ", True),
    ("6-6-6-6", "6-6-2-2", False), ("6-6-2-2", "6-6-6-6", False), ("K-2-2", "2-2-2", True),
    ("A-A-BJ", "2-2-RJ", True), ("A-BJ-BJ", "2-RJ-RJ", True), ("A-BJ-BJ", "2-2-RJ", False),
    ("6-6-6", "7-7-RJ", True), ("7-7-7", "7-7-RJ", False), ("7-7-2", "7-7-RJ", False),
    ("8-8-8", "7-7-RJ", False), ("6-BJ-BJ", "7-7-RJ", False), ("2-2", "BJ-BJ", True),
    ("2-2", "BJ-RJ", True), ("2-2", "RJ-RJ", True), ("2-2", "2-2", False), ("2-BJ", "BJ-BJ", False),
    ("2-BJ", "BJ-RJ", True), ("2-BJ", "2-RJ", False), ("BJ-BJ", "RJ-RJ", True), ("BJ-BJ", "BJ-RJ", False),
    ("2-2-2", "2-2-RJ", False), ("2-2-2", "2-2-BJ", False), ("9-9-BJ", "10-10-10", False),
    ("9-9-BJ", "10-10-RJ", True), ("9-9-BJ", "2-2-2", False), ("9-9-BJ", "BJ-BJ-BJ", False),
    ("9-9-BJ", "RJ-2-2", True), ("K-K-BJ", "A-A-RJ", True), ("K-K-BJ", "A-A-A", False),
    ("K-K-BJ", "A-BJ-RJ", True), ("Q-Q-2", "K-K-BJ", True), ("A", "2", True), ("2", "BJ", True),
    ("BJ", "RJ", True), ("BJ", "BJ", False), ("RJ", "RJ", False), ("RJ", "2", False),
    ("A-A-A-A", "2-2-2-2", True), ("A-A-2", "BJ-BJ-BJ", True), ("A-A-A", "2-2-BJ", True),
    ("10-10-10-10-2", "J-J-J-J-J", True), ("10-10-10-10-2", "Q-Q-2-2-2", True),
    ("A-A-A-A-BJ", "2-2-2-2-2", False), ("A-A-A-BJ-BJ", "2-2-2-RJ-RJ", True), ("A-A-BJ", "BJ-BJ-RJ", True),
    ("2-BJ-BJ", "BJ-RJ-RJ", True), ("2-BJ-BJ", "BJ-BJ-RJ", False), ("Q-Q-Q", "K-K", False),
    ("4-4-4", "5-5-5-5", False), ("7-7", "Q-Q", True),
]


@pytest.mark.parametrize(("old", "new", "expected"), R6_12)
def test_R6_9_R6_12_worked_examples(old: str, new: str, expected: bool) -> None:
    assert parse_play(new).beats(parse_play(old)) is expected


def test_R6_10i_R6_9_nothing_beats_a_red_joker_set() -> None:
    top = parse_play("3-RJ")
    for play in all_sets(counts("A A A 2 2 2 BJ BJ RJ RJ")):
        assert not play.beats(top)


def test_R6_9_black_joker_needs_red_joker() -> None:
    assert not parse_play("A-A-A").beats(parse_play("K-K-BJ"))
    assert parse_play("A-A-RJ").beats(parse_play("K-K-BJ"))


def test_R6_8_levels() -> None:
    assert parse_play("Q-2-2").level == 12
    assert parse_play("2-BJ-RJ").level == 15
    assert parse_play("BJ-BJ").level == 16
    assert parse_play("BJ-RJ").level == 17


def test_R2_1_single_card_order() -> None:
    order = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ"]
    for low, high in zip(order, order[1:], strict=False):
        assert parse_play(high).beats(parse_play(low))
        assert not parse_play(low).beats(parse_play(high))


@pytest.mark.parametrize("text", ["7", "5-5", "9-9-9", "4-4-4-4-4-4", "Q-2-2", "6-6-2-2", "7-7-RJ", "A-A-BJ",
                                  "10-10-10-10-2", "2", "BJ", "2-2-2", "2-BJ", "BJ-RJ", "2-2-BJ-RJ", "5-5-2-BJ-RJ"])
def test_R6_1_legal_sets_round_trip(text: str) -> None:
    play = parse_play(text)
    assert str(play) == text
    assert parse_action(format_action(play)) == play


@pytest.mark.parametrize("text", ["5-6", "K-A-2", "3-4-BJ"])
def test_R6_1_two_natural_ranks_are_not_a_set(text: str) -> None:
    with pytest.raises(IllegalAction) as err:
        parse_play(text)
    assert err.value.key == "gouji.two_ranks"


def test_notation_accepts_compact_and_spaced_forms() -> None:
    assert parse_play("QQ22") == parse_play("Q-Q-2-2") == parse_play("q q 2 2") == parse_play("2-2-Q-Q")
    assert parse_play("101010") == parse_play("10-10-10") == parse_play("TTT")
    assert parse_play("bjrj") == parse_play("BJ-RJ")
    with pytest.raises(IllegalAction):
        parse_action("hello")
    with pytest.raises(IllegalAction):
        parse_action("")


@pytest.mark.parametrize("action", [Decision("pass"), Decision("ready"), Decision("ge_ming"), Decision("jie_fang"),
                                    Decision("rang_pai"), ShaoPai(parse_play("A-A")), AskCount(3), Choose(4),
                                    Return((3, 14)), Return((17,))])
def test_format_and_parse_are_inverse_for_every_action_kind(action: object) -> None:
    assert parse_action(format_action(action)) == action  # type: ignore[arg-type]


# R7.1: (set, Gou Ji level?)
R7_1 = [("3-BJ", True), ("9-9-9-9-9-BJ", True), ("BJ", True), ("5-RJ", True), ("2", True), ("2-2", True),
        ("2-2-BJ", True), ("A-A", True), ("A-2", True), ("A", False), ("K-K", True), ("K-2", True), ("K", False),
        ("Q-Q-Q", True), ("Q-2-2", True), ("Q-Q", False), ("Q-2", False), ("J-J-J-J", True), ("J-J-J-2", True),
        ("J-J-J", False), ("10-10-10-10-10", True), ("10-10-10-10-2", True), ("10-2-2-2-2", True),
        ("10-10-10-10", False), ("9-9-9-9-9-9", False), ("3-3-3-3-3-3-3", False)]


@pytest.mark.parametrize(("text", "expected"), R7_1)
def test_R7_1_gou_ji_level(text: str, expected: bool) -> None:
    assert parse_play(text).gouji is expected


def test_R6_11_whatever_beats_a_gou_ji_set_is_gou_ji_level() -> None:
    hand = counts("4 4 5 6 7 7 8 10 10 10 J J J Q Q K K A A 2 2 2 BJ BJ RJ")
    for old in all_sets(counts("10 10 10 10 J J J J Q Q Q K K A A 2 2 BJ")):
        if old.gouji:
            assert all(new.gouji for new in beating_sets(hand, old))


def test_R6_5_R6_9_generated_beating_sets_are_exactly_the_beating_subsets() -> None:
    hand = counts("5 5 7 7 7 Q Q K A 2 2 BJ RJ")
    everything = all_sets(hand)
    for old in [parse_play(t) for t in ["6-6", "K-K-BJ", "2-2", "A", "7-7-7", "BJ", "Q-2-2", "9-9-9-9"]]:
        assert set(beating_sets(hand, old)) == {p for p in everything if p.beats(old)}


def test_R2_5_lead_list_has_every_multiset_once() -> None:
    hand = counts("3 3 4 2 BJ RJ")
    sets = all_sets(hand)
    assert len(sets) == len(set(sets))
    # 3: k in 1..2, 4: k=1, wilds 2*2*2 each; plus 7 wild-only sets
    assert len(sets) == (2 + 1) * 8 + 7
    assert make_play(3, 2, 1, 1, 1) in sets


def test_R6_9_cheapest_beat_matches_the_cheapest_of_all_beating_sets() -> None:
    import random

    from bot.games.gouji.ai import play_cost
    from bot.games.gouji.moves import cheapest_beat

    rng = random.Random(7)
    for _ in range(400):
        hand = [0] * 18
        for _ in range(rng.randint(1, 20)):
            hand[rng.choice([*range(3, 15), 15, 15, 16, 17])] += 1
        hand[16], hand[17] = min(hand[16], 4), min(hand[17], 4)
        other = [0] * 18
        for _ in range(rng.randint(1, 8)):
            other[rng.choice(range(3, 18))] += 1
        top = rng.choice(all_sets(other))
        options = beating_sets(hand, top)
        best = cheapest_beat(hand, top)
        assert best == (min(options, key=play_cost) if options else None)
