"""Gou Ji (够级): six players in two teams of three, four packs, Gou Ji duels and Shao Pai.

The rules are ``shared/rules/gouji.md``; rule ids (R6.9 …) in docstrings point there.
"""

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
from .notation import (
    Action,
    AskCount,
    Choose,
    Decision,
    Play,
    Return,
    ShaoPai,
    format_action,
    parse_action,
    parse_play,
)
from .timing import TIMING
from .views import View

__all__ = [
    "TIMING",
    "INFO", "Action", "AskCount", "Choose", "Decision", "Play", "Return", "ShaoPai", "State", "View",
    "apply", "choose_action", "format_action", "legal_actions", "new_game", "new_game_with_events", "parse_action", "parse_play",
    "result", "state_from_dict", "to_act", "view",
]
