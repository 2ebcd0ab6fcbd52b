"""Why the computer player chose its move, from what it weighed: the hint and the practice table's lines.

Each reason is a catalog key under ``hints.gostop.`` with its arguments (``Reason``), read from the seat's view,
the move and the search's figures (``Searched``), never from the full state. An argument named ``card`` holds a
card id (``m11-bright``), ``set_word`` a set's name (``hints.gostop.word.<name>``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.core import Reason

from .actions import Action
from .cards import BIRDS, BRIGHT, CHEONG_DAN, CHO_DAN, HONG_DAN, ID_OF, IDS, MONTH, PI, TYPE
from .views import View


@dataclass(frozen=True)
class Searched:
    """What hard's search weighed: its candidates, each one's mean value over the imagined deals (the match's
    chance, see ``ai._Judge``), how many deals it imagined, and Stop's exact value at a Go/Stop decision."""

    candidates: tuple[Action, ...]
    means: tuple[float, ...]
    deals: int
    stop_value: float | None


#: the sets a card may complete, by name (``hints.gostop.word.<name>``): its cards, and how many make it
SETS: tuple[tuple[str, frozenset[int], int], ...] = (
    ("godori", BIRDS, 3),
    ("hong_dan", HONG_DAN, 3),
    ("cheong_dan", CHEONG_DAN, 3),
    ("cho_dan", CHO_DAN, 3),
    ("brights", frozenset(c for c in range(48) if TYPE[c] == BRIGHT), 3),
)


def _ids(cards: tuple[str, ...]) -> list[int]:
    return [ID_OF[c] for c in cards]


def _chance(value: float) -> int:
    """A judge value (-1 … 1, the match's outlook) as a percentage chance to win the match."""
    return max(0, min(100, round((value + 1) * 50)))


def explain(view: View, action: Action, searched: Searched | None) -> tuple[Reason, ...]:
    """The reasons for ``action``, most important first."""
    me = view.seat if view.seat is not None else 0
    out: list[Reason] = []
    kind = action.kind
    if kind == "play":
        out += _play(view, me, action)
    elif kind == "take":
        out.append(Reason.of("take", card=IDS[action.card]))
        out += _sets(view, me, [action.card])
    elif kind in ("bomb", "grenade", "shake", "chongtong"):
        out.append(Reason.of(kind, month=action.month))
    elif kind == "flip":
        out.append(Reason.of("flip"))
    elif kind == "stop":
        out.append(Reason.of("stop", chips=sum(amount for _, amount in view.stop_pays)))
    elif kind == "go":
        out.append(Reason.of("go", go=view.next_go[0], mult=view.next_go[1]))
    else:
        out.append(Reason.of("usual"))
    if searched is not None and action in searched.candidates:
        mine = searched.means[searched.candidates.index(action)]
        if searched.stop_value is not None:
            others = [m for a, m in zip(searched.candidates, searched.means, strict=True) if a != action]
            other = searched.stop_value if kind == "go" else (max(others) if others else mine)
            out.append(Reason.of("odds", chance=_chance(mine), other=_chance(other), deals=searched.deals))
        else:
            out.append(Reason.of("searched", moves=len(searched.candidates), deals=searched.deals))
    return tuple(out)


def _play(view: View, me: int, action: Action) -> list[Reason]:
    card = action.card
    month = MONTH[card]
    if month == 0:
        return [Reason.of("joker", card=IDS[card])]
    group = _ids(view.layout[month - 1])
    if not group:
        in_hand = sum(1 for c in _ids(view.hand) if MONTH[c] == month)
        taken = sum(1 for p in view.players for c in _ids(p.captures) if MONTH[c] == month)
        unseen = max(0, 4 - in_hand - taken)
        return [Reason.of("throw", card=IDS[card], unseen=unseen)]
    if len(group) == 3:
        return [Reason.of("sweep", card=IDS[card], month=month), *_sets(view, me, [card, *group])]
    target = action.target if action.target >= 0 else group[0]
    out = [Reason.of("capture", card=IDS[card], target=IDS[target])]
    out += _sets(view, me, [card, target])
    if not any(r.key in ("set", "block") for r in out) and max(PI[card], PI[target]) >= 2:
        out.append(Reason.of("double_junk"))
    return out


def _sets(view: View, me: int, taken: list[int]) -> list[Reason]:
    """What the cards taken do for a set: how many of it the seat then holds, or whom it keeps from one."""
    out: list[Reason] = []
    mine = set(_ids(view.players[me].captures))
    for name, cards, need in SETS:
        new = [c for c in taken if c in cards]
        if not new:
            continue
        have = len((mine | set(new)) & cards)
        out.append(Reason.of("set", set_word=name, have=have, need=need))
        for p in view.players:
            if p.seat != me and p.seat in view.active and len(set(_ids(p.captures)) & cards) >= need - 1:
                out.append(Reason.of("block", set_word=name))
                break
    return out[:2] if out else out


__all__ = ["SETS", "Searched", "explain"]
