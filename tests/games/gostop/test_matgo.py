"""§10A.2 the ``matgo`` preset: every rule R10A.M1–M14 and each value of each new key, the worked examples
of §10A.2.5 with their exact chip amounts, and random play with the preset on.

The expected figures are worked out from the rules file, not read from the engine: a test names the rule
it pins and fails if that rule were played another way.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from bot.games.core import IllegalAction
from bot.games.gostop import INFO, Action, State, apply, legal_actions, new_game, to_act, view
from bot.games.gostop.engine import _pre_play, settlement

from .helpers import act, cs, ids, kinds, make

MATGO = {"preset": "matgo"}

#: §10A.2.1 and §10A.2.2, copied from the rules file: what ``preset = "matgo"`` sets
RULES_FILE_TABLE: dict[str, Any] = {
    "jokers": 2, "target_2p": 7, "nagari_cumulative": True, "bomb_flip_three": False, "bomb_korean": True,
    "shake_must_play": True, "shake_nov_dec_x4": False, "joker_stays_with_ppuk": True, "cup_single_junk": False,
    "flex_card": "m09", "first_turn_bonus": False, "weolyak_first_turn": False, "weolyak_month": False,
    "baekhwajeom": False, "boar_first_turn": False, "four_brights_with_rain_3": False, "gwangbak_flat_2": False,
    "godori_3": False, "four_birds": False, "meong_bak": False, "tti_bak": False, "pibak_2p_7": False, "vip": False,
    "palssari": False, "go_linear": False, "missions": False, "deal_stack_steals": True, "steal_choice": "auto",
    "go_scoring": "plus_n", "gobak_2p": True, "pibak_threshold": 8, "pibak_zero_exempt": True,
    "ppuk_pay": "streak_7_14_21", "samppuk_pay": 7, "first_ttadak_pay": 7, "chongtong_pay": 10,
    "chongtong_both": "dealer_wins", "layout_four": "dealer_wins", "last_card_exception": "own_last_card",
    "shake_needs_empty_month": True, "grenade": "steal_only", "joker_hand_play": "redraw_replay",
    "joker_steal": True, "jappuk_steal": "sequential", "bonus_chongtong": "always",
}
#: §10A.2.2: the new keys and their defaults (the seed's rules)
NEW_KEY_DEFAULTS: dict[str, Any] = {
    "go_scoring": "seed", "gobak_2p": False, "pibak_threshold": 5, "pibak_zero_exempt": False, "ppuk_pay": "seed",
    "samppuk_pay": 5, "first_ttadak_pay": 0, "chongtong_pay": 5, "chongtong_both": "cancel", "layout_four": "void",
    "last_card_exception": "round_final", "shake_needs_empty_month": False, "grenade": "off",
    "joker_hand_play": "auto_replace", "joker_steal": False, "jappuk_steal": "cheapest", "bonus_chongtong": "never",
}


def ledger(st: State, reason: str) -> list[list[Any]]:
    return [entry for entry in st.ledger if entry[3] == reason]


# ------------------------------------------------------------------ R10A.1 the preset itself


def test_R10A_1_the_preset_sets_every_key_of_its_table() -> None:
    st = new_game(2, 1, MATGO)
    assert {k: st.options[k] for k in RULES_FILE_TABLE} == RULES_FILE_TABLE
    assert st.preset_overrides == [] and view(st, None).preset == "matgo" and view(st, None).preset_modified == ()


def test_R10A_1_without_a_preset_every_new_key_keeps_the_seed_default() -> None:
    assert INFO.options["preset"].default == "none"
    assert {k: INFO.options[k].default for k in NEW_KEY_DEFAULTS} == NEW_KEY_DEFAULTS
    plain, named = new_game(2, 5), new_game(2, 5, {"preset": "none"})
    assert plain.options == named.options and plain == named and view(plain, None).preset == "none"


def test_R10A_1_a_key_the_host_sets_overrides_the_preset_and_is_named() -> None:
    st = new_game(2, 1, {**MATGO, "gobak_2p": False, "samppuk_pay": 10})
    assert st.options["gobak_2p"] is False and st.options["samppuk_pay"] == 10
    assert st.options["go_scoring"] == "plus_n"  # the rest of the table still applies
    assert view(st, None).preset_modified == ("gobak_2p", "samppuk_pay")
    same = new_game(2, 1, {**MATGO, "gobak_2p": True})  # the preset's own value changes nothing
    assert view(same, None).preset_modified == ()


@pytest.mark.parametrize("seats", [3, 4])
def test_R10A_1_matgo_is_refused_with_another_number_of_players(seats: int) -> None:
    with pytest.raises(ValueError):
        new_game(seats, 1, {**MATGO, "gwangpalli": True})


def test_R10A_1_gostop3_is_not_offered() -> None:
    assert "gostop3" not in (INFO.options["preset"].choices or ())
    with pytest.raises(ValueError):
        new_game(3, 1, {"preset": "gostop3"})


def test_R10A_1_the_preset_round_trips_through_json() -> None:
    st = new_game(2, 3, {**MATGO, "grenade": "off"})
    back = State.from_dict(json.loads(json.dumps(st.to_dict())))
    assert back == st and back.preset_overrides == ["grenade"] and back.options["grenade"] == "off"


# ------------------------------------------------------------------ settlement (R10A.M1–M3, §10A.2.4)

BRIGHT3 = ["1b", "3b", "8b"]  # 3 points


def _pays(caps_w: list[str], caps_l: list[str], options: dict[str, Any], gos: int = 0, loser_gos: int = 0,
          shaken: tuple[int, ...] = (), streak: int = 0) -> int:
    st = make(2, captures={0: caps_w, 1: caps_l}, options=options)
    st.gos[0], st.gos[1] = gos, loser_gos
    st.shaken[0] = list(shaken)
    st.nagari_streak = streak
    return settlement(st, 0)[0][1]


@pytest.mark.parametrize(("g", "seed", "plus_n"), [
    (1, (3 + 1), (3 + 1)), (2, (3 + 2), (3 + 2)), (3, (3 + 2) * 2, (3 + 3) * 2), (4, (3 + 2) * 4, (3 + 4) * 4),
    (5, (3 + 2) * 8, (3 + 5) * 8), (6, (3 + 2) * 16, (3 + 6) * 16),
])
def test_R10A_M1_every_go_adds_a_point_and_the_third_doubles(g: int, seed: int, plus_n: int) -> None:
    assert _pays(BRIGHT3, ["11b"], {"go_scoring": "seed"}, gos=g) == seed
    assert _pays(BRIGHT3, ["11b"], {"go_scoring": "plus_n"}, gos=g) == plus_n


def test_R10A_M1_the_next_go_is_shown_as_the_rule_gives_it() -> None:
    st = make(2, hands={0: ["1j1", "5j1"], 1: ["10r", "10j1"]}, layout=["1j2"], stock=["3j1", "4j1", "6j1"],
              captures={0: BRIGHT3 + ["11b"]}, options={"go_scoring": "plus_n"})
    st.gos[0], st.last_go[0] = 2, 3
    act(st, "play 1j1")
    assert st.phase == "go_stop" and view(st, None).next_go == (3, 2)


@pytest.mark.parametrize(("on", "loser_gos", "expected"), [
    (False, 0, 3), (False, 1, 3), (True, 0, 3), (True, 1, 6), (True, 2, 6),
])
def test_R10A_M2_a_loser_who_called_go_pays_double(on: bool, loser_gos: int, expected: int) -> None:
    assert _pays(BRIGHT3, ["11b"], {"gobak_2p": on}, loser_gos=loser_gos) == expected


def test_R10A_M2_go_bak_also_follows_the_automatic_stop() -> None:
    """R7.6 stops a player on his last card; Q4: the loser who called Go still pays go-bak."""
    for on, expected in ((False, 15 * 2), (True, 15 * 2 * 2)):  # 5 brights; the loser has none (gwang-bak)
        st = make(2, hands={0: ["12d"], 1: ["9j1"]}, layout=["12b"], stock=["5j1", "6j1"],
                  captures={0: ["1b", "3b", "8b", "11b"], 1: ["2j1"]}, options={"gobak_2p": on})
        st.gos[1] = 1
        events = act(st, "play 12d")
        assert "auto_stop" in kinds(events)
        assert ledger(st, "settlement") == [[1, 0, expected, "settlement"]]


def test_R10A_M2_three_players_keep_R8_1() -> None:
    st = make(3, captures={0: BRIGHT3, 1: ["11b"], 2: ["12b"]}, options={"gobak_2p": True})
    st.gos[1] = 1
    pays, detail = settlement(st, 0)
    assert pays == {1: 6, 2: 0} and detail["go_bak_seat"] == 1  # pays for both, not ×2 on his own


J10 = ["1j1", "1j2", "2j1", "2j2", "3j1", "3j2", "4j1", "4j2", "5j1", "5j2"]  # winner's junk value 10: 1 point


@pytest.mark.parametrize(("threshold", "loser_junk", "pi_bak"), [
    (5, 4, True), (5, 5, False), (8, 7, True), (8, 8, False), (6, 5, True), (6, 6, False),
])
def test_R10A_M3_pi_bak_below_the_threshold(threshold: int, loser_junk: int, pi_bak: bool) -> None:
    loser = ["6j1", "6j2", "7j1", "7j2", "8j1", "8j2", "9j1", "9j2", "10j1", "10j2"][:loser_junk] + ["11b"]
    assert _pays(J10, loser, {"pibak_threshold": threshold}) == (2 if pi_bak else 1)


@pytest.mark.parametrize(("exempt", "loser", "expected"), [
    (False, ["11b"], 2), (True, ["11b"], 1), (True, ["11b", "12d"], 2), (False, ["11b", "12d"], 2),
])
def test_R10A_M3_a_loser_with_no_junk_at_all_is_exempt(exempt: bool, loser: list[str], expected: int) -> None:
    assert _pays(J10, loser, {"pibak_threshold": 8, "pibak_zero_exempt": exempt}) == expected


# ------------------------------------------------------------------ §10A.2.5 the worked example

A_CAPTURES = (["1b", "3b", "8b", "2a", "4a", "6a", "7a", "10a", "1r", "5r"]
              + ["1j1", "1j2", "2j1", "2j2", "3j1", "3j2", "4j1", "4j2", "5j1", "5j2", "6j1"] + ["11d", "joker-2"])
B_CAPTURES = ["7j1", "7j2", "8j1", "8j2", "12d"]  # no bright, junk value 6


def _example(options: dict[str, Any], b_captures: list[str] = B_CAPTURES, **kw: Any) -> int:
    return _pays(A_CAPTURES, b_captures, options, gos=3, shaken=(6,), **kw)


def test_worked_example_scores_ten() -> None:
    st = make(2, captures={0: A_CAPTURES, 1: B_CAPTURES}, options=MATGO)
    assert st.score(0) == 10


def test_worked_example_matgo_208() -> None:
    """(10 + 3) × 2 (3rd Go) × 2 (shake) × 2 (pi-bak, 6 ≤ 7) × 2 (gwang-bak)."""
    assert _example(MATGO) == 208


def test_worked_example_seed_defaults_96_and_192_with_V_S7() -> None:
    assert _example({}) == 96  # (10 + 2) × 2 × 2 × 2, no pi-bak: 6 is not < 5
    assert _example({"pibak_2p_7": True}) == 192


def test_worked_example_variation_go_bak_416() -> None:
    assert _example(MATGO, loser_gos=1) == 416


def test_worked_example_variation_zero_junk_104() -> None:
    assert _example(MATGO, b_captures=[]) == 104


def test_worked_example_variation_after_one_nagari_416() -> None:
    assert _example(MATGO, streak=1) == 416


def test_worked_example_variation_first_turn_ppuk_7_and_the_208_unchanged() -> None:
    st = make(2, hands={0: ["9j1", "10j1", "11j1"], 1: ["12r", "4a"]}, layout=["9a"], stock=["9r", "2j1"],
              options=MATGO)
    act(st, "play 9j1")
    assert ledger(st, "first_ppuk") == [[1, 0, 7, "first_ppuk"]] and st.chips == [7, -7]
    st.captures = [cs(A_CAPTURES), cs(B_CAPTURES)]
    st.gos[0], st.shaken[0] = 3, [6]
    assert settlement(st, 0)[0] == {1: 208}


# ------------------------------------------------------------------ R10A.M4 / M5 ppuk payments


def _three_ppuks(options: dict[str, Any], skip_second: bool = False, streak: int = 0) -> State:
    """A (dealer, seat 0) makes a ppuk on his turns 1, 2 and 3 (or not on turn 2 when ``skip_second``)."""
    second = "12r" if skip_second else "2j1"
    st = make(2, hands={0: ["1j1", second, "3j1", "9j1"], 1: ["10j1", "11j1", "5a"]},
              layout=["1b", "2a", "3b"], stock=["1r", "5j1", "2r", "6j1", "3r", "7j1", "8j1"], options=options)
    st.nagari_streak = streak
    act(st, "play 1j1")
    act(st, "play 10j1")
    act(st, f"play {second}")
    act(st, "play 11j1")
    act(st, "play 3j1")
    return st


def test_R10A_M4_M5_three_ppuks_in_a_row_pay_7_14_21_and_the_win_7_for_49() -> None:
    st = _three_ppuks(MATGO)
    assert [e[2:] for e in st.ledger] == [[7, "first_ppuk"], [14, "ppuk_streak"], [21, "ppuk_streak"],
                                          [7, "three_ppuk"]]
    assert st.chips == [49, -49] and st.history[-1]["how"] == "three_ppuk"


def test_R10A_M4_M5_after_one_nagari_only_the_win_is_doubled_56() -> None:
    st = _three_ppuks(MATGO, streak=1)
    assert [e[2] for e in st.ledger] == [7, 14, 21, 14] and st.chips == [56, -56]


def test_R10A_M4_a_ppuk_that_does_not_continue_the_streak_pays_nothing() -> None:
    st = _three_ppuks({"ppuk_pay": "streak_7_14_21"}, skip_second=True)
    assert [e[2:] for e in st.ledger] == [[7, "first_ppuk"]]
    assert st.ppuk_turns[0] == [1, 3] and view(st, None).players[0].ppuk_turns == (1, 3)


@pytest.mark.parametrize(("rule", "expected"), [
    ("seed", [[3, "first_turn_ppuk"]]), ("streak_7_14_21", [[7, "first_ppuk"], [14, "ppuk_streak"]]), ("off", []),
])
def test_R10A_M4_each_value_of_ppuk_pay(rule: str, expected: list[list[Any]]) -> None:
    st = _three_ppuks({"ppuk_pay": rule, "samppuk_pay": 5})
    side = [e[2:] for e in st.ledger if e[3] != "three_ppuk"]
    assert side[:2] == expected[:2] if rule == "streak_7_14_21" else side == expected


@pytest.mark.parametrize("amount", [5, 7, 10])
def test_R10A_M5_each_value_of_samppuk_pay(amount: int) -> None:
    st = _three_ppuks({"ppuk_pay": "off", "samppuk_pay": amount})
    assert ledger(st, "three_ppuk") == [[1, 0, amount, "three_ppuk"]]


# ------------------------------------------------------------------ R10A.M6 first ttadak


@pytest.mark.parametrize("amount", [0, 7])
def test_R10A_M6_first_turn_ttadak_pays_on_top_of_its_steal(amount: int) -> None:
    st = make(2, hands={0: ["1j1", "9j1", "10j1"], 1: ["12r", "4a"]}, layout=["1b", "1r", "5a"], stock=["1j2", "2j1"],
              captures={1: ["7j1", "7j2"]}, options={"first_ttadak_pay": amount})
    events = act(st, "play 1j1 1b")
    assert "ttadak" in kinds(events) and "steal" in kinds(events)  # the normal 1-junk steal (R5.4)
    assert ledger(st, "first_ttadak") == ([[1, 0, 7, "first_ttadak"]] if amount else [])


def test_R10A_M6_a_later_ttadak_pays_nothing() -> None:
    st = make(2, hands={0: ["1j1", "9j1", "10j1"], 1: ["12r", "4a"]}, layout=["1b", "1r", "5a"], stock=["1j2", "2j1"],
              captures={1: ["7j1", "7j2"]}, options=MATGO)
    st.turns_taken[0] = 1
    act(st, "play 1j1 1b")
    assert ledger(st, "first_ttadak") == []


# ------------------------------------------------------------------ R10A.M7 / M8 chongtong


def _deal(hands: dict[int, list[str]], layout: list[str], options: dict[str, Any], streak: int = 0,
          ) -> tuple[State, list[Any], bool]:
    st = make(2, hands=hands, layout=layout, stock=["2j1", "2j2", "3j1", "3j2"], options=options)
    st.nagari_streak = streak
    events: list[Any] = []
    stands = _pre_play(st, events)
    return st, events, stands


AUG4 = ["8b", "8a", "8j1", "8j2"]


@pytest.mark.parametrize(("options", "streak", "expected"), [
    ({}, 0, 5), ({"chongtong_pay": 7}, 0, 7), ({"chongtong_pay": 10}, 0, 10), (MATGO, 0, 10), (MATGO, 1, 20),
])
def test_R10A_M7_a_dealt_chongtong_wins_its_amount_times_nagari(options: dict[str, Any], streak: int,
                                                                 expected: int) -> None:
    st, events, _ = _deal({0: ["1j1", "4j1", "5j1"], 1: AUG4 + ["6j1"]}, ["9j1", "10j1"], options, streak)
    assert "chongtong" in kinds(events) and st.chips == [-expected, expected]
    assert st.history[-1]["winner_seat"] == 1


@pytest.mark.parametrize(("rule", "chips", "how"), [
    ("cancel", [0, 0], None), ("dealer_wins", [10, -10], "chongtong"), ("nagari", [0, 0], "nagari"),
])
def test_R10A_M7_both_players_holding_a_chongtong(rule: str, chips: list[int], how: str | None) -> None:
    st, events, stands = _deal({0: ["1b", "1r", "1j1", "1j2"], 1: AUG4}, ["9j1", "10j1"],
                               {"chongtong_both": rule, "chongtong_pay": 10})
    assert st.chips == chips
    if how is None:  # R3.6: cancelled and dealt again, no nagari
        assert not stands and "chongtong_cancelled" in kinds(events) and st.history == []
    else:
        assert stands and st.history[-1]["how"] == how
        assert st.history[-1]["winner_seat"] == (0 if rule == "dealer_wins" else None)
        assert st.nagari_streak == (1 if rule == "nagari" else 0)


@pytest.mark.parametrize(("rule", "streak", "chips"), [
    ("void", 0, [0, 0]), ("dealer_wins", 0, [10, -10]), ("dealer_wins", 1, [20, -20]), ("nagari", 0, [0, 0]),
])
def test_R10A_M8_four_of_a_month_in_the_layout(rule: str, streak: int, chips: list[int]) -> None:
    st, events, stands = _deal({0: ["1j1", "4j1"], 1: ["5j1", "6j1"]}, AUG4, {"layout_four": rule}, streak)
    assert st.chips == chips
    if rule == "void":
        assert not stands and "void_deal" in kinds(events)
    elif rule == "nagari":
        assert st.history[-1]["how"] == "nagari" and st.nagari_streak == streak + 1
    else:
        assert st.history[-1]["how"] == "layout_four" and ledger(st, "layout_four")[0][:2] == [1, 0]


def test_R10A_M8_the_layout_rule_comes_before_a_chongtong_in_hand() -> None:
    st, events, _ = _deal({0: ["1j1"], 1: ["9a", "9r", "9j1", "9j2"]}, AUG4, MATGO)
    assert "chongtong" not in kinds(events) and st.chips == [10, -10]


# ------------------------------------------------------------------ R10A.M9 the last card


@pytest.mark.parametrize("rule", ["round_final", "own_last_card"])
def test_R10A_M9_no_ppuk_on_your_own_last_card(rule: str) -> None:
    st = make(2, hands={0: ["1j1"], 1: ["9j1", "10j1"]}, layout=["1b"], stock=["1r", "2j1"],
              options={"last_card_exception": rule, "ppuk_pay": "streak_7_14_21"})
    events = act(st, "play 1j1")
    if rule == "own_last_card":
        assert "ppuk" not in kinds(events) and sorted(ids(st.captures[0])) == ["m01-bright", "m01-junk1", "m01-ribbon"]
        assert st.ppuks[0] == 0 and st.layout[1] == [] and st.ledger == []
    else:
        assert "ppuk" in kinds(events) and st.ppuks[0] == 1 and len(st.layout[1]) == 3
        assert ledger(st, "first_ppuk") == [[1, 0, 7, "first_ppuk"]]


@pytest.mark.parametrize(("rule", "stolen"), [("round_final", True), ("own_last_card", False)])
def test_R10A_M9_a_chok_on_your_last_card_steals_nothing(rule: str, stolen: bool) -> None:
    st = make(2, hands={0: ["1j1"], 1: ["9j1", "10j1"]}, layout=["5a"], stock=["1r", "2j1"],
              captures={1: ["7j1"]}, options={"last_card_exception": rule})
    events = act(st, "play 1j1")
    assert "chok" in kinds(events) and ("steal" in kinds(events)) == stolen


@pytest.mark.parametrize(("rule", "stolen"), [("round_final", True), ("own_last_card", False)])
def test_R10A_M9_a_stack_taken_with_your_last_card_steals_nothing(rule: str, stolen: bool) -> None:
    st = make(2, hands={0: ["1j2"], 1: ["9j1", "10j1"]}, layout=["1b", "1r", "1j1", "5a"], stock=["6j1", "2j1"],
              captures={1: ["7j1"]}, stacks={1: 1}, options={"last_card_exception": rule})
    events = act(st, "play 1j2")
    assert "ppuk_capture" in kinds(events) and len(st.captures[0]) - (1 if stolen else 0) == 4
    assert ("steal" in kinds(events)) == stolen


def test_R10A_M9_a_card_that_is_not_your_last_makes_its_ppuk() -> None:
    st = make(2, hands={0: ["1j1", "9j2"], 1: ["9j1", "10j1"]}, layout=["1b"], stock=["1r", "2j1"], options=MATGO)
    assert "ppuk" in kinds(act(st, "play 1j1"))


# ------------------------------------------------------------------ R10A.M10 shaking


@pytest.mark.parametrize(("on", "layout", "shake"), [
    (False, ["6j2"], True), (True, ["6j2"], False), (True, ["5a"], True), (False, ["5a"], True),
])
def test_R10A_M10_shake_only_for_a_month_the_layout_does_not_hold(on: bool, layout: list[str], shake: bool) -> None:
    st = make(2, hands={0: ["6a", "6r", "6j1", "1j1"], 1: ["9j1"]}, layout=layout, stock=["2j1", "3j1"],
              options={"shake_needs_empty_month": on})
    assert (Action("shake", month=6) in legal_actions(st, 0)) == shake
    if "6j2" in layout:
        assert Action("bomb", month=6) in legal_actions(st, 0)  # the triple can still bomb
    if not shake:
        with pytest.raises(IllegalAction) as err:
            act(st, "shake 6")
        assert err.value.key == "gostop.shake_needs_empty_month"


# ------------------------------------------------------------------ R10A.M11 the grenade


def _grenade(rule: str) -> tuple[State, list[Any]]:
    st = make(2, hands={0: ["6a", "6r", "1j1", "9j1"], 1: ["12r", "4a"]}, layout=["6j1", "6j2", "5a"],
              stock=["2j1", "3j1"], captures={1: ["7j1", "7j2"]}, options={"grenade": rule})
    if rule == "off":
        return st, []
    return st, act(st, "grenade 6")


def test_R10A_M11_no_grenade_when_off() -> None:
    st, _ = _grenade("off")
    assert not any(a.kind == "grenade" for a in legal_actions(st, 0))
    with pytest.raises(IllegalAction):
        act(st, "grenade 6")


@pytest.mark.parametrize("rule", ["steal_only", "as_shake"])
def test_R10A_M11_two_cards_take_the_two_in_the_layout(rule: str) -> None:
    st, events = _grenade(rule)
    assert {"m06-animal", "m06-ribbon", "m06-junk1", "m06-junk2"} <= set(ids(st.captures[0]))
    assert kinds(events).count("steal") == 1 and st.credits[0] == 1 and st.hands[0] == cs(["1j1", "9j1"])
    assert st.bombs[0] == (1 if rule == "as_shake" else 0)
    st.captures = [cs(BRIGHT3), cs(["11b"])]
    assert settlement(st, 0)[0] == {1: 3 * (2 if rule == "as_shake" else 1)}  # steal_only: no multiplier


def test_R10A_M11_no_grenade_on_a_stack_or_a_single() -> None:
    st = make(2, hands={0: ["6a", "6r", "1j1"], 1: ["12r"]}, layout=["6j1", "5a"], stock=["2j1", "3j1"],
              options={"grenade": "steal_only"})
    assert not any(a.kind == "grenade" for a in legal_actions(st, 0))


# ------------------------------------------------------------------ R10A.M12 bonus card from the hand


def test_R10A_M12_auto_replace_plays_the_stock_card_for_the_joker() -> None:
    st = make(2, hands={0: ["joker-2", "1j1"], 1: ["9j1", "10j1"]}, layout=["5a"], stock=["5j1", "2j1", "3j1"],
              options={"joker_hand_play": "auto_replace"})
    events = act(st, "play joker-2")
    assert "replacement" in kinds(events) and st.turn == 1 and "m05-junk1" in ids(st.captures[0])


def test_R10A_M12_redraw_replay_takes_a_stock_card_into_the_hand_and_plays_again() -> None:
    st = make(2, hands={0: ["joker-2", "1j1"], 1: ["9j1", "10j1"]}, layout=["5a"], stock=["5j1", "2j1", "3j1"],
              options={"joker_hand_play": "redraw_replay"})
    events = act(st, "play joker-2")
    assert "flip" not in kinds(events) and st.turn == 0 and st.phase == "turn"
    assert sorted(ids(st.hands[0])) == ["m01-junk1", "m05-junk1"] and "joker-2" in ids(st.captures[0])
    assert view(st, 0).replay and Action("flip") not in legal_actions(st, 0)
    private = [e for e in events if e.kind == "joker_redraw_card"]
    assert private[0].visible_to == frozenset({0}) and private[0].data["card"] == "m05-junk1"
    events = act(st, "play 1j1")  # any hand card, not the one drawn
    assert "flip" in kinds(events) and st.turn == 1 and ids(st.hands[0]) == ["m05-junk1"]


@pytest.mark.parametrize(("rule", "turns_taken", "offered"), [
    ("never", 0, False), ("first_turn", 0, True), ("first_turn", 1, False), ("always", 1, True),
])
def test_R10A_M12_a_quad_completed_by_the_draw_may_be_declared(rule: str, turns_taken: int, offered: bool) -> None:
    st = make(2, hands={0: ["joker-2", "8b", "8a", "8j1", "1j1"], 1: ["9j1", "10j1"]}, layout=["5a"],
              stock=["8j2", "2j1", "3j1"],
              options={"joker_hand_play": "redraw_replay", "bonus_chongtong": rule, "chongtong_pay": 10})
    st.turns_taken[0] = turns_taken
    act(st, "play joker-2")
    assert (Action("chongtong", month=8) in legal_actions(st, 0)) == offered
    if offered:
        act(st, "chongtong 8")
        assert st.chips == [10, -10] and st.history[-1]["how"] == "chongtong"


def test_R10A_M12_continuing_instead_of_the_chongtong_plays_on() -> None:
    st = make(2, hands={0: ["joker-2", "8b", "8a", "8j1", "1j1"], 1: ["9j1", "10j1"]}, layout=["5a"],
              stock=["8j2", "2j1", "3j1"], options=MATGO)
    act(st, "play joker-2")
    act(st, "play 1j1")
    assert st.turn == 1 and st.chips == [0, 0] and not st.history


# ------------------------------------------------------------------ R10A.M13 bonus-card steal


@pytest.mark.parametrize("on", [False, True])
@pytest.mark.parametrize("play", ["auto_replace", "redraw_replay"])
def test_R10A_M13_a_joker_played_from_the_hand_steals(on: bool, play: str) -> None:
    st = make(2, hands={0: ["joker-2", "1j1"], 1: ["9j1", "10j1"]}, layout=["5a"], stock=["6j1", "2j1", "3j1"],
              captures={1: ["7j1", "7j2"]}, options={"joker_steal": on, "joker_hand_play": play})
    events = act(st, "play joker-2")
    if play == "redraw_replay":
        events += act(st, "play 1j1")
    steals = [e for e in events if e.kind == "steal"]
    assert [e.data["reason"] for e in steals] == (["joker_steal"] if on else [])


@pytest.mark.parametrize("on", [False, True])
def test_R10A_M13_a_joker_turned_up_steals(on: bool) -> None:
    st = make(2, hands={0: ["1j1", "4j1"], 1: ["9j1", "10j1"]}, layout=["5a"], stock=["joker-3", "6j1", "2j1"],
              captures={1: ["7j1", "7j2"]}, options={"joker_steal": on})
    events = act(st, "play 1j1")
    assert "joker-3" in ids(st.captures[0]) and kinds(events).count("steal") == (1 if on else 0)


def test_R10A_M13_a_joker_taken_off_a_stack_steals() -> None:
    st = make(2, hands={0: ["1j2", "4j1"], 1: ["9j1", "10j1"]}, layout=["1b", "1r", "1j1"], stock=["6j1", "2j1"],
              captures={1: ["7j1", "7j2", "8j1"]}, stacks={1: 1}, options={"joker_steal": True})
    st.stack_jokers[1] = cs(["joker-2"])
    events = act(st, "play 1j2")
    reasons = sorted(e.data["reason"] for e in events if e.kind == "steal")
    assert reasons == ["joker_steal", "ppuk_capture"] and "joker-2" in ids(st.captures[0])


def test_R10A_M13_a_joker_got_by_stealing_steals_nothing() -> None:
    st = make(2, hands={0: ["1j1", "4j1"], 1: ["9j1", "10j1"]}, layout=["5a"], stock=["1r", "2j1"],
              captures={1: ["joker-2", "joker-3"]}, options={"joker_steal": True})
    events = act(st, "play 1j1")  # a chok: one junk, the cheaper joker
    assert kinds(events).count("steal") == 1 and ids(st.captures[1]) == ["joker-3"]


def test_R10A_M13_V_J2_a_joker_turned_up_stays_with_the_ppuk_the_next_flip_makes() -> None:
    st = make(2, hands={0: ["1j1", "4j1"], 1: ["9j1", "10j1"]}, layout=["1b"], stock=["joker-3", "1r", "2j1"],
              options=MATGO)
    act(st, "play 1j1")
    assert ids(st.stack_jokers[1]) == ["joker-3"] and "joker-3" not in ids(st.captures[0])


# ------------------------------------------------------------------ R10A.M14 ja-ppuk steal


@pytest.mark.parametrize(("rule", "victim", "given"), [
    ("cheapest", ["7j1", "11d"], ["m11-junk-double"]),
    ("sequential", ["7j1", "11d"], ["m07-junk1", "m11-junk-double"]),
    ("sequential", ["11d", "12d"], ["m11-junk-double"]),
    ("sequential", ["7j1", "7j2", "11d"], ["m07-junk1", "m07-junk2"]),
    ("cheapest", ["7j1", "7j2", "11d"], ["m07-junk1", "m07-junk2"]),
])
def test_R10A_M14_ja_ppuk_steal(rule: str, victim: list[str], given: list[str]) -> None:
    st = make(2, hands={0: ["1j2", "4j1"], 1: ["9j1", "10j1"]}, layout=["1b", "1r", "1j1"], stock=["6j1", "2j1"],
              captures={1: victim}, stacks={1: 0}, options={"jappuk_steal": rule})
    events = act(st, "play 1j2")
    steal = [e for e in events if e.kind == "steal"]
    assert "ja_ppuk" in kinds(events) and sorted(c for e in steal for c in e.data["cards"]) == given


# ------------------------------------------------------------------ random play with the preset on

SIDE = {"first_ppuk": (7,), "ppuk_streak": (14, 21), "first_ttadak": (7,)}


def _play_matgo(seed: int, rounds: int) -> tuple[State, list[Any]]:
    st, events = new_game_with(seed, rounds)
    rng = random.Random(seed)
    while not st.finished:
        (seat,) = to_act(st)
        events += apply(st, seat, rng.choice(legal_actions(st, seat)))
    return st, events


def new_game_with(seed: int, rounds: int) -> tuple[State, list[Any]]:
    from bot.games.gostop import new_game_with_events

    st, events = new_game_with_events(2, seed, {**MATGO, "rounds": rounds})
    return st, list(events)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=hs.integers(0, 10**6), rounds=hs.integers(1, 4))
def test_matgo_chips_are_conserved_and_every_payment_is_a_ledger_entry(seed: int, rounds: int) -> None:
    st, events = _play_matgo(seed, rounds)
    assert sum(st.chips) == 0
    paid = [[e.data["from_seat"], e.seat, e.data["amount"], e.data["reason"]] for e in events if e.kind == "payment"]
    assert paid == st.ledger  # one ledger entry per payment, in order
    net = [0, 0]
    for payer, payee, amount, reason in st.ledger:
        assert amount > 0 and payer != payee
        net[payer] -= amount
        net[payee] += amount
        if reason in SIDE:  # never multiplied, whatever the nagari streak
            assert amount in SIDE[reason]
    assert net == st.chips
    for e in events:
        if e.kind == "stop":  # the settlement paid is the one the Stop explained
            per = e.data["detail"]["per_loser"]
            assert all(v["amount"] in {x[2] for x in st.ledger if x[3] == "settlement"} for v in per.values())


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=hs.integers(0, 10**6))
def test_matgo_states_round_trip_and_cards_are_never_lost(seed: int) -> None:
    st, _ = new_game_with(seed, 1)
    rng = random.Random(seed)
    while not st.finished:
        (seat,) = to_act(st)
        apply(st, seat, rng.choice(legal_actions(st, seat)))
        assert State.from_dict(json.loads(json.dumps(st.to_dict()))) == st
        view(st, None)


# ------------------------------------------------------------------ computer players under the preset


@pytest.mark.parametrize("level", ["random", "easy", "hard"])
def test_every_level_plays_matgo_legally(level: str) -> None:
    from bot.games.gostop import choose_action

    seen: set[str] = set()
    for seed in (1, 2, 3):
        st = new_game(2, seed, {**MATGO, "rounds": 1})
        rng = random.Random(seed)
        while not st.finished:
            (seat,) = to_act(st)
            legal = legal_actions(st, seat)
            action = choose_action(view(st, seat), legal, level, rng, 0.005)
            assert action in legal
            seen.add(action.kind)
            apply(st, seat, action)
    assert "play" in seen


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_computers_declare_a_chongtong_a_bonus_draw_completes(level: str) -> None:
    from bot.games.gostop import choose_action

    st = make(2, hands={0: ["joker-2", "8b", "8a", "8j1", "1j1"], 1: ["9j1", "10j1"]}, layout=["5a"],
              stock=["8j2", "2j1", "3j1"], options=MATGO)
    act(st, "play joker-2")
    assert choose_action(view(st, 0), legal_actions(st, 0), level, random.Random(1), 0.05) == \
        Action("chongtong", month=8)


def test_easy_throws_the_grenade() -> None:
    from bot.games.gostop import choose_action

    st, _ = _grenade("off")
    st.options["grenade"] = "steal_only"
    assert choose_action(view(st, 0), legal_actions(st, 0), "easy", random.Random(1)) == Action("grenade", month=6)


@pytest.mark.parametrize(("gobak", "expected"), [(False, "go"), (True, "stop")])
def test_easy_goes_less_when_a_lost_go_pays_double(gobak: bool, expected: str) -> None:
    from bot.games.gostop import choose_action

    st = make(2, hands={0: ["12d", "5j1", "6j1", "9j1"], 1: ["10j1", "10j2", "11j1"]}, layout=["12b"],
              stock=["7j1", "2j1"], captures={0: ["1b", "3b", "8b", "11b"]}, options={"gobak_2p": gobak})
    act(st, "play 12d")
    assert st.phase == "go_stop"
    assert choose_action(view(st, 0), legal_actions(st, 0), "easy", random.Random(1)).kind == expected


def test_a_game_saved_before_the_preset_existed_resumes_with_the_seed_rules() -> None:
    st = new_game(2, 8, {"rounds": 2})
    rng = random.Random(8)
    for _ in range(6):
        (seat,) = to_act(st)
        apply(st, seat, rng.choice(legal_actions(st, seat)))
    old = st.to_dict()
    del old["ppuk_turns"], old["preset_overrides"]
    for name in [*NEW_KEY_DEFAULTS, "preset"]:
        del old["options"][name]
    back = State.from_dict(json.loads(json.dumps(old)))
    assert back == st  # every new key at its seed default, the new fields empty
    while not back.finished:
        (seat,) = to_act(back)
        apply(back, seat, rng.choice(legal_actions(back, seat)))
