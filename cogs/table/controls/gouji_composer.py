"""Gou Ji's play composer (§13.3) and tribute return (§13.4): a player's private selects and their preview.

The first row offers ready-made sets, one pick plays one (``gouji_quick``); the step-by-step selects below
compose any other set into a draft (``gouji_draft``, kept on the session and saved with the game), which
Confirm plays. The rules come from the engine: the selects offer only values of the seat's legal sets, a
draft is snapped to the nearest legal set, and the preview says what the engine says of it (``refusal``,
``play_notes``). Everything here reads the seat's view and legal actions, never the state.
"""

from __future__ import annotations

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
    play_notes,
    refusal,
)
from bot.i18n import t
from bot.replies import edit_clicked

from ..components import GameButton, GameSelect
from ..messages import panel_surface
from ..words import names, reason
from .gouji_draft import (
    PANEL_NAV_ROW,
    WILD_VERB,
    Draft,
    clamp,
    draft,
    edit_draft,
    select_play,
    set_selects,
)
from .gouji_quick import QUICK_VERB, quick_action, quick_select, started

if TYPE_CHECKING:
    from ..session import GameSession
    from . import TableActions

ROWS = 5
_HIGH_FIRST = (RJ, BJ, TWO, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3)
#: a composer click on a set's part, by select
SET_VERBS = ("gj_rank", "gj_nat", "gj_two", "gj_jok", WILD_VERB, "gj_clear")


def grouped_hand(hand: list[int]) -> str:
    """``RJ×1 2×3 A×2 Q×4 … 3×2``: the hand by rank with counts, suits left out (R2.3)."""
    return " ".join(f"{RANK_TEXT[r]}×{hand[r]}" for r in _HIGH_FIRST if hand[r])


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


def preview(session: GameSession, seat: int, lang: str, legal: list[Any], mode: str) -> str:
    """The composer's line: the draft, and the engine's word on it (why refused, or what it does)."""
    view = session.view(seat)
    action = action_for(draft(session, seat), mode)
    if action is None:  # the ready-made row is there whenever there is a set to play
        return t(lang, "gouji.ui.quick.empty" if composer_sets(legal, mode) else "gouji.ui.preview.empty")
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
    """§13.3: the ready-made sets (one pick plays), then rank, naturals, 2s, jokers; Confirm, Clear, Pass.

    Before a rank is picked only the ready-made row and the rank select show; then the ready-made row lists
    that rank's sets beside the step-by-step selects (2s and jokers share a row where rows are short)."""
    view = session.view(seat)
    gid, version = session.id, session.version
    hand = hand_from_view(view)
    made = draft(session, seat)
    clamp(made, hand)
    sets = composer_sets(legal, mode)
    quick = quick_select(session, seat, lang, made, sets, mode, 0)
    selects = set_selects(gid, version, hand, made, sets, lang, "", first_row=1 if quick else 0,
                          rows=PANEL_NAV_ROW - (1 if quick else 0))
    if quick is not None and len(selects) >= PANEL_NAV_ROW:  # no room for both: the step path wins
        quick, selects = None, set_selects(gid, version, hand, made, sets, lang, "")
    selects = [quick, *selects] if quick is not None else selects
    row = len(selects)
    kinds = {getattr(a, "kind", "") for a in legal}
    buttons: list[tuple[str, str, str, discord.ButtonStyle]] = []
    confirm = "gouji.ui.button.shao" if mode == "shao" else "gouji.ui.button.confirm"
    if sets and started(made):
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
    if verb == QUICK_VERB:
        await play(table, interaction, session, seat, version, quick_action(value, legal, mode))
    elif verb == "gj_ok":
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


__all__ = ["SET_VERBS", "Draft", "action_for", "clamp", "click", "composer_items", "composer_sets", "composing", "draft",
           "edit_composer", "edit_draft", "grouped_hand", "play", "preview", "return_items", "return_preview",
           "select_play", "set_selects"]
