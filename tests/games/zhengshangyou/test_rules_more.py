"""The remaining numbered rules: seat order, sequence order, suits, purity, readings, team6 basics."""

from __future__ import annotations

import random

from bot.games.zhengshangyou import INFO, Play, apply, legal_actions, new_game, parse_action, to_act
from bot.games.zhengshangyou.combos import MULTI, RUN, SET, SINGLE, beats, reading

from .helpers import cards, one, readings, table


def can_beat(new: str, old: str) -> bool:
    o = one(old)
    return any(c.shape == o.shape and beats(c, o) for c in readings(new))


def test_R1_1_R10_1_six_player_team_game_has_two_alternating_teams_of_three() -> None:
    s = new_game(6, 1)
    assert s.mode == "team6" and s.teams == [0, 1, 0, 1, 0, 1]
    assert INFO.team_of is not None and INFO.team_of(6, {"mode": "team6"}) == [0, 1, 0, 1, 0, 1]


def test_R1_3_strategy_hints_are_not_rules_a_lone_low_card_may_be_led_anytime() -> None:
    s = table(["3s Ks Kh", "4s", "5s", "6s"])
    assert Play(cards("3s")) in legal_actions(s, 0) and Play(cards("Ks Kh")) in legal_actions(s, 0)


def test_R2_3_next_seat_is_the_next_number() -> None:
    s = table(["3s 9s", "4s 9h", "5s 9d", "6s 9c"], turn=2)
    apply(s, 2, parse_action("5s"))
    assert s.turn == 3
    apply(s, 3, parse_action("6s"))
    assert s.turn == 0


def test_R3_3_sequence_order_ace_high_no_wrap_no_two() -> None:
    assert one("Qs Kh Ad").kind == RUN and one("Qs Kh Ad").rank == 14
    for bad in ["Ks As 3s", "As 2s 3s", "Ks As 2s"]:
        assert all(c.kind != RUN for c in readings(bad))


def test_R3_4_suits_do_not_matter_except_suited_runs() -> None:
    assert not can_beat("9c", "9h") and not can_beat("9c 9d", "9s 9h")
    assert not can_beat("6s 7s 8s", "6d 7d 8d")
    assert can_beat("6s 7s 8s", "6d 7h 8d")


def test_R4_3_unequal_hands_play_normally() -> None:
    s = new_game(5, 3)
    assert sorted({len(h) for h in s.hands}) == [10, 11]
    rng = random.Random(3)
    while s.hand_no == 1:
        seat = min(to_act(s))
        apply(s, seat, rng.choice(legal_actions(s, seat)))
    assert s.last_hand is not None and len(s.last_hand["order"]) == 5


def test_R4_4_deal_is_a_seeded_uniform_shuffle() -> None:
    assert new_game(5, 8).hands == new_game(5, 8).hands
    assert new_game(5, 8).hands != new_game(5, 9).hands


def test_R5_1_1_any_combination_may_lead() -> None:
    s = table(["3s 3h 4s 4h 5s 5h 9c 10c Jc Kd", "4d", "5d", "6d"])
    kinds = set()
    for a in legal_actions(s, 0):
        assert isinstance(a, Play)
        kinds |= {c.kind for c in readings(" ".join(map(str, a.cards)))}
    assert kinds == {SINGLE, SET, RUN, MULTI}


def test_R5_1_3_suited_and_mixed_runs_are_one_type() -> None:
    assert can_beat("4h 5h 6h", "7c 8d 9s") and can_beat("8c 9d 10s", "7c 8d 9s")
    assert one("4h 5h 6h").shape == one("7c 8d 9s").shape


def test_R5_1_4_equal_plays_never_beat() -> None:
    for new, old in [("9c", "9h"), ("9c 9d", "9s 9h"), ("6c 7c 8c", "6d 7d 8d"), ("9s 2h 2d", "9h 9d BJ")]:
        assert not can_beat(new, old)
    s = table(["9h 3s", "9c 4s", "5s", "6s"])
    apply(s, 0, parse_action("9h"))
    assert legal_actions(s, 1) == [parse_action("pass")]


def test_R5_2_1_any_card_is_a_single() -> None:
    for text in ["3c", "10h", "As", "2d", "BJ", "RJ"]:
        assert one(text).kind == SINGLE


def test_R5_3_1_sets_have_two_or_more_cards_of_one_rank() -> None:
    assert one("5s 5h").kind == SET and one("5s 5h 5d 5c").n == 4
    assert one("5s 5h 5d 5c 2s 2h 2d 2c BJ RJ").n == 10


def test_R5_4_5_run_purity_is_about_jokers() -> None:
    assert one("7c 8d 9s").pure and not one("7c BJ 9s").pure


def test_R5_5_1_multiple_sequence_needs_three_ranks_of_equal_count() -> None:
    assert readings("3s 3h 4s 4h") == []
    c = one("3s 3h 4s 4h 5s 5h")
    assert (c.kind, c.k, c.m) == (MULTI, 3, 2)
    c = one("3s 3h 3d 4s 4h 4d 5s 5h 5d")
    assert (c.kind, c.k, c.m) == (MULTI, 3, 3)


def test_R5_5_4_twos_and_jokers_make_a_multiple_sequence_impure() -> None:
    assert one("3s 3h 4s 4h 5s 5h").pure
    assert not one("3s 3h 4s 2h 5s 5h").pure and not one("3s 3h 4s BJ 5s 5h").pure


def test_R5_5_5_multiple_sequence_comparison() -> None:
    assert can_beat("4s 4h 5s 5h 6s 6h", "3s 3h 4d 4c 5d 5c")
    assert can_beat("4s 4h 5s 5h 6s 6h", "4d 4c 5d 2h 6d 6c")
    assert not can_beat("4d 4c 5d 2h 6d 6c", "4s 4h 5s 5h 6s 6h")
    assert not can_beat("4d 4c 5d 5c 6d 6c", "4s 4h 5s 5h 6s 6h")


def test_R5_6_4_readings_show_what_wild_cards_stand_for() -> None:
    assert reading(cards("7s 2h 2d"), one("7s 2h 2d")) == "7♠ 2♦(7) 2♥(7)"
    assert reading(cards("6h BJ 8h"), one("6h BJ 8h")) == "6♥ BJ(7♥) 8♥"
    assert reading(cards("5s 5h 6s 2s 7s BJ"), one("5s 5h 6s 2s 7s BJ")) == "5♥ 5♠ 6♠ BJ(6) 7♠ 2♠(7)"
    assert reading(cards("9s 10d BJ"), one("9s 10d BJ")) == "9♠ 10♦ BJ(J)"


def test_R8_1_R8_6_next_hand_is_dealt_at_once_and_the_dealer_leads_after_the_exchange() -> None:
    s = new_game(5, 12, {"target_score": 99})
    rng = random.Random(1)
    while s.hand_no == 1:
        seat = min(to_act(s))
        apply(s, seat, rng.choice(legal_actions(s, seat)))
    assert sum(len(h) for h in s.hands) == 54 - 2 * (s.phase == "take_tribute")
    assert s.last_hand is not None and s.dealer == s.last_hand["order"][2]
    while s.phase != "play":
        seat = min(to_act(s))
        apply(s, seat, legal_actions(s, seat)[0])
    assert s.turn == s.dealer and to_act(s) == {s.dealer}


def test_R10_2_R10_3_team6_nine_cards_each_no_dealer_played_to_the_last_player() -> None:
    s = new_game(6, 5, {"target_score": 99})
    assert s.dealer is None and [len(h) for h in s.hands] == [9] * 6
    rng = random.Random(5)
    while s.hand_no == 1:
        seat = min(to_act(s))
        apply(s, seat, rng.choice(legal_actions(s, seat)))
    assert s.last_hand is not None and sorted(s.last_hand["order"]) == list(range(6))
    assert s.last_hand["team_points"] is not None
