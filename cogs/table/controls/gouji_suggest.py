"""Gou Ji's private team surfaces (§13.5): the endgame slot, Ask count, the Team menu and partners'
suggestions to an exposed player (R9.4.2). All answered privately; they read views and legal actions.

A suggestion is advice: it is posted on the table and shown in the owner's panel, and the owner still
decides. The latest one of each partner is kept on the session (``session.ui["suggestions"]``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.games.gouji import AskCount, Decision, decides_now, exposed_hand, may_suggest, suggestable
from bot.i18n import t
from bot.replies import edit_clicked, reply_privately, send_private

from ..components import GameButton, parse_number
from ..words import names
from .gouji_composer import auto_toggle, clamp, draft, edit_draft, grouped_hand, set_selects

if TYPE_CHECKING:
    from ..session import GameSession
    from . import TableActions


def seat_name(session: GameSession, lang: str, seat: int) -> str:
    return f"{'ABCDEF'[seat]} {names(session, lang)[seat]}"


def legal_now(session: GameSession, seat: int) -> list[Any]:
    """``seat``'s legal actions, none in the pause between hands."""
    return session.live.legal(seat) if session.live is not None and session.paused_until is None else []


# ------------------------------------------------------------------ endgame slot (R9.6.3, §13.5, §13.8)

def slot_refusal(session: GameSession, seat: int, target: int, lang: str) -> str:
    """Why ``seat`` may not name ``target`` for the open endgame slot ("" when he may): the candidates
    choose; a partner who is no candidate may name only a computer candidate (§13.5: a person decides
    for himself, which is the table's part)."""
    view = session.view(None)
    if view.phase != "play" or view.turn is not None or target not in view.candidates:
        return t(lang, "gouji.ui.slot_closed")
    if seat in view.candidates:
        return ""
    if view.seats[seat].team != view.seats[target].team:
        return t(lang, "gouji.ui.slot_other_team")
    if not session.seats[target].computer_plays:
        return t(lang, "gouji.ui.slot_person_decides", player=names(session, lang)[target])
    return ""


# ------------------------------------------------------------------ Ask count and the Team menu (§13.5)

async def ask_menu(interaction: discord.Interaction, session: GameSession, seat: int, lang: str) -> None:
    """§13.5 Ask count: the seats this player may ask now, as buttons (private)."""
    targets = [a.target for a in legal_now(session, seat) if isinstance(a, AskCount)]
    if not targets:
        await reply_privately(interaction, t(lang, "gouji.ui.nobody_to_ask"))
        return
    view = discord.ui.View(timeout=None)
    for target in targets:
        view.add_item(GameButton(session.id, "gj_askt", str(target), session.version,
                                 label=t(lang, "gouji.ui.button.ask", player=names(session, lang)[target])))
    await send_private(interaction, t(lang, "gouji.ui.ask_whom"), view=view)


async def team_menu(interaction: discord.Interaction, session: GameSession, seat: int, lang: str) -> None:
    """§13.5 Team: partners' shown hands, Show my hand to partners, Expose (Tiao Pai) — all private."""
    seen = session.view(seat)
    lines = [t(lang, "gouji.ui.team_title")]
    for partner, cards in seen.partner_hands:
        lines.append(t(lang, "gouji.ui.partner_hand", player=seat_name(session, lang, partner),
                       cards=" ".join(cards) or "—"))
    if not seen.partner_hands:
        lines.append(t(lang, "gouji.ui.no_partner_hands"))
    legal = legal_now(session, seat)
    view = discord.ui.View(timeout=None)
    if Decision("show_partners") in legal:
        view.add_item(GameButton(session.id, "gj_show", "", session.version,
                                 label=t(lang, "gouji.action.show_partners")))
    if Decision("expose") in legal:
        view.add_item(GameButton(session.id, "gj_expose", "", session.version,
                                 label=t(lang, "gouji.action.expose"), style=discord.ButtonStyle.danger))
    for item in suggest_buttons(session, seat, lang):
        view.add_item(item)
    await send_private(interaction, "\n".join(lines)[:2000], view=view)


# ------------------------------------------------------------------ suggestions (R9.4.2, §13.5)

def suggest_buttons(session: GameSession, seat: int, lang: str) -> list[discord.ui.Item[Any]]:
    seen = session.view(seat)
    items: list[discord.ui.Item[Any]] = [
        GameButton(session.id, "gj_sug", str(p), None, row=4,
                   label=t(lang, "gouji.ui.button.suggest", player=names(session, lang)[p]))
        for p in range(6) if may_suggest(seen, p)]
    auto = auto_toggle(session, seat, lang)
    if auto is not None:
        items.insert(0, GameButton(session.id, auto[0], auto[1], None, label=auto[2], style=auto[3], row=3))
    return items


def suggestions_to(session: GameSession, seat: int, lang: str) -> list[str]:
    """The owner's panel: each partner's latest suggestion, while the deal and his count are as they were."""
    seen = session.view(seat)
    lines = []
    for partner in range(6):
        advice = session.ui.get("suggestions", {}).get(f"{seat}:{partner}")
        if advice is not None and tuple(advice[1:]) == (seen.deal_no, seen.seats[seat].cards):
            lines.append(t(lang, "gouji.ui.suggested_to_you", player=names(session, lang)[partner], play=advice[0]))
    return lines


def _suggestable(session: GameSession, seat: int, target: int) -> tuple[list[Any], bool]:
    seen = session.view(seat)
    legal = session.live.legal(target) if session.live is not None and decides_now(seen, target) else []
    return suggestable(seen, target, legal)


def suggestion_surface(session: GameSession, seat: int, target: int, lang: str,
                       note: str = "") -> tuple[str, discord.ui.View]:
    """The private suggestion composer: the exposed cards (public), the composer selects, Post."""
    seen = session.view(seat)
    hand = exposed_hand(seen, target)
    made = draft(session, seat, target)
    clamp(made, hand)
    sets, pass_ok = _suggestable(session, seat, target)
    lines = [t(lang, "gouji.ui.suggest_title", player=seat_name(session, lang, target), cards=grouped_hand(hand))]
    if decides_now(seen, target) and seen.top is not None and seen.top_seat is not None:
        lines.append(t(lang, "gouji.ui.to_beat", top=seen.top, player=names(session, lang)[seen.top_seat]))
    play = made.play()
    if play is None:
        lines.append(t(lang, "gouji.ui.suggest_empty"))
    elif play in sets:
        lines.append(t(lang, "gouji.ui.suggest_preview", play=str(play)))
    else:
        lines.append(t(lang, "gouji.ui.suggest_not_set", play=str(play)))
    if note:
        lines.append(note)
    view = discord.ui.View(timeout=None)
    selects = set_selects(session.id, session.version, hand, made, sets, lang, f"s{target}")
    for item in selects:
        view.add_item(item)
    row = len(selects)
    if sets:
        view.add_item(GameButton(session.id, "gj_sugok", str(target), None, row=row,
                                 label=t(lang, "gouji.ui.button.post_suggestion"), style=discord.ButtonStyle.success))
        view.add_item(GameButton(session.id, "gj_clear", f"s{target}", None, row=row,
                                 label=t(lang, "gouji.ui.button.clear")))
    if pass_ok:
        view.add_item(GameButton(session.id, "gj_sugok", f"{target}p", None, row=row,
                                 label=t(lang, "gouji.ui.button.suggest_pass")))
    return "\n".join(lines)[:2000], view


async def edit_suggestion(interaction: discord.Interaction, session: GameSession, seat: int,
                          target_text: str, verb: str, value: str, lang: str) -> None:
    """A composer click in a suggestion: the draft follows the owner's current cards (no stale check:
    advice changes nothing, and Post checks the set against the table as it is then)."""
    seen = session.view(seat)
    target = parse_number(target_text)
    if not may_suggest(seen, target):
        await reply_privately(interaction, t(lang, "gouji.ui.suggest_closed"))
        return
    made = draft(session, seat, target)
    hand = exposed_hand(seen, target)
    clamp(made, hand)
    sets, _ = _suggestable(session, seat, target)
    edit_draft(made, hand, verb, "", value, sets, seen.top is None or target != seen.turn)
    content, view = suggestion_surface(session, seat, target, lang)
    await edit_clicked(interaction, content=content, view=view)


async def suggest(table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                  arg: str, post: bool, lang: str) -> None:
    """Open the suggestion composer (``gj_sug``) or post the composed set publicly (``gj_sugok``,
    ``<seat>p`` suggests passing). The owner still decides (R9.4.2): nothing is played."""
    seen = session.view(seat)
    passing = post and arg.endswith("p")
    target = parse_number(arg[:-1] if passing else arg)
    if not may_suggest(seen, target):
        await reply_privately(interaction, t(lang, "gouji.ui.suggest_closed"))
        return
    if not post:
        content, view = suggestion_surface(session, seat, target, lang)
        await send_private(interaction, content, view=view)
        return
    sets, pass_ok = _suggestable(session, seat, target)
    play = draft(session, seat, target).play()
    if not (pass_ok if passing else play is not None and play in sets):
        content, view = suggestion_surface(session, seat, target, lang, note=t(lang, "gouji.ui.suggest_pick_first"))
        await edit_clicked(interaction, content=content, view=view)
        return
    async with session.lock:
        seat_names = names(session, session.lang)
        text = t(session.lang, "gouji.action.pass") if passing else str(play)
        session.add_line(t(session.lang, "gouji.ui.suggestion", player=seat_names[seat],
                           target=seat_names[target], play=text))
        # the latest suggestion of each partner: "owner:partner" -> [text, deal_no, owner's count]
        now = session.view(seat)
        session.ui.setdefault("suggestions", {})[f"{target}:{seat}"] = [text, now.deal_no, now.seats[target].cards]
        await table.save(session)
    table.refresh_table(session)
    content, view = suggestion_surface(session, seat, target, lang, note=t(lang, "gouji.ui.suggest_posted"))
    await edit_clicked(interaction, content=content, view=view)


__all__ = ["ask_menu", "edit_suggestion", "legal_now", "seat_name", "slot_refusal", "suggest", "suggest_buttons",
           "suggestion_surface", "suggestions_to", "team_menu"]
