"""§3 and §5: the classifier, wild cards, purity, suited runs and comparison, incl. every §5.9 example."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.core import Card, full_deck
from bot.games.zhengshangyou.combos import MULTI, RUN, SET, SINGLE, beats, reading

from .helpers import cards, one, readings


def best(text: str, like: str, twos: bool = False) -> bool:
    """True when ``text`` can follow and beat the lead ``like`` (R5.6.3)."""
    old = one(like, twos)
    return any(c.shape == old.shape and beats(c, old) for c in readings(text, twos))


# ---- R3.2 / R5.2 singles


def test_R3_2_general_rank_order_for_singles() -> None:
    order = ["3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Js", "Qs", "Ks", "As", "2s", "BJ", "RJ"]
    for low, high in zip(order, order[1:], strict=False):
        assert best(high, low) and not best(low, high)


def test_R5_2_2_equal_singles_do_not_beat_and_RJ_is_top() -> None:
    assert not best("8h", "8c")
    assert best("9d", "8c") and best("2s", "8c") and best("BJ", "8c")
    assert not best("2s", "BJ")
    assert all(not best(x, "RJ") for x in ["2s", "BJ", "As"])


def test_R3_5_twos_and_jokers_are_not_wild_as_singles() -> None:
    assert one("2h").rank == 15 and one("BJ").rank == 16 and one("RJ").rank == 17


# ---- R5.3 sets


@pytest.mark.parametrize("text,rank,pure", [
    ("7s 2h 2d", 7, False), ("7c 7d 7h", 7, True), ("8s BJ 8h", 8, False), ("9s 2h 2d", 9, False),
    ("9s 2h BJ", 9, False), ("9s 9h 2d", 9, False), ("9s 9h RJ", 9, False), ("2c RJ", 15, False),
    ("2s 2h", 15, True), ("2s 2h 2d", 15, True), ("2s 2h 2d 2c", 15, True), ("2s 2h BJ RJ", 15, False),
    ("BJ RJ", 16, False), ("4s 4d 2c 2h", 4, False), ("7s 7h 7d 7c 2s 2h 2d 2c BJ RJ", 7, False),
])
def test_R5_3_2_set_rank_is_lowest_card_and_wilds_stand_for_lower(text: str, rank: int, pure: bool) -> None:
    combo = one(text) if text != "9s BJ RJ" else readings(text)[0]
    assert (combo.kind, combo.rank, combo.pure, combo.n) == (SET, rank, pure, len(cards(text)))


@pytest.mark.parametrize("text", ["7s 8s", "Ks As", "As 2s 3s", "9s 10h", "7s 8h BJ 2c"])
def test_R5_3_2_non_wild_higher_card_breaks_a_set(text: str) -> None:
    assert all(c.kind != SET for c in readings(text))


def test_R5_3_3_joker_pair_is_impure_black_jokers_and_can_be_switched_off() -> None:
    combo = one("BJ RJ")
    assert (combo.kind, combo.rank, combo.pure) == (SET, 16, False)
    assert best("BJ RJ", "2s 2h") and not best("2s 2h", "BJ RJ")
    assert readings("BJ RJ", joker_pair=False) == []


def test_R5_3_4_R5_3_5_set_comparison_rank_then_purity() -> None:
    assert best("7c 7d 7h", "7s 2h 2d")  # example 2: pure beats impure at equal rank
    assert best("8s BJ 8h", "7c 7d 7h")  # higher impure beats lower pure (L67)
    impure_nines = ["9s 2h 2d", "9s 2h BJ", "9s 9h 2d", "9s 9h BJ"]
    for a in impure_nines:  # example 3: none beats another
        for b in impure_nines:
            if a != b:
                assert not best(a, b)
        assert best("9c 9d 9h", a)
    assert best("2s 2h", "2c RJ") and not best("As Ah", "2c RJ")  # example 4
    assert best("6s 6h 6d 6c", "4s 4d 2c 2h")  # example 6
    assert not best("9c 9d", "9s 9h")  # example 10


def test_R5_3_6_largest_sets() -> None:
    assert one("7s 7h 7d 7c 2s 2h 2d 2c BJ RJ").n == 10
    assert one("2s 2h 2d 2c BJ RJ").n == 6


def test_R5_1_2_size_and_type_must_match() -> None:
    assert not best("4s 4h 4d", "3s 3h")  # example 9
    assert not best("3s 3h", "9c")
    assert not best("3s 4s 5s 6s", "3h 4h 5h")  # example 16


# ---- R5.4 single sequences


@pytest.mark.parametrize("text", ["2c 3s 4s", "Qs Ks As 2s", "5s 6s 2s 8s", "6s 7s", "3s 3h 4d 5c", "Ks As 3s"])
def test_R5_4_1_R5_4_2_invalid_runs(text: str) -> None:
    assert all(c.kind != RUN for c in readings(text))


def test_R5_4_2_twos_never_in_a_run_even_as_wild() -> None:
    assert readings("5s 6s 2s") == []
    assert readings("5s 2c 7s") == []


def test_R5_4_3_R5_4_4_joker_takes_the_needed_suit() -> None:
    combo = one("6h BJ 8h")
    assert (combo.kind, combo.rank, combo.suited, combo.pure) == (RUN, 8, True, False)
    assert reading(cards("6h BJ 8h"), combo) == "6♥ BJ(7♥) 8♥"
    lone = [c for c in readings("9s BJ RJ") if c.kind == RUN][0]
    assert lone.suited and lone.rank == 11  # one natural + two jokers is suited, read as 9-10-J


def test_R5_4_7_suited_beats_any_mixed() -> None:
    assert best("3s 4s 5s", "Ad Qc Kc")  # example 12
    assert not best("10c Jd Qh", "3s 4s 5s") and best("4h 5h 6h", "3s 4s 5s")
    assert best("6h BJ 8h", "7c 8c 9s")  # example 13
    assert best("6d 7d 8d", "6h BJ 8h") and best("7s 8s RJ", "6h BJ 8h")
    assert not best("6s 7s 8s", "6d 7d 8d")


def test_R5_4_7_mixed_comparison_top_then_purity() -> None:
    assert best("8c 9d 10s", "8s BJ 10d")  # example 14
    assert not best("8c BJ 10s", "8s 9h 10d")
    assert best("9c 10d Js", "8s 9h 10d")


def test_R5_4_6_R5_4_8_jokers_at_the_ends_take_the_highest_reading() -> None:
    assert one("9s 10s BJ").rank == 11  # example 15
    assert one("Qh Kh RJ").rank == 14 and one("Kh Ah BJ").rank == 14
    assert best("Qh Kh Ah", "Qs Ks RJ")
    top = one("8c 9c 10c Jc Qc Kc Ac")  # example 17
    assert (top.rank, top.suited, top.pure) == (14, True, True)


# ---- R5.5 multiple sequences


@pytest.mark.parametrize("text", ["6s 6h 6d 7s 7h 7d", "5s 5h 7s 7h 8s 8h", "7s 7h 8s 8h 8d 9s 9h",
                                  "7s 7h 2s 2h 9s 9h", "Qs Qh Ks Kh As Ah 2s 2h"])
def test_R5_5_invalid_multiple_sequences(text: str) -> None:
    assert all(c.kind != MULTI for c in readings(text))


def test_R5_5_3_jokers_and_twos_in_multiple_sequences() -> None:
    c = one("5s 5h 6s 2s 7s BJ")  # example 19
    assert (c.kind, c.k, c.m, c.rank, c.pure) == (MULTI, 3, 2, 7, False)
    assert best("5c 5d 6c 6d 7c 7d", "5s 5h 6s 2s 7s BJ")
    assert best("6s BJ 7s 2h 8s 8h", "5c 5d 6c 6d 7c 7d")
    kka = one("Ks Kh As Ah 2s BJ")  # example 20
    assert (kka.rank, kka.pure) == (14, False) and best("Qs Qh Ks Kh As Ah", "Ks Kh As Ah 2s BJ")
    jokers = [x for x in readings("5s 5h BJ RJ 7s 7h") if x.kind == MULTI][0]  # example 22
    assert (jokers.rank, jokers.pure) == (7, False)
    assert one("7s 2s 8s 2h 9s 2d").rank == 9


def test_R5_5_2_shape_must_match() -> None:
    assert not best("10s 10h 10d Js Jh Jd Qs Qh Qd Ks Kh Kd", "4s 4h 4d 4c 5s 5h 5d 5c 6s 6h 6d 6c")


def test_R5_5_6_highest_window() -> None:
    c = [x for x in readings("9s 9h 10s 10h BJ RJ") if x.kind == MULTI][0]  # example 24
    assert c.rank == 11


def test_R5_6_1_one_selection_several_readings() -> None:
    kinds = [(c.kind, c.k, c.m, c.rank) for c in readings("5s 5h 6s 6h 7s 7h 2s 2h 2d 2c BJ RJ")]
    assert (MULTI, 4, 3, 8) in kinds and (MULTI, 3, 4, 7) in kinds  # example 25
    assert [c.label for c in readings("5s 5h 2s 2h BJ RJ")] == ["set", "3x2"]
    assert [c.label for c in readings("9s BJ RJ")] == ["set", "run"]


def test_R3_6_purity_only_breaks_ties() -> None:
    assert best("Ts Jh Qd", "3s 4h 5d") and best("Ts Jh BJ", "3s 4h 5d")
    assert best("8s BJ 8h", "7c 7d 7h")


# ---- R12 option: 2s natural in sequences


def test_R12_1_R12_2_two_above_ace_in_runs() -> None:
    c = one("Kh Ah 2h", twos=True)
    assert (c.kind, c.rank, c.suited) == (RUN, 15, True)
    assert best("Kh Ah 2h", "Qs Ks Ah", twos=True)
    assert readings("2c 3s 4s", twos=True) == []


def test_R12_3_twos_still_not_wild_in_runs() -> None:
    assert all(c.kind != RUN for c in readings("5s 2s 7s", twos=True))


def test_R12_4_natural_twos_in_multiple_sequences() -> None:
    c = [x for x in readings("Ks Kh As Ah 2s 2h", twos=True) if x.kind == MULTI][0]
    assert (c.rank, c.pure) == (15, True)
    assert any(x.kind == MULTI and x.pure for x in readings("Qs Qh Ks Kh As Ah 2s 2h", twos=True))


def test_R12_5_joker_may_stand_for_a_two() -> None:
    assert one("Kh Ah BJ", twos=True).rank == 15


def test_R12_6_sets_and_singles_unchanged() -> None:
    assert one("7s 2h 2d", twos=True).rank == 7 and one("2h", twos=True).rank == 15


# ---- candidate generation covers every reading


@pytest.mark.parametrize("text,twos", [
    ("5s 5h 6s 7s 7d 8s 2h BJ RJ", False),
    ("3c 3h 4c 4h 5s 6s 8d 10c 10h Jc 2c 2d 2s RJ", False),
    ("Ks Kh Ah Ad 2s 2h Qs Jd BJ RJ 9c 10c", True),
])
def test_candidates_list_every_combination_of_a_hand_exactly_once(text: str, twos: bool) -> None:
    from itertools import combinations

    from bot.games.zhengshangyou.combos import combinations_in, interpretations
    hand = sorted(cards(text))
    every = {s: interpretations(s, twos) for n in range(1, len(hand) + 1) for s in combinations(hand, n)}
    every = {s: found for s, found in every.items() if found}
    listed = combinations_in(hand, twos, True)
    assert len({c for c, _ in listed}) == len(listed)
    assert dict(listed) == every


def test_singles_are_singles() -> None:
    assert one("7s").kind == SINGLE


@settings(max_examples=150)
@given(naturals=st.lists(st.sampled_from([c for c in sorted(full_deck()) if c.rank < 15]), min_size=2,
                         max_size=7, unique=True),
       wilds=st.lists(st.sampled_from([c for c in sorted(full_deck()) if c.rank >= 15]), max_size=4, unique=True),
       twos=st.booleans(), joker_pair=st.booleans())
def test_generator_matches_brute_force_classification(naturals: list[Card], wilds: list[Card], twos: bool,
                                                      joker_pair: bool) -> None:
    """Every combination in a hand is listed once, with every reading (rich in 2s and jokers)."""
    from itertools import combinations

    from bot.games.zhengshangyou.combos import combinations_in, interpretations
    hand = sorted(naturals + wilds)
    every = {s: interpretations(s, twos, joker_pair) for n in range(1, len(hand) + 1)
             for s in combinations(hand, n)}
    listed = combinations_in(hand, twos, joker_pair)
    assert len({c for c, _ in listed}) == len(listed)
    assert dict(listed) == {s: found for s, found in every.items() if found}
