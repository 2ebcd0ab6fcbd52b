"""Gou Ji (够级): six players in two teams of three, four packs, Gou Ji duels and Shao Pai.

The rules are ``shared/rules/gouji.md``; rule ids (R6.9 …) in docstrings point there. This package's
public face: the engine contract, the notation, the views, the table rules (``TIMING``) and what a
composed set would do from a seat's view (``previews``). The Discord layer imports nothing else.
"""

from .ai import choose_action, choose_with_reason
from .counting import count
from .engine import (
    INFO,
    PASS,
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
from .glossary import TERMS
from .notation import (
    BJ,
    RANK_TEXT,
    RJ,
    TWO,
    Action,
    AskCount,
    Choose,
    Decision,
    Play,
    Return,
    ShaoPai,
    format_action,
    make_play,
    parse_action,
    parse_play,
)
from .offers import offer_notes, rank_plays, ready_plays
from .previews import decides_now, exposed_hand, hand_from_view, may_suggest, play_notes, refusal, suggestable
from .timing import TIMING, GoujiTiming, Hold
from .views import View

__all__ = [
    "TERMS", "count",
    "BJ", "INFO", "PASS", "RANK_TEXT", "RJ", "TIMING", "TWO",
    "Action", "AskCount", "Choose", "Decision", "GoujiTiming", "Hold", "Play", "Return", "ShaoPai", "State", "View",
    "apply", "choose_action", "choose_with_reason", "decides_now", "exposed_hand", "format_action", "hand_from_view", "legal_actions",
    "make_play", "may_suggest", "new_game", "new_game_with_events", "offer_notes", "parse_action", "parse_play",
    "play_notes", "rank_plays", "ready_plays", "refusal", "result", "state_from_dict", "suggestable", "to_act", "view",
]
