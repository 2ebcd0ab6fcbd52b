"""The easy policy of rules §13.8, on one seat's view: the ``easy`` computer player, the play-outs of the
``hard`` one (``search.py``), and the endgame choice between computer partners (``timing.py``).

It sees one seat's ``View`` and the legal list, never the full state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .notation import Action, Play, Return, ShaoPai, parse_play
from .views import View

_PRE_ORDER = ("show_threes", "ge_ming", "agree", "insist", "skip", "jie_fang", "no_swap", "pay", "ready")
_OPTIONAL = ("ask_count", "show_partners", "expose", "rang_pai", "choose", "rang_decline")


def hand_from_view(view: View) -> list[int]:
    """The viewer's hand as 18 rank counts (see ``moves``)."""
    return [0, 0, 0] + list(view.hand_counts)


def play_cost(play: Play) -> tuple[int, int, int, int]:
    """Cheapest first: fewest jokers, fewest 2s, lowest level (§13.8 'cheapest beating set')."""
    return (play.bj + play.rj, play.twos, play.level, play.rj)


def slot_cost(legal: Sequence[Action]) -> tuple[int, ...]:
    """§13.8: how dear filling an endgame slot is for a candidate with these legal actions: his cheapest
    beating set (fewest jokers, fewest 2s, lowest level), or worse than any set when he cannot beat."""
    plays = [a for a in legal if isinstance(a, Play)]
    return (0, *play_cost(min(plays, key=play_cost))) if plays else (1, 0, 0, 0, 0)


def endgame_choice(legal_of: Mapping[int, Sequence[Action]]) -> int:
    """§13.8 endgame team choice between computer candidates: the one with the cheaper beating set fills
    the slot. Computer partners agree at the table, so each candidate's legal actions count; ``legal_of``
    lists the candidates in the engine's order (the default member first), and equal costs keep the
    earlier one (R9.6.3 step 2)."""
    return min(legal_of, key=lambda seat: slot_cost(legal_of[seat]))


def easy_play(hand: list[int], top: Play | None, top_seat: int | None, seat: int,
              plays: Sequence[Play], counts: Sequence[int]) -> Play | None:
    """The easy policy for a trick decision; None means pass."""
    if not plays:
        return None
    if top is None:
        return _easy_lead(hand, plays)
    if top_seat is not None and top_seat % 2 == seat % 2 and counts[top_seat] > 0:
        return None
    best = min(plays, key=play_cost)
    # Do not spend jokers or many 2s on small sets early when the opponent is far from out.
    wild = best.bj + best.rj + best.twos
    if wild and top_seat is not None and counts[top_seat] > 10 and sum(hand) > 12 and top.level < 12:
        return None
    return best


def _easy_lead(hand: list[int], plays: Sequence[Play]) -> Play:
    natural = [p for p in plays if p.rank and not (p.twos or p.bj or p.rj) and p.naturals == hand[p.rank]]
    if natural:
        return min(natural, key=lambda p: p.rank)
    if len(plays) == 1 or sum(hand) == max(p.size for p in plays):
        return max(plays, key=lambda p: p.size)
    return min(plays, key=lambda p: (p.size, p.level))


def _pre_hand(legal: Sequence[Action]) -> Action:
    kinds = {a.kind: a for a in legal}
    for kind in _PRE_ORDER:
        if kind in kinds:
            return kinds[kind]
    returns = [a for a in legal if isinstance(a, Return)]
    if returns:
        return min(returns, key=lambda a: [(r, 0) for r in a.ranks])
    return legal[0]


def easy_action(view: View, legal: Sequence[Action]) -> Action:
    """The easy policy on a view."""
    seat = view.seat if view.seat is not None else 0
    claims = [a for a in legal if isinstance(a, ShaoPai)]
    if claims:
        return min(claims, key=lambda a: play_cost(a.play))
    if view.phase != "play":
        return _pre_hand(legal)
    plays = [a for a in legal if isinstance(a, Play)]
    kinds = {a.kind: a for a in legal}
    if seat not in view.to_act:
        return _fallback(legal)
    if "rang_accept" in kinds:
        return kinds["rang_accept"]
    top = parse_play(view.top) if view.top is not None else None
    counts = [s.cards for s in view.seats]
    choice = easy_play(hand_from_view(view), top, view.top_seat, seat, plays, counts)
    if choice is not None:
        return choice
    if "pass" in kinds:
        return kinds["pass"]
    return plays[0] if plays else _fallback(legal)


def _fallback(legal: Sequence[Action]) -> Action:
    core = [a for a in legal if a.kind not in _OPTIONAL]
    return (core or list(legal))[0]


__all__ = ["easy_action", "easy_play", "endgame_choice", "hand_from_view", "play_cost", "slot_cost"]
