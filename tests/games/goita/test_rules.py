"""One test (or table) per numbered rule of shared/rules/goita.md."""

from __future__ import annotations

import pytest

from bot.games.core import IllegalAction
from bot.games.goita import INFO, apply, legal_actions, new_game, parse_action, result, to_act, view
from bot.games.goita import engine as eng
from bot.games.goita.pieces import COPIES, IDS, SET, VALUE

from .helpers import VALUES, crafted, fill_hands, pawn_check, reference_can_block

A = parse_action


def play(state: eng.State, seat: int, text: str) -> list:
    return apply(state, seat, A(text))


def strs(state: eng.State, seat: int) -> set[str]:
    return {str(a) for a in legal_actions(state, seat)}


# ---------------------------------------------------------------- §1 components

def test_R1_1_the_32_pieces_and_their_points() -> None:
    assert len(SET) == 32
    assert dict(zip(IDS, COPIES, strict=True)) == {
        "ou": 1, "gyoku": 1, "hisha": 2, "kaku": 2, "kin": 4, "gin": 4, "bakko": 4, "gon": 4, "shi": 10}
    assert dict(zip(IDS, VALUE, strict=True)) == VALUES


def test_R1_2_kings_are_one_type_for_doubling() -> None:
    s = crafted(["ou gyoku", "kin kin", "gin gin", "gon gon"], king_final_attack=False)
    events = play(s, 0, "lead ou gyoku")               # R6.9(b) both kings; R7.3 same type
    out = [e for e in events if e.kind == "out_double"]
    assert out and out[0].data["points"] == 100


def test_R1_4_hand_is_shown_in_table_order() -> None:
    s = crafted(["shi gon ou kin hisha shi gin bakko", "", "", ""])
    assert view(s, 0).hand == ("ou", "hisha", "kin", "gin", "bakko", "gon", "shi", "shi")


# ---------------------------------------------------------------- §2 seats

def test_R2_1_R2_2_two_teams_of_partners_sitting_opposite() -> None:
    assert INFO.min_seats == INFO.max_seats == 4
    assert INFO.team_of is not None and INFO.team_of(4, {}) == [0, 1, 0, 1]
    with pytest.raises(ValueError):
        new_game(3, 1)


def test_R2_3_play_goes_S_E_N_W() -> None:
    s = crafted(["gin gon shi shi", "kin kin shi shi", "gin gin shi shi", "kaku kaku shi shi"], dealer=3)
    assert to_act(s) == {3}
    play(s, 3, "lead kaku shi")
    assert to_act(s) == {0}
    play(s, 0, "pass")
    assert to_act(s) == {1}


# ---------------------------------------------------------------- §3 teams and dealer

def test_R3_1_kings_and_rooks_draw_kings_are_partners_and_ou_deals() -> None:
    for seed in range(10):
        state, events = eng.new_game_with_events(4, seed)
        assert state.draw == [0, 2, 1, 2]                 # 王 S, 飛 E, 玉 N, 飛 W (§12.2)
        assert events[0].kind == "team_draw" and events[0].data["dealer_seat"] == 0
        assert events[1].kind == "hand_start" and events[1].seat == 0


def test_R3_2_V1_two_pairs_draw_gold_team_deals() -> None:
    dealers = set()
    for seed in range(20):
        s = new_game(4, seed, {"team_draw": "two_pairs"})
        assert s.draw == [4, 5, 4, 5]                      # 金金 at N–S, 銀銀 at E–W
        _state, events = eng.new_game_with_events(4, seed, {"team_draw": "two_pairs"})
        dealers.add(events[0].data["dealer_seat"])
    assert dealers == {0, 2}                               # the higher pair's team deals (A19)
    chosen = {eng.new_game_with_events(4, seed, {"team_draw": "choose"})[1][0].data["dealer_seat"]
              for seed in range(30)}
    assert chosen == {0, 1, 2, 3} and new_game(4, 3, {"team_draw": "choose"}).draw is None


def test_R3_4_R7_5_winner_of_a_round_deals_the_next() -> None:
    s = crafted(["gon gon shi shi", "kin kin", "gin gin shi shi", "kaku kaku shi shi"], dealer=3)
    play(s, 3, "lead shi kaku")
    play(s, 0, "pass")
    play(s, 1, "pass")
    play(s, 2, "pass")
    events = play(s, 3, "lead shi kaku")
    assert "hand_end" in [e.kind for e in events]
    assert s.dealer == 3 and s.round_no == 2 and s.scores == [0, 40]


def test_R3_3_A18_first_dealer_option_for_rematch() -> None:
    assert new_game(4, 5, {"first_dealer": 2, "team_draw": "choose"}).dealer == 2


# ---------------------------------------------------------------- §4 the deal

def test_R4_1_eight_each_all_32_dealt_and_deterministic() -> None:
    s = new_game(4, 11, {"opposing_goshi": "ask"})
    total = [0] * 9
    for h in s.hands:
        for p in range(9):
            total[p] += h[p]
    if s.phase == "play" and s.round_no == 1:
        assert s.sizes == [8, 8, 8, 8]
        assert total == list(COPIES)
    assert new_game(4, 11) == new_game(4, 11)
    assert new_game(4, 11).hands != new_game(4, 12).hands


def test_R4_3_views_show_only_the_own_hand() -> None:
    s = new_game(4, 2)
    assert view(s, None).hand is None
    for seat in range(4):
        v = view(s, seat)
        assert v.hand is not None and len(v.hand) == s.sizes[seat]
        assert v.hand_sizes == tuple(s.sizes)


def test_V2_dealing_ritual_point_then_offset_then_deal() -> None:
    s = new_game(4, 9, {"deal_ritual": True, "first_dealer": 1})
    assert s.phase == "ritual_point" and to_act(s) == {2}
    with pytest.raises(IllegalAction):
        apply(s, 1, A("point 3"))
    apply(s, 2, A("point 3"))
    assert s.phase == "ritual_offset" and to_act(s) == {1}
    events = apply(s, 1, A("offset -2"))
    assert events[0].kind == "ritual_offset" and sum(s.sizes) == 32
    # the dealer takes ring piece 3 - 2 = 1 first: the same ring as a plain deal from position 0
    plain = new_game(4, 9, {"first_dealer": 1})
    assert s.hands == plain.hands


# ---------------------------------------------------------------- §5 pawn check



def test_R5_2_eight_pawns_score_100_and_win_the_round() -> None:
    s, events = pawn_check(fill_hands(s1="shi " * 8))
    win = [e for e in events if e.kind == "pawn_win"][0]
    assert win.seat == 1 and win.data["points"] == 100 and s.scores == [0, 100]
    assert s.dealer == 1                                  # R5.8 / A17: he deals next


@pytest.mark.parametrize(("other", "points"), [("hisha", 80), ("ou", 100), ("gon", 40), ("kin", 60)])
def test_R5_3_seven_pawns_score_twice_the_eighth_piece(other: str, points: int) -> None:
    s, events = pawn_check(fill_hands(s2="shi " * 7 + other))
    assert [e.data["points"] for e in events if e.kind == "pawn_win"] == [points]
    assert s.scores == [points, 0]


@pytest.mark.parametrize(("others", "points", "x2"), [
    ("kin bakko", 30, 30), ("gin gin", 30, 60), ("ou gyoku", 50, 100), ("hisha kaku", 40, 40)])
def test_R5_4_X2_six_pawns_score_the_highest_other_piece(others: str, points: int, x2: int) -> None:
    _s, events = pawn_check(fill_hands(s3="shi " * 6 + others))
    assert [e.data["points"] for e in events if e.kind == "pawn_win"] == [points]
    _s, events = pawn_check(fill_hands(s3="shi " * 6 + others), rokushi_pair_double=True)
    assert [e.data["points"] for e in events if e.kind == "pawn_win"] == [x2]


def test_R5_5_A9_partners_with_five_pawns_each_win_the_game() -> None:
    s, events = pawn_check(fill_hands(s0="shi " * 5 + "ou kin kin", s2="shi " * 5 + "gyoku gin gin"), target_score=500)
    assert s.phase == "over" and s.winner_team == 0 and s.scores == [150, 0]
    assert "goshi_goshi" in [e.kind for e in events]
    assert result(s).places == {0: 1, 1: 2, 2: 1, 3: 2}


def test_R5_6_five_pawns_the_partner_alone_decides_play_on() -> None:
    s, events = pawn_check(fill_hands(s1="shi " * 5 + "ou kin kin"), dealer=2)
    assert s.phase == "decide" and to_act(s) == {3} and s.goshi == [False, True, False, False]
    assert legal_actions(s, 1) == [] and strs(s, 3) == {"continue", "redeal"}
    with pytest.raises(IllegalAction) as err:
        apply(s, 1, A("continue"))
    assert err.value.key == "goita.not_decider"
    with pytest.raises(IllegalAction):
        apply(s, 2, A("lead shi shi"))
    hands = [h[:] for h in s.hands]
    events = apply(s, 3, A("continue"))
    assert [e.kind for e in events] == ["chose_continue", "play_on"]
    assert s.phase == "play" and to_act(s) == {2} and s.hands == hands   # R5.9: the dealer leads
    assert view(s, None).goshi[1]                                         # A10 badge stays


def test_R5_6_redeal_same_dealer_nobody_scores() -> None:
    s, _ = pawn_check(fill_hands(s1="shi " * 5 + "ou kin kin"), dealer=2)
    deal_no = s.deal_no
    events = apply(s, 3, A("redeal"))
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["chose_redeal", "redeal", "hand_start"]
    assert s.dealer == 2 and s.scores == [0, 0] and s.deal_no > deal_no and s.round_no == 1


def test_R5_7_opposing_fives_choices_stay_private_until_both_are_in() -> None:
    s, _ = pawn_check(fill_hands(s0="shi " * 5 + "ou kin kin", s1="shi " * 5 + "gyoku gin gin"))
    assert s.phase == "decide" and to_act(s) == {2, 3}
    events = apply(s, 2, A("redeal"))
    private = [e for e in events if not e.public]
    assert private and private[0].visible_to == frozenset({2}) and private[0].data["choice"] == "redeal"
    assert all("choice" not in e.data for e in events if e.public)
    assert view(s, 2).my_decision == "redeal" and view(s, 3).my_decision is None
    assert view(s, None).decided == (2,) and to_act(s) == {3}
    events = apply(s, 3, A("continue"))
    assert {e.kind for e in events} >= {"chose_redeal", "chose_continue", "redeal"}
    assert s.dealer == 0 and s.scores == [0, 0]


def test_R5_7_opposing_fives_both_play_on() -> None:
    s, _ = pawn_check(fill_hands(s0="shi " * 5 + "ou kin kin", s1="shi " * 5 + "gyoku gin gin"), dealer=1)
    apply(s, 3, A("continue"))
    apply(s, 2, A("continue"))
    assert s.phase == "play" and to_act(s) == {1}


def test_X3_opposing_fives_redeal_at_once() -> None:
    s, events = pawn_check(fill_hands(s0="shi " * 5 + "ou kin kin", s1="shi " * 5 + "gyoku gin gin"),
                           opposing_goshi="redeal")
    assert "redeal" in [e.kind for e in events] and s.phase != "decide" or s.deal_no > 1


def test_R5_8_R8_2_special_hand_can_end_the_game() -> None:
    s = crafted(fill_hands(s1="shi " * 8))
    s.scores = [0, 60]
    events: list = []
    eng._pawn_check(s, events)
    assert s.phase == "over" and s.winner_team == 1 and s.scores == [0, 160]
    assert [e.kind for e in events][-1] == "game_over"


def test_R5_9_without_five_pawns_the_dealer_leads() -> None:
    s, events = pawn_check(fill_hands(s0="shi " * 4 + "ou kin kin gin"), dealer=3)
    assert events == [] and s.phase == "play" and to_act(s) == {3} and view(s, 3).leading


# ---------------------------------------------------------------- §6 play

def test_R6_1_two_pieces_or_none_hands_stay_even() -> None:
    s = crafted(["kin gin gon shi", "kin gin gon shi", "kin gin gon shi", "kin gin gon shi"])
    play(s, 0, "lead shi kin")
    assert s.sizes == [2, 4, 4, 4]
    play(s, 1, "pass")
    assert s.sizes == [2, 4, 4, 4]


def test_R6_2_lead_is_face_down_plus_attack_block_is_face_up() -> None:
    s = crafted(["kin gin gon shi", "kin gin gon shi", "kin gin gon shi", "kin gin gon shi"])
    play(s, 0, "lead shi kin")
    play(s, 1, "block kin gon")
    assert s.table[0] == [(8, True, 4)] and s.table[1] == [(4, False, 7)]


def test_R6_3_A13_leader_cannot_pass_and_regains_lead_after_three_passes() -> None:
    s = crafted(["kin gin gon shi", "kaku gin gon shi", "kin gin gon shi", "kin gin gon shi"])
    assert "pass" not in strs(s, 0)
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "pass")
    assert err.value.key == "goita.leader_cannot_pass"
    play(s, 0, "lead shi kin")
    play(s, 1, "pass")
    play(s, 2, "pass")
    events = play(s, 3, "pass")
    assert [e.kind for e in events] == ["pass", "lead_again"] and to_act(s) == {0} and view(s, 0).leading
    assert all(str(a).startswith("lead ") for a in legal_actions(s, 0))


def test_R6_4_responders_never_lead() -> None:
    s = crafted(["kin gin gon shi", "kin gin gon shi", "kin gin gon shi", "kin gin gon shi"])
    play(s, 0, "lead shi kin")
    assert all(not str(a).startswith("lead") for a in legal_actions(s, 1))
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "lead gin kin")
    assert err.value.key == "goita.cannot_lead"


def test_R6_5_after_a_block_the_next_player_answers_and_partner_may_block() -> None:
    s = crafted(["kin gin gon shi", "kaku gin gon shi", "kin gin gon shi", "kin gin gon shi"])
    play(s, 0, "lead shi gon")
    play(s, 1, "pass")
    assert "block gon kin" in strs(s, 2)                  # the attacker's partner may block
    play(s, 2, "block gon kin")
    assert s.attacker == 2 and s.passes == 0 and to_act(s) == {3}


def test_R6_6_A15_pass_count_resets_on_every_play() -> None:
    s = crafted(["kin gin gon shi", "kaku gin gon shi", "kin gin gon shi", "kin gin gon shi"])
    play(s, 0, "lead shi gon")
    play(s, 1, "pass")
    play(s, 2, "pass")
    assert s.passes == 2 and view(s, None).passed == (1, 2)
    play(s, 3, "block gon kin")
    assert s.passes == 0 and view(s, None).passed == ()


@pytest.mark.parametrize("attack", IDS)
@pytest.mark.parametrize("block", IDS)
def test_R6_7_R6_8_matching_table(block: str, attack: str) -> None:
    expected = reference_can_block(block, attack)
    assert eng.BLOCKERS[IDS.index(attack)].__contains__(IDS.index(block)) == expected
    # spot values from the rules text
    if (block, attack) in {("kin", "gin"), ("hisha", "kaku"), ("gon", "bakko"), ("ou", "gon"), ("ou", "shi"),
                           ("gyoku", "ou"), ("ou", "gyoku")}:
        assert not expected
    if (block, attack) in {("ou", "bakko"), ("gyoku", "hisha"), ("kin", "kin"), ("shi", "shi")}:
        assert expected


def test_R6_8_king_attack_only_pass() -> None:
    s = crafted(["ou gyoku kin kin", "gin gin kin kin", "hisha hisha kaku kaku", "gon gon shi shi"])
    play(s, 0, "lead kin ou")
    assert strs(s, 1) == {"pass"}
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "block gin gin")
    assert err.value.key == "goita.king_unblockable"
    play(s, 1, "pass")
    assert strs(s, 2) == {"pass"}


def test_R6_9_a_king_attack_needs_the_other_king_face_up() -> None:
    s = crafted(["ou kin gin shi shi shi", "gyoku gin gin shi shi shi", "hisha hisha kaku kaku", "gon gon shi shi"])
    assert not any(str(a).endswith(" ou") for a in legal_actions(s, 0))
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "lead kin ou")
    assert err.value.key == "goita.king_attack"
    play(s, 0, "lead shi kin")
    play(s, 1, "block gyoku gin")                        # 玉 face up as a block
    assert s.faceup_kings == 1
    play(s, 2, "pass")
    play(s, 3, "pass")
    assert "block gin ou" in strs(s, 0)                  # (a) holds now: 王 may attack
    play(s, 0, "block gin ou")
    assert s.attack == 0 and s.faceup_kings == 2


def test_R6_9_a_face_down_king_does_not_count() -> None:
    s = crafted(["gyoku kin kin shi", "ou kin gin gin", "hisha hisha kaku kaku", "gon gon shi shi"], dealer=0)
    play(s, 0, "lead gyoku kin")
    assert s.faceup_kings == 0
    legal = strs(s, 1)
    assert "block kin ou" not in legal                    # 玉 lies face down: no king attack
    assert "block ou gin" in legal                        # a king may always block (R6.9 notes)


def test_R6_9_b_both_kings_at_the_start_of_the_turn() -> None:
    s = crafted(["ou gyoku kin shi", "gin gin gin gin", "hisha hisha kaku kaku", "gon gon shi shi"])
    assert {"lead kin ou", "lead ou gyoku", "lead shi gyoku"} <= strs(s, 0)
    # A3: one king put face down loses (b) for the rest of the round
    play(s, 0, "lead ou kin")
    for seat in (1, 2, 3):
        play(s, seat, "pass")
    assert not any(str(a).endswith(" gyoku") for a in legal_actions(s, 0))


def test_R6_9_a_king_block_counts_in_the_same_turn() -> None:
    s = crafted(["kin shi shi shi", "ou gyoku gin gin", "hisha hisha kaku kaku", "gon gon shi shi"], dealer=0)
    play(s, 0, "lead shi kin")
    assert "block ou gyoku" in strs(s, 1)


def test_R6_9_X1_king_as_the_final_attack() -> None:
    hands = ["gon ou", "gin gin gin gin", "hisha hisha kaku kaku", "gon gon shi shi"]
    assert "lead gon ou" not in strs(crafted(hands), 0)
    s = crafted(hands, king_final_attack=True)
    assert "lead gon ou" in strs(s, 0)
    events = play(s, 0, "lead gon ou")
    assert [e.data["points"] for e in events if e.kind == "out"] == [50]


def test_R6_10_may_pass_with_a_match_and_block_with_a_king_over_an_exact_match() -> None:
    s = crafted(["kin shi shi shi", "ou kin gin gin", "hisha hisha kaku kaku", "gon gon shi shi"], dealer=0)
    play(s, 0, "lead shi kin")
    legal = strs(s, 1)
    assert {"pass", "block kin gin", "block ou gin", "block kin kin"} - legal == set() or "block kin kin" not in legal
    assert {"pass", "block kin gin", "block ou gin"} <= legal


def test_R6_10_attack_with_the_type_just_blocked() -> None:
    s = crafted(["kin shi shi shi", "kin kin gin gin", "hisha hisha kaku kaku", "gon gon shi shi"], dealer=0)
    play(s, 0, "lead shi kin")
    assert "block kin kin" in strs(s, 1)


def test_R6_11_block_must_leave_a_legal_attack() -> None:
    s = crafted(["kin shi shi shi", "ou kin", "hisha hisha kaku kaku", "gon gon shi shi"], dealer=0)
    play(s, 0, "lead shi kin")
    assert strs(s, 1) == {"pass", "block ou kin"}
    with pytest.raises(IllegalAction):
        play(s, 1, "block kin ou")


def test_R6_11_leader_always_has_a_legal_lead() -> None:
    s = crafted(["ou kin", "gin gin", "gon gon", "shi shi"])
    assert strs(s, 0) == {"lead ou kin"}
    s = crafted(["ou gyoku", "gin gin", "gon gon", "shi shi"])
    assert strs(s, 0) == {"lead ou gyoku", "lead gyoku ou"}


def test_R6_12_face_down_pieces_are_seen_only_by_their_owner() -> None:
    s = crafted(["kin gin gon shi", "kin gin gon shi", "kin gin gon shi", "kin gin gon shi"])
    play(s, 0, "lead gon kin")
    assert view(s, 0).table[0][0].first == "gon"
    for viewer in (None, 1, 2, 3):
        v = view(s, viewer)
        assert v.table[0][0].first is None and v.table[0][0].face_down and v.table[0][0].attack == "kin"
        assert v.history[0].first is None


def test_R6_13_R6_14_worked_example_columns() -> None:
    # A=gon B=kin C=gin D=hisha E=kaku F=bakko G=shi H=bakko J=shi (types as letters)
    s = crafted(["gon kin hisha kaku shi shi", "kin gin shi shi shi shi", "kaku bakko shi bakko gin gin",
                 "gin hisha bakko shi bakko bakko"], dealer=0)
    for seat, text in [(0, "lead gon kin"), (1, "block kin gin"), (2, "pass"), (3, "block gin hisha"),
                       (0, "block hisha kaku"), (1, "pass"), (2, "block kaku bakko"), (3, "pass"), (0, "pass"),
                       (1, "pass"), (2, "lead shi bakko"), (3, "block bakko shi")]:
        play(s, seat, text)
    cols = view(s, None).table
    assert [(c.first, c.attack) for c in cols[0]] == [(None, "kin"), ("hisha", "kaku")]
    assert [(c.first, c.attack) for c in cols[1]] == [("kin", "gin")]
    assert [(c.first, c.attack) for c in cols[2]] == [("kaku", "bakko"), (None, "bakko")]
    assert [(c.first, c.attack) for c in cols[3]] == [("gin", "hisha"), ("bakko", "shi")]


# ---------------------------------------------------------------- §7 scoring

def test_R7_1_R7_2_going_out_scores_the_last_attack() -> None:
    s = crafted(["gin gin shi shi", "kin hisha", "gin gin shi shi", "kaku kaku shi shi"], dealer=0)
    play(s, 0, "lead shi gin")
    play(s, 1, "pass")
    play(s, 2, "block gin gin")
    play(s, 3, "pass")
    play(s, 0, "pass")
    play(s, 1, "pass")
    events = play(s, 2, "lead shi shi")
    assert [e.kind for e in events][:3] == ["lead", "out_double", "hand_end"]
    assert s.scores == [20, 0] and s.dealer == 2 and s.round_no == 2
    s = crafted(["gin gin shi shi", "kin hisha", "gin gin shi shi", "kaku kaku shi shi"], dealer=1)
    events = play(s, 1, "lead kin hisha")
    assert [e.data["points"] for e in events if e.kind == "out"] == [40] and s.scores == [0, 40]


@pytest.mark.parametrize(("hidden", "attack", "points"), [
    ("kin", "kin", 60), ("ou", "gyoku", 100), ("shi", "shi", 20), ("ou", "kin", 30), ("kaku", "hisha", 40)])
def test_R7_3_A5_doubling_needs_a_lead_with_the_same_type(hidden: str, attack: str, points: int) -> None:
    s = crafted([f"{hidden} {attack}", "gin gin", "gon gon", "bakko bakko"])
    events = play(s, 0, f"lead {hidden} {attack}")
    assert s.last_round is not None and s.last_round["points"] == points
    assert s.scores == [points, 0]
    doubled = [e for e in events if e.kind == "out_double"]
    assert bool(doubled) == (points == 2 * VALUES[attack])
    if doubled:
        assert doubled[0].data["hidden"] == hidden           # R7.3: the face-down piece is shown


def test_R7_3_going_out_by_a_block_never_doubles() -> None:
    s = crafted(["kin shi shi shi", "kin kin", "gon gon shi shi", "bakko bakko shi shi"], dealer=0)
    play(s, 0, "lead shi kin")
    events = play(s, 1, "block kin kin")
    assert [e.data["points"] for e in events if e.kind == "out"] == [30] and s.scores == [0, 30]


def test_R7_4_only_the_winning_team_scores() -> None:
    s = crafted(["kin kin", "gin gin", "gon gon", "bakko bakko"], dealer=3)
    s.scores = [20, 40]
    play(s, 3, "lead bakko bakko")
    assert s.scores == [20, 80]


# ---------------------------------------------------------------- §8 end of the game

def test_R8_2_R8_3_first_team_to_the_target_wins_at_once() -> None:
    s = crafted(["kin kin", "gin gin", "gon gon", "bakko bakko"], dealer=1)
    s.scores = [100, 130]
    events = play(s, 1, "lead gin gin")
    assert s.phase == "over" and s.winner_team == 1 and to_act(s) == set()
    assert [e.kind for e in events][-1] == "game_over" and "hand_start" not in [e.kind for e in events]
    r = result(s)
    assert r.finished and r.places == {0: 2, 1: 1, 2: 2, 3: 1} and r.team_points == {0: 100, 1: 190}
    with pytest.raises(IllegalAction):
        play(s, 2, "pass")
    assert all(legal_actions(s, seat) == [] for seat in range(4))


def test_R8_4_X4_target_score_is_configurable() -> None:
    s = crafted(["kin kin", "gin gin", "gon gon", "bakko bakko"], dealer=0, target_score=60)
    play(s, 0, "lead kin kin")
    assert s.phase == "over"
    with pytest.raises(ValueError):
        new_game(4, 1, {"target_score": 0})
    with pytest.raises(ValueError):
        new_game(4, 1, {"nonsense": 1})


def test_A16_a_responder_without_a_block_still_passes_himself() -> None:
    s = crafted(["gon shi shi shi", "kin kin gin gin", "gon gon shi shi", "kaku kaku shi shi"], dealer=0)
    play(s, 0, "lead shi gon")
    assert to_act(s) == {1} and strs(s, 1) == {"pass"}       # no automatic pass (A16)


def test_A12_responders_match_the_latest_attack_whoever_played_it() -> None:
    s = crafted(["gon shi shi shi", "gon kin gin gin", "kin kaku shi shi", "kaku gin shi shi"], dealer=0)
    play(s, 0, "lead shi gon")
    play(s, 1, "block gon kin")
    assert "block kin kaku" in strs(s, 2) and not any(a.startswith("block gon") for a in strs(s, 2))
