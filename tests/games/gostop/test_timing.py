"""§13.4 timeouts, as the engine gives them to the Discord clock: Stop, sit out, the higher-value card."""

from __future__ import annotations

import random

from bot.games.gostop import apply, legal_actions, new_game, to_act
from bot.games.gostop.actions import SIT, STOP, Action
from bot.games.gostop.cards import ID_OF, TYPE
from bot.games.gostop.timing import TIMING, TURN_SECONDS
from bot.games.gostop.timing import safe_choice as timeout_action
from bot.games.gostop.timing import safe_choice_words as timeout_outcome


def test_13_4_go_stop_times_out_to_stop_and_play_or_sit_to_sitting_out() -> None:
    assert TURN_SECONDS == 120
    assert timeout_action([Action("go"), STOP]) == STOP and timeout_outcome([Action("go"), STOP]) == "stop"
    assert timeout_action([Action("join"), SIT]) == SIT and timeout_outcome([Action("join"), SIT]) == "sit_out"


def test_13_4_a_choice_of_two_takes_the_higher_value_card() -> None:
    junk, bright = ID_OF["m03-junk1"], ID_OF["m03-bright"]
    takes = [Action("take", junk), Action("take", bright)]
    assert timeout_action(takes) == Action("take", bright) and timeout_outcome(takes) == "take_valuable"
    double, single = ID_OF["m11-junk-double"], ID_OF["m11-junk1"]
    assert timeout_action([Action("take", single), Action("take", double)]) == Action("take", double)


def test_13_4_playing_a_card_is_left_to_the_computer() -> None:
    state = new_game(3, 4)
    seat = min(to_act(state))
    legal = legal_actions(state, seat)
    assert any(a.kind == "play" for a in legal)
    assert timeout_action(legal) is None and timeout_outcome(legal) == "computer"
    assert TIMING.timeout_action(state, seat, legal) is None and TIMING.timeout_outcome(state, seat) == "computer"


def test_13_4_every_timeout_move_is_legal_and_the_words_match_it() -> None:
    seen: set[str] = set()
    for seed in range(12):
        state = new_game(3, seed, {"gwangpalli": seed % 2 == 0} if seed % 4 == 0 else None)
        rng = random.Random(seed)
        for _ in range(300):
            waiting = sorted(to_act(state))
            if not waiting:
                break
            seat = rng.choice(waiting)
            legal = legal_actions(state, seat)
            action, words = TIMING.timeout_action(state, seat, legal), TIMING.timeout_outcome(state, seat)
            seen.add(words)
            if action is None:
                assert words == "computer"
            else:
                assert action in legal
                assert words == {"stop": "stop", "sit": "sit_out", "take": "take_valuable"}[action.kind]
                if action.kind == "take":
                    assert all(TYPE[a.card] != "bright" for a in legal if a.kind == "take") or \
                        TYPE[action.card] == "bright"
            apply(state, seat, rng.choice(legal))
    assert {"computer", "stop"} <= seen
