"""Goita: the table and hand of ``goita_table``; the teams are the catalog's compass pairs."""

from __future__ import annotations

from bot.i18n import t

from ..goita_table import draw_hand, draw_table, hand_key


def team_names(lang: str) -> tuple[str, ...]:
    return (t(lang, "rendering.goita.team_ns"), t(lang, "rendering.goita.team_ew"))


__all__ = ["draw_hand", "draw_table", "hand_key", "team_names"]
