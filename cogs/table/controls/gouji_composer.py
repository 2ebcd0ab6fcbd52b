"""Gou Ji's play composer (§13.3) and tribute return (§13.4): a player's private selects and their preview.

A draft is a set being composed, kept on the session (``session.ui["drafts"]``) and saved with the game.
The rules come from the engine: the selects offer only values of the seat's legal sets, a draft is
snapped to the nearest legal set, and the preview says what the engine says of it (``refusal``,
``play_notes``). Everything here reads the seat's view and legal actions, never the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.games.gouji import (
    BJ,
    RANK_TEXT,
    RJ,
    TWO,
    Choose,
    Play,
    Return,
    ShaoPai,
    View,
    hand_from_view,
    make_play,
    play_notes,
    refusal,
)
from bot.i18n import t
from bot.replies import edit_clicked

from ..components import GameButton, GameSelect, parse_number
from ..messages import panel_surface
from ..words import names, reason

if TYPE_CHECKING:
    from ..session import GameSession
    from . import TableActions

WILD_ONLY = 0
ROWS = 5
PANEL_NAV_ROW = 4  # the spine puts its Refresh button on the last row
_HIGH_FIRST = (RJ, BJ, TWO, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3)
#: a composer click on a set's part, by select
SET_VERBS = ("gj_rank", "gj_nat", "gj_two", "gj_jok", "gj_clear")


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


def grouped_hand(hand: list[int]) -> str:
    """``RJ×1 2×3 A×2 Q×4 … 3×2``: the hand by rank with counts, suits left out (R2.3)."""
    return " ".join(f"{RANK_TEXT[r]}×{hand[r]}" for r in _HIGH_FIRST if hand[r])


def draft(session: GameSession, seat: int, target: int | None = None) -> Draft:
    """``seat``'s own draft, or (``target``) the set he is composing to suggest to an exposed partner;
    kept on the session (``session.ui["drafts"]``, by "seat" or "seat:target") and saved with it."""
    drafts = session.ui.setdefault("drafts", {})  # saved with the game
    key = str(seat) if target is None else f"{seat}:{target}"
    made = drafts.get(key)
    if not isinstance(made, Draft):  # new, or as saved: plain data
        made = drafts[key] = Draft(**(made or {}))
    return made


def composing(view: View, seat: int, legal: list[Any]) -> str:
    """"turn", "shao" (a Shao Pai claim is possible), "return" or "" (no composer)."""
    if view.phase == "tribute_return" and any(isinstance(a, Return) for a in legal):
        return "return"
    if view.phase != "play":
        return ""
    if seat in view.to_act:
        return "turn"
    if any(isinstance(a, ShaoPai) for a in legal):
        return "shao"
    return ""


def composer_sets(legal: list[Any], mode: str) -> list[Play]:
    """The sets the composer may offer: plays on turn, the claim's sets in a Shao Pai window."""
    if mode == "shao":
        return [a.play for a in legal if isinstance(a, ShaoPai)]
    return [a for a in legal if isinstance(a, Play)]


def action_for(made: Draft, mode: str) -> Play | ShaoPai | None:
    play = made.play()
    if play is None:
        return None
    return ShaoPai(play) if mode == "shao" else play


def clamp(made: Draft, hand: list[int]) -> None:
    """A draft from an older hand (cards played since) is cut back to what is held."""
    if made.rank and not hand[made.rank]:
        made.rank, made.naturals = None, 0
    if made.rank:
        made.naturals = max(1, min(made.naturals, hand[made.rank]))
    made.twos, made.bj, made.rj = min(made.twos, hand[TWO]), min(made.bj, hand[BJ]), min(made.rj, hand[RJ])


def preview(session: GameSession, seat: int, lang: str, legal: list[Any], mode: str) -> str:
    """The composer's line: the draft, and the engine's word on it (why refused, or what it does)."""
    view = session.view(seat)
    action = action_for(draft(session, seat), mode)
    if action is None:
        return t(lang, "gouji.ui.preview.empty")
    play = action.play if isinstance(action, ShaoPai) else action
    if action not in legal:
        refused = refusal(view, action)
        return t(lang, "gouji.ui.preview.illegal", play=str(play),
                 reason=reason(lang, refused) if refused is not None else "")
    seat_names = names(session, lang)
    notes = [t(lang, f"gouji.ui.preview.{key}", **({} if who is None else {"target": seat_names[who]}))
             for key, who in play_notes(view, action)]
    key = "gouji.ui.preview.shao" if mode == "shao" else "gouji.ui.preview.legal"
    return " ".join([t(lang, key, play=str(play)), *notes])


def return_preview(session: GameSession, seat: int, lang: str, legal: list[Any]) -> str:
    made = draft(session, seat)
    need = len(next(a for a in legal if isinstance(a, Return)).ranks)
    chosen = " ".join(RANK_TEXT[r] for r in sorted(made.returns)) or "—"
    return t(lang, "gouji.ui.return_preview", n=need, cards=chosen)


def auto_toggle(session: GameSession, seat: int, lang: str) -> tuple[str, str, str, discord.ButtonStyle] | None:
    """§13 ``auto_pass_opt_in``: a player's own switch to pass automatically when he cannot beat."""
    if not session.options.get("auto_pass_opt_in", False):
        return None
    on = str(seat) in session.ui.get("autopass", {})
    return ("gj_auto", "", t(lang, "options.gouji.auto_pass_on" if on else "options.gouji.auto_pass_off"),
            discord.ButtonStyle.success if on else discord.ButtonStyle.secondary)


def pass_label(view: View, seat: int, lang: str) -> str:
    """§13.5 catching the wind: the wind's heir passes to request it, the others allow it."""
    if view.wind_seat is not None:
        return t(lang, "gouji.ui.button.request_wind" if view.wind_seat == seat else "gouji.ui.button.allow_wind")
    return t(lang, "gouji.action.pass")


def composer_items(session: GameSession, seat: int, lang: str, legal: list[Any],
                   mode: str) -> list[discord.ui.Item[Any]]:
    """§13.3: rank, naturals, 2s, jokers; Confirm, Clear, Pass."""
    view = session.view(seat)
    gid, version = session.id, session.version
    hand = hand_from_view(view)
    made = draft(session, seat)
    clamp(made, hand)
    sets = composer_sets(legal, mode)
    selects = set_selects(gid, version, hand, made, sets, lang, "")
    row = len(selects)
    kinds = {getattr(a, "kind", "") for a in legal}
    buttons: list[tuple[str, str, str, discord.ButtonStyle]] = []
    confirm = "gouji.ui.button.shao" if mode == "shao" else "gouji.ui.button.confirm"
    if sets:
        buttons.append(("gj_ok", "", t(lang, confirm), discord.ButtonStyle.success))
        buttons.append(("gj_clear", "", t(lang, "gouji.ui.button.clear"), discord.ButtonStyle.secondary))
    if mode == "turn":
        if "rang_accept" in kinds:
            buttons.append(("gj_pass", "rang_accept", t(lang, "gouji.action.rang_accept"),
                            discord.ButtonStyle.primary))
            buttons.append(("gj_pass", "rang_decline", t(lang, "gouji.action.rang_decline"),
                            discord.ButtonStyle.secondary))
        elif "pass" in kinds:
            buttons.append(("gj_pass", "pass", pass_label(view, seat, lang), discord.ButtonStyle.primary))
        auto = auto_toggle(session, seat, lang)
        if auto is not None:
            buttons.append(auto)
        for action in legal:
            if isinstance(action, Choose) and action.target != seat:
                buttons.append(("gj_choose", str(action.target),
                                t(lang, "gouji.ui.button.let_play", player=names(session, lang)[action.target]),
                                discord.ButtonStyle.secondary))
    items: list[discord.ui.Item[Any]] = list(selects)
    capacity = [(r, 5 if r < PANEL_NAV_ROW else 4) for r in range(row, ROWS)]
    slot = 0
    for verb, arg, label, style in buttons:
        while slot < len(capacity) and capacity[slot][1] == 0:
            slot += 1
        if slot >= len(capacity):
            break
        r, left = capacity[slot]
        capacity[slot] = (r, left - 1)
        items.append(GameButton(gid, verb, arg, version, label=label, style=style, row=r))
    return items


def return_items(session: GameSession, seat: int, lang: str, legal: list[Any]) -> list[discord.ui.Item[Any]]:
    """§13.4: one select per returned card listing the ranks held, then Confirm."""
    gid, version = session.id, session.version
    hand = hand_from_view(session.view(seat))
    need = len(next(a for a in legal if isinstance(a, Return)).ranks)
    made = draft(session, seat)
    made.returns = [r for r in made.returns if hand[r]][:need]
    items: list[discord.ui.Item[Any]] = []
    held = [r for r in range(3, 18) if hand[r]]
    for slot in range(min(need, 3)):
        chosen = made.returns[slot] if slot < len(made.returns) else None
        options = [discord.SelectOption(label=t(lang, "gouji.ui.rank_option", rank=RANK_TEXT[r], n=hand[r]),
                                        value=str(r), default=chosen == r) for r in held]
        items.append(GameSelect(gid, "gj_ret", str(slot), version, options=options[:25], row=slot,
                                placeholder=t(lang, "gouji.ui.pick_return", n=slot + 1)))
    items.append(GameButton(gid, "gj_rok", "", version, label=t(lang, "gouji.ui.button.confirm"),
                            style=discord.ButtonStyle.success, row=PANEL_NAV_ROW))
    items.append(GameButton(gid, "gj_rlow", "", version, label=t(lang, "gouji.ui.button.return_lowest"),
                            row=PANEL_NAV_ROW))
    return items


async def edit_composer(interaction: discord.Interaction, session: GameSession, seat: int, lang: str) -> None:
    """A draft change re-draws the panel's text and controls; its hand picture stays as it is."""
    surface = panel_surface(session, seat, lang, None)
    await edit_clicked(interaction, content=surface.content, view=surface.view())


async def click(table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                   version: int | None, verb: str, arg: str, value: str, lang: str) -> None:
    """A click in the composer (§13.3) or the tribute return (§13.4): edit the draft, or play it."""
    assert session.live is not None
    legal = session.live.legal(seat)
    view = session.view(seat)
    made = draft(session, seat)
    mode = composing(view, seat, legal)
    if verb == "gj_ok":
        action = action_for(made, mode or "turn")
        if action is None and version == session.version:
            await table.show_panel(interaction, session, seat, note=t(lang, "gouji.empty_set"))
            return
        await play(table, interaction, session, seat, version, action)
    elif verb in ("gj_rok", "gj_rlow"):
        back: Any = None
        if any(isinstance(a, Return) for a in legal):
            back = (session.live.timeout_action(seat, legal) if verb == "gj_rlow"
                    else Return(tuple(sorted(made.returns))))
        await play(table, interaction, session, seat, version, back)
    elif version is None or version != session.version:
        await table.show_panel(interaction, session, seat, note=t(lang, "games.error.stale"))
    else:
        edit_draft(made, hand_from_view(view), verb, arg, value, composer_sets(legal, mode),
                   view.top is None)
        await edit_composer(interaction, session, seat, lang)


async def play(table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
               version: int | None, action: Any) -> None:
    """Play ``action`` from the panel; a move made drops the seat's draft."""
    before = session.version
    await table.panel_play(interaction, session, seat, version, action)
    if session.version != before:
        session.ui.get("drafts", {}).pop(str(seat), None)


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
                arg: str) -> list[discord.ui.Item[Any]]:
    """The composer's selects (§13.3): rank, naturals, 2s, jokers, one row each from row 0.

    Each select lists only the values that occur in some set of ``sets`` with what is already
    chosen (a select with one choice is left out), so every click keeps the draft playable.
    ``arg`` tells the click handler whose draft it is ("" own panel, ``s<seat>`` a suggestion).
    """
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


__all__ = ["SET_VERBS", "Draft", "action_for", "clamp", "click", "composer_items", "composer_sets", "composing", "draft",
           "edit_composer", "edit_draft", "grouped_hand", "play", "preview", "return_items", "return_preview",
           "set_selects"]
