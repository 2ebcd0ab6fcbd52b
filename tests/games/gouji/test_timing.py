"""§13.6 timeouts and the §13.8 endgame choice, as the engine and its AI give them to the Discord clock."""

from __future__ import annotations

import random

import pytest

from bot.games.gouji import apply, legal_actions, new_game, to_act
from bot.games.gouji import timing as clock
from bot.games.gouji.ai import endgame_choice, slot_cost
from bot.games.gouji.engine import PASS, State, _eg_new_round, timeout_action
from bot.games.gouji.notation import Choose, Play, Return

from .helpers import act, table


def test_13_6_limits_and_outcomes_of_the_trick_windows() -> None:
    state = table({0: "6 6 A A 8 8 8", 1: "K K 3", 2: "BJ BJ 4", 4: "3 4 5", 5: "2 2 9"})
    assert clock.window_name(state, 0) == "lead" and clock.TIMING.window(state, 0) == 60 == clock.LEAD_SECONDS
    assert clock.TIMING.timeout_outcome(state, 0) == "lowest_single"
    act(state, 0, "6-6")
    assert (clock.window_name(state, 1), clock.TIMING.window(state, 1), clock.TIMING.timeout_outcome(state, 1)) == (
        "follow", 40, "pass")
    act(state, 1, "K-K")  # a Gou Ji duel: B against E
    assert (clock.window_name(state, 4), clock.TIMING.window(state, 4), clock.TIMING.timeout_outcome(state, 4)) == (
        "duel", 40, "pass")


def test_13_6_a_shao_pai_leader_times_out_into_the_first_restricted_lead() -> None:
    state = table({0: "6 6 A A"})
    state.shao = 0
    assert clock.window_name(state, 0) == "lead" and clock.TIMING.timeout_outcome(state, 0) == "first_lead"


def test_13_6_pre_hand_windows_and_no_window() -> None:
    state = new_game(6, 3)
    assert state.phase != "play"
    for seat in range(6):
        name = clock.window_name(state, seat)
        assert name == (state.phase if state.phase in clock.WINDOW_SECONDS else None)
        if name is not None:
            assert clock.TIMING.timeout_outcome(state, seat) == clock.WINDOW_OUTCOMES[name]
    assert clock.WINDOW_SECONDS["swap"] == 15 and clock.WINDOW_SECONDS["tribute_return"] == 60
    assert clock.REMINDER_SECONDS == 15 and clock.AFK_AFTER_TIMEOUTS == 3 and clock.AFK_GRACE_SECONDS == 5


def _matches(outcome: str, action: object, state: State) -> bool:
    """Does the reminder's outcome name the move the timeout makes?"""
    if outcome == "pass":
        return action == PASS
    if outcome == "lowest_single":
        return isinstance(action, Play) and action.size == 1
    if outcome == "first_lead":
        return isinstance(action, Play)
    if outcome == "default_member":
        return action == Choose(state.candidates[0])
    if outcome == "return_lowest":
        return isinstance(action, Return)
    return getattr(action, "kind", None) in {"show_threes": ("show_threes",), "ready": ("ready",),
                                              "agree": ("agree",), "insist": ("insist",),
                                              "no_swap": ("no_swap",),
                                              "tribute_agree": ("jie_fang", "pay", "agree")}[outcome]


@pytest.mark.parametrize("seed", [2, 5])
def test_13_6_the_outcome_the_reminder_names_is_the_move_the_timeout_makes(seed: int) -> None:
    state = new_game(6, seed, {"session_hands": 1})
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(400):
        waiting = sorted(to_act(state))
        if not waiting or state.finished:
            break
        for seat in waiting:
            outcome = clock.TIMING.timeout_outcome(state, seat)
            action = timeout_action(state, seat)
            if outcome != "computer" and action is not None:
                assert _matches(outcome, action, state), (outcome, action)
                seen.add(outcome)
        seat = rng.choice(waiting)
        apply(state, seat, rng.choice(legal_actions(state, seat)))
    assert {"lowest_single", "pass"} <= seen


def _endgame(hands: dict[int, str]) -> State:
    state = table({**hands, 4: "", 5: ""})
    state.places[4], state.places[5], state.n_out = 1, 2, 2
    state.eg = True
    state.eg_leader = 0
    _eg_new_round(state)
    act(state, 0, "3")
    assert state.candidates == [1, 3]
    return state


def _choice(state: State) -> int:
    return endgame_choice({c: legal_actions(state, c) for c in state.candidates})


def test_13_8_the_candidate_with_the_cheaper_beating_set_fills_the_slot() -> None:
    state = _endgame({0: "3 3 3 4", 1: "5 5 6", 2: "6 6 7", 3: "7 7 8"})
    assert clock.window_name(state, 1) == "team_choice" and clock.TIMING.timeout_outcome(state, 3) == "default_member"
    assert _choice(state) == 1
    state = _endgame({0: "3 3 3 4", 1: "2 2 2", 2: "6 6 7", 3: "7 7 8"})
    assert _choice(state) == 3  # a 2 is dearer than a natural 7
    state = _endgame({0: "3 3 3 4", 1: "3 3", 2: "6 6 7", 3: "7 7 8"})
    assert slot_cost(legal_actions(state, 1))[0] == 1 and _choice(state) == 3  # B cannot beat at all


def test_13_8_equal_costs_keep_the_default_member() -> None:
    state = _endgame({0: "3 3 3 4", 1: "8 9", 2: "6 6 7", 3: "8 10"})
    assert _choice(state) == state.candidates[0] == 1
