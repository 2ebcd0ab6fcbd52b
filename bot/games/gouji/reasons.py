"""Why the computer player chose its move, from what it weighed: the hint and the practice table's lines.

Each reason is a catalog key under ``hints.gouji.`` with its arguments (``Reason``); they are read from the
seat's view, the move and the search's figures (``search.Searched``), never from the full state.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.core import Reason

from .notation import BJ, RJ, TWO, Action, Play, ShaoPai, parse_play
from .policy import hand_from_view, play_cost
from .search import Searched
from .views import View


def _wild(hand: list[int]) -> int:
    return hand[TWO] + hand[BJ] + hand[RJ]


def explain(view: View, legal: Sequence[Action], action: Action, searched: Searched | None) -> tuple[Reason, ...]:
    """The reasons for ``action``, most important first."""
    out: list[Reason] = []
    hand = hand_from_view(view)
    if isinstance(action, ShaoPai):
        return (Reason.of("shao_pai", cards=action.play.text),)
    if view.phase != "play":
        return (Reason.of("usual"),)
    seat = view.seat if view.seat is not None else 0
    plays = [a for a in legal if isinstance(a, Play)]
    if isinstance(action, Play):
        used = action.twos + action.bj + action.rj
        if action.size == sum(hand):
            out.append(Reason.of("out", cards=action.text))
        elif view.top is None:
            whole = action.rank and action.naturals == hand[action.rank] and not used
            out.append(Reason.of("lead_group" if whole else "lead", cards=action.text, n=action.size))
        else:
            out.append(Reason.of("beat", cards=action.text, top=view.top))
            if plays and play_cost(action) == min(play_cost(p) for p in plays):
                out.append(Reason.of("cheapest"))
        if action.gouji and view.top is None and action.size < sum(hand):
            out.append(Reason.of("gouji"))
        kept = _wild(hand) - used
        if kept and action.size < sum(hand):
            out.append(Reason.of("keeps_wild", n=kept))
    elif action.kind == "pass":
        top_seat = view.top_seat
        left = view.seats[top_seat].cards if top_seat is not None else 0
        if top_seat is not None and top_seat % 2 == seat % 2 and left > 0:
            out.append(Reason.of("partner", top=view.top or ""))
        elif plays:
            wild = _wild(hand)
            out.append(Reason.of("save", n=wild, left=left) if wild else Reason.of("wait", left=left))
        else:
            top = parse_play(view.top) if view.top else None
            out.append(Reason.of("cannot", top=top.text if top else ""))
    else:
        out.append(Reason.of("usual"))
    if searched is not None:
        index = searched.candidates.index(action) if action in searched.candidates else 0
        out.append(Reason.of("expect", points=round(searched.means[index], 1), deals=searched.runs))
        easy = searched.candidates[0]
        if index != 0:
            points = round(searched.means[0], 1)
            out.append(Reason.of("over", other=easy.text, points=points) if isinstance(easy, Play)
                       else Reason.of("over_pass", points=points))
    return tuple(out)


__all__ = ["explain"]
