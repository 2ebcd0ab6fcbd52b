"""Leaderboard and end-of-game summary images."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from . import common as c


def draw_summary(game_id: str, summary: Mapping[str, Any], names: Sequence[str], lang: str) -> Image.Image:
    return c.canvas(1024, 600)[0]


def draw_leaderboard(rows: Sequence[Mapping[str, Any]], title: str, lang: str) -> Image.Image:
    return c.canvas(1024, 600)[0]
