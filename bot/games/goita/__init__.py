"""Goita (ごいた): the four-player Noto piece game, as ``shared/rules/goita.md`` specifies."""

from .actions import CONTINUE, PASS, PLAYS, REDEAL, Action, Decide, Offset, Pass, Play, Point
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
from .notation import format_action, format_piece, parse_action, parse_piece
from .pieces import GYOKU, IDS, KANJI, KINGS, NUM_PIECES, OU, VALUE
from .scoring import GOSHI_GOSHI_POINTS, out_points, pawn_hand_points, reaches_target
from .timing import TIMING
from .views import Column, Step, View

__all__ = [
    "CONTINUE", "GOSHI_GOSHI_POINTS", "GYOKU", "IDS", "KANJI", "KINGS", "NUM_PIECES", "OU", "PASS", "PLAYS", "REDEAL",
    "TIMING", "VALUE", "out_points", "pawn_hand_points", "reaches_target",
    "INFO", "Action", "Column", "Decide", "Offset", "Pass", "Play", "Point", "State", "Step", "View",
    "apply", "choose_action", "format_action", "format_piece", "legal_actions", "new_game", "new_game_with_events",
    "parse_action",
    "parse_piece", "result", "state_from_dict", "to_act", "view",
]
