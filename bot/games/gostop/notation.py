"""Go-Stop's text notation (rules §13.8): cards and moves as players read and type them.

``parse_*`` and ``format_*`` are exact inverses on the canonical forms; parsing is forgiving of case,
spacing and common spellings, and a text it cannot read is refused with a reason (``IllegalAction``).

>>> format_card(parse_card("8b")), format_card(parse_card("m11-junk-double"))
('m08-bright', 'm11-junk-double')
>>> str(parse_action("8b 8j1"))
'play m08-bright m08-junk1'
>>> parse_action("bomb jul") == Action("bomb", month=7)
True
>>> str(parse_action("Flip only")), str(parse_action("sit out")), str(parse_action("GO"))
('flip', 'sit', 'go')
>>> str(parse_action("grenade 3")), str(parse_action("chongtong aug"))
('grenade 3', 'chongtong 8')
"""

from __future__ import annotations

import re

from ..core import IllegalAction
from .actions import ACCEPT, FLIP, GO, JOIN, MONTH_KINDS, OFFER, REJECT, SIT, STOP, Action
from .cards import CARDS_OF_MONTH, ID_OF, IDS, JOKER2, JOKER3, JUNK, MONTH_NAMES, TYPE

_TYPE_WORDS = {
    "bright": "bright", "b": "bright", "gwang": "bright", "kwang": "bright", "light": "bright",
    "animal": "animal", "a": "animal", "yeol": "animal", "yul": "animal", "bird": "animal",
    "cup": "animal",
    "ribbon": "ribbon", "r": "ribbon", "tti": "ribbon", "ti": "ribbon",
    "junk1": "junk1", "j1": "junk1", "pi1": "junk1", "p1": "junk1",
    "junk2": "junk2", "j2": "junk2", "pi2": "junk2", "p2": "junk2",
    "junk": "junk", "j": "junk", "pi": "junk", "p": "junk",
    "double": "junk-double", "d": "junk-double", "jd": "junk-double", "junkdouble": "junk-double",
    "doublejunk": "junk-double", "ssangpi": "junk-double", "dj": "junk-double",
}
_SHORT = re.compile(r"^(?:m(?:onth)?)?0*(\d{1,2})(.*)$")


def format_card(card: int) -> str:
    """The stable id of ``card``: ``m08-bright``."""
    return IDS[card]


def _bad_card(text: str) -> IllegalAction:
    return IllegalAction(
        "gostop.bad_card",
        "“{text}” is not a hwatu card. Write it like m08-bright, 8b, 11d or joker-2.",
        text=text,
    )


def parse_card(text: str) -> int:
    """A card from an id or a short form a player types.

    Accepted: ``m08-bright``, ``m8-bright``, ``8b``, ``8 bright``, ``aug bright``, ``11d``
    (the double junk), ``3j1``, ``12j`` (a month with one junk card), ``joker-2``, ``j+2``, ``+3``.
    """
    raw = text.strip().lower()
    key = re.sub(r"[\s_\-.]+", "", raw)
    if not key:
        raise _bad_card(text)
    if key in ("joker2", "+2", "j+2", "joker+2", "bonus2", "jk2"):
        return JOKER2
    if key in ("joker3", "+3", "j+3", "joker+3", "bonus3", "jk3"):
        return JOKER3
    month: int | None = None
    rest = key
    for i, name in enumerate(MONTH_NAMES):
        if key.startswith(name):
            month, rest = i + 1, key[len(name):]
            break
    if month is None:
        found = _SHORT.match(key)
        if not found:
            raise _bad_card(text)
        month, rest = int(found.group(1)), found.group(2)
    if not 1 <= month <= 12:
        raise _bad_card(text)
    word = _TYPE_WORDS.get(rest)
    if word is None:
        raise _bad_card(text)
    if word == "junk":
        junks = [c for c in CARDS_OF_MONTH[month] if TYPE[c] == JUNK]
        if len(junks) == 1:
            return junks[0]
        raise IllegalAction(
            "gostop.ambiguous_card",
            "“{text}” could be several junk cards of month {month}: add 1, 2 or d (like {month}j1).",
            text=text, month=month,
        )
    card = ID_OF.get(f"m{month:02d}-{word}")
    if card is None:
        raise IllegalAction(
            "gostop.no_such_card", "Month {month} has no {kind} card.", month=month, kind=word,
        )
    return card


def format_action(action: Action) -> str:
    """The notation of ``action``: ``play m08-bright m08-junk1``, ``take m03-junk2``, ``bomb 7``."""
    return str(action)


_WORDS = {
    "flip": FLIP, "flipo": FLIP, "fliponly": FLIP, "pass": FLIP, "skip": FLIP,
    "go": GO, "stop": STOP,
    "join": JOIN, "in": JOIN, "playin": JOIN, "play": JOIN, "yes": JOIN,
    "sit": SIT, "sitout": SIT, "out": SIT, "no": SIT,
    "offer": OFFER, "syodang": OFFER, "showdang": OFFER,
    "accept": ACCEPT, "agree": ACCEPT, "reject": REJECT, "decline": REJECT, "refuse": REJECT,
}
_VERBS = {
    "play": "play", "p": "play", "card": "play",
    "take": "take", "pick": "take", "choose": "take", "t": "take",
    "shake": "shake", "heundeum": "shake", "heundeulgi": "shake", "show": "shake",
    "bomb": "bomb", "b": "bomb", "pokhtan": "bomb",
    "grenade": "grenade", "suryutan": "grenade", "chongtong": "chongtong", "chongtong!": "chongtong",
    "give": "give", "hand": "give",
}


def _bad(text: str) -> IllegalAction:
    return IllegalAction(
        "gostop.bad_action",
        "“{text}” is not a Go-Stop move. Try “play m08-bright”, “take 8j1”, “shake 1”, “bomb 7”, "
        "“flip”, “go” or “stop”.",
        text=text,
    )


def parse_month(text: str) -> int:
    """A month from ``7``, ``m07``, ``jul`` or ``july``."""
    low = text.strip().lower()
    for i, name in enumerate(MONTH_NAMES):
        if low.startswith(name):
            return i + 1
    key = low.removeprefix("month").removeprefix("m")
    if key.isdigit() and 1 <= int(key) <= 12:
        return int(key)
    raise IllegalAction("gostop.bad_month", "“{text}” is not a month (1 to 12).", text=text)


def parse_action(text: str) -> Action:
    """Read a move a player typed; forgiving of case, spacing and common spellings."""
    raw = text.strip().lower()
    for prefix in ("/gostop", "/play", "gostop"):
        if raw.startswith(prefix + " ") or raw == prefix:
            raw = raw[len(prefix):].strip()
    if not raw:
        raise _bad(text)
    compact = raw.replace(" ", "").replace("-", "").replace("_", "")
    if compact in _WORDS and not (compact == "play" and raw != "play"):
        return _WORDS[compact]
    parts = raw.replace(",", " ").replace(">", " ").split()
    verb = _VERBS.get(parts[0])
    if verb is None:
        verb = "play"
    else:
        parts = parts[1:]
    if not parts:
        raise _bad(text)
    if verb in MONTH_KINDS:
        if len(parts) != 1:
            raise _bad(text)
        return Action(verb, month=parse_month(parts[0]))
    if verb == "play" and len(parts) == 3 and parts[1].isalpha() and not parts[1].startswith("j"):
        parts = [parts[0] + parts[1], parts[2]]  # "8 bright 8j1"
    if verb == "play" and len(parts) == 2 and parts[1].isalpha() and len(parts[1]) > 2:
        parts = [parts[0] + parts[1]]  # "aug bright", "8 bright"
    cards = []
    for part in parts:
        cards.append(parse_card(part))
    if verb == "take":
        if len(cards) != 1:
            raise _bad(text)
        return Action("take", card=cards[0])
    if verb == "give":
        if len(cards) == 2:
            low, high = sorted(cards)
            return Action("give", card=low, target=high)
        if len(cards) != 1:
            raise _bad(text)
        return Action("give", card=cards[0])
    if len(cards) == 1:
        return Action("play", card=cards[0])
    if len(cards) == 2:
        return Action("play", card=cards[0], target=cards[1])
    raise _bad(text)


__all__ = ["format_action", "format_card", "parse_action", "parse_card", "parse_month"]
