"""Random legal games: conservation, only legal actions accepted, termination, exact scores, no leaks,
lossless JSON round trips and replay from seed + action log. A short run here; the `slow` ones
(`pytest -m slow`) play SOAK_GAMES (2,000) games with the cheap checks and 100 with all of them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.core import IllegalAction
from bot.games.gouji import (
    AskCount,
    Choose,
    Decision,
    Return,
    ShaoPai,
    State,
    apply,
    format_action,
    legal_actions,
    new_game,
    parse_action,
    result,
    state_from_dict,
    to_act,
    view,
)
from bot.games.gouji.engine import RANK_TOTAL
from bot.games.gouji.notation import DECISIONS, make_play
from bot.games.gouji.scoring import hand_points
from tests.conftest import SOAK_GAMES

OPTION_CHOICES: dict[str, list[Any]] = {
    "threes_claim": ["auto", "ask"],
    "kaipai_variant": ["count", "faceup_card"],
    "return_lowest": [False, True],
    "shao_pai_check": ["validate", "penalty"],
    "shao_pai_window": ["every_duel_set", "start_only"],
    "shao_pai_allow_single_set": [False, True],
    "endgame_reorder": ["rounds", "off"],
    "revolution_decision": ["proposer_final", "team_unanimous"],
    "tiao_pai_partners_play": [False, True],
    "public_count_display": ["bucket", "exact", "none"],
}


def random_options(rng: random.Random) -> dict[str, Any]:
    opts = {name: rng.choice(values) for name, values in OPTION_CHOICES.items() if rng.random() < 0.3}
    opts["session_hands"] = rng.choice([1, 1, 1, 1, 1, 1, 1, 2])
    return opts


def conserved(state: State) -> None:
    for rank in range(3, 18):
        total = sum(h[rank] for h in state.hands) + state.played[rank] + state.removed[rank]
        assert total == RANK_TOTAL[rank], rank
    assert state.counts == [sum(h) for h in state.hands]


def pick_seat(state: State, rng: random.Random) -> int:
    """Mostly a seat the game waits for; sometimes anyone with an optional action (Shao Pai, questions)."""
    if rng.random() < 0.15:
        optional = [s for s in range(6) if s not in to_act(state) and legal_actions(state, s)]
        claims = [s for s in optional if any(isinstance(a, ShaoPai) for a in legal_actions(state, s))]
        if claims and rng.random() < 0.7:
            return rng.choice(claims)
        if optional:
            return rng.choice(optional)
    return rng.choice(sorted(to_act(state)))


def random_illegal(state: State, seat: int, rng: random.Random) -> Any:
    roll = rng.random()
    if roll < 0.5:
        rank = rng.choice([0, *range(3, 15)])
        play = make_play(rank, rng.randint(1, 4) if rank else 0, rng.randint(0, 2), rng.randint(0, 1),
                         rng.randint(0 if rank else 1, 1))
        return play if rng.random() < 0.9 else ShaoPai(play)
    if roll < 0.8:
        return Decision(rng.choice(list(DECISIONS)))
    if roll < 0.9:
        return AskCount(rng.randrange(6)) if rng.random() < 0.5 else Choose(rng.randrange(6))
    return Return(tuple(sorted(rng.choice(range(3, 18)) for _ in range(rng.choice([1, 2])))))


def hidden_shuffle(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same state with every hand the viewer may not see redealt among those seats."""
    other = state_from_dict(state.to_dict())
    hidden = [s for s in range(6) if s != viewer and not other.exposed[s]
              and not (viewer is not None and s % 2 == viewer % 2 and other.shown[s])]
    pool = [r for s in hidden for r in range(3, 18) for _ in range(other.hands[s][r])]
    rng.shuffle(pool)
    for s in hidden:
        hand = [0] * 18
        for _ in range(other.counts[s]):
            hand[pool.pop()] += 1
        other.hands[s] = hand
    return other


def play_game(seed: int, opts: dict[str, Any], full_checks: bool) -> State:
    rng = random.Random(seed)
    state = new_game(6, seed, opts)
    log: list[tuple[int, str]] = []
    hands_seen = 0
    for step in range(20_000):
        if state.finished:
            break
        seat = pick_seat(state, rng)
        legal = legal_actions(state, seat)
        assert legal, (seat, state.phase)
        assert len(set(legal)) == len(legal)
        if full_checks:
            before = state.to_dict()
            assert state_from_dict(json.loads(json.dumps(before)) if step % 10 == 0 else before) == state
            bad_seat = rng.randrange(6)
            bad = random_illegal(state, bad_seat, rng)
            if step % 2 == 0 and bad not in legal_actions(state, bad_seat):
                try:
                    apply(state, bad_seat, bad)
                except IllegalAction as err:
                    assert err.key.startswith("gouji.")
                else:
                    raise AssertionError(f"illegal {bad} accepted for {bad_seat}")
                assert state.to_dict() == before
            if step % 5 == 0:
                viewer = rng.choice([None, 0, 1, 2, 3, 4, 5])
                seen = view(state, viewer)
                json.dumps(seen.to_dict())
                assert view(hidden_shuffle(state, viewer, rng), viewer) == seen
                if viewer is None:
                    assert seen.hand == ()
        action = rng.choice(legal)
        version = state.version
        events = apply(state, seat, action)
        assert state.version == version + 1
        log.append((seat, format_action(action)))
        if full_checks:
            assert parse_action(format_action(action)) == action
            for event in events:
                json.dumps(event.to_dict())
            conserved(state)
        if len(state.history) > hands_seen:
            hands_seen = len(state.history)
            check_scores(state)
    else:
        raise AssertionError("the game did not end")
    conserved(state)
    res = result(state)
    assert res.finished and res.team_points == {0: state.scores[0], 1: state.scores[1]}
    if full_checks:
        replay = new_game(6, seed, opts)
        for seat, text in log:
            apply(replay, seat, parse_action(text))
        assert replay == state
    return state


def check_scores(state: State) -> None:
    conserved(state)
    last = state.history[-1]
    order = last["order"]
    assert sorted(order) == list(range(6))
    assert last["points"] == hand_points(order)[0]
    assert last["points"][0] == -last["points"][1]
    assert state.scores == [sum(h["points"][0] for h in state.history), sum(h["points"][1] for h in state.history)]


@settings(max_examples=100)
@given(seed=st.integers(0, 2**31))
def test_random_games_conserve_cards_end_and_score_exactly(seed: int) -> None:
    play_game(seed, random_options(random.Random(seed)), full_checks=False)


@pytest.mark.slow
@settings(max_examples=SOAK_GAMES)
@given(seed=st.integers(0, 2**31))
def test_soak_random_games_conserve_cards_end_and_score_exactly(seed: int) -> None:
    play_game(seed, random_options(random.Random(seed)), full_checks=False)


@settings(max_examples=25)
@given(seed=st.integers(0, 2**31))
def test_random_games_round_trip_refuse_illegal_hide_cards_and_replay(seed: int) -> None:
    play_game(seed, random_options(random.Random(seed + 1)), full_checks=True)


@pytest.mark.slow
@settings(max_examples=100)
@given(seed=st.integers(0, 2**31))
def test_soak_random_games_round_trip_refuse_illegal_hide_cards_and_replay(seed: int) -> None:
    play_game(seed, random_options(random.Random(seed + 1)), full_checks=True)
