"""Tricks, duels, Shao Pai, Rang Pai, the wind, questions and the endgame (rules §6.2, §7, §8, §9)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.core import IllegalAction
from bot.games.gouji import AskCount, Decision, ShaoPai, State, legal_actions, parse_play, to_act, view
from bot.games.gouji.moves import remainder_ok, shao_claims

from .helpers import act, counts, kinds, table


def test_R6_3_the_leader_must_play() -> None:
    state = table({0: "5 6"})
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "pass")
    assert err.value.key == "gouji.must_lead"
    assert Decision("pass") not in legal_actions(state, 0)


def test_R6_4_R6_6_R6_7_passing_is_final_and_the_owner_leads_next() -> None:
    state = table({0: "5 9 3", 1: "3 4", 2: "7 8", 3: "3 4", 4: "3 4", 5: "3 4"})
    act(state, 0, "5")
    act(state, 1, "pass")
    act(state, 2, "7")
    for seat in (3, 4, 5):
        act(state, seat, "pass")
    assert to_act(state) == {0}
    act(state, 0, "9")
    assert to_act(state) == {2}  # 1 passed: skipped
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "4")
    assert err.value.key == "gouji.already_passed"
    events = act(state, 2, "pass")
    assert "trick_won" in kinds(events)
    assert state.turn == 0 and state.top is None and not any(state.passed)


def test_R6_5_wrong_size_is_refused_with_a_reason() -> None:
    state = table({0: "7 7 5", 1: "Q Q Q 3"})
    act(state, 0, "7-7")
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "Q-Q-Q")
    assert err.value.key == "gouji.wrong_size"
    before = state.to_dict()
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "A-A")
    assert err.value.key == "gouji.not_in_hand"
    assert state.to_dict() == before
    act(state, 1, "Q-Q")


def test_R6_9_refusal_names_missing_red_jokers() -> None:
    state = table({0: "K K BJ 5", 3: "A A A 3"})
    act(state, 0, "K-K-BJ")
    with pytest.raises(IllegalAction) as err:
        act(state, 3, "A-A-A")
    assert err.value.key == "gouji.needs_red_jokers"


def test_R7_2_gou_ji_lead_starts_a_duel_with_the_dui_men() -> None:
    state = table({0: "K K 5", 3: "A A 4"})
    events = act(state, 0, "K-K")
    assert "gou_ji" in kinds(events)
    assert to_act(state) == {3}
    assert view(state, None).duel == (0, 3)
    assert not [a for a in legal_actions(state, 1) if a.kind in ("play", "pass")]
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "pass")
    assert err.value.key == "gouji.duel_in_progress"


def test_R7_2_dui_men_answers_even_after_passing() -> None:
    state = table({0: "5 2 3", 5: "9 4"})
    act(state, 0, "5")
    for seat in (1, 2, 3, 4):
        act(state, seat, "pass")
    act(state, 5, "9")
    act(state, 0, "2")  # a single 2 is Gou Ji-level (D-29)
    assert to_act(state) == {3}
    assert state.passed[3]


def test_R7_3_R7_4_seed_duel_and_winner_leads() -> None:
    state = table({5: "10 10 10 4", 0: "Q 2 2 A A BJ 3", 3: "K K 2 4 5"}, leader=5)
    act(state, 5, "10-10-10")
    act(state, 0, "Q-2-2")
    assert to_act(state) == {3}
    act(state, 3, "K-K-2")
    assert to_act(state) == {0}
    act(state, 0, "A-A-BJ")
    assert to_act(state) == {3}
    events = act(state, 3, "pass")  # R7.4: the passer collects, the winner leads anything
    assert "trick_won" in kinds(events)
    assert state.turn == 0 and state.top is None and state.duel_a == -1


def test_R7_6_red_joker_ends_the_trick_at_once() -> None:
    state = table({0: "7 7 RJ 3", 3: "2 2 2 4"})
    events = act(state, 0, "7-7-RJ")
    assert "gou_ji" not in kinds(events) and "trick_won" in kinds(events)
    assert state.turn == 0 and state.top is None


def test_R7_7_no_dui_men_no_duel() -> None:
    state = table({0: "K K 5", 3: ""})
    state.places[3] = 1
    state.n_out = 1
    events = act(state, 0, "K-K")
    assert "gou_ji" not in kinds(events)
    assert to_act(state) == {1}


def test_R7_8_R7_9_gou_si_ji_dui_men_passes_and_the_next_holder_catches_the_wind() -> None:
    state = table({0: "K K", 3: "A A 4"})
    events = act(state, 0, "K-K")
    assert "out" in kinds(events) and "gou_ji" in kinds(events)  # R7.9 Gou Si Ji
    assert to_act(state) == {3}
    events = act(state, 3, "pass")
    assert "wind" in kinds(events)
    assert state.turn == 1


def test_R7_8_dui_men_beats_the_last_cards_and_leads() -> None:
    state = table({0: "K K", 3: "A A 4"})
    act(state, 0, "K-K")
    events = act(state, 3, "A-A")
    assert "trick_won" in kinds(events)
    assert state.turn == 3


def test_R8_3_eligibility_examples() -> None:
    assert remainder_ok(counts("A A 8 8 8"), parse_play("A-A"))
    assert remainder_ok(counts("A A Q 10 10 8 8 8 RJ BJ"), parse_play("A-A"))
    assert not remainder_ok(counts("A A Q 10 10 8 8 8 BJ"), parse_play("A-A"))
    assert not remainder_ok(counts("A A"), parse_play("A-A"))  # D-11: F must be non-empty
    assert remainder_ok(counts("A A"), parse_play("A-A"), allow_empty=True)
    assert shao_claims(counts("A A 8 8 8"), parse_play("K-K"), False) == [parse_play("A-A")]


def _seed_shao_table(**options: Any) -> State:
    state = table({0: "6 6 A A 8 8 8", 1: "K K 3", 2: "BJ BJ 4", 4: "3 4 5", 5: "2 2 9"}, **options)
    act(state, 0, "6-6")
    act(state, 1, "K-K")  # Gou Ji: B against E
    return state


def test_R8_2_R8_4_R8_5_R8_8_seed_example_shao_pai_then_mie_le() -> None:
    state = _seed_shao_table()
    assert to_act(state) == {4}
    assert ShaoPai(parse_play("A-A")) in legal_actions(state, 0)
    assert not [a for a in legal_actions(state, 4) if isinstance(a, ShaoPai)]  # the Dui Men himself: no
    assert not [a for a in legal_actions(state, 3) if isinstance(a, ShaoPai)]  # the other team: no
    events = act(state, 0, "shao A-A")
    assert kinds(events)[:2] == ["shao_pai", "play"]
    assert state.shao == 0 and state.duel_a == -1 and to_act(state) == {1}  # R8.5: from A's right
    for seat in (1, 2, 3, 4):
        act(state, seat, "pass")
    events = act(state, 5, "2-2")
    assert "mie_le" in kinds(events) and "gou_ji" in kinds(events)  # R8.8: a new Gou Ji F against C
    assert state.shao == -1 and to_act(state) == {2}
    act(state, 2, "BJ-BJ")
    assert state.hands[0] == counts("8 8 8")


def test_R8_6_R8_7_shao_pai_success_final_set_only() -> None:
    state = _seed_shao_table()
    act(state, 0, "shao A-A")
    for seat in (1, 2, 3, 4, 5):
        act(state, seat, "pass")
    assert state.turn == 0 and state.shao == 0
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "8")
    assert err.value.key == "gouji.shao_lead"
    events = act(state, 0, "8-8-8")
    assert "out" in kinds(events) and state.places[0] == 1 and state.shao == -1


def test_R8_7_shao_pai_leads_need_a_joker() -> None:
    state = table({0: "Q 10 10 8 8 8 RJ BJ"})
    state.shao = 0
    leads = legal_actions(state, 0)
    assert parse_play("8-8-8-BJ") in leads and parse_play("10-10-RJ") in leads
    assert parse_play("Q") not in leads and parse_play("8-8-8") not in leads


def test_R8_3_R8_10_invalid_claim_is_refused_by_default() -> None:
    state = table({0: "6 6 A A Q 10 8 8 8 BJ", 1: "K K 3", 4: "3 4 5"})
    act(state, 0, "6-6")
    act(state, 1, "K-K")
    before = state.to_dict()
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "shao A-A")
    assert err.value.key == "gouji.shao_not_eligible"
    assert state.to_dict() == before


def test_R8_10_penalty_mode_makes_a_false_claimant_da_la() -> None:
    state = table({0: "6 6 A A Q 10 8 8 8 BJ", 1: "K K 3", 4: "3 4 5"}, shao_pai_check="penalty")
    act(state, 0, "6-6")
    act(state, 1, "K-K")
    events = act(state, 0, "shao A-A")
    assert kinds(events) == ["shao_penalty"]
    assert state.places[0] == 6 and state.counts[0] == 0
    assert to_act(state) == {4}  # the duel goes on


@pytest.mark.parametrize(("window", "claim_later"), [("every_duel_set", True), ("start_only", False)])
def test_R8_1_claim_window_per_duel_set_or_start_only(window: str, claim_later: bool) -> None:
    state = table({0: "6 6 2 2 8 8 8", 1: "K K A A 3", 3: "2 2 4", 4: "Q Q A A 5"}, shao_pai_window=window)
    act(state, 0, "6-6")
    act(state, 1, "K-K")
    assert ShaoPai(parse_play("2-2")) in legal_actions(state, 0)  # the starting set: always
    act(state, 4, "A-A")
    assert to_act(state) == {1}
    assert (ShaoPai(parse_play("2-2")) in legal_actions(state, 3)) is claim_later


def test_R9_1_xian_rang_rang_seed_example() -> None:
    state = table({0: "4 7 7 A RJ", 1: "3 5", 2: "3 5", 3: "8 9 9", 4: "2 5 6", 5: "3 5"})
    act(state, 0, "4")
    act(state, 1, "pass")
    act(state, 2, "pass")
    act(state, 3, "8")
    assert Decision("rang_pai") in legal_actions(state, 0)
    assert Decision("rang_pai") not in legal_actions(state, 2)
    events = act(state, 0, "rang_pai")
    assert events[0].kind == "rang_pai" and events[0].data["target_seat"] == 4
    assert Decision("rang_accept") in legal_actions(state, 4)
    act(state, 4, "rang_accept")
    assert state.passed[4]
    act(state, 5, "pass")
    act(state, 0, "A")
    events = act(state, 3, "pass")
    assert state.turn == 0
    events = act(state, 0, "7-7-RJ")
    assert state.places[0] == 1


def test_R9_1_request_is_not_binding() -> None:
    state = table({0: "4 7 7 A RJ", 3: "8 9 9", 4: "2 5 6"})
    act(state, 0, "4")
    act(state, 1, "pass")
    act(state, 2, "pass")
    act(state, 3, "8")
    act(state, 0, "rang_pai")
    act(state, 4, "rang_decline")
    act(state, 4, "2")
    assert state.top_seat == 4


def test_R9_1_2_pass_as_asked_passes_at_once_and_the_request_lapses_with_his_turn() -> None:
    """R9.1.1 puts the asked teammate (P+4) right after the Dui Men who beat P, so the request always
    reaches him on his turn (§13.5 "immediately if it is his turn") and lasts as long as that turn (§13.6)."""
    def asked() -> State:
        state = table({0: "4 7 7 A RJ", 1: "3 3", 2: "3 3", 3: "8 9 9", 4: "2 5 6", 5: "3 3"})
        for seat, text in ((0, "4"), (1, "pass"), (2, "pass"), (3, "8"), (0, "rang_pai")):
            act(state, seat, text)
        assert to_act(state) == {4} and state.rang == [0, 4, "pending"]
        return state

    accepted = asked()
    events = act(accepted, 4, "pass as asked")
    assert kinds(events) == ["rang_accept"] and accepted.passed[4] and accepted.rang is None
    assert to_act(accepted) == {5}
    assert Decision("rang_pai") not in legal_actions(accepted, 0)  # one request per beat
    for answer in ("pass", "2"):  # no answer: his own pass or play ends his turn and the request
        free = asked()
        act(free, 4, answer)
        assert free.rang is None and Decision("rang_accept") not in legal_actions(free, 4)
    declined = asked()
    act(declined, 4, "decline")
    assert declined.rang == [0, 4, "declined"] and to_act(declined) == {4}  # still his turn, he acts freely
    act(declined, 4, "2")
    assert declined.rang is None and declined.top_seat == 4
    for state in (accepted, declined):
        assert State.from_dict(state.to_dict()) == state


def test_R9_1_1_whenever_the_situation_holds_the_asked_teammate_is_to_act() -> None:
    """Over random games: each time a Dui Men beats P's play without a duel while everybody between
    them passed or is out (R9.1.1, D-24), P+4 acts next if he still may (so "when his turn comes"
    is always now), and P alone may ask."""
    import random

    from bot.games.gouji import apply, new_game
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(6, seed, {"session_hands": 1})
        while not state.finished:
            if state.phase == "play" and not state.eg and state.duel_a < 0 and len(state.trick) >= 2:
                (p, _, _), (d, _, how) = state.trick[-2], state.trick[-1]
                between = [(p + k) % 6 for k in (1, 2)]
                if (d == (p + 3) % 6 and how == "beat" and state.counts[p]
                        and all(state.passed[s] or not state.counts[s] for s in between)):
                    e = (p + 4) % 6
                    if state.counts[e] and not state.passed[e] and state.rang is None:
                        seen += 1
                        assert to_act(state) == {e}
                        assert [s for s in range(6) if Decision("rang_pai") in legal_actions(state, s)] == [p]
            seat = rng.choice(sorted(to_act(state)))
            apply(state, seat, rng.choice(legal_actions(state, seat)))
    assert seen > 20


def test_R9_2_catching_the_wind_goes_to_the_first_holder_right_of_the_out_player() -> None:
    state = table({0: "5 3", 1: "4", 2: "4 5", 3: "4 6", 4: "4 6", 5: "4 6"}, leader=1)
    events = act(state, 1, "4")
    assert "out" in kinds(events)
    for seat in (2, 3, 4, 5, 0):
        events = act(state, seat, "pass")
    assert "wind" in kinds(events)
    assert state.turn == 2  # even though he passed


def test_R9_2_4_beating_the_out_players_cards_refuses_the_wind() -> None:
    state = table({0: "5 3", 1: "4", 2: "4 5", 3: "4 6", 4: "4 6", 5: "4 6"}, leader=1)
    act(state, 1, "4")
    act(state, 2, "pass")
    act(state, 3, "6")
    for seat in (4, 5, 0, 2):
        if seat in to_act(state):
            act(state, seat, "pass")
    assert state.turn == 3


def test_R9_3_count_questions_and_answers() -> None:
    state = table({0: "3 4 5 6 7 8 9 10 J Q", 1: "3 4 5 6 7 8 9 10 J Q K", 2: "3 4 5"})
    asks = {a.target for a in legal_actions(state, 3) if isinstance(a, AskCount)}
    assert asks == {0, 1, 5}  # Dui Men A and teammates B, F
    events = act(state, 3, "ask A")
    assert kinds(events) == ["ask_count", "count_man_hu"]
    events = act(state, 5, "ask B")
    assert kinds(events) == ["ask_count", "count_wen_bu_zhao"]
    events = act(state, 0, "ask C")
    assert events[1].kind == "count_answer" and events[1].data["count"] == 3
    with pytest.raises(IllegalAction):
        act(state, 3, "ask A")  # already answered, unchanged
    with pytest.raises(IllegalAction):
        act(state, 1, "ask C")  # an opponent whose Dui Men holds cards


def test_R9_3_1_anyone_may_ask_a_player_whose_dui_men_is_out() -> None:
    state = table({3: "", 0: "5 6"})
    state.places[3] = 1
    assert any(isinstance(a, AskCount) and a.target == 0 for a in legal_actions(state, 1))


def test_R9_5_showing_to_partners_is_private() -> None:
    state = table({2: "5 5 9"})
    events = act(state, 2, "show_partners")
    public, private = events
    assert public.public and not private.public
    assert private.visible_to == frozenset({0, 4})
    assert dict(view(state, 4).partner_hands)[2] == ("5", "5", "9")
    assert view(state, 1).partner_hands == () and view(state, None).partner_hands == ()
    big = table({2: "3 4 5 6 7 8 9 10 J Q K"})
    with pytest.raises(IllegalAction):
        act(big, 2, "show_partners")


def test_R9_4_exposing_on_your_turn_is_public() -> None:
    state = table({0: "5 5 9"})
    events = act(state, 0, "expose")
    assert events[0].public and view(state, None).seats[0].exposed == ("5", "5", "9")
    with pytest.raises(IllegalAction):
        act(state, 2, "expose")  # not his turn


def test_R9_4_2_partners_may_play_an_exposed_hand_with_the_option() -> None:
    state = table({0: "5 5 9"}, tiao_pai_partners_play=True)
    act(state, 0, "expose")
    act(state, 2, "5-5")
    assert state.top_seat == 0 and state.hands[0] == counts("9")


def _endgame_table() -> State:
    state = table({0: "3 3 3 4", 1: "5 5 6", 2: "6 6 7", 3: "7 7 8", 4: "", 5: ""})
    state.places[4], state.places[5], state.n_out = 1, 2, 2
    state.eg = True
    state.eg_leader = 0
    from bot.games.gouji.engine import _eg_new_round
    _eg_new_round(state)
    return state


def test_R9_6_3_luan_zan_four_holders_seed_example() -> None:
    state = _endgame_table()
    act(state, 0, "3")
    assert to_act(state) == {1, 3}  # team B/D chooses
    act(state, 3, "7")
    assert to_act(state) == {2}  # then C must play
    act(state, 2, "pass")
    assert to_act(state) == {1}  # then B
    act(state, 1, "pass")
    assert to_act(state) == {0}  # new round: team A/C, C passed so A
    act(state, 0, "pass")
    assert state.top is None and state.turn == 3  # everybody else passed: D leads


def test_R9_6_3_team_choose_action() -> None:
    state = _endgame_table()
    act(state, 0, "3")
    act(state, 1, "choose D")
    assert to_act(state) == {3}


def test_R9_6_3_the_team_chooses_a_partner_who_is_no_candidate_may_name_one() -> None:
    """§13.5/§13.8: a partner speaks for the team (e.g. for two computer candidates); opponents may not,
    and only a candidate can be named."""
    state = _endgame_table()
    act(state, 0, "3")
    assert state.candidates == [1, 3] and 5 not in to_act(state)  # F is out, but still on team B/D/F
    assert [str(a) for a in legal_actions(state, 5)] == ["choose B", "choose D"]
    assert not any(a.kind == "choose" for a in legal_actions(state, 2))
    for seat, text in ((2, "choose D"), (0, "choose B"), (5, "choose F")):
        before = state.to_dict()
        with pytest.raises(IllegalAction):
            act(state, seat, text)
        assert state.to_dict() == before
    events = act(state, 5, "choose D")
    assert to_act(state) == {3} and events[0].kind == "team_choose" and events[0].data["target_seat"] == 3
    assert State.from_dict(state.to_dict()) == state


def test_R9_6_3_endgame_starts_with_the_trick_after_the_second_player_went_out() -> None:
    state = table({0: "5 6", 1: "4", 2: "7 8", 3: "8", 4: "9 9", 5: "9 10"}, leader=1)
    state.places[3], state.n_out, state.counts[3] = 1, 1, 0
    state.hands[3] = counts("")
    act(state, 1, "4")  # second player out
    assert not state.eg
    for seat in (2, 4, 5, 0):
        act(state, seat, "pass")
    assert state.eg and state.turn == 2


def test_R9_6_3_off_option_keeps_seat_order() -> None:
    state = table({0: "5 6", 1: "4", 2: "7 8", 3: "", 4: "9 9", 5: "9 10"}, leader=1, endgame_reorder="off")
    state.places[3], state.n_out = 1, 1
    act(state, 1, "4")
    for seat in (2, 4, 5, 0):
        act(state, seat, "pass")
    assert not state.eg


def test_R10_2_hand_ends_when_one_holder_remains_even_mid_trick() -> None:
    state = table({0: "5", 1: "", 2: "", 3: "", 4: "", 5: "4 4"}, leader=0)
    for seat, place in ((1, 1), (2, 2), (3, 3), (4, 4)):
        state.places[seat] = place
    state.n_out = 4
    events = act(state, 0, "5")
    assert "hand_end" in kinds(events) and state.finished
    assert state.places[0] == 5 and state.places[5] == 6


def test_13_6_timeout_defaults() -> None:
    from bot.games.gouji.engine import timeout_action
    state = table({0: "5 5 9 2"})
    assert timeout_action(state, 0) == parse_play("5")
    assert timeout_action(state, 1) is None
    act(state, 0, "9")
    assert timeout_action(state, 1) == Decision("pass")
    wild = table({0: "2 BJ"})
    assert timeout_action(wild, 0) == parse_play("2")
    eg = _endgame_table()
    act(eg, 0, "3")
    default = timeout_action(eg, 3)
    assert default is not None and default.kind == "choose"
    act(eg, 3, str(default))
    assert len(to_act(eg)) == 1


def test_R6_13_a_refused_play_keeps_the_turn_and_a_played_set_stays() -> None:
    state = table({0: "5 5 9", 1: "6 6 7"})
    act(state, 0, "5-5")
    with pytest.raises(IllegalAction):
        act(state, 1, "7")
    assert to_act(state) == {1}
    act(state, 1, "6-6")
    assert state.hands[1] == counts("7") and state.trick[-1][0] == 1


def test_R8_11_no_claim_when_the_dui_men_is_out() -> None:
    state = table({0: "6 6 A A 8 8 8", 1: "K K 3", 4: ""})
    state.places[4], state.n_out = 1, 1
    act(state, 0, "6-6")
    act(state, 1, "K-K")  # Mei You Tou: no duel
    assert state.duel_a == -1
    assert not [a for a in legal_actions(state, 0) if isinstance(a, ShaoPai)]


def test_R7_5_black_joker_in_a_duel_needs_a_red_joker_to_answer() -> None:
    state = table({0: "K K BJ 4", 3: "A A A 2 2 2 5"})
    act(state, 0, "K-K-BJ")
    assert [a.kind for a in legal_actions(state, 3) if a.kind in ("play", "pass")] == ["pass"]


def test_R1_4_R9_6_1_endgame_event_when_the_second_player_goes_out() -> None:
    state = table({0: "5", 1: "", 2: "7 8"}, leader=0)
    state.places[1], state.n_out = 1, 1
    events = act(state, 0, "5")
    assert "endgame" in kinds(events) and state.places[0] == 2
