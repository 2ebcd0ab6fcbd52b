"""The hwatu pack (rules R1.3): 48 month cards and two jokers, as small ints with stable ids.

A card is an int ``0..49``: month cards are ``(month - 1) * 4 + slot`` in the order of the
rules table, the jokers are 48 (``joker-2``) and 49 (``joker-3``). Ints keep the engine fast;
the ids (``m08-bright``) are the notation players read and type (``notation.py``).

>>> IDS[ID_OF["m08-bright"]], MONTH[ID_OF["m12-animal"]], PI[ID_OF["joker-3"]]
('m08-bright', 12, 3)
"""

from __future__ import annotations

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


def same_for_scoring(a: str, b: str) -> bool:
    """§13.4: two plain single junk of one month (``m03-junk1``, ``m03-junk2``) score alike, so a choice
    between them is no choice.

    >>> same_for_scoring("m03-junk1", "m03-junk2"), same_for_scoring("m11-junk1", "m11-junk-double")
    (True, False)
    """
    return {a[4:], b[4:]} == {"junk1", "junk2"} and a[:3] == b[:3]
