"""The engine's shortcuts (issue #16) give exactly what the plain paths give.

``legal_actions`` remembers each play's reading for ``apply``, reuses a seat's lead list as
its hand shrinks, and events skip ``reading`` for plays without wild cards. These tests pin
that the shortcuts never change a legal list, an event or a state.
"""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.core import IllegalAction
from bot.games.zhengshangyou import (
    Play,
    State,
    apply,
    format_action,
    legal_actions,
    new_game,
    parse_action,
    to_act,
)
from bot.games.zhengshangyou.combos import combinations_in, reading
from bot.games.zhengshangyou.engine import DECK
from bot.games.zhengshangyou.notation import cards_text

from .helpers import cards, table

# legal lists and events of 40 seeded random matches, as the engine gave them before the
# speed work (pins content and order of every legal list)
DIGEST_CONFIGS: list[tuple[int, dict[str, object]]] = [(5, {}), (4, {"mode": "team4"}), (6, {"twos_natural_in_sequences": True}),
                  (7, {"allow_joker_pair": False}), (8, {})]
DIGEST = "e3233a723297e825aa4f95814046c1c09b15bb9dccd04aad5d537141d98a39bb"


def test_legal_lists_and_events_are_unchanged_by_the_speed_work() -> None:
    h = hashlib.sha256()
    for seats, opts in DIGEST_CONFIGS:
        for seed in range(8):
            state = new_game(seats, seed, {"target_score": 2, **opts})
            rng = random.Random(seed)
            while not state.finished:
                seat = min(to_act(state))
                legal = legal_actions(state, seat)
                h.update("|".join(map(format_action, legal)).encode())
                for e in apply(state, seat, rng.choice(legal)):
                    h.update(repr((e.kind, e.seat, sorted(e.data.items()))).encode())
    assert h.hexdigest() == DIGEST


@settings(max_examples=150)
@given(seed=st.integers(0, 10**6), size=st.integers(4, 16), twos=st.booleans(), joker_pair=st.booleans())
def test_a_smaller_hands_combinations_are_the_bigger_hands_filtered(seed: int, size: int, twos: bool,
                                                                     joker_pair: bool) -> None:
    """What ``_lead_combinations`` relies on to reuse a lead list."""
    rng = random.Random(seed)
    hand = sorted(rng.sample(DECK, size))
    full = combinations_in(hand, twos, joker_pair)
    for _ in range(3):
        smaller = [c for c in hand if rng.random() < 0.7]
        ids = set(map(id, smaller))
        kept = [entry for entry in full if ids.issuperset(map(id, entry[0]))]
        assert kept == combinations_in(smaller, twos, joker_pair)


@settings(max_examples=150)
@given(seed=st.integers(0, 10**6), size=st.integers(3, 14), twos=st.booleans())
def test_R5_6_4_a_reading_without_wild_cards_is_the_cards_themselves(seed: int, size: int, twos: bool) -> None:
    """The play event uses the cards' text as the reading of a pure play."""
    hand = sorted(random.Random(seed).sample(DECK, size))
    for selection, found in combinations_in(hand, twos, True):
        for combo in found:
            if combo.pure:
                assert reading(selection, combo, twos) == cards_text(selection)


@pytest.mark.parametrize("seed", range(6))
def test_a_listed_play_and_its_typed_copy_apply_identically(seed: int) -> None:
    """``apply`` takes the remembered reading only for the very object listed; a typed move is checked."""
    rng = random.Random(seed)
    state = new_game(5, seed, {"target_score": 2, "twos_natural_in_sequences": seed % 2 == 1})
    while not state.finished:
        seat = min(to_act(state))
        action = rng.choice(legal_actions(state, seat))
        copy = State.from_dict(state.to_dict())
        typed = parse_action(format_action(action))
        assert legal_actions(copy, seat)
        events = apply(state, seat, action)
        assert [(e.kind, e.seat, e.data) for e in apply(copy, seat, typed)] == [
            (e.kind, e.seat, e.data) for e in events]
        assert copy == state


def test_a_hand_edited_after_legal_actions_is_checked_again() -> None:
    state = table(["3s 3h 9d", "Kc", "Kd", "Kh"])
    pair = next(a for a in legal_actions(state, 0) if isinstance(a, Play) and len(a.cards) == 2)
    state.hands[0] = sorted(cards("4s 4h 9d"))
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        apply(state, 0, pair)
    assert state.to_dict() == before


def test_a_lead_list_is_not_reused_after_the_hand_gained_a_card() -> None:
    state = table(["5s 6h 8d", "Kc", "Kd", "Kh"])
    assert not any(len(a.cards) == 3 for a in legal_actions(state, 0) if isinstance(a, Play))
    state.hands[0].append(cards("7c")[0])
    state.hands[0].sort()
    found = {format_action(a) for a in legal_actions(state, 0)}
    assert "5♠ 6♥ 7♣" in found and "5♠ 6♥ 7♣ 8♦" in found


def test_lead_lists_of_one_match_equal_fresh_ones() -> None:
    """Across a whole match (exchanges included) the reused lead lists equal fresh computations."""
    rng = random.Random(3)
    state = new_game(4, 3, {"mode": "individual", "target_score": 4})
    while not state.finished:
        seat = min(to_act(state))
        legal = legal_actions(state, seat)
        if state.phase == "play" and state.top_combo is None:
            fresh = State.from_dict(state.to_dict())
            assert legal_actions(fresh, seat) == legal
        apply(state, seat, rng.choice(legal))
