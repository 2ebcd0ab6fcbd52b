"""The hwatu pack (rules R1.3): 48 month cards and two jokers, as small ints with stable ids.

A card is an int ``0..49``: month cards are ``(month - 1) * 4 + slot`` in the order of the
rules table, the jokers are 48 (``joker-2``) and 49 (``joker-3``). Ints keep the engine fast;
the ids (``m08-bright``) are the notation players read and type.

>>> format_card(parse_card("8b")), format_card(parse_card("m11-junk-double"))
('m08-bright', 'm11-junk-double')
>>> MONTH[parse_card("m12-animal")], PI[parse_card("joker-3")]
(12, 3)
"""

from __future__ import annotations

import re

from ..core import IllegalAction

BRIGHT, ANIMAL, RIBBON, JUNK, JOKER = "bright", "animal", "ribbon", "junk", "joker"

#: (id suffix, type, pi value as junk) per month, in the rules table order.
_MONTH_CARDS: dict[int, tuple[tuple[str, str, int], ...]] = {
    1: (("bright", BRIGHT, 0), ("ribbon", RIBBON, 0), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    2: (("animal", ANIMAL, 0), ("ribbon", RIBBON, 0), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    3: (("bright", BRIGHT, 0), ("ribbon", RIBBON, 0), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    4: (("animal", ANIMAL, 0), ("ribbon", RIBBON, 0), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    5: (("animal", ANIMAL, 0), ("ribbon", RIBBON, 0), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    6: (("animal", ANIMAL, 0), ("ribbon", RIBBON, 0), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    7: (("animal", ANIMAL, 0), ("ribbon", RIBBON, 0), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    8: (("bright", BRIGHT, 0), ("animal", ANIMAL, 0), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    9: (("animal", ANIMAL, 0), ("ribbon", RIBBON, 0), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    10: (("animal", ANIMAL, 0), ("ribbon", RIBBON, 0), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    11: (("bright", BRIGHT, 0), ("junk-double", JUNK, 2), ("junk1", JUNK, 1), ("junk2", JUNK, 1)),
    12: (("bright", BRIGHT, 0), ("animal", ANIMAL, 0), ("ribbon", RIBBON, 0), ("junk-double", JUNK, 2)),
}

JOKER2 = 48
JOKER3 = 49
ALL_CARDS = tuple(range(50))
MONTH_CARDS = tuple(range(48))

IDS: list[str] = []
MONTH: list[int] = []  # 0 for jokers
TYPE: list[str] = []
PI: list[int] = []  # junk value when counted as junk (jokers included); 0 for other types
for _m in range(1, 13):
    for _suffix, _type, _pi in _MONTH_CARDS[_m]:
        IDS.append(f"m{_m:02d}-{_suffix}")
        MONTH.append(_m)
        TYPE.append(_type)
        PI.append(_pi)
IDS += ["joker-2", "joker-3"]
MONTH += [0, 0]
TYPE += [JOKER, JOKER]
PI += [2, 3]
ID_OF: dict[str, int] = {name: i for i, name in enumerate(IDS)}

IS_JOKER = tuple(c >= JOKER2 for c in ALL_CARDS)
RAIN_BRIGHT = ID_OF["m12-bright"]
CUP = ID_OF["m09-animal"]
IRIS_ANIMAL = ID_OF["m05-animal"]
BOAR = ID_OF["m07-animal"]
SWALLOW = ID_OF["m12-animal"]
DOUBLE_JUNK = (ID_OF["m11-junk-double"], ID_OF["m12-junk-double"])
BIRDS = frozenset(ID_OF[f"m{m:02d}-animal"] for m in (2, 4, 8))
HONG_DAN = frozenset(ID_OF[f"m{m:02d}-ribbon"] for m in (1, 2, 3))
CHEONG_DAN = frozenset(ID_OF[f"m{m:02d}-ribbon"] for m in (6, 9, 10))
CHO_DAN = frozenset(ID_OF[f"m{m:02d}-ribbon"] for m in (4, 5, 7))
BRIGHTS = frozenset(c for c in MONTH_CARDS if TYPE[c] == BRIGHT)
ANIMALS = frozenset(c for c in MONTH_CARDS if TYPE[c] == ANIMAL)
RIBBONS = frozenset(c for c in MONTH_CARDS if TYPE[c] == RIBBON)
JUNKS = frozenset(c for c in MONTH_CARDS if TYPE[c] == JUNK)
#: Cards that may be handed over in a junk steal (R5.8): the 24 junk cards and the jokers.
STEALABLE = tuple(TYPE[c] in (JUNK, JOKER) for c in ALL_CARDS)
CARDS_OF_MONTH: dict[int, tuple[int, ...]] = {m: tuple(range((m - 1) * 4, m * 4)) for m in range(1, 13)}

MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
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
