"""Computer players: always legal, every decision covered, quick, and sensible where it is obvious."""

from __future__ import annotations

import random
import time

import pytest

from bot.games.goita import apply, choose_action, legal_actions, new_game, parse_action, to_act, view

from .helpers import crafted, fill_hands, pawn_check


@pytest.mark.parametrize("level", ["random", "easy", "hard"])
def test_every_level_makes_every_kind_of_decision_legally(level: str) -> None:
    for seed in range(3 if level == "hard" else 12):
        state = new_game(4, seed, {"deal_ritual": seed % 3 == 0, "target_score": 60})
        rng = random.Random(seed)
        for _ in range(60 if level == "hard" else 400):
            if state.phase == "over":
                break
            seat = min(to_act(state))
            legal = legal_actions(state, seat)
            action = choose_action(view(state, seat), legal, level, rng, 0.01)
            assert action in legal
            apply(state, seat, action)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_five_pawn_decision_is_answered(level: str) -> None:
    state, _ = pawn_check(fill_hands(s1="shi " * 5 + "ou kin kin"), dealer=2)
    legal = legal_actions(state, 3)
    assert choose_action(view(state, 3), legal, level, random.Random(1), 0.01) in legal


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_goes_out_with_the_best_score(level: str) -> None:
    state = crafted(["kin kin", "gin gin shi shi", "gon gon shi shi", "kaku kaku shi shi"], dealer=0)
    action = choose_action(view(state, 0), legal_actions(state, 0), level, random.Random(2), 0.01)
    assert action == parse_action("lead kin kin")             # 60 with the doubling (R7.3)


def test_easy_does_not_block_its_partner() -> None:
    state = crafted(["gon shi shi shi", "hisha kaku shi shi", "gon kin gin bakko", "kin gin bakko bakko"])
    apply(state, 0, parse_action("lead shi gon"))
    apply(state, 1, parse_action("pass"))
    action = choose_action(view(state, 2), legal_actions(state, 2), "easy", random.Random(3))
    assert str(action) == "pass"


def test_hard_keeps_to_its_time_budget() -> None:
    # the budget is CPU time of the deciding thread, so a busy machine does not make this fail
    state = new_game(4, 7)
    seat = min(to_act(state))
    start = time.thread_time()
    choose_action(view(state, seat), legal_actions(state, seat), "hard", random.Random(4), 0.05)
    assert time.thread_time() - start < 0.5


def test_unknown_level_is_refused() -> None:
    state = new_game(4, 1)
    seat = min(to_act(state))
    with pytest.raises(ValueError):
        choose_action(view(state, seat), legal_actions(state, seat), "genius", random.Random(0))
