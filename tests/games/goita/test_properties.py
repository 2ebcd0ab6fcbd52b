"""Random legal matches (hypothesis, derandomized): conservation, legality, scoring, privacy, replay.

Short runs here; the `slow` ones (`pytest -m slow`) play SOAK_GAMES (2,000) matches and 200 deep-checked ones."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.core import IllegalAction
from bot.games.goita import (
    State,
    apply,
    format_action,
    legal_actions,
    new_game,
    new_game_with_events,
    parse_action,
    result,
    to_act,
    view,
)
from bot.games.goita import engine as eng
from bot.games.goita.actions import CONTINUE, PASS, PLAYS, REDEAL, Action, Offset, Play, Point
from bot.games.goita.pieces import COPIES, IDS
from tests.conftest import SOAK_GAMES

from .helpers import KINGS, VALUES, kind, piece_census, reference_legal

EVERY_ACTION: list[Action] = [PASS, CONTINUE, REDEAL, Point(1), Point(32), Offset(-2), Offset(2)]
EVERY_ACTION += [PLAYS[lead][f][a] for lead in (0, 1) for f in range(9) for a in range(9)]

OPTIONS = st.fixed_dictionaries({
    "target_score": st.sampled_from([150, 150, 60, 10]),
    "team_draw": st.sampled_from(["kings_rooks", "two_pairs", "choose"]),
    "king_final_attack": st.booleans(),
    "rokushi_pair_double": st.booleans(),
    "opposing_goshi": st.sampled_from(["ask", "redeal"]),
    "deal_ritual": st.sampled_from([False, False, False, True]),
    "reveal_all_at_round_end": st.booleans(),
})


def check_invariants(state: State) -> None:
    """§13 invariants, cheap enough for every step."""
    if state.phase in (eng.PLAY, eng.DECIDE):
        assert piece_census(state) == {p: COPIES[p] for p in range(9)}
    for seat in range(4):
        assert state.sizes[seat] == sum(state.hands[seat]) and state.sizes[seat] % 2 == 0
        assert len(state.table[seat]) <= 4
        assert min(state.hands[seat]) >= 0
    faceup = sum(1 for cols in state.table for f, down, a in cols
                 for name, up in ((IDS[f], not down), (IDS[a], True)) if up and name in KINGS)
    assert faceup == state.faceup_kings <= 2
    leads = [(s, f, a) for s, f, a, lead in state.history if lead]
    downs = [(s, f, a) for s in range(4) for f, down, a in state.table[s] if down]
    assert sorted(leads) == sorted(downs)           # face down exactly when the column was a lead


def check_views(state: State) -> None:
    """No view shows a piece its viewer may not see (R4.3, R6.12)."""
    for viewer in (None, 0, 1, 2, 3):
        v = view(state, viewer)
        json.dumps(v.to_dict())
        if state.phase != eng.OVER:
            assert v.hand == (None if viewer is None else tuple(
                IDS[p] for p in range(9) for _ in range(state.hands[viewer][p])))
        for seat, cols in enumerate(v.table):
            for col in cols:
                assert (col.first is None) == (col.face_down and seat != viewer)
        for step in v.history:
            if step.kind == "lead":
                assert (step.first is None) == (step.seat != viewer)
        if state.phase == eng.DECIDE:
            others = [s for s in state.deciders if s != viewer]
            assert all(f"'{s}'" not in json.dumps(v.my_decision) for s in others)


def expected_out_points(first: str, attack: str, lead: bool) -> int:
    return VALUES[attack] * (2 if lead and kind(first) == kind(attack) else 1)


def expected_pawn_points(hand: list[str], pair_double: bool) -> int:
    others = [p for p in hand if p != "shi"]
    if not others:
        return 100
    if len(others) == 1:
        return 2 * VALUES[others[0]]
    best = max(VALUES[p] for p in others)
    return best * 2 if pair_double and kind(others[0]) == kind(others[1]) else best


def play_match(seed: int, options: dict[str, Any], deep: bool) -> None:
    rng = random.Random(seed)
    state, opening = new_game_with_events(4, seed, options)
    assert state == new_game(4, seed, options)
    log: list[tuple[int, str]] = []
    totals = [0, 0]
    for end in (e for e in opening if e.kind == "hand_end"):   # the first deal may be a pawn hand (R5)
        totals[end.data["team"]] += end.data["points"]
    for _step in range(4000):
        if state.phase == eng.OVER:
            break
        check_invariants(state)
        acting = to_act(state)
        assert acting
        for seat in range(4):
            if seat not in acting:
                assert legal_actions(state, seat) == []
        seat = rng.choice(sorted(acting))
        legal = legal_actions(state, seat)
        assert len(set(legal)) == len(legal)
        if deep:
            check_views(state)
            if state.phase == eng.PLAY:
                assert {str(a) for a in legal} == reference_legal(state, seat)
            before = state.to_dict()
            assert State.from_dict(json.loads(json.dumps(before))) == state
            wrong = rng.choice(EVERY_ACTION)
            if wrong not in legal:
                try:
                    apply(state, seat, wrong)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"illegal {wrong} accepted")
                assert state.to_dict() == before
        action = rng.choice(legal)
        version = state.version
        scores = list(state.scores)
        events = apply(state, seat, action)
        assert state.version == version + 1
        log.append((seat, format_action(action)))
        ends = [e for e in events if e.kind == "hand_end"]
        for e in events:
            if e.kind == "pawn_win":
                assert e.data["points"] == expected_pawn_points(e.data["hand"], options["rokushi_pair_double"])
        if isinstance(action, Play) and ends and ends[0].data["reason"] == "out":
            end = ends[0]
            assert end.seat == seat
            assert end.data["points"] == expected_out_points(IDS[action.first], IDS[action.attack], action.lead)
        for end in ends:
            totals[end.data["team"]] += end.data["points"]
        gained = [state.scores[t] - scores[t] for t in (0, 1)]
        assert min(gained) >= 0
        if len(ends) == 1:
            assert gained[1 - ends[0].data["team"]] == 0      # R7.4: only the winner's team scores
    assert state.phase == eng.OVER
    assert totals == state.scores
    res = result(state)
    winner = state.winner_team
    assert res.finished and state.scores[winner] >= min(options["target_score"], 150)
    assert {s for s, place in res.places.items() if place == 1} == {winner, winner + 2}
    assert to_act(state) == set()
    if deep:
        replay = new_game(4, seed, options)
        for seat, text in log:
            apply(replay, seat, parse_action(text))
        assert replay.to_dict() == state.to_dict()


@settings(max_examples=100)
@given(seed=st.integers(0, 2**31), options=OPTIONS)
def test_random_matches_conserve_pieces_score_right_and_end(seed: int, options: dict[str, Any]) -> None:
    play_match(seed, options, deep=False)


@pytest.mark.slow
@settings(max_examples=SOAK_GAMES)
@given(seed=st.integers(0, 2**31), options=OPTIONS)
def test_soak_random_matches_conserve_pieces_score_right_and_end(seed: int, options: dict[str, Any]) -> None:
    play_match(seed, options, deep=False)


def deep_match(seed: int, options: dict[str, Any]) -> None:
    # short matches (one to a few rounds) keep the per-step checks affordable
    play_match(seed, {**options, "target_score": 10 if seed % 3 else 60}, deep=True)


@settings(max_examples=60)
@given(seed=st.integers(0, 2**31), options=OPTIONS)
def test_random_matches_deep_checks_legality_privacy_roundtrip_replay(seed: int, options: dict[str, Any]) -> None:
    deep_match(seed, options)


@pytest.mark.slow
@settings(max_examples=200)
@given(seed=st.integers(0, 2**31), options=OPTIONS)
def test_soak_random_matches_deep_checks_legality_privacy_roundtrip_replay(seed: int,
                                                                           options: dict[str, Any]) -> None:
    deep_match(seed, options)
