"""Goita's private panel (rules §12.5): the two-step piece composer and what to do now in words.

The panel offers a player's pieces as buttons, one per kind (kanji + name + count). A leader
picks the piece to place face down (伏せ), then the attack (攻め); a responder passes (なし) or
picks a blocking piece (受け), then the attack. The first pick is remembered per seat and state
version only, so any move by anyone resets it. A king attack the rules do not allow yet (R6.9)
is a disabled button labelled "not allowed yet" (§12.5), and the panel says the rule in words.
Everything shown is read from the seat's view; whether an attack is allowed is whether the engine
lists that play among the seat's legal moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.games.goita import IDS, NUM_PIECES, PASS, PLAYS, Action, Play, View
from bot.i18n import t

from ..components import GameButton, parse_number
from ..words import names

if TYPE_CHECKING:
    from ..session import GameSession


def piece_name(lang: str, code: int | str) -> str:
    """A piece by its code or romaji id, in ``lang``."""
    return t(lang, f"goita.piece.{IDS[code] if isinstance(code, int) else code}")


def counts_of(v: View) -> list[int]:
    """The seat's pieces counted by piece code, as its view hands them out (none without a hand)."""
    return list(v.hand_counts) if v.hand_counts is not None else [0] * NUM_PIECES


def action_of(arg: str) -> Action | None:
    """``P`` = pass; ``L47`` = lead 香 face down, attack 金; ``B44`` = block 金 with 金, attack 金."""
    if arg == "P":
        return PASS
    if len(arg) == 3 and arg[0] in "LB" and parse_number(arg[1:]) >= 0:
        first, attack = int(arg[1]), int(arg[2])
        if first < NUM_PIECES and attack < NUM_PIECES:
            return PLAYS[arg[0] == "L"][first][attack]
    return None


def confirms(session: GameSession, arg: str) -> bool:
    """§12.5 ``confirm_moves``: a play picked in the composer (``L``/``B`` + pieces) waits for Confirm."""
    return (arg[:1] in ("L", "B") and session.live is not None
            and bool(session.view(None).options.get("confirm_moves")))


def confirming(session: GameSession, seat: int) -> str | None:
    """The play waiting for Confirm (``confirm_moves``), as its button argument, at this state version."""
    entry = session.ui.get("confirm", {}).get(str(seat))
    if entry is None or entry[0] != session.version:
        return None
    return str(entry[1])


def picked(session: GameSession, seat: int) -> int | None:
    """The piece the seat picked first in the composer, at this state version."""
    entry = session.ui.get("first", {}).get(str(seat))  # [state version, the piece picked first]
    if entry is None or entry[0] != session.version:
        return None
    return int(entry[1])


def panel_lines(session: GameSession, seat: int, lang: str) -> list[str]:
    """Your pieces, your face-down pieces, and what to do now in words."""
    if session.live is None:
        return []
    v: View = session.view(seat)
    if v.phase == "over":
        return []
    seat_names = names(session, lang)
    counts = counts_of(v)
    held = " · ".join(f"{piece_name(lang, p)} ×{counts[p]}" for p in range(NUM_PIECES) if counts[p])
    lines = [t(lang, "goita.ui.your_pieces", pieces=held or "—")]
    mine = [c.first for c in v.table[seat] if c.face_down and c.first]
    if mine:
        lines.append(t(lang, "goita.ui.your_face_down", pieces=", ".join(piece_name(lang, p) for p in mine)))
    if v.phase == "decide" and seat in v.deciders:
        holder = seat_names[(seat + 2) % 4]
        if seat in v.decided:
            waiting = [seat_names[s] for s in v.deciders if s not in v.decided]
            lines.append(t(lang, "goita.ui.decision_waiting", waiting=", ".join(waiting)))
        else:
            lines.append(t(lang, "goita.ui.decide_prompt", holder=holder))
        return lines
    if v.phase != "play" or v.turn != seat:
        return lines
    first = picked(session, seat)
    pending = confirming(session, seat)
    action = action_of(pending) if pending is not None else None
    if isinstance(action, Play):
        key = "options.goita.preview_lead" if action.lead else "options.goita.preview_block"
        lines.append(t(lang, key, first=piece_name(lang, action.first), attack=piece_name(lang, action.attack)))
        return lines
    if v.leading:
        lines.append(t(lang, "goita.ui.lead_prompt") if first is None else
                     t(lang, "goita.ui.lead_attack_prompt", piece=piece_name(lang, first)))
    elif v.attack is not None:
        attacker = seat_names[v.attacker if v.attacker is not None else 0]
        if v.unblockable:
            lines.append(t(lang, "goita.ui.king_unblockable", piece=piece_name(lang, v.attack), player=attacker))
        elif first is None:
            lines.append(t(lang, "goita.ui.respond_prompt", piece=piece_name(lang, v.attack), player=attacker))
        else:
            lines.append(t(lang, "goita.ui.block_attack_prompt", piece=piece_name(lang, first)))
    if v.king_rule:
        lines.append(t(lang, "goita.ui.king_rule"))
    return lines


def panel_items(session: GameSession, seat: int, lang: str, legal: list[Any]) -> list[discord.ui.Item[Any]] | None:
    """One button per kind of piece; the first pick, then the attack; Pass for a responder."""
    if session.live is None:
        return None
    v: View = session.view(seat)
    gid, version = session.id, session.version
    if v.phase == "decide":
        return [GameButton(gid, "decide", "continue", version, label=t(lang, "goita.action.continue"),
                           style=discord.ButtonStyle.success, row=0),
                GameButton(gid, "decide", "redeal", version, label=t(lang, "goita.action.redeal"),
                           style=discord.ButtonStyle.danger, row=0)]
    if v.phase != "play":
        return None  # the dealing ritual: the generic list of legal actions
    counts = counts_of(v)
    legal_set = set(legal)
    lead = bool(v.leading)
    first = picked(session, seat)
    items: list[discord.ui.Item[Any]] = []
    pending = confirming(session, seat)
    if pending is not None:
        return [GameButton(gid, "go", "!" + pending, version, label=t(lang, "options.goita.confirm"),
                           style=discord.ButtonStyle.success, row=0),
                GameButton(gid, "back", "", version, label=t(lang, "goita.ui.back"), emoji="↩️", row=0)]
    if first is None:
        if not lead:
            items.append(GameButton(gid, "go", "P", version, label=t(lang, "goita.action.pass"),
                                    style=discord.ButtonStyle.primary, row=0))
        usable = {a.first for a in legal_set if isinstance(a, Play)}
        shown = [p for p in range(NUM_PIECES) if counts[p]]
        for n, p in enumerate(shown, start=len(items)):
            key = "goita.ui.pick_down" if lead else "goita.ui.pick_block"
            ok = p in usable
            label = t(lang, key if ok else "goita.ui.piece_count", piece=piece_name(lang, p), count=counts[p])
            items.append(GameButton(gid, "pick", str(p), version, label=label, disabled=not ok,
                                    style=discord.ButtonStyle.success if ok else discord.ButtonStyle.secondary,
                                    row=n // 5))
        return items
    left = list(counts)
    left[first] -= 1
    for n, a in enumerate(p for p in range(NUM_PIECES) if left[p]):
        allowed = PLAYS[lead][first][a] in legal_set
        key = "goita.ui.pick_attack" if allowed else "goita.ui.pick_attack_king"
        items.append(GameButton(gid, "go", f"{'L' if lead else 'B'}{first}{a}", version,
                                label=t(lang, key, piece=piece_name(lang, a), count=left[a]), disabled=not allowed,
                                style=discord.ButtonStyle.primary if allowed else discord.ButtonStyle.secondary,
                                row=n // 5))
    items.append(GameButton(gid, "back", "", version, label=t(lang, "goita.ui.back"), emoji="↩️", row=2))
    return items


__all__ = ["action_of", "confirming", "confirms", "counts_of", "panel_items", "panel_lines", "picked", "piece_name"]
