"""Computer players for Zheng Shangyou (placeholder: random)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import Action
from .view import View


def choose_action(view: View, legal: Sequence[Action], level: str, rng: random.Random,
                  budget_s: float | None = None) -> Action:
    return rng.choice(list(legal))
