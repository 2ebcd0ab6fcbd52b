"""Deal, Kai Pai, the 3s, revolution, tribute, scoring and sessions (rules §1, §3, §4, §5, §10)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.core import Event, IllegalAction, full_deck, rng_for
from bot.games.gouji import (
    INFO,
    Decision,
    Return,
    State,
    apply,
    legal_actions,
    new_game,
    result,
    to_act,
    view,
)
from bot.games.gouji.engine import RANK_TOTAL, _deal, dui, kai_pai_taker
from bot.games.gouji.scoring import hand_points

from .helpers import act, counts, finish_prehand, kinds


def test_R1_1_R1_3_teams_and_dui_men() -> None:
    assert INFO.team_of is not None and INFO.team_of(6, {}) == [0, 1, 0, 1, 0, 1]
    assert [dui(s) for s in range(6)] == [3, 4, 5, 0, 1, 2]
    assert INFO.min_seats == INFO.max_seats == 6
    with pytest.raises(ValueError):
        new_game(4, 1)
    with pytest.raises(ValueError):
        new_game(6, 1, {"threes_claim": "never"})


def test_R1_5_R3_2_deal_of_216_cards_from_the_first_card_taker() -> None:
    state = new_game(6, 42)
    assert state.counts == [36] * 6
    for rank in range(3, 18):
        assert sum(h[rank] for h in state.hands) == RANK_TOTAL[rank]
    deck = full_deck(4)
    rng_for(42, "deal", 1).shuffle(deck)
    expected = [[0] * 18 for _ in range(6)]
    for k, card in enumerate(deck):
        expected[(state.first_taker + k) % 6][card.rank] += 1
    assert state.hands == expected


@pytest.mark.parametrize(("rank", "taker"), [(9, 2), (13, 0), (7, 0), (14, 0), (15, 1), (6, 5), (4, 3)])
def test_R4_3_kai_pai_count_examples(rank: int, taker: int) -> None:
    assert kai_pai_taker(0, rank) == taker
    assert kai_pai_taker(1, 4) == 4  # a joker passed Kai Pai to B, who draws a 4: E takes the first card


def _threes_first(seed: int, taker: int) -> tuple[int, str] | None:
    deck = full_deck(4)
    rng_for(seed, "deal", 1).shuffle(deck)
    seen: list[set[str | None]] = [set() for _ in range(6)]
    for k, card in enumerate(deck):
        seat = (taker + k) % 6
        if card.rank == 3:
            if card.suit in seen[seat]:
                return seat, card.suit or ""
            seen[seat].add(card.suit)
    return None


@pytest.mark.parametrize("seed", range(8))
def test_R4_5_first_same_suit_pair_of_3s_leads(seed: int) -> None:
    state = new_game(6, seed)
    first = _threes_first(seed, state.first_taker)
    if first is None:
        assert state.first_leader == state.first_taker
    else:
        assert (state.first_leader, state.threes_suit) == first


def test_R4_5_ask_mode_everyone_answers_and_a_shower_leads() -> None:
    for seed in range(20):
        state = new_game(6, seed, {"threes_claim": "ask"})
        if state.threes_order:
            break
    assert state.phase == "threes" and to_act(state) == set(range(6))
    eligible = state.threes_order[0][0]
    other = next(s for s in range(6) if all(e[0] != s for e in state.threes_order))
    with pytest.raises(IllegalAction) as err:
        act(state, other, "show_threes")
    assert err.value.key == "gouji.no_threes"
    for seat in range(6):
        act(state, seat, "show_threes" if seat == eligible else "keep_threes")
    assert state.first_leader == eligible and state.phase == "revolution"


def test_R4_6_faceup_variant_leader_is_dealt_the_card() -> None:
    state = new_game(6, 3, {"kaipai_variant": "faceup_card"})
    assert state.threes_seat == -1 and 0 <= state.first_leader < 6


def _eligible_state(**options: Any) -> State:
    state = new_game(6, 5, {"session_hands": 1, **options})
    hand = state.hands[0]
    for rank in (15, 16, 17):  # move 0's wild cards to seat 1 so that 0 may declare
        state.hands[1][rank] += hand[rank]
        hand[rank] = 0
    return state


def test_R3_3_only_a_hand_without_2s_and_jokers_may_declare() -> None:
    state = _eligible_state()
    assert Decision("ge_ming") in legal_actions(state, 0)
    assert Decision("ge_ming") not in legal_actions(state, 1)
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "ge_ming")
    assert err.value.key == "gouji.no_ge_ming"


def test_R3_5_R3_6_team_agrees_and_the_redeal_is_fresh_without_tribute() -> None:
    state = _eligible_state()
    kai = state.kai_pai
    act(state, 0, "ge_ming")
    assert state.phase == "ge_ming_vote" and to_act(state) == {2, 4}
    act(state, 2, "agree")
    events = act(state, 4, "agree")
    assert "revolution" in kinds(events)
    assert state.deal_no == 2 and state.hand_kind == "fresh" and state.tribute == "none"
    assert state.kai_pai in ((kai + k) % 6 for k in range(1, 6))
    assert state.phase == "revolution" and state.counts == [36] * 6


def test_R3_5_objection_lets_the_proposer_decide() -> None:
    state = _eligible_state()
    act(state, 0, "ge_ming")
    act(state, 2, "object")
    act(state, 4, "agree")
    assert state.phase == "ge_ming_decide" and to_act(state) == {0}
    act(state, 0, "withdraw")
    assert state.phase == "revolution" and state.ready[0] and state.deal_no == 1


def test_R3_5_team_unanimous_option_cancels_on_objection() -> None:
    state = _eligible_state(revolution_decision="team_unanimous")
    act(state, 0, "ge_ming")
    act(state, 2, "object")
    act(state, 4, "agree")
    assert state.phase == "revolution" and state.deal_no == 1


def _normal_hand(order: list[int], seed: int = 9, **options: Any) -> tuple[State, list[Event]]:
    state = new_game(6, seed, {"session_hands": 3, **options})
    state.prev_order = order
    state.hand_no = 2
    events: list[Event] = []
    _deal(state, "normal", "standard", events)
    for seat in range(6):
        act(state, seat, "ready")
    return state, events


def test_R4_2_R4_4_normal_hand_da_la_leads_and_dui_men_is_kai_pai() -> None:
    state, _ = _normal_hand([0, 1, 2, 3, 5, 4])
    assert state.kai_pai == dui(4) and state.first_leader == 4 and state.first_taker == 4


def test_R5_2_R5_3_R5_4_standard_tribute_highest_cards_and_free_return() -> None:
    state, _ = _normal_hand([0, 1, 2, 3, 4, 5])  # f6 = F pays A two cards, f5 = E pays B one
    da_la = list(state.hands[5])
    er_la = list(state.hands[4])
    assert state.phase == "tribute_agree" and to_act(state) == {4, 5}  # payers only: no same-team pair
    for seat in sorted(to_act(state)):
        act(state, seat, "pay")
    assert state.phase == "tribute_return" and to_act(state) == {0, 1}
    from bot.games.gouji.moves import highest
    given = state.exchanges[0]["given"]
    assert given == highest(da_la, 2) and state.exchanges[1]["given"] == highest(er_la, 1)
    returns = [a for a in legal_actions(state, 0) if isinstance(a, Return)]
    assert all(len(a.ranks) == 2 for a in returns)
    apply(state, 0, Return((given[0], given[1])) if given[0] <= given[1] else Return((given[1], given[0])))
    apply(state, 1, next(a for a in legal_actions(state, 1) if isinstance(a, Return)))
    assert state.phase == "play" and state.turn == 5
    assert sum(state.counts) == 216 and state.counts == [36] * 6


def test_R5_3_tribute_cards_are_private() -> None:
    state, _ = _normal_hand([0, 1, 2, 3, 4, 5])
    events: list[Event] = []
    for seat in sorted(to_act(state)):
        events += act(state, seat, "pay")
    private = [e for e in events if e.kind == "tribute_cards"]
    assert private and all(e.visible_to == frozenset({e.seat, e.data["receiver_seat"]}) for e in private)
    assert view(state, 2).exchanges[0].given is None and view(state, 0).exchanges[0].given is not None


def test_R5_5_same_team_pair_may_skip_only_if_both_agree() -> None:
    state, _ = _normal_hand([0, 4, 1, 3, 5, 2])  # f6 = C pays A: teammates
    assert to_act(state) == {0, 2, 5}
    act(state, 2, "skip")
    act(state, 0, "skip")
    act(state, 5, "pay")  # f5 = F pays E
    assert state.exchanges[0]["status"] == "skip" and state.exchanges[1]["status"] == "given"
    with pytest.raises(IllegalAction) as err:
        act(state, 5, "skip")
    assert err.value.key == "gouji.not_your_turn"


def test_R5_6_R5_9_losers_of_one_team_swap_roles() -> None:
    state, _ = _normal_hand([0, 1, 2, 4, 3, 5])  # f5 = D (3), f6 = F (5): teammates
    assert state.phase == "swap" and to_act(state) == {3, 5}
    act(state, 3, "swap")
    act(state, 5, "swap")
    assert state.first_leader == 3
    assert [(e["payer"], e["receiver"], e["n"]) for e in state.exchanges] == [(3, 0, 2), (5, 1, 1)]


def test_R5_6_swap_needs_both() -> None:
    state, _ = _normal_hand([0, 1, 2, 4, 3, 5])
    act(state, 3, "swap")
    act(state, 5, "no_swap")
    assert state.first_leader == 5 and state.exchanges[0]["payer"] == 5


def test_R5_7_chuan_san_hu_each_loser_pays_his_dui_men() -> None:
    state = new_game(6, 9, {"session_hands": 3})
    state.prev_order = [0, 2, 4, 1, 3, 5]
    state.hand_no = 2
    _deal(state, "fresh", "csh", [])
    finish = [s for s in range(6)]
    for seat in finish:
        if state.phase == "revolution":
            act(state, seat, "ready")
    while state.phase == "threes":
        act(state, min(to_act(state)), "keep_threes")
        for seat in range(6):
            if state.phase == "revolution" and seat in to_act(state):
                act(state, seat, "ready")
    assert [(e["payer"], e["receiver"], e["n"]) for e in state.exchanges] == [(1, 4, 1), (3, 0, 1), (5, 2, 1)]


def test_R5_8_four_red_jokers_liberate() -> None:
    state, _ = _normal_hand([0, 1, 2, 3, 4, 5])
    for seat in range(6):
        if seat != 5:
            state.hands[5][17] += state.hands[seat][17]
            state.hands[seat][17] = 0
    assert Decision("jie_fang") in legal_actions(state, 5)
    assert Decision("jie_fang") not in legal_actions(state, 4)
    events = act(state, 5, "jie_fang")
    events += act(state, 4, "pay")
    assert "jie_fang" in kinds(events) and state.exchanges[0]["status"] == "free"
    assert state.hands[5][17] == 4


def test_R5_4_return_lowest_option_returns_automatically() -> None:
    state, _ = _normal_hand([0, 1, 2, 3, 4, 5], return_lowest=True)
    low = next(r for r in range(3, 18) if state.hands[0][r])
    act(state, 4, "pay")
    act(state, 5, "pay")
    assert state.phase == "play" and state.exchanges[0]["returned"][0] == low


# R10.6: places of team X -> score of X
R10_6 = [((1, 2, 3), 12), ((1, 2, 4), 6), ((1, 2, 5), 4), ((1, 2, 6), 2), ((1, 3, 4), 4), ((1, 3, 5), 2),
         ((1, 3, 6), 0), ((1, 4, 5), 2), ((1, 4, 6), 0), ((1, 5, 6), -2), ((2, 3, 4), 2), ((2, 3, 5), 0),
         ((2, 3, 6), -2), ((2, 4, 5), 0), ((2, 4, 6), -2), ((2, 5, 6), -4), ((3, 4, 5), -2), ((3, 4, 6), -4),
         ((3, 5, 6), -6), ((4, 5, 6), -12)]


@pytest.mark.parametrize(("places", "score"), R10_6)
def test_R10_3_R10_4_R10_5_R10_6_every_outcome(places: tuple[int, int, int], score: int) -> None:
    team0 = iter([0, 2, 4])
    team1 = iter([1, 3, 5])
    order = [next(team0) if pos in places else next(team1) for pos in range(1, 7)]
    points, csh = hand_points(order)
    assert points == [score, -score]
    assert csh == (places in ((1, 2, 3), (4, 5, 6)))


def _play_out(state: State) -> list[Event]:
    from bot.games.gouji.ai import easy_action
    events: list[Event] = []
    hand = state.hand_no
    while not state.finished and state.hand_no == hand:
        seat = min(to_act(state))
        events += apply(state, seat, easy_action(view(state, seat), legal_actions(state, seat)))
    return events


def test_R10_8_R10_9_session_of_hands_and_the_next_hand_kind() -> None:
    state = new_game(6, 11, {"session_hands": 3})
    events = _play_out(state)
    assert kinds(events)[-1] != "game_end" and "hand_end" in kinds(events) and "hand_start" in kinds(events)
    last = state.history[-1]
    assert state.hand_no == 2
    assert state.hand_kind == ("fresh" if last["chuan_san_hu"] else "normal")
    assert state.tribute == ("csh" if last["chuan_san_hu"] else "standard")
    assert state.scores == last["points"]
    _play_out(state)
    _play_out(state)
    assert state.finished and state.phase == "finished" and to_act(state) == set()
    res = result(state)
    assert res.finished and res.team_points == {0: state.scores[0], 1: state.scores[1]}
    assert state.scores[0] == -state.scores[1] == sum(h["points"][0] for h in state.history)
    with pytest.raises(IllegalAction):
        act(state, 0, "pass")


def test_R10_8_target_score_session() -> None:
    state = new_game(6, 4, {"session_end": "target", "target_score": 2})
    while not state.finished:
        _play_out(state)
    assert max(abs(x) for x in state.scores) >= 2


def test_prehand_helper_reaches_play() -> None:
    state = new_game(6, 2)
    finish_prehand(state)
    assert state.phase == "play" and counts("") == [0] * 18


def test_R4_1_R5_1_first_hand_has_no_tribute_and_normal_hands_do() -> None:
    state = new_game(6, 8)
    assert state.hand_kind == "first" and state.tribute == "none"
    finish_prehand(state)
    assert state.exchanges == [] and state.phase == "play"


@pytest.mark.parametrize(("rank", "value"), [(14, 1), (15, 2), (3, 3), (10, 10), (11, 11), (12, 12), (13, 13)])
def test_R2_4_kai_pai_counting_values(rank: int, value: int) -> None:
    from bot.games.gouji.engine import kai_pai_value
    assert kai_pai_value(rank) == value


def test_R4_7_tribute_does_not_change_the_leader() -> None:
    state, _ = _normal_hand([0, 1, 2, 3, 4, 5])
    finish_prehand(state)
    assert state.turn == 5 == state.first_leader


def test_R4_1b_R10_9_participant_change_makes_the_next_hand_fresh() -> None:
    from bot.games.gouji.engine import change_participant
    state = new_game(6, 12, {"session_hands": 2})
    change_participant(state)
    _play_out(state)
    assert state.hand_no == 2 and state.hand_kind == "fresh"
    assert state.tribute == ("csh" if state.history[-1]["chuan_san_hu"] else "none")
    assert not state.participant_changed
