"""§5 special events and junk stealing."""

from __future__ import annotations

import pytest

from bot.games.gostop.engine import _cheapest

from .helpers import act, c, cs, ids, kinds, make

OPP_JUNK = ["10j1", "10j2", "11d", "joker-3"]


def _steals(events: list) -> list[tuple[int, list[str], str]]:
    return [(e.data["from_seat"], e.data["cards"], e.data["reason"]) for e in events if e.kind == "steal"]


def test_R5_1_creating_a_ppuk_steals_nothing() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r", "3r"]}, layout=["8a"], stock=["8j1", "6j1"],
              captures={1: ["2j1"]})
    st.turns_taken[0] = 1
    events = act(st, "play 8b")
    assert "ppuk" in kinds(events) and _steals(events) == [] and st.ppuks[0] == 1


def test_R5_2_capturing_a_stack_steals_one_junk_from_each_opponent() -> None:
    st = make(3, hands={0: ["8b", "1j1"], 1: ["10r"], 2: ["3r"]}, layout=["8a", "8j1", "8j2"],
              stock=["6j1", "7j1"], stacks={8: 1}, captures={1: ["2j1", "2j2"], 2: ["4j1"]})
    events = act(st, "play 8b")
    assert _steals(events) == [(1, ["m02-junk1"], "ppuk_capture"), (2, ["m04-junk1"], "ppuk_capture")]


def test_R5_2_and_A5_a_dealt_stack_counts_too() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["8a", "8j1", "8j2"], stock=["6j1", "7j1"],
              captures={1: ["2j1"]})
    assert st.stack_owner[8] == -1
    assert _steals(act(st, "play 8b")) == [(1, ["m02-junk1"], "ppuk_capture")]


def test_R5_3_ja_ppuk_takes_two_junk_or_one_worth_two() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["8a", "8j1", "8j2"], stock=["6j1", "7j1"],
              stacks={8: 0}, captures={1: ["2j1", "2j2", "11d"]})
    events = act(st, "play 8b")
    assert "ja_ppuk" in kinds(events)
    assert _steals(events) == [(1, ["m02-junk1", "m02-junk2"], "ja_ppuk")]


def test_R5_3_ja_ppuk_by_the_flip() -> None:
    st = make(2, hands={0: ["1j1", "2j1"], 1: ["10r"]}, layout=["8a", "8j1", "8j2"], stock=["8b", "7j1"],
              stacks={8: 0}, captures={1: ["3j1", "11d"]})
    events = act(st, "play 1j1")
    assert _steals(events) == [(1, ["m11-junk-double"], "ja_ppuk")]


def test_R5_4_ttadak_steals_one() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["8a", "8j2"], stock=["8j1", "6j1"],
              captures={1: ["2j1"]})
    events = act(st, "play 8b 8a")
    assert "ttadak" in kinds(events) and _steals(events) == [(1, ["m02-junk1"], "ttadak")]


def test_R5_5_chok_steals_one() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["2j1"], stock=["8j1", "6j1"],
              captures={1: ["3j1"]})
    assert _steals(act(st, "play 8b")) == [(1, ["m03-junk1"], "chok")]


def test_R5_6_sseul_when_the_layout_is_cleared() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["8a", "5j2"], stock=["5j1", "6j1"],
              captures={1: ["3j1"]})
    events = act(st, "play 8b")
    assert "sseul" in kinds(events) and _steals(events) == [(1, ["m03-junk1"], "sseul")]


def test_R5_6_two_cards_of_one_month_cleared_is_only_a_ttadak() -> None:
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["8a", "8j2"], stock=["8j1", "6j1"],
              captures={1: ["3j1", "3j2"]})
    events = act(st, "play 8b 8a")
    assert "sseul" not in kinds(events) and len(_steals(events)) == 1


def test_R5_6_flip_only_turn_that_takes_the_last_card_is_a_sseul() -> None:
    st = make(2, hands={0: ["1j1"], 1: ["10r"]}, layout=["5j2"], stock=["5j1", "6j1"], captures={1: ["3j1"]})
    st.credits[0] = 1
    assert "sseul" in kinds(act(st, "flip"))


def test_R5_7_events_are_cumulative() -> None:
    st = make(2, hands={0: ["1j1", "2j2"], 1: ["10r"]}, layout=["8a", "8j1", "8j2"], stock=["8b", "7j1"],
              stacks={8: 1}, captures={1: ["3j1", "3j2", "4j1"]})
    events = act(st, "play 1j1")  # 1j1 alone stays... layout not cleared
    assert len(_steals(events)) == 1
    st = make(2, hands={0: ["1j1", "2j2"], 1: ["10r"]}, layout=["8a", "8j1", "8j2", "1j2"], stock=["8b", "7j1"],
              stacks={8: 1}, captures={1: ["3j1", "3j2", "4j1"]})
    events = act(st, "play 1j1")  # takes 1j2, flip takes the stack: layout cleared
    assert [s[2] for s in _steals(events)] == ["ppuk_capture", "sseul"]


@pytest.mark.parametrize("holding, demand, given", [
    (["2j1", "11d", "joker-2"], 1, ["2j1"]),
    (["11d", "joker-2"], 1, ["11d"]),  # ties: month cards before jokers
    (["12d", "11d"], 1, ["11d"]),  # then the lowest month
    (["joker-3", "m09-animal"], 1, ["joker-3"]),  # the cup is never handed over (A6)
    (["m09-animal", "8b"], 1, []),
    (["2j1", "3j1", "11d"], 2, ["2j1", "3j1"]),  # equal totals: more single junk
    (["2j1", "11d"], 2, ["11d"]),
    (["2j1"], 2, ["2j1"]),
    (["joker-3", "joker-2"], 2, ["joker-2"]),
    (["joker-3", "2j2"], 2, ["joker-3"]),
])
def test_R5_8_the_victim_gives_the_cheapest_eligible_junk(holding: list[str], demand: int,
                                                          given: list[str]) -> None:
    assert ids(_cheapest(cs(holding), demand)) == [ids(cs([g]))[0] for g in given]


def test_R5_8_opponent_without_junk_gives_nothing_and_steals_go_in_turn_order() -> None:
    st = make(3, hands={0: ["8b", "1j1"], 1: ["10r"], 2: ["3r"]}, layout=["2j1"], stock=["8j1", "6j1"],
              captures={1: ["8a"], 2: ["4j1"]})
    assert _steals(act(st, "play 8b")) == [(2, ["m04-junk1"], "chok")]
    assert c("m04-junk1") in st.captures[0]


def test_R5_9_last_turn_chok_ttadak_sseul_trigger_nothing_but_stacks_do() -> None:
    st = make(2, hands={0: ["8b"], 1: []}, layout=["2j1"], stock=["8j1"], captures={1: ["3j1"]}, turn=0)
    events = act(st, "play 8b")
    assert "chok" in kinds(events) and _steals(events) == []
    st = make(2, hands={0: ["8b"], 1: []}, layout=["8a", "8j1", "8j2"], stock=["6j1"], captures={1: ["3j1"]})
    assert [s[2] for s in _steals(act(st, "play 8b"))] == ["ppuk_capture"]


def test_R5_10_ppuk_on_your_first_turn_earns_three_chips_from_each_opponent() -> None:
    st = make(3, hands={0: ["8b", "1j1"], 1: ["10r"], 2: ["3r"]}, layout=["8a"], stock=["8j1", "6j1"],
              options={"rounds": 3})
    st.nagari_streak = 2  # not multiplied (A9)
    events = act(st, "play 8b")
    assert "first_turn_ppuk" in kinds(events) and st.chips == [6, -3, -3]
    st = make(2, hands={0: ["8b", "1j1"], 1: ["10r"]}, layout=["8a"], stock=["8j1", "6j1"])
    st.turns_taken[0] = 1
    assert "first_turn_ppuk" not in kinds(act(st, "play 8b")) and st.chips == [0, 0]


def test_R5_11_third_ppuk_wins_five_times_nagari() -> None:
    st = make(3, hands={0: ["8b", "1j1"], 1: ["10r"], 2: ["3r"]}, layout=["8a"], stock=["8j1", "6j1"])
    st.ppuks[0] = 2
    st.turns_taken[0] = 2
    st.nagari_streak = 1
    act(st, "play 8b")
    assert st.chips == [20, -10, -10] and st.history[-1]["how"] == "three_ppuk"


def test_R5_12_bomb_shake_and_normal_captures_steal_nothing() -> None:
    st = make(2, hands={0: ["7a", "7r", "7j1", "1j1", "5r"], 1: ["10r"]}, layout=["7j2", "5j1", "3j1"],
              stock=["6j1", "4j1", "9j1"], captures={1: ["2j1"]})
    assert _steals(act(st, "bomb 7")) == []
    st = make(2, hands={0: ["7a", "7r", "7j1", "1j1"], 1: ["10r"]}, layout=["1j2", "3j1"], stock=["6j1", "4j1"],
              captures={1: ["2j1"]})
    assert _steals(act(st, "shake 7")) == [] and _steals(act(st, "play 1j1")) == []
