"""§16.6 timing as the engine gives them to the Discord clock: the words the reminder says name the
move the timeout makes, and they come from the public view alone."""

from __future__ import annotations

import random

from bot.games.zhengshangyou import (
    Pass,
    Play,
    Return,
    TakeReturn,
    TakeTribute,
    Tribute,
    apply,
    legal_actions,
    new_game,
    timeout_action,
    timing,
    to_act,
    view,
)

KINDS = {"pass": Pass, "lowest_single": Play, "tribute_top": Tribute, "return_low": Return}


def test_16_6_the_clock_numbers() -> None:
    assert (timing.TURN_SECONDS, timing.REMINDER_SECONDS) == (90, 20)
    assert (timing.AFK_AFTER_TIMEOUTS, timing.AFK_GRACE_SECONDS) == (2, 5)


def test_16_6_the_outcome_in_words_is_the_move_the_timeout_makes() -> None:
    seen: set[str] = set()
    for seed, seats, mode in ((1, 4, "individual"), (2, 4, "team4"), (3, 6, "team6"), (4, 5, "individual")):
        state = new_game(seats, seed, {"mode": mode})
        rng = random.Random(seed)
        for _ in range(600):
            waiting = sorted(to_act(state))
            if not waiting:
                break
            words = timing.timeout_outcome(view(state, None))
            for seat in waiting:
                legal = legal_actions(state, seat)
                action = timeout_action(view(state, seat), legal)
                assert action in legal
                if words == "take_higher":
                    assert isinstance(action, TakeTribute | TakeReturn)
                elif words == "lowest_single":
                    assert isinstance(action, Play) and len(action.cards) == 1
                else:
                    assert isinstance(action, KINDS[words]), (words, action)
            seen.add(words)
            seat = rng.choice(waiting)
            apply(state, seat, rng.choice(legal_actions(state, seat)))
    assert {"pass", "lowest_single", "tribute_top", "return_low", "take_higher"} <= seen
