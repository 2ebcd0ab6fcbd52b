"""Go-Stop (고스톱), the Korean hwatu fishing game: rules engine, notation, views and computer players.

The rules are ``shared/rules/gostop.md``; rule ids (R4.7, A5 …) in docstrings and tests refer to it. One file
per concern: ``engine`` (state and play), ``scoring`` (combinations and the settlement), ``notation``,
``views``, ``timing`` (the table's decisions), ``ai``; ``cards`` and ``actions`` are the pack and the move
values. The Discord layer and the renderer import only from here.
"""

from .actions import Action
from .ai import choose_action, choose_with_reason
from .cards import ID_OF, IDS, MONTH, TYPE, same_for_scoring
from .counting import count
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
from .glossary import TERMS
from .notation import format_action, format_card, parse_action, parse_card
from .timing import TIMING
from .views import View

__all__ = [
    "TERMS", "count",
    # the engine contract and its decisions
    "INFO", "TIMING", "State", "apply", "legal_actions", "new_game", "new_game_with_events", "result",
    "state_from_dict", "to_act", "view", "View", "choose_action", "choose_with_reason", "rules_example_shows",
    # moves and cards: notation and the facts of the pack the table shows
    "Action", "format_action", "format_card", "parse_action", "parse_card", "ID_OF", "IDS", "MONTH", "TYPE",
    "same_for_scoring",
    # presets (§10A): the seats a preset is for, as the lobby offers it
    "PRESET_SEATS",
]
