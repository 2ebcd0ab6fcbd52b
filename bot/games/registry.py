"""Game id -> engine package, imported on first use so one broken engine cannot stop the others."""

from __future__ import annotations

import importlib
from functools import cache
from typing import cast

from . import GAME_IDS
from .core import GameModule


@cache
def engine(game_id: str) -> GameModule:
    """The engine package ``bot/games/<id>/`` of a game in ``GAMES`` (``KeyError`` for an unknown id).

    Kept once found: the bot asks tens of times per move, and the import machinery's lookup cost more than
    the question. An id that fails raises again next time (a failure is not kept)."""
    if game_id not in GAME_IDS:
        raise KeyError(game_id)
    return cast(GameModule, importlib.import_module(f"bot.games.{game_id}"))
