"""Combination scoring (rules §6) and the option switches that change it (§10).

``Rules`` is built once per game from its options, so scoring a capture area is a single
pass over ints.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import (
    ANIMAL,
    BIRDS,
    BRIGHT,
    CHEONG_DAN,
    CHO_DAN,
    CUP,
    HONG_DAN,
    ID_OF,
    IRIS_ANIMAL,
    JOKER,
    PI,
    RAIN_BRIGHT,
    RIBBON,
    SWALLOW,
    TYPE,
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The scoring switches of one game, taken from its options once."""

    flex: int  # the card that counts as animal or junk (R6.7, V-C2)
    flex_pi: int  # its junk value when it counts as junk (V-C1)
    four_brights_with_rain_3: bool
    godori_3: bool
    four_birds: bool

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Rules:
        return cls(
            flex=IRIS_ANIMAL if options.get("flex_card") == "m05" else CUP,
            flex_pi=1 if options.get("cup_single_junk") else 2,
            four_brights_with_rain_3=bool(options.get("four_brights_with_rain_3")),
            godori_3=bool(options.get("godori_3")),
            four_birds=bool(options.get("four_birds")),
        )


@dataclass(frozen=True, slots=True)
class Tally:
    """Counts of one capture area with the flexible card in one role."""

    brights: int
    rain: bool
    animals: int
    birds: int
    swallow: bool
    ribbons: int
    hong: int
    cheong: int
    cho: int
    junk: int

    def bright_points(self, rules: Rules) -> int:
        """R6.1 (V-S1: four with the rain bright score 3)."""
        if self.brights >= 5:
            return 15
        if self.brights == 4:
            return 3 if (self.rain and rules.four_brights_with_rain_3) else 4
        if self.brights == 3:
            return 2 if self.rain else 3
        return 0

    def bird_points(self, rules: Rules) -> int:
        """R6.3 godori, with V-S3 (godori 3) and V-S4 (four birds: yukdori 6, bidori 4)."""
        godori = 3 if rules.godori_3 else 5
        if rules.four_birds:
            if self.birds == 3 and self.swallow:
                return 6
            if self.birds == 3:
                return godori
            if self.birds == 2 and self.swallow:
                return 4
            return 0
        return godori if self.birds == 3 else 0

    def ribbon_points(self) -> int:
        """R6.4 + R6.5."""
        return max(0, self.ribbons - 4) + 3 * (self.hong == 3) + 3 * (self.cheong == 3) + 3 * (self.cho == 3)

    def points(self, rules: Rules) -> int:
        """The base score of R6.8 for this role of the flexible card."""
        return (
            self.bright_points(rules) + max(0, self.animals - 4) + self.bird_points(rules)
            + self.ribbon_points() + max(0, self.junk - 9)
        )


def tally(cards: Iterable[int], rules: Rules, flex_as_junk: bool) -> Tally:
    """Count a capture area; the flexible card counts as junk only when ``flex_as_junk``."""
    brights = animals = birds = ribbons = hong = cheong = cho = junk = 0
    rain = swallow = False
    flex = rules.flex
    for c in cards:
        kind = TYPE[c]
        if c == flex:
            if flex_as_junk:
                junk += rules.flex_pi
            else:
                animals += 1
        elif kind == BRIGHT:
            brights += 1
            if c == RAIN_BRIGHT:
                rain = True
        elif kind == ANIMAL:
            animals += 1
            if c in BIRDS:
                birds += 1
            elif c == SWALLOW:
                swallow = True
        elif kind == RIBBON:
            ribbons += 1
            if c in HONG_DAN:
                hong += 1
            elif c in CHEONG_DAN:
                cheong += 1
            elif c in CHO_DAN:
                cho += 1
        else:
            junk += PI[c]
    return Tally(brights, rain, animals, birds, swallow, ribbons, hong, cheong, cho, junk)


def roles(cards: Iterable[int], rules: Rules) -> tuple[bool, ...]:
    """The roles of the flexible card worth trying: (False,) or (False, True) when it is owned."""
    return (False, True) if rules.flex in cards else (False,)


# category codes for the one-pass scorer
_BRIGHT, _RAIN, _BIRD, _SWALLOW, _ANIMAL, _HONG, _CHEONG, _CHO, _RIBBON, _JUNK = range(10)
_CAT: list[int] = []
for _c in range(50):
    _k = TYPE[_c]
    if _k == BRIGHT:
        _CAT.append(_RAIN if _c == RAIN_BRIGHT else _BRIGHT)
    elif _k == ANIMAL:
        _CAT.append(_BIRD if _c in BIRDS else _SWALLOW if _c == SWALLOW else _ANIMAL)
    elif _k == RIBBON:
        _CAT.append(_HONG if _c in HONG_DAN else _CHEONG if _c in CHEONG_DAN else _CHO if _c in CHO_DAN else _RIBBON)
    else:
        _CAT.append(_JUNK)


def score(cards: list[int], rules: Rules) -> int:
    """R6.8: the better of the two roles of the flexible card (one pass; same as ``tally``)."""
    if rules.four_birds or rules.godori_3 or rules.four_brights_with_rain_3:
        best = tally(cards, rules, False).points(rules)
        if rules.flex in cards:
            best = max(best, tally(cards, rules, True).points(rules))
        return best
    counts = [0] * 10
    junk = 0
    flex = rules.flex
    has_flex = False
    for c in cards:
        if c == flex:
            has_flex = True
            continue
        k = _CAT[c]
        counts[k] += 1
        if k == _JUNK:
            junk += PI[c]
    nb = counts[_BRIGHT] + counts[_RAIN]
    pts = 15 if nb >= 5 else 4 if nb == 4 else (2 if counts[_RAIN] else 3) if nb == 3 else 0
    animals = counts[_BIRD] + counts[_SWALLOW] + counts[_ANIMAL]
    pts += 5 if counts[_BIRD] == 3 else 0
    ribbons = counts[_HONG] + counts[_CHEONG] + counts[_CHO] + counts[_RIBBON]
    pts += max(0, ribbons - 4) + 3 * (counts[_HONG] == 3) + 3 * (counts[_CHEONG] == 3) + 3 * (counts[_CHO] == 3)
    if not has_flex:
        return pts + max(0, animals - 4) + max(0, junk - 9)
    as_animal = max(0, animals + 1 - 4) + max(0, junk - 9)
    as_junk = max(0, animals - 4) + max(0, junk + rules.flex_pi - 9)
    return pts + max(as_animal, as_junk)


def junk_value(cards: Iterable[int], rules: Rules) -> int:
    """Junk value with the flexible card counted as junk (a loser's protection, R6.7)."""
    total = 0
    for c in cards:
        if c == rules.flex:
            total += rules.flex_pi
        elif TYPE[c] in ("junk", JOKER):
            total += PI[c]
    return total


VIP_CARDS = (CUP, ID_OF["m11-junk-double"], ID_OF["m12-junk-double"])
PALSSARI_CARDS = tuple(range(12, 16)) + tuple(range(24, 28))


def score_parts(cards: list[int], rules: Rules) -> dict[str, int]:
    """The base score split by category (R6.1–R6.8), for the table's score line.

    The flexible card takes the role that gives the higher score (animal on a tie), so the
    category points always add up to ``score(cards, rules)``. Counts are included so a renderer
    can show progress: ``bright_count``, ``animal_count``, ``bird_count``, ``ribbon_count``,
    ``junk_value``; ``cup_as_junk`` is 1 when the flexible card counts as junk.
    """
    best = tally(cards, rules, False)
    as_junk = False
    if rules.flex in cards:
        other = tally(cards, rules, True)
        if other.points(rules) > best.points(rules):
            best, as_junk = other, True
    t = best
    parts = {
        "brights": t.bright_points(rules),
        "animals": max(0, t.animals - 4),
        "godori": t.bird_points(rules),
        "ribbons": max(0, t.ribbons - 4),
        "hong_dan": 3 * (t.hong == 3),
        "cheong_dan": 3 * (t.cheong == 3),
        "cho_dan": 3 * (t.cho == 3),
        "junk": max(0, t.junk - 9),
    }
    parts["score"] = sum(parts.values())
    parts.update(bright_count=t.brights, animal_count=t.animals, bird_count=t.birds, ribbon_count=t.ribbons,
                 junk_value=t.junk, cup_as_junk=int(as_junk))
    return parts
