"""Computer players: always legal, every decision covered, quick, and sensible where it is obvious."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from bot.games.goita import Play, apply, choose_action, legal_actions, new_game, parse_action, to_act, view

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


def test_racing_drops_only_candidates_clearly_behind_the_leader() -> None:
    from bot.games.goita.ai import _race

    # candidate 1 leads; 2 is far behind it in every world; 3 is behind by less than its noise; the easy
    # choice (0) is behind too but stays, as the reference the others are measured against
    history = [[0.0, 10.0, -10.0, 10.0 + (20.0 if k % 2 else -22.0)] for k in range(40)]
    assert _race([0, 1, 2, 3], history, 40, 2.0) == [0, 1, 3]


def test_a_world_drawn_again_counts_once_in_the_standard_error() -> None:
    from bot.games.goita.ai import _paired, _race

    a, b = [0.0, 10.0], [0.0, -10.0]
    history = [a, a, a, b]                     # a repeated world is the same list
    mean, se = _paired(history, 1, 0, distinct=2)
    assert mean == pytest.approx(5.0)
    # two worlds, not four: the error is sqrt(2) times the one four independent worlds would give
    assert se == pytest.approx((75.0 / 2) ** 0.5)
    # candidate 2 is behind 1 in the repeated world and ahead in the other: one standard error behind with
    # four worlds, within one with two
    a, b = [0.0, 10.0, 0.0], [0.0, 0.0, 10.0]
    assert _race([0, 1, 2], [a, a, a, b], 2, 1.0) == [0, 1, 2]
    assert _race([0, 1, 2], [a, a, a, b], 4, 1.0) == [0, 1]


def test_racing_stops_rolling_out_a_clearly_worse_candidate(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.games.goita import ai
    from bot.games.goita.inference import Inference

    monkeypatch.setattr(ai, "RACE_Z", 2.0)
    state = new_game(4, 11)
    rng = random.Random(5)
    while sum(state.sizes) > 28:               # the opening, easy everywhere
        seat = min(to_act(state))
        apply(state, seat, choose_action(view(state, seat), legal_actions(state, seat), "easy", rng))
    seat = min(to_act(state))
    v = view(state, seat)
    cands = ai._shortlist(v, legal_actions(state, seat), ai.MAX_CANDIDATES)
    assert len(cands) >= 4
    calls: dict[tuple[object, ...], int] = {}
    real = ai.rollout

    def counting(hands: list[list[int]], *args: Any) -> tuple[int, int]:
        key = (tuple(hands[seat]), args[3])          # what the candidate changed: its hand and the attack
        calls[key] = calls.get(key, 0) + 1
        return real(hands, *args)                     # type: ignore[arg-type]

    monkeypatch.setattr(ai, "rollout", counting)
    drawn = 0

    def time_left() -> float:
        nonlocal drawn
        drawn += 1
        return 1.0 if drawn < 200 else 0.0

    ai._rollouts(v, cands, ai._worlds(Inference(v), random.Random(6), True), time_left)
    # the easy choice is rolled out in every distinct world; at least one candidate was dropped before the end
    assert len(calls) == len(cands)
    easy = cands[0]
    hand = ai._counts(v.hand or ())
    if isinstance(easy, Play):
        hand[easy.first] -= 1
        hand[easy.attack] -= 1
    attack = easy.attack if isinstance(easy, Play) else ai.CODE[v.attack or ""]
    assert calls[(tuple(hand), attack)] == max(calls.values())
    assert min(calls.values()) < max(calls.values())
