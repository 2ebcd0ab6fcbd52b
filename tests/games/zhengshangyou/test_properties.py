"""Property tests over thousands of random legal games (seeded, derandomized).

Cheap invariants run on every step of every game; the expensive ones (JSON round trip,
refused random moves leave the state untouched, view privacy, brute-force completeness
of the legal list) run on fewer. The `slow` tests (`pytest -m slow`) play SOAK_GAMES (2,000)
games with the cheap checks and 200 with the expensive ones.
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from bot.games.core import Card, IllegalAction, full_deck
from bot.games.zhengshangyou import (
    Pass,
    Play,
    Return,
    State,
    TakeReturn,
    TakeTribute,
    Tribute,
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
from bot.games.zhengshangyou.engine import check_play
from tests.conftest import SOAK_GAMES

DECK = sorted(full_deck())
DECK_SET = set(DECK)
PRIVATE_KINDS = {"tribute_chosen", "return_chosen", "tribute_auto"}
MAX_STEPS = 20_000


def expected_points(mode: str, order: list[int]) -> tuple[list[int], list[int] | None]:
    """The rules' scoring, written out independently of the engine (R7.1, R11.2, R10.5-R10.6)."""
    n = len(order)
    seat = [0] * n
    seat[order[0]], seat[order[1]] = 2, 1
    if mode == "individual":
        return seat, None
    if mode == "team4":
        team = [0, 0]
        team[order[0] % 2] += 2
        team[order[1] % 2] += 1
        return seat, team
    places = {t: sorted(i + 1 for i, s in enumerate(order) if s % 2 == t) for t in (0, 1)}
    for x in (0, 1):
        if places[x][:2] == [1, 2]:
            third = places[x][2]
            score = {3: (10, 0), 4: (5, 0), 5: (5, 0), 6: (5, 2)}[third]
            return seat, [score[0], score[1]] if x == 0 else [score[1], score[0]]
    team = [0, 0]
    team[order[0] % 2] += 3
    team[order[1] % 2] += 2
    team[1 - order[-1] % 2] += 2
    return seat, team


def conserved(state: State, full: bool) -> None:
    """54 cards in hands, played or on the table; ``full`` also checks they are the 54 distinct cards."""
    held = [c for h in state.hands for c in h]
    on_table = {"take_tribute": [c for _, c in state.ex_tributes],
                "take_return": [c for _, c in state.ex_returns]}.get(state.phase, [])
    if state.finished:
        return
    every = held + state.played + on_table
    assert len(every) == 54, "cards not conserved"
    if full:
        assert set(every) == DECK_SET, "cards not conserved"


def tokens(value: Any) -> set[str]:
    """Every whole word in a JSON-like value (card notation appears as whole words)."""
    out: set[str] = set()
    if isinstance(value, str):
        out.update(value.split())
    elif isinstance(value, dict):
        for v in value.values():
            out |= tokens(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out |= tokens(v)
    return out


def private_ok(state: State, viewers: list[int | None]) -> None:
    """No view shows a card of another hand unless everyone saw it go there (R2.5)."""
    for viewer in viewers:
        shown = view(state, viewer).to_dict()
        json.dumps(shown)
        seen = tokens(shown)
        for seat in range(state.seats):
            if seat == viewer:
                continue
            hidden = {str(c) for c in state.hands[seat]} - {str(c) for c in state.known[seat]}
            leak = hidden & seen
            assert not leak, (viewer, seat, leak)


def random_wrong_action(state: State, rng: random.Random) -> tuple[int, Any]:
    seat = rng.randrange(state.seats)
    kind = rng.randrange(6)
    hand = state.hands[seat]
    card = rng.choice(DECK)
    if kind == 0 and hand:
        size = rng.randint(1, min(6, len(hand)))
        return seat, Play(tuple(sorted(rng.sample(hand, size))))
    if kind == 1:
        return seat, Pass()
    if kind == 2:
        return seat, Play(tuple(sorted({card, rng.choice(DECK)})))
    return seat, [Tribute, TakeTribute, Return, TakeReturn][kind - 2](card)


def brute_force_complete(state: State) -> None:
    """Every card selection the validator accepts (without a reading) is in the legal list, and vice versa."""
    seat = state.turn
    hand = state.hands[seat]
    if len(hand) > 8:
        return
    legal = set(legal_actions(state, seat))
    for size in range(1, len(hand) + 1):
        for cs in combinations(hand, size):
            action = Play(tuple(cs))
            try:
                check_play(state, seat, action)
                ok = True
            except IllegalAction:
                ok = False
            assert ok == (action in legal), (format_action(action), ok)


def play_random(seats: int, seed: int, options: dict[str, Any], heavy: bool) -> None:
    state = new_game(seats, seed, options)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    steps = 0
    hand_ends: list[dict[str, Any]] = []
    while not state.finished:
        steps += 1
        assert steps < MAX_STEPS, "game does not end"
        actors = to_act(state)
        assert actors
        if heavy:
            for s in range(seats):
                assert bool(legal_actions(state, s)) == (s in actors)
            snapshot = state.to_dict()
            assert state_from_dict(json.loads(json.dumps(snapshot))) == state
            seat, wrong = random_wrong_action(state, rng)
            if wrong not in legal_actions(state, seat):
                try:
                    apply(state, seat, wrong)
                except IllegalAction as err:
                    assert err.key.startswith("zhengshangyou.")
                else:
                    raise AssertionError(f"accepted illegal {wrong} from {seat}")
                assert state.to_dict() == snapshot
            private_ok(state, [rng.choice([None, *range(seats)])])
            if state.phase == "play" and rng.random() < 0.03:
                brute_force_complete(state)
        seat = rng.choice(sorted(actors))
        legal = legal_actions(state, seat)
        assert len(set(legal)) == len(legal)
        action = rng.choice(legal)
        text = format_action(action)
        assert parse_action(text) == action
        version = state.version
        events = apply(state, seat, action)
        assert state.version == version + 1
        log.append((seat, text))
        for e in events:
            assert (e.visible_to is not None) == (e.kind in PRIVATE_KINDS)
            json.dumps(e.to_dict())
            if e.kind == "hand_end":
                hand_ends.append(e.data)
        conserved(state, heavy or steps % 16 == 0 or any(e.kind == "hand_start" for e in events))
    # scores exactly as the rules say
    totals = [0] * seats
    team_totals = [0, 0]
    for data in hand_ends:
        order = data["order"]
        assert sorted(order) == list(range(seats))
        seat_pts, team_pts = expected_points(state.mode, order)
        assert data["points"] == seat_pts and data["team_points"] == team_pts
        totals = [a + b for a, b in zip(totals, seat_pts, strict=True)]
        if team_pts:
            team_totals = [a + b for a, b in zip(team_totals, team_pts, strict=True)]
    assert state.scores == totals
    units = totals if state.mode == "individual" else team_totals
    best = max(units)
    assert best >= state.target
    if state.mode == "individual":
        tied = [s for s in range(seats) if totals[s] == best]
        assert len(state.winners) == 1 and state.winners[0] in tied
        assert len(tied) == 1 or options.get("tie_rule") == "earlier_finisher"
    else:
        assert state.team_scores == team_totals
        assert all(team_totals[s % 2] == best for s in state.winners)
    r = result(state)
    assert r.finished and all(r.places[s] == 1 for s in state.winners)
    # replay from seed + the action log as text
    again = new_game(seats, seed, options)
    for seat, text in log:
        apply(again, seat, parse_action(text))
    assert again == state


MODES = st.sampled_from([(4, "team4"), (4, "individual"), (5, "individual"), (6, "team6"),
                         (6, "individual"), (7, "individual"), (8, "individual")])


CHEAP = st.fixed_dictionaries({
    "mode": MODES, "seed": st.integers(0, 10**9), "target": st.sampled_from([1, 1, 1, 1, 2, 3]),
    "twos": st.booleans(), "joker_pair": st.booleans(), "tie": st.sampled_from(["another_hand", "earlier_finisher"]),
})


def cheap_game(mode: tuple[int, str], seed: int, target: int, twos: bool, joker_pair: bool, tie: str) -> None:
    seats, name = mode
    play_random(seats, seed, {"mode": name, "target_score": target, "twos_natural_in_sequences": twos,
                              "allow_joker_pair": joker_pair, "tie_rule": tie}, heavy=False)


@settings(max_examples=100, phases=[Phase.explicit, Phase.generate])
@given(game=CHEAP)
def test_random_games_cheap_invariants(game: dict[str, Any]) -> None:
    cheap_game(**game)


@pytest.mark.slow
@settings(max_examples=SOAK_GAMES, phases=[Phase.explicit, Phase.generate])
@given(game=CHEAP)
def test_soak_random_games_cheap_invariants(game: dict[str, Any]) -> None:
    cheap_game(**game)


def heavy_game(mode: tuple[int, str], seed: int, target: int, twos: bool) -> None:
    seats, name = mode
    play_random(seats, seed, {"mode": name, "target_score": target, "twos_natural_in_sequences": twos},
                heavy=True)


@settings(max_examples=40, phases=[Phase.explicit, Phase.generate])
@given(mode=MODES, seed=st.integers(0, 10**9), target=st.sampled_from([1, 1, 2]), twos=st.booleans())
def test_random_games_heavy_invariants(mode: tuple[int, str], seed: int, target: int, twos: bool) -> None:
    heavy_game(mode, seed, target, twos)


@pytest.mark.slow
@settings(max_examples=200, phases=[Phase.explicit, Phase.generate])
@given(mode=MODES, seed=st.integers(0, 10**9), target=st.sampled_from([1, 1, 2]), twos=st.booleans())
def test_soak_random_games_heavy_invariants(mode: tuple[int, str], seed: int, target: int, twos: bool) -> None:
    heavy_game(mode, seed, target, twos)


def test_full_length_matches_end_with_the_rules_targets() -> None:
    for seats, seed in [(4, 1), (5, 2), (6, 3)]:
        play_random(seats, seed, {}, heavy=False)


def test_unknown_card_text_is_refused() -> None:
    for text in ["", "play", "11x", "7s 7s", "tribute", "7s as bogus", "take tribute 7s 8s"]:
        try:
            parse_action(text)
        except IllegalAction as err:
            assert err.key.startswith(("zhengshangyou.", "core."))
        else:
            raise AssertionError(text)


def test_notation_accepts_ascii_and_symbols() -> None:
    assert parse_action("10h 10S") == parse_action("10♥ 10♠") == Play((Card(10, "H"), Card(10, "S")))
    assert parse_action(" PASS ") == Pass()
    assert parse_action("take tribute rj") == TakeTribute(Card(17))
    assert parse_action("9s As Ks") == parse_action("Ks as 9s") != parse_action("9s Ks as set")
    assert parse_action("Ks As") == Play((Card(13, "S"), Card(14, "S")))
    assert format_action(Play((Card(9, "S"), Card(16), Card(17)), "run")) == "9♠ BJ RJ as run"
