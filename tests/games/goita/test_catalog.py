"""Every text the engine can produce has an English catalog entry with matching placeholders."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

from bot.games.goita import INFO
from bot.games.goita.pieces import IDS
from bot.i18n import catalog

PACKAGE = Path(__file__).resolve().parents[3] / "bot" / "games" / "goita"
EN = catalog("en")


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _raised() -> list[tuple[str, str]]:
    """(key, english) of every IllegalAction(...) in the package source."""
    out = []
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction":
                key, english = node.args[0], node.args[1]
                assert isinstance(key, ast.Constant)
                text = english.value if isinstance(english, ast.Constant) else "".join(
                    v.value for v in ast.walk(english) if isinstance(v, ast.Constant) and isinstance(v.value, str))
                out.append((str(key.value), str(text)))
    return out


def test_every_illegal_action_key_is_in_the_catalog_with_the_same_placeholders() -> None:
    raised = _raised()
    assert len(raised) > 20
    for key, english in raised:
        assert key in EN, key
        assert _placeholders(EN[key]) == _placeholders(english), key


def test_every_event_kind_has_a_text() -> None:
    kinds = set()
    for path in PACKAGE.glob("*.py"):
        kinds |= set(re.findall(r'Event\(\s*"([a-z_]+)"', path.read_text()))
        kinds |= set(re.findall(r'"(out_double|out|chose_redeal|chose_continue)"', path.read_text()))
    assert {"lead", "block", "pass", "hand_end", "hand_start", "goshi", "redeal"} <= kinds
    for kind in kinds:
        assert f"goita.event.{kind}" in EN, kind


def test_action_kinds_pieces_options_and_names() -> None:
    for kind in ("lead", "block", "pass", "continue", "redeal", "point", "offset"):
        assert f"goita.action.{kind}" in EN
    for piece in IDS:
        assert f"goita.piece.{piece}" in EN
    for name in INFO.options:
        assert f"goita.option.{name}.name" in EN and f"goita.option.{name}.description" in EN
    assert EN["goita.name"] and EN["goita.tagline"]


def test_event_texts_only_use_data_the_events_carry() -> None:
    import random

    from bot.games.goita import apply, legal_actions, new_game_with_events, to_act

    seen: set[str] = set()
    for seed in range(60):
        options = {"deal_ritual": seed % 5 == 0, "target_score": 60}
        state, events = new_game_with_events(4, seed, options)
        rng = random.Random(seed)
        while True:
            for event in events:
                names = {"player"} | set(event.data) | {k[:-5] for k in event.data if k.endswith("_seat")}
                assert _placeholders(EN[f"goita.event.{event.kind}"]) <= names, event
                seen.add(event.kind)
            if state.phase == "over":
                break
            seat = min(to_act(state))
            events = apply(state, seat, rng.choice(legal_actions(state, seat)))
    assert {"team_draw", "lead", "block", "pass", "lead_again", "out", "hand_end", "hand_start", "game_over",
            "ritual", "ritual_point", "ritual_offset", "dealt"} <= seen
