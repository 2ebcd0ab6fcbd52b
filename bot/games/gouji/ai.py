"""Computer players for Gou Ji. They see one seat's ``View`` and the legal list, never the full state.

* ``random`` — any legal action.
* ``easy`` — the minimum policy of rules §13.8, a little sharpened: lead the lowest natural
  group, beat opponents with the cheapest set (fewest wild cards), let partners' sets stand,
  claim Shao Pai whenever possible.
* ``hard`` — determinized Monte Carlo: deals the unseen cards to the other seats consistently
  with the view (counts, played cards, own tribute knowledge), then compares a few candidate
  actions by playouts of the rest of the hand with the ``easy`` policy (``search.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.core import Choice

from .notation import BJ, RJ, TWO, Action, Decision
from .policy import easy_action, easy_play, endgame_choice, hand_from_view, play_cost, slot_cost
from .reasons import explain
from .search import Searched, hard_search
from .views import View


def choose_action(view: View, legal: Sequence[Action], level: str, rng: random.Random,
                  budget_s: float | None = None, search: int | None = None) -> Action:
    """One decision for ``view.seat``; ``level`` is "random", "easy" or "hard"; ``search``: a fixed number of
    imagined deals for hard instead of the time ``budget_s``."""
    return _choose(view, legal, level, rng, budget_s, search)[0]


def choose_with_reason(view: View, legal: Sequence[Action], level: str, rng: random.Random,
                       budget_s: float | None = None, search: int | None = None) -> Choice:
    """``choose_action``'s move and the reasons it weighed (``reasons.explain``)."""
    action, searched = _choose(view, legal, level, rng, budget_s, search)
    return Choice(action, explain(view, legal, action, searched))


def _choose(view: View, legal: Sequence[Action], level: str, rng: random.Random, budget_s: float | None,
            search: int | None) -> tuple[Action, Searched | None]:
    if not legal:
        raise ValueError("no legal action to choose from")
    if level == "random":
        return rng.choice(list(legal)), None
    if level == "easy":
        return easy_action(view, legal), None
    if level == "hard":
        return hard_search(view, legal, rng, 0.2 if budget_s is None else budget_s, search)
    raise ValueError(f"unknown AI level {level!r}")


__all__ = ["BJ", "RJ", "TWO", "Decision", "choose_action", "choose_with_reason", "easy_action", "easy_play", "endgame_choice",
           "hand_from_view", "play_cost", "slot_cost"]
