"""Actions and their notation: ``7♠ 2♥ 2♦``, ``9♠ BJ RJ as run``, ``pass``, ``tribute A♦``...

>>> a = parse_action("play 2h 7s 2d")
>>> str(a)
'7♠ 2♦ 2♥'
>>> parse_action(str(a)) == a
True
>>> str(parse_action("5c 5d 2s 2h bj rj AS 3x2"))
'5♣ 5♦ 2♥ 2♠ BJ RJ as 3x2'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.core import Card, IllegalAction


def sort_cards(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """Cards in display order: rank 3..RJ, then suit ♣ ♦ ♥ ♠."""
    return tuple(sorted(cards))


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)


@dataclass(frozen=True, slots=True)
class Play:
    """Play these cards. ``as_`` names the reading when a lead has several (R5.6.2)."""

    cards: tuple[Card, ...]
    as_: str | None = None

    @property
    def kind(self) -> str:
        return "play"

    def __str__(self) -> str:
        return format_action(self)


_set_cards = Play.__dict__["cards"].__set__
_set_as = Play.__dict__["as_"].__set__
_new_object = object.__new__


def new_play(cards: tuple[Card, ...], as_: str | None = None) -> Play:
    """``Play(cards, as_)`` for the engine's hot path: the frozen dataclass's ``__init__`` costs
    two ``object.__setattr__`` calls, filling the slots directly about half as much."""
    play: Play = _new_object(Play)
    _set_cards(play, cards)
    _set_as(play, as_)
    return play


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to play this turn (R6.4)."""

    @property
    def kind(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class Tribute:
    """A pit player puts up their highest card (R8.2)."""

    card: Card

    @property
    def kind(self) -> str:
        return "tribute"

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class TakeTribute:
    """1st place picks one of the two tribute cards (R8.3)."""

    card: Card

    @property
    def kind(self) -> str:
        return "take_tribute"

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class Return:
    """1st or 2nd place gives back any card (R8.4)."""

    card: Card

    @property
    def kind(self) -> str:
        return "return"

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class TakeReturn:
    """The second-to-last picks one of the two returned cards (R8.5)."""

    card: Card

    @property
    def kind(self) -> str:
        return "take_return"

    def __str__(self) -> str:
        return format_action(self)


Action = Play | Pass | Tribute | TakeTribute | Return | TakeReturn

_ONE_CARD: dict[str, type[Tribute | TakeTribute | Return | TakeReturn]] = {"tribute": Tribute, "take_tribute": TakeTribute, "return": Return, "take_return": TakeReturn}
_ONE_CARD_WORDS = {"tribute": "tribute", "take tribute": "take_tribute", "return": "return",
                   "take return": "take_return", "give": "tribute", "give tribute": "tribute",
                   "give return": "return"}
_AS_RE = re.compile(r"^(?P<cards>.*?)\s+as\s+(?P<label>\S+)\s*$", re.IGNORECASE)
_SHAPE_RE = re.compile(r"^(\d+)\s*[x×*]\s*(\d+)$")
_LABELS = {"set": "set", "run": "run", "sequence": "run", "seq": "run", "single": "single"}


def format_action(action: Action) -> str:
    """The notation of an action; ``parse_action`` reads it back exactly."""
    if isinstance(action, Play):
        text = cards_text(action.cards)
        return f"{text} as {action.as_}" if action.as_ else text
    if isinstance(action, Pass):
        return "pass"
    word = action.kind.replace("_", " ")
    return f"{word} {action.card}"


def _bad(text: str) -> IllegalAction:
    return IllegalAction("zhengshangyou.bad_action_text",
                         "“{text}” is not a move: write cards like 7s 2h 2d, or pass.", text=text)


def parse_label(text: str) -> str:
    """``set``/``run``/``single`` or a ``KxM`` multiple-sequence shape."""
    raw = text.strip().lower()
    if raw in _LABELS:
        return _LABELS[raw]
    match = _SHAPE_RE.match(raw)
    if match:
        return f"{int(match.group(1))}x{int(match.group(2))}"
    raise IllegalAction("zhengshangyou.bad_label", "“{text}” is not a way to play cards: use set, run or KxM.",
                        text=text)


def _is_label(text: str) -> bool:
    try:
        parse_label(text)
    except IllegalAction:
        return False
    return True


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces, commas or dashes, in any order: ``7s 2h-2d``."""
    tokens = [tok for tok in re.split(r"[\s,;]+|(?<=[♠♥♦♣SHDCshdcJj])-", text.strip()) if tok]
    return sort_cards([Card.parse(tok) for tok in tokens])


def parse_action(text: str) -> Action:
    """Read a move as a player would type it."""
    raw = " ".join(text.strip().split())
    low = raw.lower()
    if low in ("pass", "p", "/pass", "-"):
        return Pass()
    for words in sorted(_ONE_CARD_WORDS, key=len, reverse=True):
        if low.startswith(words + " "):
            cards = parse_cards(raw[len(words) + 1:])
            if len(cards) != 1:
                raise _bad(text)
            return _ONE_CARD[_ONE_CARD_WORDS[words]](cards[0])
    if low.startswith("play "):
        raw = raw[5:]
    as_: str | None = None
    match = _AS_RE.match(raw)
    if match and _is_label(match.group("label")):  # "as" is also the ace of spades: "Ks As"
        raw = match.group("cards")
        as_ = parse_label(match.group("label"))
    if not raw.strip():
        raise _bad(text)
    try:
        cards = parse_cards(raw)
    except IllegalAction:
        raise _bad(text) from None
    if len(set(cards)) != len(cards):
        raise IllegalAction("zhengshangyou.duplicate_card", "The same card is listed twice.")
    return Play(cards, as_)
