"""The Hint's answer time (issue #45): the hard computer's move and reasons for a seat's view, as the table asks
for it (``LiveGame.choose_with_reason`` with the game's own time budget), plus the line in words.

    python -m tests.bench.hints [--quick]

Positions come from random games (``tests/hints/positions.py``), the same for every run. Wall clock on a shared
machine includes waiting for a core; the CPU figures are what a hint costs. The budgets are the hard players'
(Gou Ji 0.2 s wall, Goita 0.15 s CPU capped at 0.25 s wall, Go-Stop 0.25 s wall, Zheng Shangyou 0.2 s wall);
decisions with no search (pre-hand steps, one sensible move) answer at once and pull the p50 down.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from bot.games import GAME_IDS
from bot.games.live import LiveGame
from cogs.table.hints import reason_text
from tests.bench.timing import Samples
from tests.hints.positions import positions


def run(quick: bool) -> dict[str, Any]:
    count = 12 if quick else 150
    out: dict[str, Any] = {}
    for game in GAME_IDS:
        samples = Samples()
        for n, (state, seat, legal) in enumerate(positions(game, seed=7, count=count)):
            live = LiveGame(game, state)
            with samples.time():
                choice = live.choose_with_reason(seat, legal, "hard", random.Random(n))
                reason_text(game, choice.reasons, "en")
        out.update(samples.numbers(f"{game}_hint_"))
    return out


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    for key, value in run(quick).items():
        print(f"{key:36} {value}")
