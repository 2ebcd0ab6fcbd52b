"""Zheng Shangyou (§16): the climbing drawing with Zheng Shangyou's adapter; teams are A and B."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from PIL import Image

from bot.i18n import t

from .. import climbing


def draw_table(view: Any, names: Sequence[str], lang: str) -> Image.Image:
    return climbing.draw_table(climbing.zsy_table(view, names, lang), lang)


def draw_hand(view: Any, lang: str) -> Image.Image:
    cards = list(view.hand)
    title = t(lang, "rendering.game.zhengshangyou")
    sub = t(lang, "rendering.climb.your_hand", n=len(cards))
    note = t(lang, "rendering.climb.your_turn") if view.turn == view.seat else ""
    return climbing.draw_hand(title, sub, cards, lang, note)


def hand_key(view: Any) -> Hashable:
    """The cards and whether it is this seat's turn: all ``draw_hand`` draws."""
    return tuple(view.hand), view.turn == view.seat


def team_names(lang: str) -> tuple[str, ...]:
    return ("A", "B")
