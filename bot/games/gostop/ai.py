"""Computer players for Go-Stop (placeholder; replaced by the real AI)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


def choose_action(view: Any, legal: Sequence[Any], level: str, rng: random.Random,
                  budget_s: float | None = None) -> Any:
    return rng.choice(list(legal))
