"""Every refusal, event, action kind and option of Gou Ji has English text with matching placeholders."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

from bot.games.gouji import INFO, apply, legal_actions, new_game, to_act
from bot.games.gouji.notation import DECISIONS
from bot.i18n import catalog, fill, has

SOURCE = Path(__file__).parents[3] / "bot" / "games" / "gouji"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_illegal_action_key_is_in_the_catalog_with_its_placeholders() -> None:
    english = catalog("en")
    found = 0
    for path in SOURCE.glob("*.py"):
        text = path.read_text()
        for match in re.finditer(r'(?:_illegal\("|IllegalAction\("gouji\.)([a-z_]+)",\s*"((?:[^"\\]|"\s*\n\s*")*)"',
                                 text):
            key, english_text = "gouji." + match.group(1), re.sub(r'"\s*\n\s*"', "", match.group(2))
            found += 1
            assert key in english, key
            assert _fields(english[key]) == _fields(english_text), key
    assert found >= 25


def test_every_event_kind_of_random_games_has_text_that_formats() -> None:
    english = catalog("en")
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(6, seed, {"session_hands": 2})
        while not state.finished:
            seat = rng.choice(sorted(to_act(state)))
            for event in apply(state, seat, rng.choice(legal_actions(state, seat))):
                key = f"gouji.event.{event.kind}"
                assert key in english, key
                params = dict(event.data)
                params.update({k[:-5]: "X" for k in event.data if k.endswith("_seat")})
                params["player"] = "P"
                fill("en", english[key], **params)
                seen.add(event.kind)
    assert {"play", "pass", "trick_won", "out", "hand_end", "hand_start", "game_end"} <= seen


def test_action_kinds_options_and_names_have_text() -> None:
    for kind in [*DECISIONS, "play", "shao_pai", "ask_count", "choose", "return"]:
        assert has(f"gouji.action.{kind}"), kind
    for name in INFO.options:
        assert has(f"gouji.option.{name}.name") and has(f"gouji.option.{name}.description"), name
    assert has("gouji.name") and has("gouji.tagline")
