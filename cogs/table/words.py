"""Engine events, actions and seats in words, from the catalog, safe to post.

Names come from Discord and are shown as plain text: markdown is escaped and no
message of ours allows mentions except the explicit ping of the player to act.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import discord

from bot.games.core import Card, Event, IllegalAction
from bot.i18n import has, join, t

from .session import GameSession, Seat


def safe_name(name: str, limit: int = 32) -> str:
    """A display name fit for a message: one line, bounded, markdown escaped."""
    flat = " ".join(name.split())[:limit] or "?"
    return discord.utils.escape_markdown(discord.utils.escape_mentions(flat))


def seat_label(lang: str, seat: Seat) -> str:
    """``Alice`` or ``🤖 Aiko (easy)`` (a computer) or ``Alice (computer plays)``."""
    return _label(lang, seat.name, seat.user_id is None, seat.ai)


@lru_cache(maxsize=8192)  # asked for every seat of every line and picture: a game's few labels are kept
def _label(lang: str, name: str, computer: bool, ai: str | None) -> str:
    if computer:
        level = t(lang, f"games.level.{ai or 'easy'}")
        if name and not name.startswith("computer-"):  # a computer's own short name (#22)
            key = f"options.cpu.{name}"  # in the reader's script where the catalog has it
            shown = t(lang, key) if has(key) else safe_name(name, 12)
            return t(lang, "options.computer_named", name=shown, level=level)
        return t(lang, "games.computer_name", level=level)
    if ai is not None:  # the computer plays for them
        return t(lang, "games.replaced_name", name=safe_name(name))
    return safe_name(name)


def names(session: GameSession, lang: str) -> list[str]:
    return [seat_label(lang, seat) for seat in session.seats]


#: a suited card in plain letters, as engines keep it in ids and records ("8S", "10H")
_CARD_CODE = re.compile(r"(?<![\w-])(10|[2-9JQKA])([SHDC])(?![\w-])")
#: event fields that hold cards
_CARD_FIELDS = frozenset({"card", "cards", "other", "play"})


def card_words(text: str) -> str:
    """Cards as players write them: ``"8S"`` → ``"8♠"``, ``"3D 3D"`` → ``"3♦ 3♦"`` (a Russian reader saw "three-D");
    anything else (ranks, jokers, Go-Stop ids, already written cards) is left as it is.

    >>> card_words("3D 3D"), card_words("Q-2-2"), card_words("10H BJ")
    ('3♦ 3♦', 'Q-2-2', '10♥ BJ')
    """
    return _CARD_CODE.sub(lambda m: str(Card.parse(m.group(0))), text)


def _value(key: str, value: Any) -> Any:
    """An engine value as a template gets it: numbers stay numbers (``t`` writes them in the reader's
    digits and plural forms), lists become words, cards are written as players write them."""
    if isinstance(value, list | tuple):
        value = " ".join(map(str, value))
    elif isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return card_words(str(value)) if key in _CARD_FIELDS else str(value)


def event_text(game: str, event: Event, seat_names: Sequence[str], lang: str) -> str:
    """The catalog sentence for one event, seats turned into names."""
    params: dict[str, Any] = {key: _value(key, value) for key, value in event.data.items()}
    for key, value in event.data.items():  # engine words with a catalog entry, e.g. gostop.how.stop
        if isinstance(value, str) and has(f"{game}.{key}.{value}"):
            params[key] = t(lang, f"{game}.{key}.{value}")
        elif isinstance(value, list | tuple) and value:  # e.g. cards: gostop.card.<id> for each
            singular = key[:-1] if key.endswith("s") else key
            words = [_term(game, (key, singular), str(v), lang) for v in value]
            if any(word != str(v) for word, v in zip(words, value, strict=True)):
                params[key] = join(lang, words)
    for key, value in event.data.items():
        if key.endswith("_seat") and isinstance(value, int) and 0 <= value < len(seat_names):
            params[key[: -len("_seat")]] = seat_names[value]
        if key.endswith("_seats") and isinstance(value, list | tuple):
            params[key[: -len("_seats")]] = join(lang, (
                seat_names[v] for v in value if isinstance(v, int) and 0 <= v < len(seat_names)))
    if event.seat is not None and 0 <= event.seat < len(seat_names):
        params.setdefault("player", seat_names[event.seat])
    key = f"{game}.event.{event.kind}"
    if not has(key):
        return ""
    return t(lang, key, **params)


def _term(game: str, keys: Sequence[str], word: str, lang: str) -> str:
    """An engine word (a card id, a piece) in the reader's language when the catalog has it."""
    for key in keys:
        if has(f"{game}.{key}.{word}"):
            return t(lang, f"{game}.{key}.{word}")
    return word


def _after_verb(kind: str, notation: str) -> str:
    """The notation without its leading verb, the words of the action's kind: ``take tribute 2♠`` → ``2♠``,
    ``ask C`` → ``C``, ``shao A-A`` → ``A-A``; "" when nothing is left or the notation does not start so."""
    words, verb = notation.split(), kind.lower().split("_")
    n = 0
    while n < min(len(words) - 1, len(verb)) and words[n].lower() == verb[n]:
        n += 1
    return " ".join(words[n:]) if n else ""


def action_label(game: str, action: Any, notation: str, lang: str, seat_names: Sequence[str] = ()) -> str:
    """What a button or select option says for one legal action.

    The catalog names the kind of action; the notation's leading verb (``play``, ``take tribute``)
    is dropped, card (or Goita piece) ids are named in the reader's language where the catalog has them,
    cards are written as players write them, and a seat the action names is the player's name when given.
    """
    kind = str(getattr(action, "kind", ""))
    key = f"{game}.action.{kind}"
    rest = _after_verb(kind, notation) if kind else ""
    target = getattr(action, "target", None)
    if rest and isinstance(target, int) and not isinstance(target, bool) and 0 <= target < len(seat_names):
        notation = seat_names[target]
    elif rest:
        notation = " ".join(_term(game, ("card", "piece"), word, lang) for word in rest.split())
    notation = card_words(notation)
    if kind and has(key):
        label = t(lang, key, action=notation, play=notation)
        if notation.lower() in (kind.lower(), "") or notation in label:
            return label[:100]
        return f"{label}: {notation}"[:100]
    return notation[:100]


def move_name(game: str, action: Any, notation: str, lang: str, seat_names: Sequence[str] = ()) -> str:
    """What a move is called once made ("You played {move}"): for playing or taking cards, the cards'
    names ("Nov junk", not "Play a card: Nov junk"); else the button's words."""
    kind = str(getattr(action, "kind", ""))
    rest = _after_verb(kind, notation)
    if kind in ("play", "take") and rest:
        words = [_term(game, ("card", "piece"), word, lang) for word in rest.split()]
        if words != rest.split():
            return join(lang, words)[:100]
    label = action_label(game, action, notation, lang, seat_names)
    head = t(lang, f"{game}.action.{kind}") + ": " if kind == "play" and has(f"{game}.action.{kind}") else ""
    return label[len(head):] if head and label.startswith(head) else label  # "You played 7♠ 8♠", not "Play: …"


def _months(game: str, notation: str, lang: str) -> list[str]:
    """Month names of the cards in a notation (Go-Stop ids start with ``mNN``), for searching."""
    found: list[str] = []
    for word in notation.split()[1:]:
        if len(word) > 3 and word[0] == "m" and word[1:3].isdigit():
            month = int(word[1:3])
            found += [t(lang, f"{game}.ui.month.{month}"), t("en", f"{game}.ui.month.{month}"), str(month)]
    return [m for m in found if not m.startswith(f"{game}.ui.")]


def suggestion(game: str, action: Any, notation: str, lang: str,
               seat_names: Sequence[str] = ()) -> tuple[str, str]:
    """One ``/play`` suggestion: the name shown (readable, in the player's language, a seat by its player's
    name) and the text that typing searches (that name, the English name, the notation and the month names,
    folded)."""
    shown = move_name(game, action, notation, lang, seat_names)
    words = [shown, move_name(game, action, notation, "en", seat_names), action_label(game, action, notation, lang),
             notation, *_months(game, notation, lang)]
    return shown, fold(" ".join(words))


def fold(text: str) -> str:
    """Text for matching what a person types: lower case, no marks, dashes or spaces."""
    text = "".join(ch for ch in text if ch not in "\u200e\u200f\u2066\u2067\u2068\u2069")
    return "".join(text.casefold().replace("-", " ").split())


def with_the_move(session: GameSession, since: int, note: str) -> None:
    """``note`` ("the only possible move, made automatically", "ran out of time") at the end of the first table
    line the move added (``since``: ``session.lines_total`` before it), so the note and the move it explains are
    one line and never scroll apart (#47); a line of its own only when the move said nothing."""
    added = session.lines_total - since
    if not note:
        return
    if 0 < added <= len(session.lines):
        index = len(session.lines) - added
        session.lines[index] = f"{session.lines[index]} {note}"
    else:
        session.add_line(note)


def reason(lang: str, err: IllegalAction) -> str:
    """An engine's refusal in the player's language."""
    return t(lang, err.key, **err.params) if has(err.key) else str(err)
