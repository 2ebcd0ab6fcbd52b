"""Computer players: always legal, every decision covered, quick, and sensible where it is obvious."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from bot.games.goita import ai, apply, choose_action, legal_actions, new_game, parse_action, to_act, view
from bot.games.goita.inference import World
from bot.games.goita.solver import Move, Position

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


class _CountingSolver:
    """Stands in for the exact solver: the heavy world (a pawn count of 9 in seat 1) favours the first
    move, every light world the second; it counts the worlds it is asked to solve."""

    def __init__(self) -> None:
        self.nodes = self.solved = 0
        self.node_limit = 1 << 62

    def move_values(self, pos: Position, moves: list[Move]) -> list[tuple[Move, int]]:
        self.solved += 1
        heavy = pos.hands[1][7] == 9
        return [(m, 10 if (i == 0) == heavy else 0) for i, m in enumerate(moves)]


@pytest.mark.parametrize("late", [False, True])
def test_light_worlds_are_solved_by_chance_and_count_for_the_ones_skipped(late: bool) -> None:
    # one heavy world (weight 1) for the first move against 1000 light ones (0.01 each, 10 in all) for the
    # second: the weighted mean favours the second move, so a shortcut that solved only heavy worlds would
    # be wrong; solving every light world would be slow. Late in a round (at most SHARE_PIECES pieces in
    # hands) every world is solved: there weighing costs as much as solving
    hands = ["kin gin shi shi", "hisha kaku shi shi", "gon kin gin bakko", "kin gin bakko bakko shi shi"]
    if late:
        hands[3] = "kin gin bakko bakko"
    state = crafted(hands)
    assert (sum(state.sizes) <= ai.SHARE_PIECES) == late
    seat = 0
    legal = legal_actions(state, seat)
    order = ai._shortlist(view(state, seat), legal, len(legal))
    first, second = order[0], next(a for a in order if ai._move_of(a) != ai._move_of(order[0]))

    def worlds() -> Iterator[tuple[World, float]]:
        hands = [[0] * 9 for _ in range(4)]
        hands[1][7] = 9
        yield World(hands, [[], [], [], []]), 1.0
        for i in range(1000):                           # distinct hands, so none is solved for free
            hands = [[0] * 9 for _ in range(4)]
            hands[1][2:5] = [i % 10, i // 10 % 10, i // 100]
            yield World(hands, [[], [], [], []]), 0.01
        while True:
            yield World([[0] * 9 for _ in range(4)], 0.0), 0.0

    solver = _CountingSolver()
    act = ai._solve(view(state, seat), [first, second], worlds(), solver, lambda: 1.0,  # type: ignore[arg-type]
                    random.Random(5), 1001)
    assert act == second
    if late:
        assert solver.solved == 1001
    else:
        assert solver.solved < 300, solver.solved
