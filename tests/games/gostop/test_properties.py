"""Property tests over random legal games (seeded, derandomized): short runs here, and the `slow`
ones (`pytest -m slow`) over SOAK_GAMES (2,000) games with end-of-game checks and fewer checked at
every step."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from bot.games.core import IllegalAction
from bot.games.gostop import (
    Action,
    State,
    apply,
    format_action,
    legal_actions,
    new_game,
    parse_action,
    to_act,
    view,
)
from bot.games.gostop.cards import IDS
from bot.games.gostop.engine import in_flight
from tests.conftest import SOAK_GAMES

ALL_ACTIONS = (
    [Action("play", card=x) for x in range(50)]
    + [Action("play", card=x, target=y) for x in range(0, 48, 5) for y in range(0, 48, 7)]
    + [Action("take", card=x) for x in range(50)]
    + [Action(k, month=m) for k in ("shake", "bomb") for m in range(1, 13)]
    + [Action(k) for k in ("flip", "go", "stop", "join", "sit", "offer", "accept", "reject")]
    + [Action("give", card=x) for x in range(50)] + [Action("give", card=4, target=y) for y in range(5, 50, 3)]
)

VARIANTS: list[dict[str, Any]] = [
    {}, {"jokers": 0}, {"jokers": 1}, {"target_2p": 5}, {"bomb_flip_three": True}, {"bomb_korean": True},
    {"shake_must_play": True}, {"flex_card": "m05", "cup_single_junk": True}, {"first_turn_bonus": True,
    "baekhwajeom": True, "weolyak_first_turn": True, "weolyak_month": True}, {"four_birds": True, "vip": True,
    "palssari": True, "tti_bak": True, "meong_bak": True}, {"go_linear": True, "gwangbak_flat_2": True},
    {"deal_stack_steals": False, "nagari_cumulative": False, "go_add_dropped_at_3": True},
    {"joker_stays_with_ppuk": True, "boar_pot": 2, "boar_first_turn": True}, {"steal_choice": "ask", "oe_myeon": True, "syodang": True},
]


def _count(st: State) -> int:
    return (sum(map(len, st.hands)) + sum(map(len, st.captures)) + sum(map(len, st.layout)) + len(st.stock)
            + len(st.set_aside) + len(in_flight(st)) + sum(map(len, st.stack_jokers)))


def random_game(seed: int, seats: int = 2, options: Mapping[str, Any] | None = None,
                steps: bool = False) -> Iterator[State]:
    """Play one random match (default: one round); yields the state after each move if ``steps``."""
    st = new_game(seats, seed, {"rounds": 1, **(options or {})})
    rng = random.Random(seed)
    for _ in range(2000):
        if st.finished:
            break
        (seat,) = to_act(st)
        apply(st, seat, rng.choice(legal_actions(st, seat)))
        if steps:
            yield st
    assert st.finished, "the game always ends"
    if not steps:
        yield st


def reference_score(cards: list[str]) -> int:
    """R6 written independently from the engine, from the card ids alone."""
    best = 0
    for cup_junk in ((False, True) if "m09-animal" in cards else (False,)):
        brights = [x for x in cards if x.endswith("bright")]
        animals = [x for x in cards if x.endswith("animal") and not (cup_junk and x == "m09-animal")]
        ribbons = [x for x in cards if x.endswith("ribbon")]
        junk = sum(2 if ("double" in x or x == "joker-2") else 3 if x == "joker-3" else 1
                   for x in cards if "junk" in x or x.startswith("joker"))
        junk += 2 if cup_junk else 0
        nb = len(brights)
        pts = {5: 15, 4: 4, 3: 2 if "m12-bright" in brights else 3}.get(nb, 0)
        pts += max(0, len(animals) - 4)
        pts += 5 if {"m02-animal", "m04-animal", "m08-animal"} <= set(animals) else 0
        pts += max(0, len(ribbons) - 4)
        for months in (("01", "02", "03"), ("06", "09", "10"), ("04", "05", "07")):
            pts += 3 if all(f"m{m}-ribbon" in ribbons for m in months) else 0
        pts += max(0, junk - 9)
        best = max(best, pts)
    return best


def _check_views(st: State) -> None:
    hidden_by_seat: dict[int | None, set[str]] = {}
    stock = {IDS[x] for x in st.stock}
    face_down = {IDS[x] for x in st.layout[0]} if st.phase == "choose" else set()
    for viewer in [None, *range(st.seats)]:
        hidden = set(stock) | face_down
        for s in range(st.seats):
            if s != viewer:
                hidden |= {IDS[x] for x in st.hands[s] if (x < 48 and (x // 4 + 1) not in st.shaken[s]) or x >= 48}
        hidden_by_seat[viewer] = hidden
        v = view(st, viewer).to_dict()
        own = set(v.pop("hand"))
        assert [parts["score"] for parts in v["score_parts"]] == [p["score"] for p in v["players"]]
        text = json.dumps({k: val for k, val in v.items() if k != "log"})
        if viewer is None:
            assert not own
        else:
            assert own == {IDS[x] for x in st.hands[viewer]}
        assert not any(f'"{card}"' in text for card in hidden), (viewer, hidden)
        offered: list[str] = []
        for entry in v["log"]:
            if entry["kind"] == "syodang_offer":  # O-2: the offerer shows his hand to all
                offered = list(entry["data"]["cards"])
            if entry["kind"] == "syodang_nagari":  # the nagari repeats the hand that offer showed, nothing more
                assert entry["data"]["cards"] == offered, entry
                continue
            if entry["kind"] in ("compensation", "chongtong", "hand_end", "match_end", "syodang_offer"):
                continue
            blob = json.dumps(entry)
            assert not any(f'"{card}"' in blob for card in hidden), (viewer, entry)


def _check_scores(st: State) -> None:
    for s in st.active:
        assert st.score(s) == reference_score([IDS[x] for x in st.captures[s]])


def every_step_checked(seed: int, seats: int, variant: int) -> None:
    rng = random.Random(seed)
    total = 48 + VARIANTS[variant].get("jokers", 2)
    scoring_default = variant in (0, 1, 2, 3, 4, 6)
    for st in random_game(seed, seats, VARIANTS[variant], steps=True):
        assert _count(st) == total
        assert State.from_dict(json.loads(json.dumps(st.to_dict()))) == st
        assert sum(st.chips) + st.pot == 0
        if scoring_default:
            _check_scores(st)
        _check_views(st)
        if st.finished:
            continue
        before = st.to_dict()
        legal = legal_actions(st, st.turn)
        bad = rng.choice([a for a in ALL_ACTIONS if a not in legal])
        try:
            apply(st, rng.randrange(st.seats), bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"illegal {bad} accepted")
        assert st.to_dict() == before


STEP_GAME = (hs.integers(0, 10**9), hs.sampled_from([2, 3]), hs.sampled_from(range(len(VARIANTS))))


@settings(max_examples=20)
@given(*STEP_GAME)
def test_every_step_conserves_cards_round_trips_hides_cards_and_refuses_illegal(seed: int, seats: int,
                                                                                variant: int) -> None:
    every_step_checked(seed, seats, variant)


@pytest.mark.slow
@settings(max_examples=70)
@given(*STEP_GAME)
def test_soak_every_step_conserves_cards_round_trips_hides_cards_and_refuses_illegal(seed: int, seats: int,
                                                                                     variant: int) -> None:
    every_step_checked(seed, seats, variant)


GAMES_PER_EXAMPLE = 20
GAME_BATCH = (hs.integers(0, 10**9), hs.sampled_from([2, 2, 3]), hs.sampled_from(range(len(VARIANTS))))


@settings(max_examples=10)
@given(*GAME_BATCH)
def test_many_random_games_end_with_zero_sum_chips_and_conserved_cards(seed: int, seats: int, variant: int) -> None:
    """10 examples x 20 games here; the slow run below plays SOAK_GAMES."""
    games_end_with_zero_sum_chips_and_conserved_cards(seed, seats, variant)


@pytest.mark.slow
@settings(max_examples=SOAK_GAMES // GAMES_PER_EXAMPLE)
@given(*GAME_BATCH)
def test_soak_random_games_end_with_zero_sum_chips_and_conserved_cards(seed: int, seats: int, variant: int) -> None:
    games_end_with_zero_sum_chips_and_conserved_cards(seed, seats, variant)


def games_end_with_zero_sum_chips_and_conserved_cards(seed: int, seats: int, variant: int) -> None:
    for k in range(GAMES_PER_EXAMPLE):
        (st,) = random_game(seed + k, seats, VARIANTS[variant])
        assert st.finished and sum(st.chips) + st.pot == 0
        assert _count(st) == 48 + VARIANTS[variant].get("jokers", 2)
        last = st.history[-1]
        if last["how"] == "nagari":  # R7.8: no payment, only first-turn side payments (R5.10, V-E1)
            assert all(p[3] in ("first_turn_ppuk", "first_turn_bonus", "boar_first_turn", "boar_ante", "boar_pot")
                       for p in st.ledger)
        elif last["how"] == "stop":
            assert last["points"][last["winner_seat"]] >= 0


@settings(max_examples=40)
@given(hs.integers(0, 10**9), hs.sampled_from([2, 3, 4, 5, 6, 7]))
def test_replay_from_seed_and_text_log_reproduces_the_match(seed: int, seats: int) -> None:
    opts = {"rounds": 3, "gwangpalli": seats > 3}
    st = new_game(seats, seed, opts)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while not st.finished:
        (seat,) = to_act(st)
        action = rng.choice(legal_actions(st, seat))
        log.append((seat, format_action(action)))
        apply(st, seat, action)
    again = new_game(seats, seed, opts)
    for seat, text in log:
        apply(again, seat, parse_action(text))
    assert again == st and again.version == len(log)


@settings(max_examples=8)
@given(hs.integers(0, 10**9), hs.sampled_from([4, 5, 6, 7]))
def test_gwangpalli_games_conserve_cards_and_hide_hands(seed: int, seats: int) -> None:
    gwangpalli_game(seed, seats)


@pytest.mark.slow
@settings(max_examples=24)
@given(hs.integers(0, 10**9), hs.sampled_from([4, 5, 6, 7]))
def test_soak_gwangpalli_games_conserve_cards_and_hide_hands(seed: int, seats: int) -> None:
    gwangpalli_game(seed, seats)


def gwangpalli_game(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    extra = {"gwangpalli_pay_at_end": True, "gwangpalli_redeal_all": seed % 2 == 0} if seats % 2 else {}
    st = new_game(seats, seed, {"rounds": 2, "gwangpalli": True, **extra})
    total = 50
    while not st.finished:
        assert _count(st) == total
        assert sum(st.chips) == 0
        if st.phase != "choose":
            assert len(st.active) == 3
        _check_views(st) if st.round_no == 0 else None
        (seat,) = to_act(st)
        apply(st, seat, rng.choice(legal_actions(st, seat)))
