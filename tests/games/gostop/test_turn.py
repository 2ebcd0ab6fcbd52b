"""§4 the turn: hand step, flip step, capture table, bomb, pass credits, jokers, end of round."""

from __future__ import annotations

import pytest

from bot.games.core import IllegalAction
from bot.games.gostop import legal_actions
from bot.games.gostop.engine import NO_STACK

from .helpers import act, c, cs, kinds, make

# a quiet opponent and stock so that turns are never the last one
OPP = {1: ["10j1", "10j2", "10r"]}


def test_R4_1_dealer_plays_first_and_turn_passes_after_hand_and_flip() -> None:
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["2j1"], stock=["5j1", "6j1"])
    events = act(st, "play 8b")
    assert kinds(events)[:2] == ["play", "flip"]
    assert st.turn == 1 and st.phase == "turn"


def test_R4_2_shake_is_a_declaration_then_the_player_still_plays() -> None:
    st = make(2, hands={0: ["7a", "7r", "7j1", "1j1"], **OPP}, layout=["2j1"], stock=["5j1", "6j1"])
    events = act(st, "shake 7")
    assert kinds(events) == ["shake"] and st.turn == 0 and st.shaken[0] == [7]
    assert "shake 7" not in [str(a) for a in legal_actions(st, 0)]
    act(st, "play 1j1")
    assert st.turn == 1


def test_R4_2_shake_needs_exactly_three_unplayed_cards() -> None:
    st = make(2, hands={0: ["7a", "7r", "1j1"], **OPP}, layout=["2j1"], stock=["5j1", "6j1"])
    with pytest.raises(IllegalAction) as err:
        act(st, "shake 7")
    assert err.value.key == "gostop.no_triple"


def test_R4_3_any_card_may_be_played_matching_or_not() -> None:
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["8j1"], stock=["5j1", "6j1"])
    assert {str(a) for a in legal_actions(st, 0)} == {"play m08-bright", "play m01-junk1"}


def test_R4_4_k0_alone_card_goes_to_the_layout() -> None:
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["2j1"], stock=["5j1", "6j1"])
    act(st, "play 8b")
    assert st.layout[8] == [c("8b")] and st.layout[5] == [c("5j1")]


def test_R4_4_k1_pair_is_captured_after_the_flip() -> None:
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["8j1"], stock=["5j1", "6j1"])
    act(st, "play 8b")
    assert sorted(st.captures[0]) == cs(["8b", "8j1"]) and st.layout[8] == []


def test_R4_4_k2_player_must_choose_the_target_before_the_flip() -> None:
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["8j1", "8a"], stock=["5j1", "6j1"])
    with pytest.raises(IllegalAction) as err:
        act(st, "play 8b")
    assert err.value.key == "gostop.choose_target"
    act(st, "play 8b 8a")
    assert sorted(st.captures[0]) == cs(["8b", "8a"]) and st.layout[8] == [c("8j1")]


def test_R4_4_k3_stack_is_taken_whatever_the_flip() -> None:
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["8j1", "8j2", "8a"], stock=["5j1", "6j1"],
              stacks={8: 1})
    act(st, "play 8b")
    assert {x for x in cs(["8b", "8j1", "8j2", "8a"])} <= set(st.captures[0])
    assert st.stack_owner[8] == NO_STACK


def test_R4_5_bomb_takes_all_four_gives_two_pass_credits_and_flips() -> None:
    st = make(2, hands={0: ["7a", "7r", "7j1", "1j1"], **OPP}, layout=["7j2"], stock=["5j1", "6j1"])
    events = act(st, "bomb 7")
    assert set(cs(["7a", "7r", "7j1", "7j2"])) <= set(st.captures[0])
    assert st.credits[0] == 2 and "flip" in kinds(events)
    assert "steal" not in kinds(events)  # R5.12: a bomb steals nothing by default


def test_R4_5_bomb_needs_the_fourth_card_in_the_layout_and_no_shake() -> None:
    st = make(2, hands={0: ["7a", "7r", "7j1", "1j1"], **OPP}, layout=["2j1"], stock=["5j1", "6j1"])
    assert "bomb 7" not in [str(a) for a in legal_actions(st, 0)]
    st = make(2, hands={0: ["7a", "7r", "7j1", "1j1"], **OPP}, layout=["7j2"], stock=["5j1", "6j1"])
    act(st, "shake 7")
    with pytest.raises(IllegalAction) as err:
        act(st, "bomb 7")
    assert err.value.key == "gostop.already_shaken"


def test_R4_6_flip_only_uses_a_credit_and_is_forced_with_an_empty_hand() -> None:
    st = make(2, hands={0: ["1j1"], **OPP}, layout=["2j1"], stock=["5j1", "6j1", "9j1"])
    with pytest.raises(IllegalAction) as err:
        act(st, "flip")
    assert err.value.key == "gostop.no_pass_credit"
    st.credits[0] = 2
    act(st, "flip")
    assert st.credits[0] == 1 and st.hands[0] == [c("1j1")]
    st.turn = 0
    st.hands[0] = []
    assert [str(a) for a in legal_actions(st, 0)] == ["flip"]


def test_R4_7_flip_captures_one_or_asks_for_one_of_two_or_takes_a_stack() -> None:
    st = make(2, hands={0: ["1j1", "2j2"], **OPP}, layout=["5a"], stock=["5j1", "6j1"])
    act(st, "play 1j1")
    assert set(cs(["5a", "5j1"])) <= set(st.captures[0])
    st = make(2, hands={0: ["1j1", "2j2"], **OPP}, layout=["5a", "5r"], stock=["5j1", "6j1"])
    act(st, "play 1j1")
    assert st.phase == "take_flip" and {str(a) for a in legal_actions(st, 0)} == {"take m05-animal", "take m05-ribbon"}
    act(st, "take 5r")
    assert set(cs(["5r", "5j1"])) <= set(st.captures[0]) and st.layout[5] == [c("5a")]
    st = make(2, hands={0: ["1j1", "2j2"], **OPP}, layout=["5a", "5r", "5j2"], stock=["5j1", "6j1"])
    act(st, "play 1j1")
    assert set(cs(["5a", "5r", "5j2", "5j1"])) <= set(st.captures[0])


def test_R4_7_same_month_flip_rows_chok_ppuk_ttadak() -> None:
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["2j1"], stock=["8j1", "6j1"])
    assert "chok" in kinds(act(st, "play 8b"))
    assert set(cs(["8b", "8j1"])) <= set(st.captures[0])
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["8a"], stock=["8j1", "6j1"])
    assert "ppuk" in kinds(act(st, "play 8b"))
    assert sorted(st.layout[8]) == cs(["8b", "8a", "8j1"]) and st.stack_owner[8] == 0 and st.captures[0] == []
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["8a", "8j2"], stock=["8j1", "6j1"])
    assert "ttadak" in kinds(act(st, "play 8b 8a"))
    assert set(cs(["8b", "8a", "8j1", "8j2"])) <= set(st.captures[0])


def test_R4_7_pair_captured_and_flip_resolved_elsewhere() -> None:
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["8a", "5j2"], stock=["5j1", "6j1"])
    act(st, "play 8b")
    assert set(cs(["8b", "8a", "5j1", "5j2"])) == set(st.captures[0])


def test_R4_8_captures_go_to_the_player_on_turn() -> None:
    st = make(2, hands={0: ["1j1"], 1: ["5a", "10j2"]}, layout=["5j1"], stock=["6j1", "7j1"], turn=1)
    act(st, "play 5a")
    assert set(cs(["5a", "5j1"])) == set(st.captures[1]) and st.captures[0] == []


def test_R4_9_joker_from_hand_is_captured_and_its_replacement_is_played() -> None:
    st = make(2, hands={0: ["joker-3", "1j1"], **OPP}, layout=["8a"], stock=["8j1", "6j1", "7j1"])
    events = act(st, "play joker-3")
    assert "replacement" in kinds(events)
    assert set(cs(["joker-3", "8j1", "8a"])) <= set(st.captures[0])
    assert st.layout[6] == [c("6j1")]  # the normal flip followed


def test_R4_9_joker_replacement_with_two_targets_asks_after_seeing_it() -> None:
    st = make(2, hands={0: ["joker-2", "1j1"], **OPP}, layout=["8a", "8j2"], stock=["8j1", "6j1", "7j1"])
    act(st, "play joker-2")
    assert st.phase == "take_hand"
    act(st, "take 8a")
    assert set(cs(["joker-2", "8j1", "8a"])) <= set(st.captures[0]) and st.layout[8] == [c("8j2")]


def test_R4_9_joker_turned_up_goes_to_the_player_and_the_next_card_is_flipped() -> None:
    st = make(2, hands={0: ["1j1", "2j1"], **OPP}, layout=["5a"], stock=["joker-2", "5j1", "6j1"])
    act(st, "play 1j1")
    assert set(cs(["joker-2", "5a", "5j1"])) <= set(st.captures[0])


def test_R4_10_round_ends_when_hands_and_credits_are_used_and_jokers_left_are_set_aside() -> None:
    st = make(2, hands={0: ["1j1"], 1: ["2j1"]}, layout=["5j1"], stock=["6j1", "7j1", "joker-3"], turn=1, dealer=1)
    act(st, "play 2j1")
    act(st, "play 1j1")
    assert st.finished and st.history[-1]["how"] == "nagari" and st.set_aside == [c("joker-3")]


def test_R4_11_three_ppuks_end_the_round_before_go_stop() -> None:
    st = make(2, hands={0: ["8b", "1j1"], **OPP}, layout=["8a"], stock=["8j1", "6j1"],
              captures={0: ["1b", "3b", "11b", "2a", "4a"]})
    st.ppuks[0] = 2
    st.turns_taken[0] = 3
    events = act(st, "play 8b")
    assert "three_ppuk" in kinds(events) and st.history[-1]["how"] == "three_ppuk"
    assert "go" not in kinds(events) and st.phase == "finished"


def test_R4_4_layout_never_holds_three_singles_of_a_month() -> None:
    from .test_properties import random_game

    for seed in range(40):
        for st in random_game(seed, 2 + seed % 2, steps=True):
            for m in range(1, 13):
                assert len(st.layout[m]) != 3 or st.stack_owner[m] != NO_STACK
