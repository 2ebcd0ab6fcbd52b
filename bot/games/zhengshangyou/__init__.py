"""Zheng Shangyou (争上游, "Pits"): the climbing game for 4-8 players, team4 and team6 (San jia xi).

Rules: ``shared/rules/zhengshangyou.md``; rule ids (R5.3.2 ...) are cited in code and tests. This module
is the package's public face: the Discord layer and the renderer import from here only.
"""

from .actions import Action, Pass, Play, Return, TakeReturn, TakeTribute, Tribute
from .ai import choose_action, choose_with_reason
from .counting import count
from .engine import (
    INFO,
    OVER,
    PLAY,
    State,
    apply,
    legal_actions,
    listed_readings,
    new_game,
    new_game_with_events,
    play_reading,
    result,
    state_from_dict,
    to_act,
    view,
)
from .glossary import TERMS
from .notation import cards_text, format_action, parse_action, parse_cards, sort_cards
from .scoring import hand_points, match_winners
from .timing import TIMING, timeout_action, timeout_outcome, timeout_play_as
from .views import ComboView, ExchangeView, HandSummary, TrickEntry, View

__all__ = [
    "TERMS", "count",
    "INFO", "OVER", "PLAY", "TIMING",
    "Action", "ComboView", "ExchangeView", "HandSummary", "Pass", "Play", "Return", "State", "TakeReturn",
    "TakeTribute", "TrickEntry", "Tribute", "View",
    "apply", "cards_text", "choose_action", "choose_with_reason", "format_action", "hand_points", "legal_actions", "listed_readings",
    "match_winners", "new_game", "new_game_with_events", "parse_action", "parse_cards", "play_reading", "result",
    "sort_cards", "state_from_dict", "timeout_action", "timeout_outcome", "timeout_play_as", "to_act", "view",
]
