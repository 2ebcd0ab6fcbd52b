"""Every refusal, event, action and option of the engine has English text with matching placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

from bot.games.zhengshangyou import INFO
from bot.i18n import catalog

PACKAGE = Path(__file__).parents[3] / "bot" / "games" / "zhengshangyou"
SOURCE = "\n".join(p.read_text() for p in sorted(PACKAGE.glob("*.py")))
EN = catalog("en")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_illegal_action_key_is_in_the_catalog_with_the_same_placeholders() -> None:
    found = re.findall(r'IllegalAction\(\s*"(zhengshangyou\.\w+)",\s*"((?:[^"\\]|\\.)*)"', SOURCE)
    assert len(found) >= 20
    for key, english in found:
        assert key in EN, key
        assert fields(EN[key]) == fields(english), key


def test_every_event_kind_has_text() -> None:
    kinds = set(re.findall(r'(?:Event|_event)\(\s*"(\w+)"', SOURCE)) | {"tribute_taken", "return_taken"}
    assert {"play", "pass", "trick_won", "out", "hand_end", "hand_start", "match_end"} <= kinds
    for kind in kinds:
        assert f"zhengshangyou.event.{kind}" in EN, kind


def test_every_action_kind_option_and_name_has_text() -> None:
    for kind in ("play", "pass", "tribute", "take_tribute", "return", "take_return"):
        assert f"zhengshangyou.action.{kind}" in EN
    for name in INFO.options:
        assert f"zhengshangyou.option.{name}.name" in EN and f"zhengshangyou.option.{name}.description" in EN
    assert "zhengshangyou.name" in EN and "zhengshangyou.tagline" in EN


def test_docstring_examples_run() -> None:
    import doctest

    from bot.games.zhengshangyou import actions, combos

    for module in (actions, combos):
        assert doctest.testmod(module).failed == 0
