"""§10 variants: every row has an option with the rules file's default; each one works behind its key."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.gostop import INFO, legal_actions, new_game
from bot.games.gostop.engine import settlement
from bot.games.gostop.scoring import Rules, score

from .helpers import act, cs, kinds, make

J10 = ["1j1", "1j2", "2j1", "2j2", "3j1", "3j2", "4j1", "4j2", "5j1", "5j2"]
BRIGHT3 = ["1b", "3b", "8b"]


def _pays(caps_w: list[str], caps_l: list[str], options: dict[str, Any], **fields: Any) -> dict[int, int]:
    st = make(2, captures={0: caps_w, 1: caps_l}, options=options)
    for name, value in fields.items():
        getattr(st, name)[0] = value
    return settlement(st, 0)[0]


def test_every_variant_row_has_an_option_with_its_default() -> None:
    defaults = {name: opt.default for name, opt in INFO.options.items()}
    expected = {
        "jokers": 2, "joker_stays_with_ppuk": False, "cup_single_junk": False,
        "flex_card": "m09", "bomb_flip_three": False, "bomb_korean": False, "shake_must_play": False,
        "shake_nov_dec_x4": False, "first_turn_bonus": False, "weolyak_first_turn": False,
        "weolyak_month": False, "baekhwajeom": False, "boar_pot": 0, "boar_first_turn": False,
        "four_brights_with_rain_3": False, "gwangbak_flat_2": False, "godori_3": False, "four_birds": False,
        "meong_bak": False, "tti_bak": False, "pibak_2p_7": False, "vip": False, "palssari": False,
        "go_linear": False, "missions": False, "gwangpalli_pay_at_end": False, "gwangpalli_redeal_all": False,
        "gwangpalli_rate": 2, "seven_iris_rule": False, "go_add_dropped_at_3": False, "deal_stack_steals": True,
        "nagari_cumulative": True, "gwangpalli": False, "oe_myeon": False, "syodang": False,
        "steal_choice": "auto", "target_2p": 7,
    }
    for name, value in expected.items():
        assert defaults[name] == value, name
    assert "joker_kinds" not in defaults  # V-J1 is not built: not offered (issue #27)


@pytest.mark.parametrize("name, value", [
    ("joker_kinds", "boss"),
])
def test_variants_not_yet_available_are_refused_rather_than_ignored(name: str, value: Any) -> None:
    with pytest.raises(ValueError):
        new_game(2, 1, {name: value})


def test_V_C1_cup_counts_as_one_junk() -> None:
    rules = Rules.from_options({"cup_single_junk": True})
    assert score(cs(J10[:8] + ["9a"]), rules) == 0
    assert score(cs(J10[:9] + ["9a"]), rules) == 1


def test_V_C2_the_may_animal_is_the_flex_card() -> None:
    rules = Rules.from_options({"flex_card": "m05"})
    assert score(cs(J10[:8] + ["5a"]), rules) == 1
    assert score(cs(J10[:8] + ["9a"]), rules) == 0


def test_V_B1_bomb_flips_three_and_gives_no_credits() -> None:
    st = make(2, hands={0: ["7a", "7r", "7j1", "1j1"], 1: ["10r"]}, layout=["7j2"],
              stock=["5j1", "6j1", "9j1", "11j1"], options={"bomb_flip_three": True})
    events = act(st, "bomb 7")
    assert kinds(events).count("flip") == 3 and st.credits[0] == 0 and len(st.stock) == 1


def test_V_B2_korean_bomb_steals_and_doubles() -> None:
    st = make(2, hands={0: ["7a", "7r", "7j1", "1j1"], 1: ["10r"]}, layout=["7j2"], stock=["5j1", "6j1"],
              captures={1: ["2j1"]}, options={"bomb_korean": True})
    events = act(st, "bomb 7")
    assert "steal" in kinds(events) and st.bombs[0] == 1
    assert _pays(BRIGHT3, ["11b"], {"bomb_korean": True}, bombs=1) == {1: 6}


def test_V_H1_shake_must_play_one_of_the_three() -> None:
    st = make(2, hands={0: ["7a", "7r", "7j1", "1j1"], 1: ["10r"]}, layout=["2j1"], stock=["5j1", "6j1"],
              options={"shake_must_play": True})
    act(st, "shake 7")
    assert {a.card for a in legal_actions(st, 0)} == set(cs(["7a", "7r", "7j1"]))


def test_V_H2_shaking_november_or_december_pays_x4() -> None:
    assert _pays(BRIGHT3, ["11b"], {"shake_nov_dec_x4": True}, shaken=[11]) == {1: 12}
    assert _pays(BRIGHT3, ["11b"], {"shake_nov_dec_x4": True}, shaken=[3]) == {1: 6}


def test_V_E1_first_turn_chok_earns_three_chips() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["2j1"], stock=["8j1", "6j1"],
              options={"first_turn_bonus": True})
    act(st, "play 8b")
    assert st.chips == [3, -3]


def test_V_E2_weolyak_first_turn_four_of_a_month_pays_x4() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["8a", "8j2"], stock=["8j1", "6j1"],
              options={"weolyak_first_turn": True})
    assert "weolyak" in kinds(act(st, "play 8b 8a"))
    assert st.weolyak[0]
    assert _pays(BRIGHT3, ["11b"], {"weolyak_first_turn": True}, weolyak=True) == {1: 12}


def test_V_E3_weolyak_month_winner_with_all_four_pays_x4() -> None:
    st = make(2, captures={0: ["1b", "3b", "8b", "8a", "8j1", "8j2"], 1: ["11b"]}, options={"weolyak_month": True})
    st.weolyak_month = 8
    assert settlement(st, 0)[0] == {1: 12}
    assert 1 <= new_game(2, 3, {"weolyak_month": True}).weolyak_month <= 12


def test_V_E4_baekhwajeom_steals_one_junk_but_not_for_the_dealer() -> None:
    st = make(2, hands={0: ["1j1", "5j1"], 1: ["8b", "10j2"]}, layout=["8j1", "9r"], stock=["9j1", "6j1"],
              captures={0: ["3j1"]}, turn=1, options={"baekhwajeom": True})
    st.turns_taken[0] = 1
    assert "baekhwajeom" not in kinds(act(st, "play 8b"))  # bright + junk + ribbon + junk: no animal
    st = make(2, hands={0: ["1j1", "5j1"], 1: ["8b", "10j2"]}, layout=["8a", "9r"], stock=["9j1", "6j1"],
              captures={0: ["3j1"]}, turn=1, options={"baekhwajeom": True})
    st.turns_taken[0] = 1
    assert "baekhwajeom" in kinds(act(st, "play 8b"))
    st = make(2, hands={0: ["8b", "5j1"], 1: ["1j1", "10j2"]}, layout=["8a", "9r"], stock=["9j1", "6j1"],
              captures={1: ["3j1"]}, turn=0, options={"baekhwajeom": True})
    assert "baekhwajeom" not in kinds(act(st, "play 8b"))  # the dealer's first turn of the round


def test_V_S1_four_brights_with_rain_score_three() -> None:
    assert score(cs(["1b", "3b", "8b", "12b"]), Rules.from_options({"four_brights_with_rain_3": True})) == 3


def test_V_S2_gwang_bak_adds_two_instead_of_doubling() -> None:
    assert _pays(BRIGHT3, [], {"gwangbak_flat_2": True}) == {1: 5}


def test_V_S3_godori_scores_three() -> None:
    assert score(cs(["2a", "4a", "8a"]), Rules.from_options({"godori_3": True})) == 3


def test_V_S4_four_birds_yukdori_bidori_godori() -> None:
    rules = Rules.from_options({"four_birds": True})
    assert score(cs(["2a", "4a", "8a", "12a"]), rules) == 6
    assert score(cs(["2a", "4a", "12a"]), rules) == 4
    assert score(cs(["2a", "4a", "8a"]), rules) == 5


def test_V_S5_meong_bak_only_against_an_opponent_without_animals() -> None:
    animals = ["2a", "4a", "8a", "5a", "6a", "7a", "10a"]
    assert _pays(animals, ["11b", "9a"], {"meong_bak": True}) == {1: 8}
    assert _pays(animals, ["11b"], {"meong_bak": True}) == {1: 16}


def test_V_S6_tti_bak() -> None:
    assert _pays(["1r", "2r", "3r"], ["11b"], {"tti_bak": True}) == {1: 6}
    assert _pays(["1r", "2r", "3r"], ["11b", "12r"], {"tti_bak": True}) == {1: 3}


def test_V_S7_two_player_pi_bak_at_seven() -> None:
    loser = ["11b", "6j1", "6j2", "7j1", "7j2", "8j1", "8j2"][:6]
    assert _pays(J10, loser, {"pibak_2p_7": True}) == {1: 2}
    assert _pays(J10, loser, {}) == {1: 1}


def test_V_S8_vip_adds_three_at_settlement() -> None:
    assert _pays(BRIGHT3 + ["9a", "11d", "12d"], ["11b"], {"vip": True}) == {1: 6}


def test_V_S9_palssari_adds_eight() -> None:
    cards = ["4a", "4r", "4j1", "4j2", "7a", "7r", "7j1", "7j2"]
    assert _pays(cards, ["11b"], {"palssari": True}) == {1: 8}  # base 0 + 8


def test_V_P1_linear_go_bonus() -> None:
    assert _pays(BRIGHT3, ["11b"], {"go_linear": True}, gos=1) == {1: 4}
    assert _pays(BRIGHT3, ["11b"], {"go_linear": True}, gos=3) == {1: 9}


def test_A5_option_dealt_stacks_do_not_steal() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["8a", "8j1", "8j2"], stock=["6j1", "7j1"],
              captures={1: ["2j1"]}, options={"deal_stack_steals": False})
    assert "steal" not in kinds(act(st, "play 8b"))


def test_V_J2_joker_stays_with_the_ppuk_its_replacement_made() -> None:
    opts = {"joker_stays_with_ppuk": True}
    st = make(2, hands={0: ["joker-3", "1j1"], 1: ["10r", "10j1"]}, layout=["8a"], stock=["8j1", "8j2", "6j1"],
              options=opts)
    act(st, "play joker-3")
    assert st.stack_jokers[8] == cs(["joker-3"]) and cs(["joker-3"])[0] not in st.captures[0]
    assert st.stack_owner[8] == 0
    act(st, "play 10r")
    st.turn, st.phase = 1, "turn"
    st.hands[1].append(cs(["8b"])[0])
    act(st, "play 8b")
    assert set(cs(["joker-3", "8a", "8j1", "8j2", "8b"])) <= set(st.captures[1])
    # without a ppuk the joker is simply captured
    st = make(2, hands={0: ["joker-3", "1j1"], 1: ["10r"]}, layout=["8a"], stock=["8j1", "6j1"], options=opts)
    act(st, "play joker-3")
    assert cs(["joker-3"])[0] in st.captures[0] and st.stack_jokers[8] == []


def test_R5_8_option_ask_lets_the_victim_choose_the_junk() -> None:
    st = make(3, hands={0: ["8b", "1j1"], 1: ["10r"], 2: ["3r"]}, layout=["2j1"], stock=["8j1", "6j1"],
              captures={1: ["4j1", "11d"], 2: ["5j1"]}, options={"steal_choice": "ask"})
    act(st, "play 8b")  # chok: seat 1 has a choice, seat 2 only one card
    assert st.phase == "give" and st.turn == 1
    assert {str(a) for a in legal_actions(st, 1)} == {"give m04-junk1", "give m11-junk-double"}
    events = act(st, "give 11d")
    assert [e.data["cards"] for e in events if e.kind == "steal"] == [["m11-junk-double"], ["m05-junk1"]]
    assert st.phase == "turn" and st.turn == 1 and set(cs(["11d", "5j1"])) <= set(st.captures[0])


def test_R5_8_option_ask_demand_two_offers_pairs_and_doubles() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["8a", "8j1", "8j2"], stock=["6j1", "7j1"],
              stacks={8: 0}, captures={1: ["2j1", "2j2", "11d"]}, options={"steal_choice": "ask"})
    act(st, "play 8b")
    assert {str(a) for a in legal_actions(st, 1)} == {
        "give m02-junk1 m02-junk2", "give m02-junk1 m11-junk-double", "give m02-junk2 m11-junk-double",
        "give m11-junk-double"}
    act(st, "give m11-junk-double")
    assert cs(["11d"])[0] in st.captures[0] and st.turn == 1


def test_O1_oe_myeon_the_feeder_pays_for_both_losers() -> None:
    opts = {"oe_myeon": True}
    # seat 2 plays 5a unmatched (it stays exposed); seat 0 takes it and wins
    st = make(3, hands={0: ["5r", "6j1"], 1: ["10r", "10j1"], 2: ["5a", "11j1"]}, layout=["3j1"],
              stock=["9j1", "7j1", "12r"], captures={0: ["1b", "3b", "8b"], 1: ["11b"], 2: ["12b"]},
              turn=2, options=opts)
    act(st, "play 5a", seat=2)
    assert st.exposed[2] == cs(["5a"])
    st.turn = 0
    act(st, "play 5r")
    assert st.phase == "go_stop"
    pays, detail = settlement(st, 0)
    assert detail["oe_myeon_seat"] == 2 and pays == {1: 0, 2: 6}
    # exception (A): a junk-only win without a Go
    st.captures[0] = cs(J10 + ["5r", "5a"])
    assert "oe_myeon_seat" not in settlement(st, 0)[1]


def test_O2_syodang_both_accept_is_a_nagari() -> None:
    st = make(3, hands={0: ["1j1", "2j1"], 1: ["10r", "10j1"], 2: ["11j1", "11j2"]}, layout=["3j1"],
              stock=["9j1", "7j1", "12r"], options={"syodang": True, "rounds": 2})
    events = act(st, "offer")
    assert st.phase == "syodang" and st.turn == 1
    assert next(e for e in events if e.kind == "syodang_offer").data["cards"] == ["m01-junk1", "m02-junk1"]
    act(st, "accept")
    assert st.turn == 2
    act(st, "accept")
    assert st.history[-1]["how"] == "nagari" and st.nagari_streak == 1


def test_O2_syodang_rejecter_pays_for_both_if_someone_else_wins_in_the_window() -> None:
    st = make(3, hands={0: ["1j1", "2j1"], 1: ["10r", "10j1"], 2: ["11j1", "11j2"]}, layout=["3j1"],
              stock=["9j1", "7j1", "12r"], captures={0: ["1b", "3b", "8b"]}, options={"syodang": True})
    act(st, "offer")
    act(st, "reject")  # seat 1 rejects, seat 2 accepts automatically
    assert st.phase == "turn" and st.turn == 0 and "offer" not in [str(a) for a in legal_actions(st, 0)]
    pays, detail = settlement(st, 0)
    assert detail["syodang_seat"] == 1 and pays == {1: 12, 2: 0}
    assert "syodang_seat" not in settlement(st, 1)[1]  # the rejecter himself wins: everyone pays normally
    st.turns_taken[1] += 1
    st.turns_taken[2] += 1
    assert "syodang_seat" not in settlement(st, 0)[1]  # the window has lapsed


def test_O2_offerer_who_said_go_is_not_liable_for_go_bak_in_the_window() -> None:
    st = make(3, hands={0: ["1j1", "2j1"], 1: ["10r", "10j1"], 2: ["11j1", "11j2"]}, layout=["3j1"],
              stock=["9j1", "7j1", "12r"], captures={1: ["11b"], 2: ["1b", "3b", "8b"]}, options={"syodang": True})
    st.gos[0] = 1
    act(st, "offer")
    act(st, "accept")
    act(st, "reject")  # seat 2 rejects
    pays, detail = settlement(st, 2)  # the rejecter wins: normal payments, and no go-bak for the offerer
    assert "go_bak_seat" not in detail and pays == {0: 6, 1: 3}
    assert settlement(st, 1)[1].get("syodang_seat") == 2


def test_V_E5_boar_pot_antes_carry_over_until_the_boar_is_caught() -> None:
    from bot.games.gostop.engine import _pre_play

    st = make(2, hands={0: ["7j1", "1j1"], 1: ["10r", "10j1"]}, layout=["7a", "3j1"], stock=["9j1", "6j1", "12r"],
              options={"boar_pot": 2})
    st.pot, st.chips = 6, [0, 0]  # carried over from earlier rounds
    assert _pre_play(st, [])
    assert st.pot == 10 and st.chips == [-2, -2]
    events = act(st, "play 7j1")
    assert "boar_pot" in kinds(events) and st.pot == 0 and st.chips == [8, -2]


def test_V_E5_boar_on_the_first_turn_earns_three_chips() -> None:
    st = make(2, hands={0: ["7j1", "1j1"], 1: ["10r"]}, layout=["7a"], stock=["9j1", "6j1"],
              options={"boar_first_turn": True})
    act(st, "play 7j1")
    assert st.chips == [3, -3]
    st = make(2, hands={0: ["7j1", "1j1"], 1: ["10r"]}, layout=["7a"], stock=["9j1", "6j1"],
              options={"boar_first_turn": True})
    st.turns_taken[0] = 1
    act(st, "play 7j1")
    assert st.chips == [0, 0]


def test_V_M1_missions_multiply_the_payment_when_achieved() -> None:
    from bot.games.gostop.engine import MISSIONS

    st = new_game(2, 4, {"missions": True})
    assert st.mission and 2 <= st.mission[1] <= 9
    st = make(2, captures={0: BRIGHT3, 1: ["11b"]}, options={"missions": True})
    st.mission = [MISSIONS.index("three_brights"), 5]
    assert settlement(st, 0)[0] == {1: 15}
    st.mission = [MISSIONS.index("godori"), 5]
    assert settlement(st, 0)[0] == {1: 3}
