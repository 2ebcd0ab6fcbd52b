"""The ``hard`` computer player (placeholder until the search lands): the easy policy."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .notation import Action
from .views import View


def hard_action(view: View, legal: Sequence[Action], rng: random.Random, budget_s: float) -> Action:
    from .ai import easy_action
    return easy_action(view, legal)
