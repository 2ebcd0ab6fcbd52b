"""Gou Ji's draft (§13.3): the set a player composes step by step, and the selects that compose it.

A draft lives on the session (``session.ui["drafts"]``) and is saved with the game; a player's own composer
(``gouji_composer``) and a partner's suggestion to an exposed player (``gouji_suggest``) share it. The
selects offer only values of the given legal sets, and a click snaps the draft to the nearest legal set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.games.gouji import BJ, RANK_TEXT, RJ, TWO, Play, make_play
from bot.i18n import t

from ..components import GameSelect, parse_number

if TYPE_CHECKING:
    from ..session import GameSession

WILD_ONLY = 0
PANEL_NAV_ROW = 4  # the spine puts its Refresh button on the last row
#: the combined "2s and jokers" select, when the separate ones do not fit beside the ready-made row
WILD_VERB = "gj_wild"


@dataclass
class Draft:
    """A set being composed (§13.3) or the cards chosen for a tribute return (§13.4)."""

    rank: int | None = None
    naturals: int = 0
    twos: int = 0
    bj: int = 0
    rj: int = 0
    returns: list[int] = field(default_factory=list)

    def play(self) -> Play | None:
        if self.rank is None and not (self.twos or self.bj or self.rj):
            return None
        rank = self.rank or 0
        naturals = self.naturals if rank else 0
        if naturals + self.twos + self.bj + self.rj == 0:
            return None
        return make_play(rank, naturals, self.twos, self.bj, self.rj)


def draft(session: GameSession, seat: int, target: int | None = None) -> Draft:
    """``seat``'s own draft, or (``target``) the set he is composing to suggest to an exposed partner;
    kept on the session (``session.ui["drafts"]``, by "seat" or "seat:target") and saved with it."""
    drafts = session.ui.setdefault("drafts", {})  # saved with the game
    key = str(seat) if target is None else f"{seat}:{target}"
    made = drafts.get(key)
    if not isinstance(made, Draft):  # new, or as saved: plain data
        made = drafts[key] = Draft(**(made or {}))
    return made


def clamp(made: Draft, hand: list[int]) -> None:
    """A draft from an older hand (cards played since) is cut back to what is held."""
    if made.rank and not hand[made.rank]:
        made.rank, made.naturals = None, 0
    if made.rank:
        made.naturals = max(1, min(made.naturals, hand[made.rank]))
    made.twos, made.bj, made.rj = min(made.twos, hand[TWO]), min(made.bj, hand[BJ]), min(made.rj, hand[RJ])


def select_play(session: GameSession, seat: int, play: Play) -> None:
    """Put ``play`` into ``seat``'s draft, as if he had composed it step by step: his panel then shows it in
    the selects and the preview, and Confirm plays it (a hint selects its move this way)."""
    made = draft(session, seat)
    made.rank = play.rank if play.rank else WILD_ONLY
    made.naturals, made.twos, made.bj, made.rj = play.naturals, play.twos, play.bj, play.rj


def edit_draft(made: Draft, hand: list[int], verb: str, arg: str, value: str, sets: list[Play],
               leading: bool) -> None:
    """Apply one composer click, then snap the draft to the nearest legal set that keeps the choice."""
    number = parse_number(value)
    wanted: dict[str, int] = {}
    if verb == "gj_clear":
        made.rank, made.naturals, made.twos, made.bj, made.rj, made.returns = None, 0, 0, 0, 0, []
        return
    if verb == "gj_rank" and (number == WILD_ONLY or 3 <= number <= 14 and hand[number]):
        made.rank = number
        made.naturals = hand[number] if number else 0
        made.twos = made.bj = made.rj = 0
        wanted = {"rank": number}
    elif verb == "gj_nat" and made.rank and 1 <= number <= hand[made.rank]:
        made.naturals = number
        wanted = {"rank": made.rank, "naturals": number}
    elif verb == "gj_two" and 0 <= number <= hand[TWO]:
        made.twos = number
        wanted = {"rank": made.rank or 0, "twos": number}
    elif verb == "gj_jok":
        b, _, r = value.partition(".")
        if 0 <= parse_number(b) <= hand[BJ] and 0 <= parse_number(r) <= hand[RJ]:
            made.bj, made.rj = int(b), int(r)
            wanted = {"rank": made.rank or 0, "twos": made.twos, "bj": int(b), "rj": int(r)}
    elif verb == WILD_VERB:
        two, black, red = ([parse_number(part) for part in value.split(".")] + [-1, -1, -1])[:3]
        if 0 <= two <= hand[TWO] and 0 <= black <= hand[BJ] and 0 <= red <= hand[RJ]:
            made.twos, made.bj, made.rj = two, black, red
            wanted = {"rank": made.rank or 0, "twos": two, "bj": black, "rj": red}
    if wanted:
        near = [p for p in sets if all(getattr(p, k) == v for k, v in wanted.items())]
        if near:
            def distance(p: Play) -> tuple[int, ...]:
                group = leading and verb == "gj_rank" and not (p.twos or p.bj or p.rj) and p.naturals == hand[p.rank]
                off = abs(p.naturals - made.naturals) + abs(p.twos - made.twos) + abs(p.bj - made.bj) \
                    + abs(p.rj - made.rj)
                return (0 if group else 1, off, p.bj + p.rj, p.twos, p.level)
            best = min(near, key=distance)
            made.rank = best.rank if best.rank else WILD_ONLY
            made.naturals, made.twos, made.bj, made.rj = best.naturals, best.twos, best.bj, best.rj
        return
    if verb == "gj_ret" and parse_number(arg) >= 0 and 3 <= number <= 17:
        slot = int(arg)
        chosen = list(made.returns)
        while len(chosen) <= slot:
            chosen.append(0)
        chosen[slot] = number
        picked = [r for r in chosen if r]
        if all(picked.count(r) <= hand[r] for r in set(picked)):
            made.returns = [r for r in chosen if r]


def set_selects(gid: int, version: int, hand: list[int], made: Draft, sets: list[Play], lang: str,
                arg: str, first_row: int = 0, rows: int = PANEL_NAV_ROW) -> list[discord.ui.Item[Any]]:
    """The composer's selects (§13.3): rank, naturals, 2s, jokers, one row each from ``first_row``.

    Each select lists only the values that occur in some set of ``sets`` with what is already
    chosen (a select with one choice is left out), so every click keeps the draft playable.
    ``arg`` tells the click handler whose draft it is ("" own panel, ``s<seat>`` a suggestion).
    When they need more than ``rows`` rows, 2s and jokers share one select if its options fit.
    """
    selects = _set_selects(gid, version, hand, made, sets, lang, arg)
    combos = sorted({(p.twos, p.bj, p.rj) for p in sets if made.rank is not None and p.rank == made.rank
                     and (p.naturals == made.naturals or not made.rank)})
    wild = [s for s in selects if getattr(s, "verb", "") in ("gj_two", "gj_jok")]
    if len(selects) > rows and len(wild) == 2 and len(combos) <= 25:
        selects = [s for s in selects if s not in wild]
        selects.append(wild_select(gid, version, made, combos, lang, arg, 0))
    for row, item in enumerate(selects, start=first_row):
        item.item.row = row  # type: ignore[attr-defined]
    return selects


def _set_selects(gid: int, version: int, hand: list[int], made: Draft, sets: list[Play], lang: str,
                 arg: str) -> list[discord.ui.Item[Any]]:
    selects: list[discord.ui.Item[Any]] = []
    ranks = sorted({p.rank for p in sets}, key=lambda r: -r if r else -99)
    options = [discord.SelectOption(label=t(lang, "gouji.ui.rank_option", rank=RANK_TEXT[r], n=hand[r]),
                                    value=str(r), default=made.rank == r) for r in ranks if r]
    if WILD_ONLY in ranks:
        options.append(discord.SelectOption(label=t(lang, "gouji.ui.wild_only"), value="0",
                                            default=made.rank == WILD_ONLY))
    row = 0
    if options:
        selects.append(GameSelect(gid, "gj_rank", arg, version, options=options[:25], row=row,
                                  placeholder=t(lang, "gouji.ui.pick_rank")))
        row += 1
    same = [p for p in sets if made.rank is not None and p.rank == made.rank]
    naturals = sorted({p.naturals for p in same})
    if made.rank and len(naturals) > 1:
        nat = [discord.SelectOption(label=t(lang, "gouji.ui.naturals_option", n=n, rank=RANK_TEXT[made.rank]),
                                    value=str(n), default=made.naturals == n) for n in naturals]
        selects.append(GameSelect(gid, "gj_nat", arg, version, options=nat[:25], row=row,
                                  placeholder=t(lang, "gouji.ui.pick_naturals")))
        row += 1
    twos = sorted({p.twos for p in same if p.naturals == made.naturals or not made.rank})
    if len(twos) > 1:
        two_options = [discord.SelectOption(label=t(lang, "gouji.ui.twos_option", n=n), value=str(n),
                                            default=made.twos == n) for n in twos]
        selects.append(GameSelect(gid, "gj_two", arg, version, options=two_options[:25], row=row,
                                  placeholder=t(lang, "gouji.ui.pick_twos")))
        row += 1
    jokers = sorted({(p.bj, p.rj) for p in same if (p.naturals == made.naturals or not made.rank)
                     and p.twos == made.twos})
    if len(jokers) > 1 or jokers and jokers[0] != (0, 0):
        joker_options = [discord.SelectOption(label=t(lang, "gouji.ui.jokers_option", b=b, r=r),
                                              value=f"{b}.{r}", default=(made.bj, made.rj) == (b, r))
                         for b, r in jokers]
        selects.append(GameSelect(gid, "gj_jok", arg, version, options=joker_options[:25], row=row,
                                  placeholder=t(lang, "gouji.ui.pick_jokers")))
        row += 1
    return selects


def wild_select(gid: int, version: int, made: Draft, combos: list[tuple[int, int, int]], lang: str, arg: str,
                row: int) -> GameSelect:
    """2s and jokers in one select (``t.b.r``), when a row is short for the two separate ones."""
    options = [discord.SelectOption(label=t(lang, "gouji.ui.quick.wilds_option", t=n2, b=b, r=r), value=f"{n2}.{b}.{r}",
                                    default=(made.twos, made.bj, made.rj) == (n2, b, r)) for n2, b, r in combos]
    return GameSelect(gid, WILD_VERB, arg, version, options=options[:25], row=row,
                      placeholder=t(lang, "gouji.ui.quick.pick_wilds"))


__all__ = ["PANEL_NAV_ROW", "WILD_ONLY", "WILD_VERB", "Draft", "clamp", "draft", "edit_draft", "select_play",
           "set_selects", "wild_select"]
