"""What Go-Stop's ``/rules`` picture must show: a capture just made and a set scored (a fresh deal
explains nothing). ``bot/games/examples.py`` plays seeded random games until a view passes this."""

from __future__ import annotations

from typing import Any

SETS = ("godori", "hong_dan", "cheong_dan", "cho_dan")


def rules_example_shows(view: Any) -> bool:
    """A capture this turn, a set on the table, and no decision prompt hiding the piles."""
    has_set = any(parts.get(name, 0) > 0 for parts in view.score_parts for name in SETS)
    return bool(view.last_turn.captured) and has_set and view.phase == "turn"
