"""The computer players make every decision the game asks, legally, from the seat's view only."""

from __future__ import annotations

import random
import time

import pytest

from bot.games.zhengshangyou import (
    Pass,
    Play,
    apply,
    choose_action,
    legal_actions,
    new_game,
    parse_action,
    to_act,
    view,
)

from .helpers import table


@pytest.mark.parametrize("seats,mode,levels", [
    (4, "team4", ["hard", "easy", "random", "easy"]),
    (5, "individual", ["easy", "hard", "easy", "random", "easy"]),
    (6, "team6", ["hard", "easy", "easy", "random", "easy", "hard"]),
])
def test_every_level_plays_whole_matches_legally(seats: int, mode: str, levels: list[str]) -> None:
    state = new_game(seats, 42, {"mode": mode, "target_score": 12, "twos_natural_in_sequences": seats == 5})
    rng = random.Random(1)
    kinds = set()
    while not state.finished:
        seat = min(to_act(state))
        legal = legal_actions(state, seat)
        action = choose_action(view(state, seat), legal, levels[seat], rng, 0.01)
        assert action in legal
        kinds.add(action.kind)
        apply(state, seat, action)
    assert {"play", "pass"} <= kinds
    assert state.hand_no > 1 and {"take_tribute", "return", "take_return"} <= kinds


def test_easy_goes_out_when_it_can_and_keeps_jokers_early() -> None:
    s = table(["3s 4s 5s", "4h 9h 10h Jh Qh Kh", "5d", "6d"])
    assert choose_action(view(s, 0), legal_actions(s, 0), "easy", random.Random(0)) == parse_action("3s 4s 5s")
    s = table(["3s 7c 9d Jh Qd Kd BJ", "4h", "5d", "6d"], turn=0)
    action = choose_action(view(s, 0), legal_actions(s, 0), "easy", random.Random(0))
    assert isinstance(action, Play) and all(c.rank < 14 for c in action.cards)


def test_easy_does_not_overtake_its_partner() -> None:
    s = table(["3s 9s 10s", "4h 10h Jh", "5d Kd Ad", "6d 7d 8d"], mode="team4")
    apply(s, 0, parse_action("9s"))
    apply(s, 1, parse_action("pass"))
    assert choose_action(view(s, 2), legal_actions(s, 2), "easy", random.Random(0)) == Pass()


def test_hard_stays_within_its_budget() -> None:
    s = new_game(5, 3)
    seat = s.turn
    start = time.perf_counter()
    action = choose_action(view(s, seat), legal_actions(s, seat), "hard", random.Random(0), 0.05)
    assert time.perf_counter() - start < 0.5 and action in legal_actions(s, seat)


def test_hard_takes_an_obvious_win() -> None:
    s = table(["RJ 3c", "4h 5h", "5d 6c", "6d 7c"], mode="individual")
    apply(s, 0, parse_action("3c"))
    apply(s, 1, parse_action("5h"))
    apply(s, 2, parse_action("6c"))
    apply(s, 3, parse_action("7c"))
    assert choose_action(view(s, 0), legal_actions(s, 0), "hard", random.Random(0), 0.05) == parse_action("RJ")


def test_16_6_timeout_policies() -> None:
    from bot.games.zhengshangyou import Return, TakeReturn, TakeTribute, Tribute, timeout_action

    s = table(["9h 3s 3c Kd", "4s", "5s", "6s"])
    assert timeout_action(view(s, 0), legal_actions(s, 0)) == parse_action("3c")
    apply(s, 0, parse_action("3c"))
    assert timeout_action(view(s, 1), legal_actions(s, 1)) == Pass()
    s = new_game(5, 9, {"target_score": 99})
    rng = random.Random(2)
    while s.hand_no == 1:
        seat = min(to_act(s))
        apply(s, seat, rng.choice(legal_actions(s, seat)))
    while s.phase != "play":
        seat = min(to_act(s))
        legal = legal_actions(s, seat)
        action = timeout_action(view(s, seat), legal)
        assert action in legal
        if isinstance(action, Tribute):
            assert action.card == min(a.card for a in legal if isinstance(a, Tribute))
        if isinstance(action, Return):
            assert action.card == min(s.hands[seat])
        if isinstance(action, TakeTribute | TakeReturn):
            assert action.card.rank == max(a.card.rank for a in legal)
        apply(s, seat, action)
