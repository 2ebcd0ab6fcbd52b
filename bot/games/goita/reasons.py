"""Why the computer player chose its move, from what it weighed: the hint and the practice table's lines.

Each reason is a catalog key under ``hints.goita.`` with its arguments (``Reason``), read from the seat's view,
the move and the search's figures (``Searched``), never from the full state.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.core import Reason

from .actions import Action, Decide, Pass, Play
from .inference import counts, seen
from .pieces import BLOCKERS, COPIES, GYOKU, IDS, OU, SHI, TYPE, VALUE
from .views import View


@dataclass(frozen=True)
class Searched:
    """What hard's search found for its move: the mean points for the seat's team (negative: the other team's)
    over the imagined worlds, how many it imagined, and whether each was solved exactly (late in a round)
    rather than played out with the easy policy."""

    points: float
    worlds: int
    exact: bool


def explain(view: View, action: Action, searched: Searched | None) -> tuple[Reason, ...]:
    """The reasons for ``action``, most important first."""
    me = view.seat if view.seat is not None else 0
    hand = counts(view.hand or ())
    out: list[Reason] = []
    if isinstance(action, Decide):
        strength = hand[OU] + hand[GYOKU] + sum(1 for p in range(2, 6) if hand[p] >= 2) - hand[SHI] // 2
        return (Reason.of("redeal" if action.redeal else "play_on", strength=strength),)
    if isinstance(action, Pass):
        if view.unblockable:
            out.append(Reason.of("king_attack", attack=view.attack or ""))
        elif view.attacker is not None and view.attacker == (me + 2) % 4:
            out.append(Reason.of("partner", attack=view.attack or ""))
        elif view.attack is not None and any(hand[b] for b in BLOCKERS[IDS.index(view.attack)]):
            out.append(Reason.of("keep", attack=view.attack))
        else:
            out.append(Reason.of("cannot", attack=view.attack or ""))
    elif isinstance(action, Play):
        if action.lead:
            out.append(Reason.of("lead", piece=IDS[action.first], attack=IDS[action.attack]))
        else:
            out.append(Reason.of("block", piece=IDS[action.first], attack=view.attack or "", next=IDS[action.attack]))
        size = view.hand_sizes[me] if view.hand_sizes else sum(hand)
        if size == 2:
            double = action.lead and TYPE[action.first] == TYPE[action.attack]
            out.append(Reason.of("out", piece=IDS[action.attack],
                                 points=VALUE[action.attack] * (2 if double else 1)))
        else:
            known = seen(view)
            out_there = sum(COPIES[b] - known[b] for b in BLOCKERS[action.attack])
            if not BLOCKERS[action.attack]:
                out.append(Reason.of("unblockable", piece=IDS[action.attack]))
            else:
                out.append(Reason.of("attack", piece=IDS[action.attack], n=out_there))
            left = hand[action.attack] - 1 - (action.first == action.attack)
            if left > 0:
                out.append(Reason.of("keeps_more", piece=IDS[action.attack], n=left))
    if searched is not None:
        key = "solved" if searched.exact else "expect"
        out.append(Reason.of(key, points=round(searched.points, 1), worlds=searched.worlds))
    return tuple(out)


__all__ = ["Searched", "explain"]
