"""Each game's drawings, found by the game's id: ``rendering/<id>.py`` for every record in ``bot.games.GAMES``
(a test checks that every game has one).

A module exports what ``GameArt`` names: the public table and the private hand from a view, and the
team labels the end-of-game summary uses. No list of games here: the record is the only one.
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable
from functools import cache
from typing import Any, Protocol, cast

from PIL import Image

from bot.games import GAME_IDS


class GameArt(Protocol):
    """What ``rendering/<id>.py`` exports."""

    def draw_table(self, view: Any, names: Any, lang: str) -> Image.Image:
        """The public table image from the public view; ``names`` has one display name per seat."""

    def draw_hand(self, view: Any, lang: str) -> Image.Image:
        """The private hand image of the seat whose view this is."""

    def hand_key(self, view: Any) -> Hashable:
        """Everything of ``view`` that ``draw_hand`` draws (with the language, it decides the picture):
        equal keys draw equal pictures, so a picture is reused while its key stays the same."""

    def team_names(self, lang: str) -> tuple[str, ...]:
        """Team labels by team number (the summary's team boxes and per-hand tags)."""

    def seat_tag(self, seat: int, team: int | None, lang: str) -> tuple[str, str]:
        """The seat's label and colour as the table shows them (the summary shows the same: one naming)."""


@cache
def art(game_id: str) -> GameArt:
    """The drawings of ``game_id`` (``ValueError`` for an id that is not in ``GAMES``)."""
    if game_id not in GAME_IDS:
        raise ValueError(f"unknown game {game_id!r}")
    return cast(GameArt, importlib.import_module(f"rendering.{game_id}"))


__all__ = ["GameArt", "art"]
