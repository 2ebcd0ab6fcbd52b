"""§2 seats and dealer, §3 the deal and the pre-play checks."""

from __future__ import annotations

import pytest

from bot.games.core import Event, rng_for
from bot.games.gostop import legal_actions, new_game
from bot.games.gostop.cards import MONTH
from bot.games.gostop.engine import DEAL_STACK, _pre_play

from .helpers import act, c, cs, kinds, make


def test_R2_1_two_and_three_players_play_without_options_more_need_gwangpalli() -> None:
    assert len(new_game(2, 1).active) == 2
    assert len(new_game(3, 1).active) == 3
    with pytest.raises(ValueError):
        new_game(4, 1)
    assert len(new_game(4, 1, {"gwangpalli": True}).hands) == 4


def test_R2_2_play_goes_to_the_next_seat_after_the_dealer() -> None:
    st = new_game(3, 11, {"jokers": 0})
    d = st.dealer
    assert st.active == [d, (d + 1) % 3, (d + 2) % 3]
    assert st.turn == d


def test_R2_3_first_dealer_by_seeded_lot() -> None:
    dealers = {new_game(3, seed).dealer for seed in range(30)}
    assert dealers == {0, 1, 2}
    assert new_game(3, 7).dealer == new_game(3, 7).dealer


def test_R2_4_winner_deals_next_and_nagari_keeps_the_dealer() -> None:
    st = make(2, hands={0: ["5j1", "6j1"], 1: ["1b", "3j2"]}, layout=["1j1", "3j1"],
              stock=["10j1", "11j1", "10j2", "11j2"], captures={1: ["8b", "11b", "2a", "4a", "8a"]},
              options={"rounds": 2})
    act(st, "play 5j1")
    act(st, "play 1b")  # three brights + godori = 8 >= 7
    assert st.phase == "go_stop" and st.turn == 1
    act(st, "stop")
    assert st.history[-1]["winner_seat"] == 1 and st.dealer == 1 and st.turn == 1
    st = make(2, hands={0: ["1j1"], 1: ["2j1"]}, layout=["5j1"], stock=["6j1", "7j1"], turn=1, dealer=1,
              options={"rounds": 2})
    act(st, "play 2j1")
    act(st, "play 1j1")
    assert st.history[-1]["how"] == "nagari" and st.dealer == 1


def test_R3_1_and_R3_3_two_player_deal_sequence() -> None:
    seed = 42
    st = new_game(2, seed, {"jokers": 0})
    deck = list(range(48))
    rng_for(seed, "deal", 1).shuffle(deck)
    d, n = st.active
    assert st.hands[n] == deck[0:5] + deck[14:19]
    assert st.hands[d] == deck[5:10] + deck[19:24]
    assert sorted(x for g in st.layout for x in g) == sorted(deck[10:14] + deck[24:28])
    assert st.stock[-1] == deck[28] and len(st.stock) == 20


def test_R3_2_and_R3_3_three_player_deal_sequence() -> None:
    seed = 43
    st = new_game(3, seed, {"jokers": 0})
    deck = list(range(48))
    rng_for(seed, "deal", 1).shuffle(deck)
    d, r, left = st.active
    assert st.hands[r] == deck[0:4] + deck[15:18]
    assert st.hands[left] == deck[4:8] + deck[18:21]
    assert st.hands[d] == deck[8:12] + deck[21:24]
    assert sorted(x for g in st.layout for x in g) == sorted(deck[12:15] + deck[24:27])
    assert st.stock[-1] == deck[27]


@pytest.mark.parametrize("seats, hand, layout, stock", [(2, 10, 8, 22), (3, 7, 6, 23)])
def test_R3_4_sizes(seats: int, hand: int, layout: int, stock: int) -> None:
    for seed in range(20):
        st = new_game(seats, seed, {"jokers": 2})
        if st.deal_no != 1 or st.phase != "turn":
            continue
        jokers_moved = len(st.captures[st.dealer])
        assert all(len(st.hands[s]) == hand for s in st.active)
        assert sum(map(len, st.layout)) == layout
        assert len(st.stock) == stock - jokers_moved


def test_R3_5_step1_jokers_in_layout_go_to_the_dealer_and_are_replaced() -> None:
    st = make(2, hands={0: ["1j1"], 1: ["2j1"]}, layout=["joker-2", "3j1"], stock=["joker-3", "4j1", "5j1"])
    st.layout[0] = cs(["joker-2"])
    events: list[Event] = []
    assert _pre_play(st, events)
    assert sorted(st.captures[0]) == cs(["joker-2", "joker-3"])
    assert c("4j1") in st.layout[4] and st.layout[0] == []
    assert "jokers_to_dealer" in kinds(events)


def test_R3_5_step2_four_of_a_month_in_layout_is_a_void_deal_not_a_nagari() -> None:
    st = make(2, hands={0: ["1j1"], 1: ["2j1"]}, layout=["8b", "8a", "8j1", "8j2"])
    events: list[Event] = []
    assert not _pre_play(st, events)
    assert "void_deal" in kinds(events) and st.nagari_streak == 0
    # new_game redeals void deals itself: no dealt layout ever holds four of a month
    for seed in range(200):
        st = new_game(2, seed)
        assert all(len(g) < 4 for g in st.layout[1:])


def test_R3_5_step4_three_in_layout_form_a_dealt_stack() -> None:
    st = make(2, hands={0: ["1j1"], 1: ["2j1"]}, layout=["8b", "8a", "8j1"])
    st.stack_owner[8] = -2
    assert _pre_play(st, [])
    assert st.stack_owner[8] == DEAL_STACK


def test_R3_5_step5_triple_in_hand_has_no_automatic_effect_but_may_be_shaken() -> None:
    st = make(2, hands={0: ["7a", "7r", "7j1", "1j1"], 1: ["2j1"]}, layout=["3j1"], stock=["4j1"])
    assert _pre_play(st, [])
    assert "shake 7" in [str(a) for a in legal_actions(st, 0)]


def test_R3_6_chongtong_wins_at_once_five_chips_times_nagari() -> None:
    st = make(2, hands={0: ["1j1"], 1: ["8b", "8a", "8j1", "8j2"]}, layout=["3j1"], stock=["4j1"])
    st.nagari_streak = 1
    events: list[Event] = []
    assert _pre_play(st, events)
    assert "chongtong" in kinds(events)
    assert st.chips == [-10, 10] and st.finished
    assert st.history[-1]["how"] == "chongtong"


def test_R3_6_two_holders_each_collect_from_the_third() -> None:
    st = make(3, hands={0: ["1j1"], 1: ["8b", "8a", "8j1", "8j2"], 2: ["9a", "9r", "9j1", "9j2"]},
              layout=["3j1"], stock=["4j1"], options={"rounds": 2})
    assert _pre_play(st, [])
    assert st.chips == [-10, 5, 5]
    assert st.dealer == 1  # the first holder in turn order deals next (A18)


def test_R3_6_every_player_a_holder_cancels_the_round() -> None:
    st = make(2, hands={0: ["1b", "1r", "1j1", "1j2"], 1: ["8b", "8a", "8j1", "8j2"]}, layout=["3j1"])
    events: list[Event] = []
    assert not _pre_play(st, events)
    assert st.chips == [0, 0] and st.nagari_streak == 0 and "chongtong_cancelled" in kinds(events)


def test_R3_6_chongtong_reveal_shows_the_four_cards() -> None:
    st = make(2, hands={0: ["1j1"], 1: ["8b", "8a", "8j1", "8j2"]}, layout=["3j1"], stock=["4j1"])
    events: list[Event] = []
    _pre_play(st, events)
    shown = next(e for e in events if e.kind == "chongtong")
    assert sorted(shown.data["cards"]) == ["m08-animal", "m08-bright", "m08-junk1", "m08-junk2"]
    assert MONTH[c(shown.data["cards"][0])] == 8
