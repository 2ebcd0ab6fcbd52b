"""§9 gwangpalli: four to seven people, three play each round."""

from __future__ import annotations

import pytest

from bot.games.gostop import legal_actions, new_game, view
from bot.games.gostop.engine import FORCED_OUT, PLAYING, SITTING, State, special_cards

from .helpers import act, cs

GP = {"gwangpalli": True, "jokers": 0, "rounds": 2}


def _fresh(seats: int, seed: int = 0, **opts: object) -> State:
    """A gwangpalli deal waiting for the first choice."""
    for s in range(seed, seed + 50):
        st = new_game(seats, s, {**GP, **opts})
        if st.phase == "choose":
            return st
    raise AssertionError("no choice phase")


def test_R9_1_dealer_always_plays_with_two_others() -> None:
    st = _fresh(5)
    d = st.dealer
    assert st.status[d] == PLAYING and st.turn == (d + 1) % 5
    while st.phase == "choose":
        act(st, "join")
    assert len(st.active) == 3 and st.active[0] == d


def test_R9_2_everyone_is_dealt_seven_and_the_layout_stays_face_down() -> None:
    st = _fresh(6)
    assert all(len(h) == 7 for h in st.hands) and len(st.layout[0]) == 6 and st.stock == []
    v = view(st, None)
    assert v.layout_face_down == 6 and all(g == () for g in v.layout)


def test_R9_3_seed_example_with_five_people() -> None:
    st = _fresh(5)
    a = st.dealer
    b, c_, d, e = [(a + i) % 5 for i in range(1, 5)]
    # B out, C plays, D out: E must play
    act(st, "sit")
    act(st, "join")
    assert st.turn == d
    act(st, "sit")
    assert st.status[e] == PLAYING and st.active == [a, c_, e]
    # D plays instead: E is forced out
    st = _fresh(5)
    act(st, "sit")
    act(st, "join")
    act(st, "join")
    assert st.status[e] == FORCED_OUT and st.status[b] == SITTING
    # B and C out: D and E must play
    st = _fresh(5)
    act(st, "sit")
    act(st, "sit")
    assert st.active == [a, d, e] and st.phase != "choose"


def test_R9_3_only_the_asked_seat_may_answer() -> None:
    st = _fresh(4)
    other = (st.turn + 1) % 4
    assert legal_actions(st, other) == [] and {str(x) for x in legal_actions(st, st.turn)} == {"join", "sit"}


@pytest.mark.parametrize("hand, people, count", [
    (["1b", "3b", "11d", "12d", "9a", "joker-2", "5j1"], 5, 6),
    (["12b", "1j1"], 4, 1),  # rain bright, sole bright, 4 people: paid
    (["12b", "1j1"], 5, 0),  # not with 5 people
    (["12b", "1b"], 4, 1),  # not when another bright is held
    (["8a", "2a", "10r"], 4, 0),
])
def test_R9_4_special_cards(hand: list[str], people: int, count: int) -> None:
    assert len(special_cards(cs(hand), people)) == count


def test_R9_4_forced_out_player_is_paid_by_the_two_non_dealer_players() -> None:
    for seed in range(200):
        st = _fresh(4, seed)
        d = st.dealer
        b, c_, e = [(d + i) % 4 for i in range(1, 4)]
        specials = special_cards(st.hands[e], 4)
        if not specials:
            continue
        months = [x // 4 for x in st.hands[e] if x < 48]
        rate = 4 if any(months.count(m) >= 3 for m in months) else 2
        act(st, "join")
        act(st, "join")
        if st.deal_no != 1 or st.round_no != 0:
            continue  # void deal redealt: compensation cancelled (checked below)
        got = [row for row in st.ledger if row[3] == "compensation"]
        assert sorted((row[0], row[1], row[2]) for row in got) == sorted(
            [(b, e, rate * len(specials)), (c_, e, rate * len(specials))])
        assert st.chips[d] == 0
        return
    raise AssertionError("no suitable deal found")


def test_R9_4_voluntary_sitters_get_nothing_and_rate_option_3() -> None:
    for seed in range(200):
        st = _fresh(4, seed, gwangpalli_rate=3)
        d = st.dealer
        e = (d + 3) % 4
        specials = special_cards(st.hands[e], 4)
        months = [x // 4 for x in st.hands[e] if x < 48]
        if not specials or any(months.count(m) >= 3 for m in months):
            continue
        b = (d + 1) % 4
        act(st, "sit")  # B sits out voluntarily: C and E are forced in
        assert st.status[b] == SITTING and not any(r[1] == b for r in st.ledger)
        st = _fresh(4, seed, gwangpalli_rate=3)
        act(st, "join")
        act(st, "join")
        if st.round_no == 0 and st.deal_no == 1:
            assert {r[2] for r in st.ledger if r[3] == "compensation"} == {3 * len(specials)}
            return
    raise AssertionError("no suitable deal found")


def test_R9_5_sitters_cards_join_the_stock_and_the_layout_is_revealed() -> None:
    st = _fresh(6)
    act(st, "join")
    act(st, "join")
    assert st.phase == "turn" or st.round_no > 0 or st.deal_no > 1
    if st.deal_no == 1 and st.round_no == 0:
        assert sum(map(len, st.layout[1:])) == 6 and len(st.stock) == 48 - 21 - 6
        assert all(st.hands[s] == [] for s in range(6) if s not in st.active)
        assert all(len(st.hands[s]) == 7 for s in st.active)


def _swap_into_layout(st: State, cards: list[int]) -> None:
    """Rig the face-down layout so that it holds ``cards`` (swapping with wherever they are)."""
    for i, card in enumerate(cards):
        old = st.layout[0][i]
        if old == card:
            continue
        for pile in [*st.hands, st.stock, st.layout[0]]:
            if card in pile:
                pile[pile.index(card)] = old
                break
        st.layout[0][i] = card


def test_R9_5_void_deal_after_the_choice_cancels_compensation_and_redeals_to_all() -> None:
    st = _fresh(4)
    _swap_into_layout(st, cs(["8b", "8a", "8j1", "8j2"]))
    deal = st.deal_no
    act(st, "join")
    events = act(st, "join")
    assert "void_deal" in [e.kind for e in events] and st.deal_no > deal
    assert not any(r[3] == "compensation" for r in st.ledger) and st.chips == [0, 0, 0, 0]
    assert st.phase == "choose" or st.deal_no > deal + 1
    assert all(len(h) == 7 for h in st.hands) or st.phase != "choose"


def _rig_quick_nagari(st: State) -> None:
    """Leave each active player one harmless card so the round ends at once without a winner."""
    for i, s in enumerate(st.active):
        st.hands[s] = cs([["1j1"], ["2j1"], ["3j1"]][i])
        st.captures[s] = []
    st.layout = [[] for _ in range(13)]
    st.layout[5] = cs(["5j1"])
    st.stack_owner = [-2] * 13
    st.stock = cs(["6j1", "7j1", "9j1"])[::-1]
    st.credits = [0] * st.seats


def test_R9_6_after_a_nagari_the_same_three_play_again_without_choosing() -> None:
    st = _fresh(5)
    while st.phase == "choose":
        act(st, "join")
    three, dealer = list(st.active), st.dealer
    _rig_quick_nagari(st)
    for _ in range(3):
        act(st, str(legal_actions(st, st.turn)[0]))
    assert st.history[-1]["how"] == "nagari"
    assert st.phase == "turn" and st.active == three and st.dealer == dealer
    assert all(st.hands[s] == [] for s in range(5) if s not in three)


def test_R9_7_seven_people_need_a_joker_and_get_no_layout_before_the_choice() -> None:
    with pytest.raises(ValueError):
        new_game(7, 1, {"gwangpalli": True, "jokers": 0})
    st = new_game(7, 1, {"gwangpalli": True, "jokers": 1})
    assert all(len(h) == 7 for h in st.hands) and st.layout[0] == [] and len(st.stock) == 0
    while st.phase == "choose":
        act(st, "join")
    if st.round_no == 0:
        assert sum(map(len, st.layout[1:])) + len(st.captures[st.dealer]) >= 6


def test_V_G4_seven_iris_rule_makes_the_holder_sit_out() -> None:
    for seed in range(30):
        st = new_game(7, seed, {"gwangpalli": True, "seven_iris_rule": True})
        holder = next(s for s in range(7) if cs(["5a"])[0] in st.hands[s]) if st.phase == "choose" else None
        if holder is not None and holder != st.dealer:
            assert st.status[holder] == FORCED_OUT
            return
    raise AssertionError("no deal found")


def test_V_G2_redeal_all_after_nagari() -> None:
    st = _fresh(5, gwangpalli_redeal_all=True)
    while st.phase == "choose":
        act(st, "join")
    _rig_quick_nagari(st)
    for _ in range(3):
        act(st, str(legal_actions(st, st.turn)[0]))
    assert st.history[-1]["how"] == "nagari"
    assert st.phase == "choose" or st.deal_no > 2


def test_V_G1_compensation_is_paid_by_the_losers_at_the_end_and_doubled_after_nagari() -> None:
    for seed in range(200):
        st = _fresh(4, seed, gwangpalli_pay_at_end=True, rounds=3)
        d = st.dealer
        e = (d + 3) % 4
        if not special_cards(st.hands[e], 4):
            continue
        act(st, "join")
        act(st, "join")
        if st.round_no or st.deal_no != 1:
            continue
        assert not any(r[3] == "compensation" for r in st.ledger) and st.deferred
        amount = st.deferred[0][1]
        _rig_quick_nagari(st)
        for _ in range(3):
            act(st, str(legal_actions(st, st.turn)[0]))
        assert st.deferred == [[e, 2 * amount]]
        # the next round has a winner: both losers pay the doubled amount
        winner = st.active[1]
        st.captures[winner] = cs(["1b", "3b", "8b"])
        from bot.games.gostop.engine import _stop

        _stop(st, winner, [])
        paid = [r for r in st.ledger if r[3] == "compensation"]
        assert sorted(r[0] for r in paid) == sorted(q for q in st.history[-1]["active"] if q != winner)
        assert {r[2] for r in paid} == {2 * amount} and {r[1] for r in paid} == {e}
        return
    raise AssertionError("no suitable deal")
