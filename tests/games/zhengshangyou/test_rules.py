"""§1-§4 and §6-§11: modes, seats, deal, play of a hand, scoring, exchange, match end."""

from __future__ import annotations

import pytest

from bot.games.core import Card, IllegalAction, full_deck
from bot.games.zhengshangyou import (
    INFO,
    Pass,
    Play,
    Return,
    State,
    TakeReturn,
    TakeTribute,
    Tribute,
    apply,
    legal_actions,
    new_game,
    parse_action,
    result,
    to_act,
    view,
)
from bot.games.zhengshangyou.scoring import hand_points

from .helpers import cards, table


def play(state: State, seat: int, text: str) -> list[str]:
    return [e.kind for e in apply(state, seat, parse_action(text))]


def refused(state: State, seat: int, text: str) -> str:
    before = state.to_dict()
    with pytest.raises(IllegalAction) as err:
        apply(state, seat, parse_action(text))
    assert state.to_dict() == before
    return err.value.key


def finish_hand(state: State, order: list[int]) -> None:
    """Make the current hand end with finishing order ``order`` by giving each a single card."""
    n = state.seats
    ranks = [3 + i for i in range(n)]
    state.phase = "play"
    state.top_seat, state.top_cards, state.top_combo, state.trick, state.passed = None, (), None, [], []
    state.ex_pending, state.ex_tributes, state.ex_returns = [], [], []
    for place, seat in enumerate(order):
        state.hands[seat] = [Card(ranks[place], "S")]
    hand = state.hand_no
    for seat in order[:-1]:
        state.turn = seat
        state.top_seat, state.top_cards, state.top_combo, state.trick, state.passed = None, (), None, [], []
        apply(state, seat, Play((state.hands[seat][0],)))
    assert state.hand_no == hand + 1 or state.finished


# ---- §1 / §2 modes, seats, teams


def test_R1_2_default_mode_by_player_count_and_host_may_pick_individual() -> None:
    assert new_game(4, 1).mode == "team4" and new_game(6, 1).mode == "team6"
    assert new_game(5, 1).mode == "individual" and new_game(7, 1).mode == "individual"
    assert new_game(4, 1, {"mode": "individual"}).mode == "individual"
    with pytest.raises(ValueError):
        new_game(5, 1, {"mode": "team4"})
    with pytest.raises(ValueError):
        new_game(4, 1, {"mode": "team6"})


def test_R2_1_four_to_eight_players() -> None:
    for n in (4, 8):
        new_game(n, 1)
    for n in (3, 9):
        with pytest.raises(ValueError):
            new_game(n, 1)
    assert (INFO.min_seats, INFO.max_seats) == (4, 8)


def test_R2_4_teams_alternate_by_seat_parity() -> None:
    assert INFO.team_of is not None
    assert INFO.team_of(6, {"mode": "auto"}) == [0, 1, 0, 1, 0, 1]
    assert INFO.team_of(4, {"mode": "auto"}) == [0, 1, 0, 1]
    assert INFO.team_of(4, {"mode": "individual"}) is None and INFO.team_of(5, {}) is None


def test_R2_2_R6_2_turn_moves_to_next_active_seat_skipping_those_out() -> None:
    s = table(["3s", "4s 9h", "5s 9d", "6s 9c"], turn=0)
    play(s, 0, "3s")
    assert s.turn == 1 and s.out == [0]
    play(s, 1, "4s")
    play(s, 2, "5s")
    play(s, 3, "6s")
    assert s.turn == 1  # seat 0 is out and skipped


def test_R2_5_R22_public_view_shows_counts_not_hands() -> None:
    s = new_game(5, 3)
    pub = view(s, None)
    assert pub.hand == () and sum(pub.counts) == 54
    mine = view(s, 2)
    assert mine.hand == tuple(s.hands[2])
    text = str(view(s, 1).to_dict())
    assert all(str(c) not in text.split("'hand'")[1].split("]")[0] for c in s.hands[2])


# ---- §3 / §4 deck and deal


@pytest.mark.parametrize("n,sizes", [(4, [14, 14, 13, 13]), (5, [11, 11, 11, 11, 10]), (6, [9] * 6),
                                     (7, [8, 8, 8, 8, 8, 7, 7]), (8, [7, 7, 7, 7, 7, 7, 6, 6])])
def test_R3_1_R4_2_all_54_cards_dealt_from_the_dealer(n: int, sizes: list[int]) -> None:
    s = new_game(n, 11, {"mode": "individual"})
    assert sorted(c for h in s.hands for c in h) == sorted(full_deck())
    assert s.dealer is not None
    assert [len(s.hands[(s.dealer + i) % n]) for i in range(n)] == sizes


def test_R4_1_R4_5_random_first_dealer_leads_hand_one_without_exchange() -> None:
    dealers = {new_game(5, seed).dealer for seed in range(40)}
    assert dealers == set(range(5))
    s = new_game(5, 7)
    assert s.phase == "play" and s.turn == s.dealer == s.leader and to_act(s) == {s.dealer}


def test_R4_5_R4_6_hand_two_dealt_by_third_with_exchange_first() -> None:
    s = new_game(5, 2, {"target_score": 99})
    finish_hand(s, [4, 3, 0, 1, 2])
    assert s.hand_no == 2 and s.dealer == 0 and s.leader == 0
    assert s.phase in ("tribute", "take_tribute")
    with pytest.raises(IllegalAction):
        apply(s, 0, Play((s.hands[0][0],)))


# ---- §6 play of a hand


def test_R6_1_A8_leader_must_play() -> None:
    s = table(["3s", "4s", "5s", "6s"])
    assert refused(s, 0, "pass") == "zhengshangyou.must_lead"
    assert Pass() not in legal_actions(s, 0)


def test_R6_3_R5_1_2_follow_same_size_type_and_higher() -> None:
    s = table(["7s 7h 3c", "8s 8h 9c 4d", "5s 6s 7d 9s", "3s 4s Kd Kh"])
    play(s, 0, "7s 7h")
    assert refused(s, 1, "9c") == "zhengshangyou.wrong_size"
    assert refused(s, 1, "8s 9c") == "zhengshangyou.not_a_combination"
    play(s, 1, "8s 8h")
    assert refused(s, 2, "5s 6s 7d") == "zhengshangyou.wrong_size"
    assert refused(s, 3, "Kd Kh") == "zhengshangyou.not_your_turn"


def test_R6_3_wrong_type_and_wrong_shape_are_refused_with_reasons() -> None:
    s = table(["3s 4h 5d 9c", "7s 7h 7d 8c", "5s", "6s"])
    play(s, 0, "3s 4h 5d")
    assert refused(s, 1, "7s 7h 7d") == "zhengshangyou.wrong_type"
    s = table(["3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d Kc", "7s 7h 7d 7c 8s 8c 8d 8h 9s 9h 9d 9c Kd", "5c", "6c"])
    play(s, 0, "3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d")
    assert refused(s, 1, "7s 7h 7d 7c 8s 8c 8d 8h 9s 9h 9d 9c") == "zhengshangyou.wrong_shape"


def test_R6_4_R6_5_pass_any_time_and_play_again_later() -> None:
    s = table(["3s 9s", "4s 10s", "5s Js", "6s Qs"])
    play(s, 0, "3s")
    play(s, 1, "pass")  # could beat, passes anyway
    play(s, 2, "5s")
    play(s, 3, "pass")
    play(s, 0, "9s")
    assert s.turn == 1
    play(s, 1, "10s")  # passed earlier, plays now
    assert s.top_seat == 1


def test_R6_6_R6_7_trick_ends_when_all_others_pass_and_winner_leads() -> None:
    s = table(["3s 9s", "4s 10s", "5s Js", "6s Qs"])
    play(s, 0, "3s")
    play(s, 1, "4s")
    play(s, 2, "pass")
    play(s, 3, "pass")
    kinds = play(s, 0, "pass")
    assert "trick_won" in kinds and s.top_combo is None and s.turn == 1
    assert Pass() not in legal_actions(s, 1)


def test_R6_8_R6_9_R6_10_A7_going_out_keeps_the_trick_and_lead_passes_on() -> None:
    s = table(["9s", "4s 10s", "5s Js", "6s Qs"])
    kinds = play(s, 0, "9s")
    assert "out" in kinds and s.out == [0] and s.top_seat == 0 and s.turn == 1
    play(s, 1, "pass")
    play(s, 2, "pass")
    kinds = play(s, 3, "pass")
    assert "trick_won" in kinds and s.turn == 1  # next active after the player who went out


def test_R6_9_others_may_still_beat_a_going_out_play() -> None:
    s = table(["9s", "4s 10s", "5s Js", "6s Qs"])
    play(s, 0, "9s")
    play(s, 1, "10s")
    assert s.top_seat == 1


def test_R6_11_hand_ends_when_one_player_has_cards() -> None:
    s = table(["3s", "4s", "5s", "6s 7s"], target_score=99)
    for seat, card in [(0, "3s"), (1, "4s"), (2, "5s")]:
        kinds = play(s, seat, card)
    assert "hand_end" in kinds and s.last_hand is not None
    assert s.last_hand["order"] == [0, 1, 2, 3] and s.hand_no == 2


def test_R6_12_no_play_out_of_turn() -> None:
    s = table(["3s", "4s", "5s", "6s"])
    assert refused(s, 2, "5s") == "zhengshangyou.not_your_turn"
    assert legal_actions(s, 2) == []


def test_R6_13_cannot_beat_means_only_pass() -> None:
    s = table(["RJ 3s", "4s", "5s", "6s"])
    play(s, 0, "RJ")
    assert legal_actions(s, 1) == [Pass()]


def test_R5_6_2_leader_must_choose_a_reading() -> None:
    s = table(["9s BJ RJ 3c", "4s", "5s", "6s"])
    assert refused(s, 0, "9s BJ RJ") == "zhengshangyou.choose_reading"
    assert refused(s, 0, "9s BJ RJ as 3x1") == "zhengshangyou.bad_reading"
    legal = legal_actions(s, 0)
    both = [a for a in legal if isinstance(a, Play) and a.cards == cards("9s BJ RJ")]
    assert {a.as_ for a in both} == {"set", "run"}
    play(s, 0, "9s BJ RJ as run")
    assert s.top_combo is not None and s.top_combo.kind == "run" and s.top_combo.suited


def test_R5_6_3_follower_reading_is_automatic() -> None:
    s = table(["9s 10s Jh 3c", "Qh BJ RJ 4c", "5s", "6s"])
    play(s, 0, "9s 10s Jh")
    play(s, 1, "Qh BJ RJ")  # could be three Qs, but the trick is a run
    assert s.top_combo is not None and s.top_combo.kind == "run" and s.top_combo.rank == 14


def test_mixed_sequence_cannot_beat_suited_reason() -> None:
    s = table(["3s 4s 5s 9c", "Qh Kd Ac 4c", "5d", "6s"])
    play(s, 0, "3s 4s 5s")
    assert refused(s, 1, "Qh Kd Ac") == "zhengshangyou.mixed_vs_suited"


def test_twos_in_run_reason() -> None:
    s = table(["5s 6s 2s 9c", "4c", "5d", "6d"])
    assert refused(s, 0, "5s 6s 2s") == "zhengshangyou.twos_in_run"
    assert refused(s, 0, "5d") == "zhengshangyou.not_in_hand"


# ---- §7 scoring, §9 match


def test_R7_1_R9_1_individual_points_and_target() -> None:
    assert hand_points("individual", [3, 1, 0, 4, 2])[0] == [0, 1, 0, 2, 0]
    s = new_game(5, 4)
    assert s.target == 11
    s.scores = [10, 0, 0, 0, 0]
    finish_hand(s, [0, 1, 2, 3, 4])
    assert s.finished and s.winners == [0]
    r = result(s)
    assert r.finished and r.places[0] == 1 and r.points[0] == 12


def test_R9_2_tie_at_target_plays_another_hand_or_earlier_finisher() -> None:
    s = new_game(5, 4)
    s.scores = [9, 10, 0, 0, 0]
    finish_hand(s, [0, 1, 2, 3, 4])  # 11 : 11
    assert not s.finished and s.hand_no == 2
    s = new_game(5, 4, {"tie_rule": "earlier_finisher"})
    s.scores = [9, 10, 0, 0, 0]
    finish_hand(s, [0, 1, 2, 3, 4])
    assert s.finished and s.winners == [0]


def test_R7_2_R7_3_roles_by_player_count() -> None:
    s = new_game(4, 5, {"mode": "individual", "target_score": 99})
    finish_hand(s, [1, 2, 3, 0])
    assert s.dealer == 3 and s.leader == 3  # 3rd deals and is also in the pit
    assert {seat for seat, _ in s.ex_tributes} | to_act(s) >= {0} or s.phase == "take_tribute"
    s = new_game(6, 5, {"mode": "individual", "target_score": 99})
    finish_hand(s, [0, 1, 2, 3, 4, 5])
    v = view(s, None)
    assert v.exchange is not None and (v.exchange.second_last_seat, v.exchange.last_seat) == (4, 5)
    assert s.dealer == 2  # the 4th (seat 3) has no role


# ---- §8 exchange


def exchange_state() -> State:
    s = new_game(5, 9, {"target_score": 99})
    finish_hand(s, [0, 1, 2, 3, 4])
    s.hands[3] = sorted(cards("As Ad 3c 4c 5c 6c 7c 8c 9c 10c 5h"))
    s.hands[4] = sorted(cards("RJ 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd"))
    s.ex_pending, s.ex_tributes, s.phase = [], [], "tribute"
    return s


def test_R8_2_tribute_must_be_a_top_rank_card_and_is_hidden_until_both() -> None:
    s = exchange_state()
    assert to_act(s) == {3, 4}
    assert set(legal_actions(s, 3)) == {Tribute(Card(14, "S")), Tribute(Card(14, "D"))}
    assert refused(s, 3, "tribute 5h") == "zhengshangyou.tribute_highest"
    events = apply(s, 3, Tribute(Card(14, "D")))
    assert events[0].visible_to == frozenset({3})
    assert view(s, None).exchange is not None and view(s, 4).exchange.my_choice is None  # type: ignore[union-attr]
    assert view(s, 3).exchange.my_choice == Card(14, "D")  # type: ignore[union-attr]
    events = apply(s, 4, Tribute(Card(17)))
    assert [e.kind for e in events if e.public] == ["tribute", "tribute"]
    assert s.phase == "take_tribute" and to_act(s) == {0}


def test_R8_3_R8_4_R8_5_R8_6_R8_7_first_picks_returns_second_to_last_picks() -> None:
    s = exchange_state()
    sizes = [len(h) for h in s.hands]
    apply(s, 3, Tribute(Card(14, "D")))
    apply(s, 4, Tribute(Card(17)))
    apply(s, 0, TakeTribute(Card(17)))
    assert Card(17) in s.hands[0] and Card(14, "D") in s.hands[1]
    assert s.phase == "return" and to_act(s) == {0, 1}
    apply(s, 0, Return(Card(17)))  # A11: even the card just received
    assert s.phase == "return" and to_act(s) == {1}
    apply(s, 1, Return(s.hands[1][0]))
    assert s.phase == "take_return" and to_act(s) == {3}
    assert refused(s, 4, f"take return {s.ex_returns[0][1]}") == "zhengshangyou.nothing_to_do"
    apply(s, 3, TakeReturn(Card(17)))
    assert Card(17) in s.hands[3]
    assert [len(h) for h in s.hands] == sizes  # R8.7
    assert s.phase == "play" and s.turn == s.dealer == 2  # R8.6
    assert view(s, None).known[3] == (Card(17),)


def test_R8_8_single_top_card_tribute_is_automatic() -> None:
    s = new_game(5, 9, {"target_score": 99})
    finish_hand(s, [0, 1, 2, 3, 4])
    assert s.phase in ("tribute", "take_tribute")
    for seat in (3, 4):
        top = max(c.rank for c in s.hands[seat] + [c for x, c in s.ex_tributes if x == seat])
        auto = sum(1 for c in s.hands[seat] + [c for x, c in s.ex_tributes if x == seat] if c.rank == top) == 1
        assert (seat in to_act(s)) == (not auto and s.phase == "tribute")


# ---- §10 team6


@pytest.mark.parametrize("a_places,score", [
    ({1, 3, 5}, (5, 2)), ({1, 3, 6}, (3, 4)), ({2, 3, 5}, (4, 3)), ({1, 2, 3}, (10, 0)),
    ({1, 2, 4}, (5, 0)), ({1, 2, 5}, (5, 0)), ({1, 2, 6}, (5, 2)), ({4, 5, 6}, (0, 10)),
])
def test_R10_5_R10_6_R10_7_team6_scoring_table(a_places: set[int], score: tuple[int, int]) -> None:
    a_seats, b_seats = iter([0, 2, 4]), iter([1, 3, 5])
    order = [next(a_seats) if p in a_places else next(b_seats) for p in range(1, 7)]
    assert tuple(hand_points("team6", order)[1] or ()) == score


def test_R10_4_team6_lead_card_holder_leads_hand_one() -> None:
    for seed in range(5):
        s = new_game(6, seed)
        assert s.dealer is None and s.lead_card is not None
        assert s.lead_card in s.hands[s.turn] and all(len(h) == 9 for h in s.hands)


def test_R10_8_R10_9_team6_exchange_roles_and_fifth_leads() -> None:
    s = new_game(6, 3, {"target_score": 99})
    finish_hand(s, [0, 1, 2, 3, 4, 5])
    v = view(s, None).exchange
    assert v is not None and (v.first_seat, v.second_seat, v.second_last_seat, v.last_seat) == (0, 1, 4, 5)
    assert s.leader == 4


def test_R10_10_team6_first_to_fifty_and_ties_play_on() -> None:
    s = new_game(6, 3)
    assert s.target == 50
    s.team_scores = [45, 48]
    finish_hand(s, [0, 2, 4, 1, 3, 5])  # A 10 : 0
    assert s.finished and s.winners == [0, 2, 4]
    s = new_game(6, 3)
    s.team_scores = [47, 45]
    finish_hand(s, [0, 1, 2, 3, 4, 5])  # A 3+2=5 : B 2 -> 52 : 47
    assert s.finished and s.winners == [0, 2, 4]
    s = new_game(6, 3, {"tie_rule": "earlier_finisher"})
    s.team_scores = [45, 48]
    finish_hand(s, [1, 0, 2, 3, 4, 5])  # B 3, A 2+2 -> 49 : 51
    assert s.finished and s.winners == [1, 3, 5]
    s = new_game(6, 3)
    s.team_scores = [46, 49]
    finish_hand(s, [0, 1, 2, 3, 4, 5])  # A 5, B 2 -> 51 : 51 -> another hand (R10.10)
    assert not s.finished and s.hand_no == 2


# ---- §11 team4


def test_R11_1_R11_2_team4_scoring_adds_partners() -> None:
    assert hand_points("team4", [0, 2, 1, 3])[1] == [3, 0]
    assert hand_points("team4", [0, 1, 2, 3])[1] == [2, 1]
    s = new_game(4, 3)
    assert s.mode == "team4" and s.target == 11
    s.team_scores = [9, 0]
    finish_hand(s, [0, 2, 1, 3])
    r = result(s)
    assert s.finished and r.team_points == {0: 12, 1: 0} and r.points[2] == 12 and r.places[1] == 2


def test_R11_3_team4_third_deals_and_chooses_return_first() -> None:
    s = new_game(4, 3, {"target_score": 99})
    finish_hand(s, [0, 1, 2, 3])
    assert s.dealer == 2
    v = view(s, None).exchange
    assert v is not None and v.second_last_seat == 2 and v.first_seat == 0


def test_R11_4_target_option_gives_one_hand_matches() -> None:
    s = new_game(4, 3, {"target_score": 1})
    finish_hand(s, [1, 0, 2, 3])
    assert s.finished and s.winners == [1, 3]
