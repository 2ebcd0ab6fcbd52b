"""The notation of cards and moves: ``7♠ 2♥ 2♦``, ``9♠ BJ RJ as run``, ``pass``, ``tribute A♦``...

``parse_action`` and ``format_action`` are exact inverses:

>>> a = parse_action("play 2h 7s 2d")
>>> format_action(a)
'7♠ 2♦ 2♥'
>>> parse_action(format_action(a)) == a
True
>>> format_action(parse_action("5c 5d 2s 2h bj rj AS 3x2"))
'5♣ 5♦ 2♥ 2♠ BJ RJ as 3x2'
"""

from __future__ import annotations

import re

from bot.games.core import Card, IllegalAction

from .actions import Action, Pass, Play, Return, TakeReturn, TakeTribute, Tribute


def sort_cards(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """Cards in display order: rank 3..RJ, then suit ♣ ♦ ♥ ♠."""
    return tuple(sorted(cards))


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)


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
