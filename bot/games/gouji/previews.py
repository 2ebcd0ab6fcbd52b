"""What a set a seat is composing would do, from that seat's view only (§13.3, §13.5): why the engine
refuses it, what it starts, and the sets a partner may suggest to an exposed player (R9.4.2).

The composer on Discord formats these; it never reads the state. A refusal is the engine's own: the
play is tried on a world consistent with the view (``worlds.determinize``), since the engine's checks
of a seat's own play read only what that seat sees (the table, his hand, the exposed hands).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.core import Event, IllegalAction

from . import engine, moves
from .notation import Action, Play, ShaoPai, parse_ranks
from .policy import hand_from_view
from .views import View
from .worlds import determinize


def _trial(view: View, action: Action) -> list[Event] | IllegalAction:
    """The engine's answer to ``action`` of ``view.seat``, tried on a world consistent with his view: the
    events it makes, or why it is refused."""
    assert view.seat is not None
    world = determinize(view, random.Random(0))  # the hidden hands play no part in his own move
    try:
        return engine.apply(world, view.seat, action)
    except IllegalAction as err:
        return err


def refusal(view: View, action: Action) -> IllegalAction | None:
    """Why the engine refuses ``action`` of ``view.seat`` in the play phase, or None when it takes it."""
    if view.seat is None:
        return None
    answer = _trial(view, action)
    return answer if isinstance(answer, IllegalAction) else None


def play_notes(view: View, action: Play | ShaoPai) -> list[tuple[str, int | None]]:
    """What ``action`` of ``view.seat`` would do, as (catalog key under ``gouji.ui.preview.``, seat named):
    a set with a red joker cannot be beaten (R7.6); it starts a Gou Ji duel with the Dui Men (R7.2: as the
    engine plays it out); they are the seat's last cards."""
    seat = view.seat
    answer = None if seat is None else _trial(view, action)
    if seat is None or isinstance(answer, IllegalAction) or answer is None:
        return []
    play = action.play if isinstance(action, ShaoPai) else action
    notes: list[tuple[str, int | None]] = []
    duel = next((e for e in answer if e.kind == "gou_ji" and e.seat == seat), None)
    if play.rj:
        notes.append(("unbeatable", None))
    elif duel is not None:
        notes.append(("starts_gou_ji", int(duel.data["target_seat"])))
    if play.size == view.seats[seat].cards:
        notes.append(("last_cards", None))
    return notes


def exposed_hand(view: View, seat: int) -> list[int]:
    """The Tiao Pai cards of ``seat`` (R9.4) as 18 rank counts (see ``moves``); empty if he has not exposed."""
    hand = [0] * 18
    for rank in parse_ranks(" ".join(view.seats[seat].exposed or ())):
        hand[rank] += 1
    return hand


def may_suggest(view: View, target: int) -> bool:
    """R9.4.2: a partner of an exposed player who still holds cards may advise him."""
    seat = view.seat
    return (seat is not None and view.phase == "play" and 0 <= target < engine.SEATS and target != seat
            and target % 2 == seat % 2 and view.seats[target].exposed is not None and view.seats[target].cards > 0)


def decides_now(view: View, target: int) -> bool:
    """``target`` is on turn, or a candidate for the endgame slot (R9.6.3)."""
    return target == view.turn or target in view.candidates


def suggestable(view: View, target: int, legal: Sequence[Action]) -> tuple[list[Play], bool]:
    """What may be suggested to the exposed ``target`` (R9.4.2), and whether passing may be: on his turn his
    legal sets (``legal``: his legal actions), else any set of his exposed hand."""
    if decides_now(view, target):
        return [a for a in legal if isinstance(a, Play)], engine.PASS in legal
    return moves.all_sets(exposed_hand(view, target)), False


__all__ = ["decides_now", "exposed_hand", "hand_from_view", "may_suggest", "play_notes", "refusal", "suggestable"]
