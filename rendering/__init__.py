"""Pillow renderer: an engine *view* (never a full state) to PNG bytes. No Discord import.

Public images take the public view (``view(state, None)``); hand images take a seat's view.
Names come from Discord, one per seat. Every word drawn comes from the catalog (``lang``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from bot.games import GAME_IDS

from . import board, common
from . import text as tx
from .art import art

#: the games drawn here: every game of the record ``bot.games.GAMES`` (``rendering/<id>.py``)
GAMES = GAME_IDS


def render_table(game_id: str, view: Any, names: Sequence[str], lang: str = "en") -> bytes:
    """The public table image of ``game_id`` from its public view."""
    with tx.language(lang):
        return common.to_png(art(game_id).draw_table(view, names, lang))


def render_hand(game_id: str, view: Any, lang: str = "en") -> bytes:
    """The private hand image of the seat whose view this is."""
    with tx.language(lang):
        return common.to_png(art(game_id).draw_hand(view, lang))


def hand_key(game_id: str, view: Any) -> Hashable:
    """What the hand picture of this view shows: equal keys (in one language) draw equal pictures."""
    return game_id, art(game_id).hand_key(view)


def render_summary(game_id: str, result_summary: Mapping[str, Any] | Any, names: Sequence[str],
                   lang: str = "en") -> bytes:
    """The end-of-game summary image: places, names, points, team totals.

    ``result_summary`` is the engine's ``Result`` or a mapping with its fields (``places``,
    ``points``, ``team_points``, ``teams``) plus its ``summary`` entries (``hands``/``rounds``).
    """
    with tx.language(lang):
        return common.to_png(board.draw_summary(game_id, result_summary, names, lang))


def render_leaderboard(rows: Sequence[Mapping[str, Any]], title: str, lang: str = "en") -> bytes:
    """A leaderboard image from rows of ``{"name", "rating", "games", "wins", "points"}``."""
    with tx.language(lang):
        return common.to_png(board.draw_leaderboard(rows, title, lang))


__all__ = ["GAMES", "hand_key", "render_hand", "render_leaderboard", "render_summary", "render_table"]
