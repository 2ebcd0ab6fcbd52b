"""Goita (ごいた): the four-player Noto piece game, as ``shared/rules/goita.md`` specifies."""

from .actions import Action, Decide, Offset, Pass, Play, Point, format_action, parse_action
from .ai import choose_action
from .engine import (
    INFO,
    State,
    apply,
    legal_actions,
    new_game,
    new_game_with_events,
    result,
    state_from_dict,
    to_act,
    view,
)
from .pieces import format_piece, parse_piece
from .timing import TIMING
from .views import Column, Step, View

__all__ = [
    "TIMING",
    "INFO", "Action", "Column", "Decide", "Offset", "Pass", "Play", "Point", "State", "Step", "View",
    "apply", "choose_action", "format_action", "format_piece", "legal_actions", "new_game", "new_game_with_events",
    "parse_action",
    "parse_piece", "result", "state_from_dict", "to_act", "view",
]
