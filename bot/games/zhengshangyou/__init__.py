"""Zheng Shangyou (争上游, "Pits"): the climbing game for 4-8 players, team4 and team6 (San jia xi).

Rules: ``shared/rules/zhengshangyou.md``; rule ids (R5.3.2 ...) are cited in code and tests.
"""

from .actions import Pass, Play, Return, TakeReturn, TakeTribute, Tribute, format_action, parse_action
from .ai import choose_action, timeout_action
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
from .timing import TIMING
from .views import View

__all__ = [
    "TIMING",
    "INFO", "Pass", "Play", "Return", "State", "TakeReturn", "TakeTribute", "Tribute", "View", "apply",
    "choose_action", "format_action", "legal_actions", "new_game", "new_game_with_events", "parse_action", "result",
    "state_from_dict", "timeout_action", "to_act", "view",
]
