"""Go-Stop: the table and hand of ``gostop_table``; nobody plays in teams (seat letters if ever asked)."""

from __future__ import annotations

from ..gostop_table import draw_hand, draw_table, hand_key


def team_names(lang: str) -> tuple[str, ...]:
    return ("A", "B", "C", "D")


__all__ = ["draw_hand", "draw_table", "hand_key", "team_names"]
