"""Computer players: every level answers every kind of decision with a legal action."""

from __future__ import annotations

import random

import pytest

from bot.games.gouji import apply, choose_action, legal_actions, new_game, to_act, view
from bot.games.gouji.ai import easy_action
from bot.games.gouji.search import determinize
from tests.bench.gouji import win_rate


@pytest.mark.parametrize("level", ["random", "easy", "hard"])
def test_every_level_returns_a_legal_action_through_a_whole_hand(level: str) -> None:
    rng = random.Random(3)
    state = new_game(6, 21, {"session_hands": 1, "threes_claim": "ask"})
    decisions = 0
    while not state.finished:
        seat = min(to_act(state))
        legal = legal_actions(state, seat)
        use = level if decisions % 7 == 0 else "easy"  # keep the hard player's share of the time small
        action = choose_action(view(state, seat), legal, use, rng, budget_s=0.005)
        assert action in legal
        apply(state, seat, action)
        decisions += 1
    with pytest.raises(ValueError):
        choose_action(view(state, 0), [], "easy", rng)


def test_hard_world_matches_what_the_seat_sees() -> None:
    state = new_game(6, 5, {"session_hands": 1})
    for _ in range(120):
        seat = min(to_act(state))
        apply(state, seat, easy_action(view(state, seat), legal_actions(state, seat)))
    seat = min(to_act(state))
    world = determinize(view(state, seat), random.Random(1))
    assert world.hands[seat] == state.hands[seat]
    assert world.counts == state.counts and world.top == state.top and world.turn == state.turn
    for rank in range(3, 18):
        assert sum(h[rank] for h in world.hands) == sum(h[rank] for h in state.hands)


def test_easy_team_beats_random_team() -> None:
    assert win_rate("easy", "random", 8, None, {}) >= 0.75
