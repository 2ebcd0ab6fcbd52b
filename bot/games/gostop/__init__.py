"""Go-Stop (고스톱), the Korean hwatu fishing game: rules engine, notation, views and computer players.

The rules are ``shared/rules/gostop.md``; rule ids (R4.7, A5 …) in docstrings and tests refer to it.
"""

from .actions import Action
from .ai import choose_action
from .cards import ID_OF, IDS, MONTH, TYPE, same_for_scoring
from .engine import (
    INFO,
    PRESET_SEATS,
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
from .example import rules_example_shows
from .notation import format_action, format_card, parse_action, parse_card
from .timing import TIMING
from .views import View

__all__ = [
    "ID_OF", "IDS", "INFO", "MONTH", "PRESET_SEATS", "TIMING", "TYPE", "Action", "State", "View", "apply", "choose_action", "format_action", "format_card",
    "legal_actions", "new_game", "new_game_with_events", "parse_action", "parse_card", "result", "rules_example_shows", "same_for_scoring", "state_from_dict", "to_act",
    "view",
]
