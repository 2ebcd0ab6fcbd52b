"""§13.4 Timeouts: what the rules do for a player whose time runs out, decided from his legal actions.

Every decision they cover is public (the Go/Stop question, the gwangpalli play-or-sit choice, a choice
of two cards on the table), so the reminder may say it aloud. Playing a card is left to the computer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.timing import Timing
from .actions import Action
from .cards import PI, TYPE
from .engine import legal_actions

#: §13.4 "suggested default 120 s per action": the turn length a game's or a server's setting replaces
TURN_SECONDS = 120
#: §13.4 "Choice prompts: the higher-value target": bright, then animal, ribbon, junk (by junk value)
_VALUE = {"bright": 4, "animal": 3, "ribbon": 2, "junk": 1, "joker": 1}


def safe_choice(legal: Sequence[Action]) -> Action | None:
    """Go/Stop times out to Stop (the safe choice), play-or-sit to sitting out (voluntary, so no
    compensation), a choice of two to the higher-value card; None: the computer plays the card."""
    kinds = {a.kind: a for a in reversed(legal)}  # the first action of each kind
    if "stop" in kinds:
        return kinds["stop"]
    if "sit" in kinds:
        return kinds["sit"]
    takes = [a for a in legal if a.kind == "take"]
    if takes:
        return max(takes, key=lambda a: (_VALUE[TYPE[a.card]], PI[a.card], -a.card))
    return None


def safe_choice_words(legal: Sequence[Action]) -> str:
    """``safe_choice`` in words, as the reminder says it (catalog ``clock.outcome.<name>``)."""
    kinds = {a.kind for a in legal}
    if "stop" in kinds:
        return "stop"
    if "sit" in kinds:
        return "sit_out"
    if "take" in kinds:
        return "take_valuable"
    return "computer"


class GostopTiming(Timing):
    """§13.4's turn length and timeouts, as the Discord layer asks them."""

    turn_seconds = TURN_SECONDS

    def timeout_action(self, state: Any, seat: int, legal: Sequence[Any]) -> Any | None:
        """Stop, sit out, the higher-value card (``safe_choice``); playing a card is left to the computer."""
        return safe_choice(legal)

    def timeout_outcome(self, state: Any, seat: int) -> str:
        """``timeout_action`` in words. The Go/Stop question, the play-or-sit choice and a choice of two on the
        table are public, so the reminder may say them."""
        return safe_choice_words(legal_actions(state, seat))


#: the table rules the Discord layer asks (``bot.games.core.timing``)
TIMING = GostopTiming()

__all__ = ["TIMING", "TURN_SECONDS", "GostopTiming", "safe_choice", "safe_choice_words"]
