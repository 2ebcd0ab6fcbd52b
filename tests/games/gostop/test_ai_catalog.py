"""Computer players decide every kind of decision from a view; every engine text is in the catalog."""

from __future__ import annotations

import random
import re
import string
import time
from pathlib import Path

import pytest

from bot.games.gostop import INFO, apply, choose_action, legal_actions, new_game, to_act, view
from bot.games.gostop.actions import KINDS
from bot.games.gostop.ai import determinize
from bot.i18n import catalog

from .helpers import act, make

PACKAGE = Path(__file__).parents[3] / "bot" / "games" / "gostop"


@pytest.mark.parametrize("level", ["random", "easy", "hard"])
def test_every_level_makes_every_decision_legally(level: str) -> None:
    seen: set[str] = set()
    for seed, seats in ((1, 2), (2, 3), (3, 5)):
        st = new_game(seats, seed, {"rounds": 1, "gwangpalli": seats > 3})
        rng = random.Random(seed)
        while not st.finished:
            (seat,) = to_act(st)
            legal = legal_actions(st, seat)
            action = choose_action(view(st, seat), legal, level, rng, 0.005)
            assert action in legal
            seen.add(st.phase)
            apply(st, seat, action)
    assert {"turn"} <= seen


def test_ai_answers_go_stop_take_and_seat_choices() -> None:
    st = make(3, hands={0: ["1j1", "6j1", "6j2"], 1: ["10r", "10j1"], 2: ["11j1", "11j2"]}, layout=["1j2"],
              stock=["3j1", "4j1", "5j1", "7j1"], captures={0: ["8b", "11b", "1b"]})
    act(st, "play 1j1")
    for level in ("easy", "hard"):
        assert choose_action(view(st, 0), legal_actions(st, 0), level, random.Random(1), 0.01).kind in ("go", "stop")
    st = make(2, hands={0: ["1j1", "2j2"], 1: ["10r"]}, layout=["5a", "5r"], stock=["5j1", "6j1"])
    act(st, "play 1j1")
    assert choose_action(view(st, 0), legal_actions(st, 0), "easy", random.Random(1)).kind == "take"


def test_determinize_is_consistent_with_the_view() -> None:
    st = new_game(3, 9, {"rounds": 1})
    rng = random.Random(3)
    for _ in range(6):
        (seat,) = to_act(st)
        apply(st, seat, rng.choice(legal_actions(st, seat)))
    me = st.turn
    v = view(st, me)
    guess = determinize(v, random.Random(5))
    assert sorted(guess.hands[me]) == sorted(st.hands[me]) and guess.layout == st.layout and guess.captures == st.captures
    assert [len(h) for h in guess.hands] == [len(h) for h in st.hands] and len(guess.stock) == len(st.stock)
    everything = sorted(x for pile in [*guess.hands, *guess.captures, *guess.layout, guess.stock] for x in pile)
    assert everything == list(range(50))


def test_easy_is_quick_and_hard_keeps_its_budget() -> None:
    st = new_game(2, 4, {"rounds": 1})
    v, legal = view(st, st.turn), legal_actions(st, st.turn)
    t0 = time.process_time()
    for _ in range(20):
        choose_action(v, legal, "easy", random.Random(1))
    assert (time.process_time() - t0) / 20 < 0.05
    t0 = time.perf_counter()
    choose_action(v, legal, "hard", random.Random(1), 0.05)
    assert time.perf_counter() - t0 < 1.0


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_refusal_key_is_in_the_catalog_with_its_placeholders() -> None:
    cat = catalog("en")
    source = "\n".join(p.read_text() for p in PACKAGE.glob("*.py"))
    found = re.findall(r'IllegalAction\(\s*"(gostop\.[a-z_]+)",\s*"([^"]*)"((?:,\s*\w+=[^,)]+)*)', source)
    assert len(found) >= 15
    for key, english, _ in found:
        assert key in cat, key
        assert _placeholders(cat[key]) == _placeholders(english), key


def test_every_event_kind_action_kind_and_option_has_text() -> None:
    cat = catalog("en")
    source = (PACKAGE / "engine.py").read_text()
    kinds = set(re.findall(r'Event\("([a-z_]+)"', source)) | {"ja_ppuk", "ppuk_capture", "stack_taken"}
    for kind in kinds:
        assert f"gostop.event.{kind}" in cat, kind
    for kind in KINDS:
        assert f"gostop.action.{kind}" in cat
    for name in INFO.options:
        assert f"gostop.option.{name}" in cat and f"gostop.option.{name}_desc" in cat
    assert "gostop.name" in cat and "gostop.tagline" in cat


def test_event_data_fits_its_catalog_template() -> None:
    cat = catalog("en")
    for seed in range(30):
        st = new_game(2 + seed % 2, seed, {"rounds": 2})
        rng = random.Random(seed)
        while not st.finished:
            (seat,) = to_act(st)
            for event in apply(st, seat, rng.choice(legal_actions(st, seat))):
                names = {k.removesuffix("_seat") for k in event.data} | {"player"}
                missing = _placeholders(cat[f"gostop.event.{event.kind}"]) - names
                assert not missing, (event.kind, missing)


def test_hard_values_a_round_by_the_chance_to_win_the_match() -> None:
    from bot.games.gostop.ai import _Judge

    st = make(2, hands={0: ["1j1"], 1: ["2j1"]}, stock=["3j1", "4j1"])
    st.options["rounds"] = 3
    st.chips = [10, -10]
    st.round_no = 2  # the last round: only who ends ahead counts
    last = _Judge(view(st, 0), 0)
    assert last.chips([1, -1]) == pytest.approx(1.002) and last.chips([-3, 3]) < -0.9
    assert last.chips([1, -1]) > last.chips([0, 0]) == 0 > last.chips([-1, 1])
    st.round_no = 0  # two rounds to come: a lead is worth less than a sure win, and more lead is better
    first = _Judge(view(st, 0), 0)
    assert 0 < first.chips([10, -10]) < first.chips([30, -30]) < 1
