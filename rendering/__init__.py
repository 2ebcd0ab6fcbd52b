"""Pillow renderer: an engine *view* (never a full state) to PNG bytes. No Discord import.

Public images take the public view (``view(state, None)``); hand images take a seat's view.
Names come from Discord, one per seat. Every word drawn comes from the catalog (``lang``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import board, climbing, common, goita_table, gostop_table

GAMES = ("gouji", "zhengshangyou", "gostop", "goita")


def render_table(game_id: str, view: Any, names: Sequence[str], lang: str = "en") -> bytes:
    """The public table image of ``game_id`` from its public view."""
    if game_id == "zhengshangyou":
        return common.to_png(climbing.draw_table(climbing.zsy_table(view, names, lang), lang))
    if game_id == "gouji":
        return common.to_png(climbing.draw_table(climbing.gouji_table(view, names, lang), lang))
    if game_id == "gostop":
        return common.to_png(gostop_table.draw_table(view, names, lang))
    if game_id == "goita":
        return common.to_png(goita_table.draw_table(view, names, lang))
    raise ValueError(f"unknown game {game_id!r}")


def render_hand(game_id: str, view: Any, lang: str = "en") -> bytes:
    """The private hand image of the seat whose view this is."""
    if game_id == "zhengshangyou":
        cards = list(view.hand)
        title = climbing.t(lang, "rendering.game.zhengshangyou")
        sub = climbing.t(lang, "rendering.climb.your_hand", n=len(cards))
        note = climbing.t(lang, "rendering.climb.your_turn") if view.turn == view.seat else ""
        return common.to_png(climbing.draw_hand(title, sub, cards, lang, note))
    if game_id == "gouji":
        cards = climbing.gouji_hand_cards(view.hand)
        title = climbing.t(lang, "rendering.game.gouji")
        sub = climbing.t(lang, "rendering.climb.your_hand", n=len(cards))
        note = climbing.t(lang, "rendering.climb.your_turn") if view.turn == view.seat else ""
        return common.to_png(climbing.draw_hand(title, sub, cards, lang, note))
    if game_id == "gostop":
        return common.to_png(gostop_table.draw_hand(view, lang))
    if game_id == "goita":
        return common.to_png(goita_table.draw_hand(view, lang))
    raise ValueError(f"unknown game {game_id!r}")


def render_summary(game_id: str, result_summary: Mapping[str, Any] | Any, names: Sequence[str],
                   lang: str = "en") -> bytes:
    """The end-of-game summary image: places, names, points, team totals.

    ``result_summary`` is the engine's ``Result`` or a mapping with its fields (``places``,
    ``points``, ``team_points``, ``teams``) plus its ``summary`` entries (``hands``/``rounds``).
    """
    return common.to_png(board.draw_summary(game_id, result_summary, names, lang))


def render_leaderboard(rows: Sequence[Mapping[str, Any]], title: str, lang: str = "en") -> bytes:
    """A leaderboard image from rows of ``{"name", "rating", "games", "wins", "points"}``."""
    return common.to_png(board.draw_leaderboard(rows, title, lang))


__all__ = ["GAMES", "render_hand", "render_leaderboard", "render_summary", "render_table"]
