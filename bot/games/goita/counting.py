"""What is still out in Goita, from one seat's view only (issue #45: the piece counter).

The set has 32 pieces (R1.1): one 王 and one 玉, two each of 飛 and 角, four each of 金, 銀, 馬 and 香, ten し.
A piece is *played* once the seat can see it on the table (face up, or its own face-down lead), *mine* in the
seat's hand; the rest is unseen (other hands, and other seats' face-down leads).
"""

from __future__ import annotations

from collections import Counter

from bot.games.core import Tally

from .pieces import COPIES, IDS
from .views import View


def count(view: View) -> tuple[Tally, ...]:
    """One ``Tally`` per piece, kings first (the set's order); nothing but ``view`` is read."""
    played: Counter[str] = Counter()
    for columns in view.table:
        for column in columns:
            played[column.attack] += 1
            if column.first is not None:
                played[column.first] += 1
    mine = Counter(view.hand or ())
    return tuple(Tally(kind=piece, name_key=f"goita.piece.{piece}", total=COPIES[code], played=played[piece], mine=mine[piece])
                 for code, piece in enumerate(IDS))
