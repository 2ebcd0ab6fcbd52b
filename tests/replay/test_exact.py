"""Replays are exact: for random finished games of every game, the viewer's state at each step is the
engine's state after the first k recorded moves, and the last step is the recorded result.

The games are played here through the engine (random legal moves, seeded), their log written in notation
as the table writes it (``Moves.apply``: ``(seat, format_action(action))``); the viewer reads only that log.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import GAME_IDS, record
from bot.games.live import SEAT_CHANGED
from bot.games.registry import engine
from cogs.table.replay_record import Tape, draw_step, state_after, timeline
from rendering.replay import render_step

#: every step is compared where a game has at most this many; longer games (Gou Ji, Zheng Shangyou) at
#: every hand's first and last step and at evenly spaced ones between (each comparison replays from the seed)
EVERY_STEP_UP_TO = 400
SAMPLED = 80


def played(game: str, seats: int, seed: int) -> tuple[list[tuple[int, str]], list[dict[str, Any]], Any]:
    """A random finished game: its log, the state (as JSON) after each move, and its result."""
    mod = engine(game)
    state = mod.new_game(seats, seed, None)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    states = [state.to_dict()]
    while not mod.result(state).finished:
        seat = rng.choice(sorted(mod.to_act(state)))
        action = rng.choice(mod.legal_actions(state, seat))
        mod.apply(state, seat, action)
        log.append((seat, mod.format_action(action)))
        states.append(state.to_dict())
        assert len(log) < 20000
    return log, states, mod.result(state)


@pytest.mark.parametrize("seed", (1, 2))
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_step_is_the_engine_state_after_that_many_moves(game: str, seed: int) -> None:
    seats = record(game).example_seats
    log, states, result = played(game, seats, seed)
    tape = Tape.of(game, seats, seed, {}, log)
    line = timeline(tape)
    assert line.broken_at is None and line.finished and line.last == len(log)
    checked = range(len(states)) if len(states) <= EVERY_STEP_UP_TO else sorted(
        {*line.hand_starts.values(), *(k - 1 for k in line.hand_starts.values() if k), len(log),
         *(round(i * len(log) / SAMPLED) for i in range(SAMPLED))})
    for k in checked:
        assert state_after(tape, k).to_dict() == states[k], (game, seed, k)
        assert line.steps[k].seat == (None if k == 0 else log[k - 1][0])
    mod = engine(game)
    final = mod.result(state_after(tape, line.last))
    assert final.finished and final.places == result.places and final.points == result.points
    assert all(line.hands_shown(k) for k in range(line.last + 1))  # a finished game: every hand ended
    print(f"{game} seed {seed}: {len(log)} moves, {len(line.hand_starts)} hands, {len(checked)} steps compared")


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_picture_of_a_step_is_the_public_view_at_that_step(game: str) -> None:
    seats = record(game).example_seats
    log, _, _ = played(game, seats, 3)
    tape = Tape.of(game, seats, 3, {}, log)
    names = [f"P{i}" for i in range(seats)]
    mod = engine(game)
    for k in (0, len(log) // 2, len(log)):
        state = state_after(tape, k)
        assert draw_step(tape, k, False, names, "en") == render_step(game, mod.view(state, None), None, names)
        hands = [mod.view(state, s) for s in range(seats)]
        assert draw_step(tape, k, True, names, "en") == render_step(game, mod.view(state, None), hands, names)


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_hand_that_did_not_end_never_shows_its_cards(game: str) -> None:
    """A game abandoned mid-hand: the record stops inside a hand; that hand's steps keep the hands hidden,
    the hands that ended before it may show theirs."""
    seats = record(game).example_seats
    log, _, _ = played(game, seats, 4)
    whole = timeline(Tape.of(game, seats, 4, {}, log))
    starts = sorted(whole.hand_starts.values())
    cut = (starts[1] + 3) if len(starts) > 1 else len(log) // 2  # three moves into the second hand
    line = timeline(Tape.of(game, seats, 4, {}, log[:cut]))
    assert not line.finished
    open_hand = line.steps[line.last].hand
    assert open_hand not in line.ended
    assert not any(line.hands_shown(k) for k in range(line.last + 1) if line.steps[k].hand == open_hand)
    assert all(line.hands_shown(k) for k in range(line.last + 1) if line.steps[k].hand < open_hand)


@pytest.mark.parametrize("seed", (4, 5))
def test_a_gou_ji_seat_that_changed_hands_replays_the_fresh_hand_it_dealt(seed: int) -> None:
    """R4.1 b / §13.8: a seat changing hands makes the next hand fresh (between hands: a new deal). The table
    logs it (``(seat, SEAT_CHANGED)``) where it happened, so the replay deals that same fresh hand and
    reaches the recorded result; without the entry it would replay the old deal and differ from there."""
    mod = engine("gouji")
    seats = record("gouji").example_seats
    state = mod.new_game(seats, seed, None)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    changes = 0
    while not mod.result(state).finished:
        if changes < 3 and (state.between_hands or len(log) == 40):
            seat = rng.randrange(seats)
            before = state.to_dict()
            mod.TIMING.seat_changed(state)
            log.append((seat, SEAT_CHANGED))
            changes += state.to_dict() != before
        seat = rng.choice(sorted(mod.to_act(state)))
        action = rng.choice(mod.legal_actions(state, seat))
        mod.apply(state, seat, action)
        log.append((seat, mod.format_action(action)))
        assert len(log) < 20000
    assert changes >= 2  # the rule did change the game, mid-hand and between hands
    tape = Tape.of("gouji", seats, seed, {}, log)
    line = timeline(tape)
    assert line.broken_at is None and line.finished
    assert state_after(tape, line.last).to_dict() == state.to_dict()
