"""§6 combinations, §7 Go/Stop and settlement, §8 go-bak."""

from __future__ import annotations

import pytest

from bot.games.core import IllegalAction
from bot.games.gostop import legal_actions, view
from bot.games.gostop.engine import settlement
from bot.games.gostop.scoring import Rules, score

from .helpers import act, cs, kinds, make

RULES = Rules.from_options({})
J10 = ["1j1", "1j2", "2j1", "2j2", "3j1", "3j2", "4j1", "4j2", "5j1", "5j2"]


@pytest.mark.parametrize("cards, points", [
    (["1b", "3b", "8b", "11b", "12b"], 15),
    (["1b", "3b", "8b", "11b"], 4),
    (["1b", "3b", "8b", "12b"], 4),
    (["1b", "3b", "8b"], 3),
    (["1b", "3b", "12b"], 2),
    (["1b", "3b"], 0),
])
def test_R6_1_brights_only_the_highest_line(cards: list[str], points: int) -> None:
    assert score(cs(cards), RULES) == points


@pytest.mark.parametrize("n, points", [(4, 0), (5, 1), (6, 2), (8, 4)])
def test_R6_2_animals_score_from_five(n: int, points: int) -> None:
    animals = ["5a", "6a", "7a", "10a", "12a", "2a", "9a", "4a"][:n]
    expected = points + (5 if {"2a", "4a", "8a"} <= set(animals) else 0)
    assert score(cs(animals), RULES) == expected


def test_R6_3_godori_adds_five_and_counts_as_animals() -> None:
    assert score(cs(["2a", "4a", "8a"]), RULES) == 5
    assert score(cs(["2a", "4a", "12a"]), RULES) == 0
    assert score(cs(["2a", "4a", "8a", "5a", "6a", "7a"]), RULES) == 7  # the seed's example


@pytest.mark.parametrize("cards, points", [
    (["1r", "2r", "4r", "6r", "12r"], 1),
    (["1r", "2r", "4r", "6r", "12r", "9r"], 2),
    (["1r", "4r", "6r", "12r"], 0),
])
def test_R6_4_ribbons_score_from_five_including_december(cards: list[str], points: int) -> None:
    assert score(cs(cards), RULES) == points


@pytest.mark.parametrize("cards, points", [
    (["1r", "2r", "3r"], 3), (["6r", "9r", "10r"], 3), (["4r", "5r", "7r"], 3), (["4r", "5r", "12r"], 0),
    (["1r", "2r", "3r", "6r", "9r", "10r"], 6 + 2),
])
def test_R6_5_ribbon_sets_three_each(cards: list[str], points: int) -> None:
    assert score(cs(cards), RULES) == points


@pytest.mark.parametrize("cards, points", [
    (J10[:9], 0), (J10, 1), (J10 + ["11d"], 3), (J10[:8] + ["joker-3"], 2), (J10[:8] + ["12d"], 1),
])
def test_R6_6_junk_value_from_ten(cards: list[str], points: int) -> None:
    assert score(cs(cards), RULES) == points


def test_R6_7_the_cup_counts_as_animal_or_double_junk_whichever_is_better() -> None:
    assert score(cs(J10[:8] + ["9a"]), RULES) == 1  # as junk: 10
    assert score(cs(["5a", "6a", "7a", "10a", "9a"]), RULES) == 1  # as animal: 5 animals
    assert score(cs(J10[:8] + ["9a", "5a", "6a", "7a", "10a"]), RULES) == 1  # never both


def test_R6_0_and_R6_8_categories_add_up() -> None:
    cards = ["1b", "3b", "8b", "2a", "4a", "8a", "1r", "2r", "3r"] + J10
    assert score(cs(cards), RULES) == 3 + 5 + 3 + 1


def test_R7_1_target_three_with_three_players_seven_or_five_with_two() -> None:
    assert make(3).target == 3
    assert make(2).target == 7
    assert make(2, options={"target_2p": 5}).target == 5


def _ready(seats: int = 2, caps: list[str] | None = None, **kw: object) -> object:
    """Seat 0 is about to take 1j2 with 1j1 and reach a score; opponents hold cards."""
    hands = {0: ["1j1", "6j1", "6j2"], 1: ["10r", "10j1"], 2: ["11j1", "11j2"]}
    return make(seats, hands={s: hands[s] for s in range(seats)}, layout=["1j2"],
                stock=["3j1", "4j1", "5j1", "7j1"], captures={0: caps or []}, **kw)  # type: ignore[arg-type]


def test_R7_3_reaching_the_target_forces_go_or_stop() -> None:
    st = _ready(3, ["8b", "11b", "1b"])
    act(st, "play 1j1")
    assert st.phase == "go_stop" and {str(a) for a in legal_actions(st, 0)} == {"go", "stop"}
    with pytest.raises(IllegalAction) as err:
        act(st, "play 6j1")
    assert err.value.key == "gostop.must_go_or_stop"


def test_R7_4_after_go_only_a_strictly_higher_score_asks_again() -> None:
    st = _ready(3, ["8b", "11b", "1b"])
    act(st, "play 1j1")
    act(st, "go")
    assert st.gos[0] == 1 and st.last_go[0] == 3 and st.turn == 1
    # same score again: no decision
    st = make(3, hands={0: ["1j1", "6j1"], 1: ["10r"], 2: ["11j1"]}, layout=["1j2"], stock=["3j1", "4j1"],
              captures={0: ["8b", "11b", "1b"]})
    st.gos[0], st.last_go[0] = 1, 3
    act(st, "play 1j1")
    assert st.phase == "turn" and st.turn == 1
    # a score that fell and came back to the Go score does not qualify either; higher does
    st = make(3, hands={0: ["5a", "6j1"], 1: ["10r"], 2: ["11j1"]}, layout=["5j1"], stock=["3j1", "4j1"],
              captures={0: ["8b", "11b", "1b", "2a", "6a", "7a", "10a"]})
    st.gos[0], st.last_go[0] = 1, 3
    act(st, "play 5a")
    assert st.phase == "go_stop" and st.score(0) == 4


def test_R7_5_stop_ends_the_round_and_the_stopper_is_paid() -> None:
    st = _ready(3, ["8b", "11b", "1b"], options={"rounds": 2})
    act(st, "play 1j1")
    events = act(st, "stop")
    assert "stop" in kinds(events) and "hand_end" in kinds(events) and "hand_start" in kinds(events)
    assert st.chips == [12, -6, -6]  # 3 points, gwang-bak ×2 on both (no bright)


def test_R7_6_a_player_with_no_further_turn_stops_automatically() -> None:
    st = make(2, hands={0: ["1j1"], 1: ["10r", "10j1"]}, layout=["1j2"], stock=["3j1", "4j1"],
              captures={0: ["8b", "11b", "1b", "2a", "4a", "8a"]})
    events = act(st, "play 1j1")
    assert "auto_stop" in kinds(events) and st.finished


def test_R7_7_and_R7_8_nagari_streak_grows_and_resets() -> None:
    st = make(2, hands={0: ["1j1"], 1: ["2j1"]}, layout=["5j1"], stock=["6j1", "7j1"], turn=1, dealer=1,
              options={"rounds": 3})
    act(st, "play 2j1")
    events = act(st, "play 1j1")
    assert "nagari" in kinds(events) and st.nagari_streak == 1 and st.chips == [0, 0]


def _pays(caps_w: list[str], caps_l: list[str], gos: int = 0, shakes: int = 0, streak: int = 0,
          seats: int = 2, options: dict | None = None) -> dict[int, int]:
    st = make(seats, captures={0: caps_w, 1: caps_l, **({2: caps_l} if seats == 3 else {})}, options=options)
    st.gos[0] = gos
    st.shaken[0] = list(range(1, shakes + 1))
    st.nagari_streak = streak
    pays, _ = settlement(st, 0)
    return pays


BRIGHT3 = ["1b", "3b", "8b"]


def test_R7_9_go_add_and_go_mult_table() -> None:
    for g, expected in [(0, 3), (1, 4), (2, 5), (3, 10), (4, 20), (5, 40)]:
        assert _pays(BRIGHT3, ["11b"], gos=g) == {1: expected}


def test_R7_9a_each_shake_doubles() -> None:
    assert _pays(BRIGHT3, ["11b"], shakes=1) == {1: 6}
    assert _pays(BRIGHT3, ["11b"], shakes=2) == {1: 12}


def test_R7_9b_gwang_bak_doubles_for_an_opponent_without_bright() -> None:
    assert _pays(BRIGHT3, ["2j1"]) == {1: 6}
    assert _pays(["1b", "3b", "12b"], []) == {1: 4}  # rain set counts (A11)
    assert _pays(["2a", "4a", "8a"], []) == {1: 5}  # no bright points, no gwang-bak


def test_R7_9c_meong_dda_doubles_with_seven_animals() -> None:
    animals = ["2a", "4a", "8a", "5a", "6a", "7a", "10a"]
    assert _pays(animals, ["11b"]) == {1: (3 + 5) * 2}


def test_R7_9d_pi_bak_doubles_for_a_loser_under_five_junk() -> None:
    assert _pays(J10, ["11b", "6j1", "6j2", "7j1", "7j2", "8j1"]) == {1: 1}
    assert _pays(J10, ["11b", "6j1", "6j2", "7j1", "7j2"]) == {1: 2}
    assert _pays(J10, ["11b", "6j1", "6j2", "7j1", "9a"]) == {1: 1}  # the loser's cup counts as junk
    assert _pays(J10, ["11b", "12d", "joker-3"]) == {1: 1}  # special junk at face value


def test_R7_9e_nagari_factor_is_cumulative() -> None:
    assert _pays(BRIGHT3, ["11b"], streak=1) == {1: 6}
    assert _pays(BRIGHT3, ["11b"], streak=2) == {1: 12}
    assert _pays(BRIGHT3, ["11b"], streak=2, options={"nagari_cumulative": False}) == {1: 6}


def test_R7_10_seed_worked_example_is_56() -> None:
    caps = ["5a", "6a", "7a", "10a", "12a", "2a", "4a"] + J10 + ["6j1"]
    assert _pays(caps, ["11b", "7j1", "7j2", "8j1", "8j2"][:5], gos=3) == {1: 56}


def test_A1_literal_reading_drops_the_go_chips_at_three_gos() -> None:
    caps = ["5a", "6a", "7a", "10a", "12a", "2a", "4a"] + J10 + ["6j1"]
    assert _pays(caps, ["11b", "7j1", "7j2", "8j1", "8j2"], gos=3, options={"go_add_dropped_at_3": True}) == {1: 40}


def test_R7_12_the_cup_role_maximises_the_total_received() -> None:
    # as junk the winner has 10 junk (1 point + pi-bak), as animal 5 animals (1 point)
    caps = J10[:8] + ["9a", "5a", "6a", "7a", "10a"]
    assert _pays(caps, ["11b"]) == {1: 2}


def test_R7_13_and_R8_1_go_bak_the_loser_who_said_go_pays_both() -> None:
    st = make(3, captures={0: BRIGHT3, 1: ["11b"], 2: []})
    st.gos[2] = 1
    pays, detail = settlement(st, 0)
    assert pays == {1: 0, 2: 3 + 6} and detail["go_bak_seat"] == 2
    st.gos[1] = 1
    st.go_seq[1], st.go_seq[2] = 5, 3
    pays, _ = settlement(st, 0)
    assert pays == {1: 9, 2: 0}  # the most recent go-caller pays (A15)


def test_R7_11_instant_wins_ignore_other_multipliers() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["8a"], stock=["8j1", "6j1"])
    st.ppuks[0], st.turns_taken[0] = 2, 2
    st.shaken[0] = [3]
    st.gos[0] = 3
    act(st, "play 8b")
    assert st.chips == [5, -5]


def test_R7_14_every_payment_is_in_the_ledger() -> None:
    st = _ready(3, ["8b", "11b", "1b"], options={"rounds": 2})
    act(st, "play 1j1")
    act(st, "stop")
    assert st.ledger == [[1, 0, 3, "settlement"], [2, 0, 3, "settlement"]] or all(
        row[3] == "settlement" for row in st.ledger)
    assert sum(row[2] for row in st.ledger if row[1] == 0) == st.chips[0]


def test_stop_prompt_shows_what_each_opponent_would_pay() -> None:
    st = _ready(3, ["8b", "11b", "1b"])
    act(st, "play 1j1")
    assert view(st, 0).stop_pays == ((1, 6), (2, 6))


def test_R6_8_score_parts_split_the_score_by_category_in_every_view() -> None:
    st = make(2, hands={0: ["9r"], 1: ["10j1"]}, layout=["9j1"], stock=["11j1", "12d"],
              captures={0: ["1b", "3b", "12b", "2a", "4a", "8a", "5a", "1r", "2r", "3r", "9a", "11d", "1j1"]})
    st.gos[0], st.last_go[0], st.shaken[0] = 3, 5, [6]
    st.nagari_streak = 1
    for seat in (None, 0, 1):
        v = view(st, seat)
        parts = v.score_parts[0]
        assert v.to_dict()["score_parts"][0] == parts
        assert parts["score"] == v.players[0].score == sum(
            parts[k] for k in ("brights", "animals", "godori", "ribbons", "hong_dan", "cheong_dan", "cho_dan", "junk"))
        assert (parts["brights"], parts["godori"], parts["hong_dan"], parts["cheong_dan"]) == (2, 5, 3, 0)
        assert (parts["bright_count"], parts["bird_count"], parts["ribbon_count"]) == (3, 3, 3)
        # the cup scores more as an animal here (5 animals -> 1 point) than as junk (3 -> 0)
        assert (parts["animals"], parts["animal_count"], parts["cup_as_junk"], parts["junk_value"]) == (1, 5, 0, 3)
        assert (parts["go_bonus"], parts["go_mult"], parts["shake_mult"], parts["nagari_mult"]) == (2, 2, 2, 2)
        assert parts["multiplier"] == 8 and parts["meong_dda"] == 1
        assert v.score_parts[1]["score"] == 0 and v.score_parts[1]["multiplier"] == 2  # the nagari doubling only


def test_R6_7_score_parts_count_the_cup_as_junk_when_that_scores_more() -> None:
    st = make(2, captures={1: ["9a", "11d", "12d", "1j1", "1j2", "2j1", "2j2", "3j1"]})
    parts = view(st, None).score_parts[1]
    assert (parts["cup_as_junk"], parts["junk_value"], parts["junk"], parts["score"]) == (1, 11, 2, 2)
