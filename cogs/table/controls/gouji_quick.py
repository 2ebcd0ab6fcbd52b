"""Gou Ji's ready-made sets (§13.3): one pick plays a set, so the common plays take one or two clicks.

The composer's first row lists ready-made sets (the engine's ``ready_plays``: the sets that beat the table,
cheapest first; on a lead each whole group first). Once a rank is picked in the step-by-step path, the same
row lists that rank's sets (``rank_plays``): a single, a pair or a group with jokers is then the second
click. Each option says what the set would do (``offer_notes``: a duel, unbeatable, the last cards), as
the preview does, since a pick plays at once and a play is final (R6.13). Unusual sets stay possible
through the step-by-step selects and Confirm.

(``gouji_composer.select_play`` puts a set into a seat's draft: for a hint that a person should confirm.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.games.core import IllegalAction
from bot.games.gouji import (
    RANK_TEXT,
    Play,
    ShaoPai,
    View,
    hand_from_view,
    offer_notes,
    parse_play,
    rank_plays,
    ready_plays,
)
from bot.i18n import t

from ..components import GameSelect
from ..words import names
from .gouji_draft import Draft

if TYPE_CHECKING:
    from ..session import GameSession

QUICK_VERB = "gj_quick"


def started(made: Draft) -> bool:
    """The step-by-step path is in use: a rank (or "wild cards only") or a wild card was picked."""
    return made.rank is not None or bool(made.twos or made.bj or made.rj)


def offered(view: View, made: Draft, sets: list[Play]) -> list[Play]:
    """The sets of the ready-made row: the draft's rank's sets once one is picked, else the common sets."""
    if started(made):
        return rank_plays(sets, made.rank or 0)
    return ready_plays(hand_from_view(view), sets, view.top is None)


def quick_select(session: GameSession, seat: int, lang: str, made: Draft, sets: list[Play], mode: str,
                 row: int) -> GameSelect | None:
    """The ready-made row (None when there is nothing to offer)."""
    view = session.view(seat)
    plays = offered(view, made, sets)
    if not plays:
        return None
    actions: list[Play | ShaoPai] = [ShaoPai(p) for p in plays] if mode == "shao" else list(plays)
    seat_names = names(session, lang)
    options = []
    for play, notes in zip(plays, offer_notes(view, actions), strict=True):
        said = " ".join(t(lang, f"gouji.ui.preview.{key}", **({} if who is None else {"target": seat_names[who]}))
                        for key, who in notes)
        options.append(discord.SelectOption(label=str(play)[:100], value=str(play), description=said[:100] or None))
    if not started(made):
        placeholder = t(lang, "gouji.ui.quick.pick_shao" if mode == "shao" else "gouji.ui.quick.pick")
    elif made.rank:
        placeholder = t(lang, "gouji.ui.quick.pick_rank", rank=RANK_TEXT[made.rank])
    else:
        placeholder = t(lang, "gouji.ui.quick.pick_wild")
    return GameSelect(session.id, QUICK_VERB, "", session.version, options=options, row=row, placeholder=placeholder)


def quick_action(value: str, legal: list[Any], mode: str) -> Play | ShaoPai | None:
    """The legal action a ready-made pick names, or None (a forged or outdated value)."""
    try:
        play = parse_play(value)
    except IllegalAction:  # a forged value: refused politely by the move path, never a traceback
        return None
    action: Play | ShaoPai = ShaoPai(play) if mode == "shao" else play
    return action if action in legal else None


__all__ = ["QUICK_VERB", "offered", "quick_action", "quick_select", "started"]
