"""Why the computer player chose its move, from what it weighed: the hint and the practice table's lines.

Each reason is a catalog key under ``hints.zhengshangyou.`` with its arguments (``Reason``), read from the seat's
view, the move and the search's figures (``Searched``), never from the full state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.core import Reason

from .actions import Action, Pass, Play
from .combos import RUN, interpretations
from .notation import cards_text
from .views import View

#: 2s and jokers: the cards that win a lead back (``ai``'s "keep 2s and jokers")
HIGH = 15


@dataclass(frozen=True)
class Searched:
    """What hard's search weighed: its candidates, each one's mean hand result for the seat (or its team) over
    the imagined deals, how many deals, and the easy policy's choice among them."""

    candidates: tuple[Action, ...]
    means: tuple[float, ...]
    deals: int
    easy: Action


def _text(action: Action) -> str:
    return cards_text(action.cards) if isinstance(action, Play) else "pass"


def explain(view: View, legal: Sequence[Action], action: Action, searched: Searched | None) -> tuple[Reason, ...]:
    """The reasons for ``action``, most important first."""
    out: list[Reason] = []
    high = sum(1 for c in view.hand if c.rank >= HIGH)
    me = view.seat
    if isinstance(action, Play):
        used = sum(1 for c in action.cards if c.rank >= HIGH)
        if len(action.cards) == len(view.hand):
            return (Reason.of("out", cards=_text(action)),)
        if view.top is None:
            low = sum(1 for c in action.cards if c.rank < 11)
            out.append(Reason.of("lead", cards=_text(action), n=len(action.cards), low=low))
        else:
            out.append(Reason.of("beat", cards=_text(action), top=cards_text(view.top_cards)))
            if view.top.kind == RUN and not view.top.suited and any(
                    c.kind == RUN and c.suited for c in interpretations(
                        action.cards, view.twos_natural_in_sequences, view.allow_joker_pair)):
                out.append(Reason.of("suited"))  # R5.4.4: a suited run beats any mixed one
        if high - used > 0:
            out.append(Reason.of("keeps_high", n=high - used))
    elif isinstance(action, Pass):
        top_seat = view.top_seat
        partner = (view.teams is not None and me is not None and top_seat is not None and top_seat != me
                   and view.teams[top_seat] == view.teams[me])
        if partner:
            out.append(Reason.of("partner", top=cards_text(view.top_cards)))
        elif any(isinstance(a, Play) for a in legal):
            left = view.counts[top_seat] if top_seat is not None else 0
            out.append(Reason.of("save", n=high, left=left) if high else Reason.of("wait", left=left))
        else:
            out.append(Reason.of("cannot", top=cards_text(view.top_cards)))
    else:
        out.append(Reason.of("usual"))
    if searched is not None and action in searched.candidates:
        mean = searched.means[searched.candidates.index(action)]
        out.append(Reason.of("expect", points=round(mean, 1), deals=searched.deals))
        if action != searched.easy and searched.easy in searched.candidates:
            easy = searched.means[searched.candidates.index(searched.easy)]
            if easy > mean:  # the easy choice was dropped early on fewer deals: no fair comparison to say
                pass
            elif isinstance(searched.easy, Play):
                out.append(Reason.of("over", other=_text(searched.easy), points=round(easy, 1)))
            else:
                out.append(Reason.of("over_pass", points=round(easy, 1)))
    return tuple(out)


__all__ = ["Searched", "explain"]
