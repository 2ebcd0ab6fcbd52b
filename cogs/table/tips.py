"""Every game word explained (issue #45): the one-line explanations, and the first-time tips.

A game's *words* are what a player meets: its event kinds (``<game>.event.*``), action kinds (``<game>.action.*``)
and button labels (``<game>.ui.button.*``, and the words its glossary names). The engine's glossary
(``TERMS``: ``bot/games/<game>/glossary.py``) groups words under the *term* whose explanation covers them; the
explanation is the catalog text ``explain.<game>.<term>`` (a lobby option's is its own ``description``). They are
shown in select options' descriptions, by ``/rules game: topic:``, and once per person as a tip: the first time
a word is on a person's private panel (a decision of theirs, or something that happened at the table), the panel
says what it means. The words each person was told about are kept (``user_tips_seen``); ``/preferences tips:off``
stops the tips.
"""

from __future__ import annotations

import logging
import weakref
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

import discord

from bot.games.core import Event
from bot.games.registry import engine
from bot.i18n import catalog, has, t
from bot.storage import STORAGE_FAULTS, Storage

if TYPE_CHECKING:
    from bot.app import TeahouseBot

    from .session import GameSession

log = logging.getLogger("teahouse.tips")

#: at most this many new words are explained on one panel (the rest come with later panels)
TIPS_PER_PANEL = 2
#: games whose recent event kinds are kept (a finished game's are dropped first)
GAMES_KEPT = 2000
OPTION_PREFIX = "option:"
_WORD_SECTIONS = ("event", "action", "ui.button")


# ------------------------------------------------------------------ words, terms and explanations

def term_of(game: str, word: str) -> str:
    """The term that explains ``word`` (an event kind, action kind or button key): its glossary group, else itself."""
    for term, words in engine(game).TERMS.items():
        if word in words:
            return term
    return word


def explain_key(game: str, word: str) -> str:
    """The catalog key of ``word``'s one-line explanation."""
    return f"explain.{game}.{term_of(game, word)}"


def option_key(game: str, name: str) -> str:
    """The catalog key that explains a lobby option (its description, as the catalogs name it)."""
    for key in (f"{game}.option.{name}.description", f"{game}.option.{name}_desc"):
        if has(key):
            return key
    return f"{game}.option.{name}.description"


@cache
def words(game: str) -> frozenset[str]:
    """Every word of ``game`` a player may meet: the kinds and buttons its catalog names, and its glossary's."""
    english = catalog("en")
    found: set[str] = set()
    for section in _WORD_SECTIONS:
        prefix = f"{game}.{section}."
        found |= {key[len(prefix):] for key in english if key.startswith(prefix) and "." not in key[len(prefix):]}
    for group in engine(game).TERMS.values():
        found |= set(group)
    return frozenset(found)


@cache
def topics(game: str) -> tuple[str, ...]:
    """The topics of ``/rules game: topic:``: every term of the game, then every lobby option."""
    terms = sorted({term_of(game, word) for word in words(game)})
    return (*terms, *(OPTION_PREFIX + name for name in engine(game).INFO.options))


def topic_key(game: str, topic: str) -> str | None:
    """The catalog key explaining a topic of ``topics(game)``; None for anything else."""
    if topic.startswith(OPTION_PREFIX):
        name = topic.removeprefix(OPTION_PREFIX)
        return option_key(game, name) if name in engine(game).INFO.options else None
    return f"explain.{game}.{topic}" if topic in topics(game) else None


def described(text: str, limit: int = 100) -> str:
    """A text cut to fit a select option's description or a choice's name (Discord: 100 characters)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def action_explanation(game: str, action: Any, lang: str) -> str:
    """The explanation of a legal action's kind, for its select option's description ("" when it has none)."""
    kind = str(getattr(action, "kind", ""))
    key = explain_key(game, kind) if kind else ""
    return described(t(lang, key)) if key and has(key) else ""


# ------------------------------------------------------------------ the first-time tips

#: game id -> the public event kinds of that game so far, in the order first heard
_HEARD: OrderedDict[int, dict[str, None]] = OrderedDict()
#: game id -> user id -> the tip lines that person's panel shows
_SHOWING: dict[int, dict[int, list[str]]] = {}


def heard(session: GameSession, events: Sequence[Event]) -> None:
    """Remember which kinds of public events a game's table showed (what its players met)."""
    kinds = _HEARD.setdefault(session.id, {})
    _HEARD.move_to_end(session.id)
    for event in events:
        if event.visible_to is None:
            kinds.pop(event.kind, None)
            kinds[event.kind] = None  # the newest last
    while len(_HEARD) > GAMES_KEPT:
        gone, _ = _HEARD.popitem(last=False)
        _SHOWING.pop(gone, None)


@dataclass
class Tips:
    """One bot's record of the tips: who turned them off, and the words each person was told about."""

    off: set[int] = field(default_factory=set)
    seen: dict[int, set[str]] = field(default_factory=dict)

    async def seen_by(self, storage: Storage, user_id: int) -> set[str]:
        """The words ``user_id`` was told about (read from the database once per person)."""
        known = self.seen.get(user_id)
        if known is None:
            known = await storage.tips_seen(user_id)
            self.seen[user_id] = known
        return known

    def person(self, user_id: int, on: bool) -> None:
        if on:
            self.off.discard(user_id)
        else:
            self.off.add(user_id)


_TIPS: weakref.WeakKeyDictionary[discord.Client, Tips] = weakref.WeakKeyDictionary()


def tips(client: discord.Client) -> Tips:
    """The tips record of one bot."""
    return _TIPS.setdefault(client, Tips())


async def load(client: discord.Client, storage: Storage) -> None:
    """At start-up: who turned the tips off (one read)."""
    tips(client).off = await storage.users_without_tips()


def met(session: GameSession, seat: int) -> list[str]:
    """The words ``seat`` meets now, most pressing first: its own decisions, then what the table showed, newest
    first."""
    legal = session.live.legal(seat) if session.live is not None and session.paused_until is None else []
    kinds = [str(getattr(action, "kind", "")) for action in legal]
    kinds += reversed(list(_HEARD.get(session.id, {})))
    return [kind for kind in kinds if kind]


def tip_lines(game: str, terms: Iterable[str], lang: str) -> list[str]:
    """The panel's lines explaining ``terms``."""
    lines = [t(lang, "explain.tip_title")]
    lines += [f"• {t(lang, f'explain.{game}.{term}')}" for term in terms]
    lines.append(t(lang, "explain.tip_off"))
    return lines


def shown(session: GameSession, seat: int) -> list[str]:
    """The tip lines a person's panel shows now (those of the panel last opened by a click), so that a live
    panel, edited as the game goes on, keeps them until the person's next click."""
    user_id = session.seats[seat].user_id
    return _SHOWING.get(session.id, {}).get(user_id, []) if user_id is not None else []


async def first_time(client: TeahouseBot, session: GameSession, seat: int, lang: str) -> None:
    """Before a person's panel is built for their click: choose up to ``TIPS_PER_PANEL`` words they meet for the
    first time, for the panel to explain (``shown``), and remember that they were told (a database fault only
    means they may be told again)."""
    user_id = session.seats[seat].user_id
    record = tips(client)
    showing = _SHOWING.setdefault(session.id, {})
    if user_id is None:
        return
    showing.pop(user_id, None)  # a click's panel shows only what is new to it
    if user_id in record.off:
        return
    storage = client.storage
    try:
        told = await record.seen_by(storage, user_id)
    except STORAGE_FAULTS:
        return
    new: list[str] = []
    for word in met(session, seat):
        term = term_of(session.game, word)
        word_id = f"{session.game}.{term}"
        if word_id not in told and term not in new and has(f"explain.{session.game}.{term}"):
            new.append(term)
        if len(new) == TIPS_PER_PANEL:
            break
    if not new:
        return
    showing[user_id] = tip_lines(session.game, new, lang)
    ids = [f"{session.game}.{term}" for term in new]
    told.update(ids)
    try:
        await storage.add_tips_seen(user_id, ids)
    except STORAGE_FAULTS as err:
        log.info("tips of %s not saved: %s", user_id, type(err).__name__)


__all__ = ["OPTION_PREFIX", "Tips", "action_explanation", "described", "explain_key", "first_time", "heard",
           "load", "met", "option_key", "shown", "term_of", "tip_lines", "tips", "topic_key", "topics", "words"]
