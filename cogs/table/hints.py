"""The Hint button (issue #45) and the practice table's explained computer moves.

A person whose decision it is may ask the hard computer player what it would do from their seat: its move is
computed from the seat's view only (``LiveGame.choose_with_reason``), off the event loop as computer seats think
(``computers.py``), shown picked in the panel the way the game's composer keeps a pick (``GameControls.select``)
with a button that plays it, and explained in one line from what the computer weighed (the engine's ``Reason``s,
written here in the reader's language). A hint is asked once per decision: asking again shows the same one.

Rated games have hints only where the server allows them (``/settings hints:``); unrated and practice games
always do. Each seat's hints are counted on the session (``session.ui``) and stored with the finished game.
A practice table (``/game new practice:true``) says after each computer move why it played it.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Sequence
from typing import Any

import discord

from bot.games.core import Choice, Reason, rng_for
from bot.i18n import has, t

from ..utils.language import private_language
from . import persistence
from .components import GameButton
from .controls import controls_for
from .game_host import GameHost
from .persistence import SaveFailed
from .session import PLAYING, GameSession
from .words import move_name, names

HINT_VERB = "hint"
#: the hint's own play button: the index of the hinted move among the seat's legal moves (the spine's ``do``, under
#: a name of its own, so it never shares a custom id with the generic panel's buttons)
PLAY_VERB = "hint_play"
#: the level whose move a hint shows
HINT_LEVEL = "hard"
#: ``session.ui`` keys: the practice flag, hints used per seat, the hint shown per seat (for this state version)
PRACTICE, USED, SHOWN = "practice", "hints_used", "hint"
NAV_ROW, ROW_WIDTH = 4, 5


def is_practice(session: GameSession) -> bool:
    return bool(session.ui.get(PRACTICE))


async def allowed(host: GameHost, session: GameSession) -> bool:
    """Hints are on in unrated and practice games, and in rated ones where the server allows them."""
    if not session.rated or is_practice(session):
        return True
    return (await persistence.guild_settings(host.bot, session.guild_id)).hints


def used(session: GameSession) -> dict[int, int]:
    """Hints each seat asked for in this game."""
    return {int(seat): int(n) for seat, n in session.ui.get(USED, {}).items()}


# ------------------------------------------------------------------ words

def _arg(game: str, name: str, value: Any, lang: str) -> Any:
    """An engine word in the reader's language: a card or piece id, or a set's name (``*_word``)."""
    if not isinstance(value, str):
        return value
    if name.endswith("_word"):
        return t(lang, f"hints.{game}.word.{value}")
    for kind in ("card", "piece"):
        if has(f"{game}.{kind}.{value}"):
            return t(lang, f"{game}.{kind}.{value}")
    return value


def reason_text(game: str, reasons: Sequence[Reason], lang: str) -> str:
    """The reasons as one line, most important first."""
    parts = [t(lang, f"hints.{game}.{r.key}", **{name: _arg(game, name, value, lang) for name, value in r.args})
             for r in reasons]
    return t(lang, "hints.sep").join(parts)


def _move(session: GameSession, action: Any, lang: str) -> str:
    assert session.live is not None
    return move_name(session.game, action, session.live.engine.format_action(action), lang)


# ------------------------------------------------------------------ the hint shown on the panel

def _plain(reasons: Sequence[Reason]) -> list[list[Any]]:
    return [[r.key, [[name, value] for name, value in r.args]] for r in reasons]


def _reasons(plain: list[list[Any]]) -> tuple[Reason, ...]:
    return tuple(Reason(str(key), tuple((str(n), v) for n, v in args)) for key, args in plain)


def shown(session: GameSession, seat: int) -> tuple[Any, tuple[Reason, ...]] | None:
    """The hint given to ``seat`` at this state version: its move and reasons (None: none asked)."""
    entry = session.ui.get(SHOWN, {}).get(str(seat))
    live = session.live
    if live is None or entry is None or entry[0] != session.version:
        return None
    legal = live.legal(seat)
    index = int(entry[1])
    return (legal[index], _reasons(entry[2])) if 0 <= index < len(legal) else None


def items(session: GameSession, seat: int, lang: str, present: Sequence[discord.ui.Item[Any]]
          ) -> list[discord.ui.Item[Any]]:
    """The panel's Hint button for the seat whose decision it is, and once a hint is shown, the button that plays
    it; on the panel's last row, where room is left."""
    live = session.live
    if live is None or session.phase != PLAYING or session.paused_until is not None or seat not in live.to_act() \
            or not live.legal(seat):
        return []
    room = ROW_WIDTH - sum(1 for item in present if item.row == NAV_ROW)
    out: list[discord.ui.Item[Any]] = []
    hint = shown(session, seat)
    if hint is not None and room >= 1:
        index = live.legal(seat).index(hint[0])
        out.append(GameButton(session.id, PLAY_VERB, str(index), session.version, emoji="▶️",
                              label=_move(session, hint[0], lang), style=discord.ButtonStyle.success, row=NAV_ROW))
        room -= 1
    if hint is None and room >= 1:
        out.append(GameButton(session.id, HINT_VERB, "", session.version, label=t(lang, "hints.button"),
                              emoji="💡", row=NAV_ROW))
    return out


async def think(live_choose: Any, seat: int, legal: list[Any], level: str, rng: random.Random) -> Choice:
    """The computer's move and reasons, off the event loop (the view was made on it)."""
    choice: Choice = await asyncio.to_thread(live_choose, seat, legal, level, rng)
    return choice


async def ask(host: GameHost, panels: Any, interaction: discord.Interaction, session: GameSession,
              seat: int) -> None:
    """A click on Hint (the game's lock held, the click acknowledged): the hard computer's move for this seat,
    picked in the panel, with one line of why; refused politely where hints are off or it is not their turn."""
    lang = private_language(interaction)
    live = session.live
    if live is None or session.paused_until is not None or seat not in live.to_act() or not live.legal(seat):
        await panels.show(interaction, session, seat, note=t(lang, "hints.not_yours"))
        return
    if not await allowed(host, session):
        await panels.show(interaction, session, seat, note=t(lang, "hints.off_rated"))
        return
    hint = shown(session, seat)
    if hint is None:
        legal = live.legal(seat)
        live.view(seat)  # made here, on the loop; the thread reads it
        choice = await think(live.choose_with_reason, seat, legal, HINT_LEVEL,
                             rng_for(session.seed, "hint", session.version, seat))
        session.ui.setdefault(SHOWN, {})[str(seat)] = [session.version, legal.index(choice.action),
                                                      _plain(choice.reasons)]
        counts = session.ui.setdefault(USED, {})
        counts[str(seat)] = int(counts.get(str(seat), 0)) + 1
        hint = (choice.action, choice.reasons)
    action, reasons = hint
    controls_for(session.game).select(session, seat, action)
    with contextlib.suppress(SaveFailed):  # the count goes with the game's next save
        await host.save(session)
    note = t(lang, "hints.line", move=_move(session, action, lang), why=reason_text(session.game, reasons, lang))
    await panels.show(interaction, session, seat, note=note)


# ------------------------------------------------------------------ practice tables

async def computer_choice(session: GameSession, seat: int, legal: list[Any], level: str,
                          rng: random.Random) -> tuple[Any, str]:
    """A computer seat's move (off the loop) and, at a practice table with a choice to make, the table's line
    saying why ("" elsewhere)."""
    live = session.live
    assert live is not None
    live.view(seat)  # made here, on the loop; the thread reads it
    if not is_practice(session) or len(legal) < 2:
        return await asyncio.to_thread(live.choose, seat, legal, level, rng), ""
    choice = await think(live.choose_with_reason, seat, legal, level, rng)
    lang = session.lang
    return choice.action, t(lang, "hints.computer_line", player=names(session, lang)[seat],
                            move=_move(session, choice.action, lang), why=reason_text(session.game, choice.reasons,
                                                                                      lang))


__all__ = ["HINT_VERB", "PLAY_VERB", "PRACTICE", "allowed", "ask", "computer_choice", "is_practice", "items", "reason_text",
           "shown", "used"]
