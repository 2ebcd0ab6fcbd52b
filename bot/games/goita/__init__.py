"""Goita (ごいた): the four-player Noto piece game, as ``shared/rules/goita.md`` specifies.

The public face of the engine: the Discord layer and the renderer import from here only.
"""

from .actions import CONTINUE, PASS, PLAYS, REDEAL, Action, Decide, Offset, Pass, Play, Point
from .ai import choose_action, choose_with_reason
from .counting import count
from .engine import (
    DRAWN,
    INFO,
    State,
    apply,
    drawn_order,
    legal_actions,
    new_game,
    new_game_with_events,
    result,
    seat_draw,
    state_from_dict,
    to_act,
    view,
)
from .glossary import TERMS
from .notation import format_action, format_piece, parse_action, parse_piece
from .pieces import GYOKU, IDS, KANJI, KINGS, NUM_PIECES, OU, VALUE
from .scoring import GOSHI_GOSHI_POINTS, out_points, pawn_hand_points, reaches_target
from .timing import IDLE_SECONDS, IDLE_WINDOW, TIMING, GoitaTiming
from .views import Column, SeatDraw, Step, View

__all__ = [
    "TERMS", "count",
    "CONTINUE", "DRAWN", "GOSHI_GOSHI_POINTS", "GYOKU", "IDLE_SECONDS", "IDLE_WINDOW", "IDS", "INFO", "KANJI",
    "KINGS", "NUM_PIECES", "OU", "PASS", "PLAYS", "REDEAL", "TIMING", "VALUE",
    "Action", "Column", "Decide", "GoitaTiming", "Offset", "Pass", "Play", "Point", "SeatDraw", "State", "Step",
    "View",
    "apply", "choose_action", "choose_with_reason", "drawn_order", "format_action", "format_piece", "legal_actions", "new_game",
    "new_game_with_events", "out_points", "parse_action", "parse_piece", "pawn_hand_points", "reaches_target",
    "result", "seat_draw", "state_from_dict", "to_act", "view",
]
