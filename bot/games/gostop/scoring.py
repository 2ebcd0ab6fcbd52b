"""Combination scoring (rules §6), the option switches that change it (§10), and the settlement (R7.9–R7.13).

``Rules`` is built once per game from its options, so scoring a capture area is a single
pass over ints. The settlement part reads a round's state (the Gos, shakes, nagari streak, each
loser's captures) and says what every loser pays on a Stop, with the breakdown the table shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import (
    ANIMAL,
    BIRDS,
    BRIGHT,
    CARDS_OF_MONTH,
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
    can show progress: ``bright_count``, ``animal_count``, ``bird_count``, ``ribbon_count``, ``hong_count``,
    ``cheong_count``, ``cho_count`` (ribbons of each set), ``junk_value``; ``cup_as_junk`` is 1 when the
    flexible card counts as junk.
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
                 hong_count=t.hong, cheong_count=t.cheong, cho_count=t.cho, junk_value=t.junk,
                 cup_as_junk=int(as_junk))
    return parts


# ---------------------------------------------------------------------------------------------------
# Settlement (R7.9–R7.13): what a Stop is paid, from a round's state (``st``: the engine's ``State``)
# ---------------------------------------------------------------------------------------------------

#: V-M1: the round's missions, a small fixed list
MISSIONS = ("godori", "hong_dan", "cheong_dan", "cho_dan", "three_brights", "five_animals", "five_ribbons",
            "ten_junk")


def nagari_mult(st: Any) -> int:
    """R7.9(e): 2^streak (or a flat ×2 with ``nagari_cumulative`` off)."""
    if st.nagari_streak == 0:
        return 1
    return 2 ** st.nagari_streak if st.options["nagari_cumulative"] else 2


def syodang_window(st: Any) -> tuple[int | None, int | None]:
    """(rejecter, offerer) while a rejected offer's window is open, else (None, None)."""
    sy = st.syodang
    if sy.get("rejecter") is None:
        return None, None
    if any(st.turns_taken[int(q)] <= t for q, t in sy["opened"].items()):
        return sy["rejecter"], sy["offerer"]
    return None, None


def go_terms(opts: Mapping[str, Any], g: int) -> tuple[int, int]:
    """R7.9 go_add and go_mult for ``g`` Gos (V-P1, A1 and R10A.M1 ``plus_n`` included)."""
    if opts["go_scoring"] == "plus_n":
        return g, 2 ** max(0, g - 2)
    if opts["go_linear"]:
        return (1 if g == 1 else 0), (g if g >= 2 else 1)
    go_add = min(g, 2)
    if opts["go_add_dropped_at_3"] and g >= 3:
        go_add = 0
    return go_add, 2 ** max(0, g - 2)


def shake_mult(st: Any, seat: int) -> int:
    """R7.9(a): ×2 per shaken triple (V-S: ×4 for Nov/Dec) and per Korean bomb."""
    mult = 1
    for m in st.shaken[seat]:
        mult *= 4 if (st.options["shake_nov_dec_x4"] and m in (11, 12)) else 2
    return mult * 2 ** st.bombs[seat]


def score_breakdown(st: Any, seat: int) -> dict[str, int]:
    """``seat``'s score by category plus the multipliers every loser would pay now (public facts only).

    Adds to ``score_parts``: ``go_count``, ``go_bonus`` (go_add), ``score_with_go`` (the score and the go
    bonus), ``go_mult``, ``shake_mult``, ``nagari_mult``, ``meong_dda`` (2 with seven animals, else 1) and
    ``multiplier``, their product.
    Per-loser doublings (gwang-bak, pi-bak) are in ``stop_pays`` and the settlement event instead.
    """
    parts = score_parts(st.captures[seat], st.rules)
    go_add, go_mult = go_terms(st.options, st.gos[seat])
    meong = 2 if parts["animal_count"] >= 7 and not st.options["meong_bak"] else 1
    shake = shake_mult(st, seat)
    nagari = nagari_mult(st)
    parts.update(go_count=st.gos[seat], go_bonus=go_add, score_with_go=parts["score"] + go_add, go_mult=go_mult, shake_mult=shake, nagari_mult=nagari,
                 meong_dda=meong, multiplier=go_mult * shake * nagari * meong)
    return parts


def settlement(st: Any, w: int) -> tuple[dict[int, int], dict[str, Any]]:
    """R7.9–R7.13: what each loser pays the winner ``w`` (after dok-bak), and the breakdown."""
    opts = st.options
    rules = st.rules
    mine = st.captures[w]
    g = st.gos[w]
    go_add, go_mult = go_terms(opts, g)
    shake = shake_mult(st, w)
    extra = 0
    if opts["vip"] and all(c in mine for c in VIP_CARDS):
        extra += 3
    if opts["palssari"] and all(c in mine for c in PALSSARI_CARDS):
        extra += 8
    weol = 1
    if st.weolyak[w]:
        weol *= 4
    if st.weolyak_month and all(c in mine for c in CARDS_OF_MONTH[st.weolyak_month]):
        weol *= 4
    losers = st.opponents(w)
    pibak_limit = int(opts["pibak_threshold"])  # R7.9(d), R10A.M3
    if opts["pibak_2p_7"] and len(st.active) == 2:
        pibak_limit = max(pibak_limit, 7)
    gobak = bool(opts["gobak_2p"]) and len(losers) == 1  # R10A.M2
    best: tuple[tuple[int, int, bool], dict[int, int], dict[str, Any]] | None = None
    for as_junk in roles(mine, rules):
        t = tally(mine, rules, as_junk)
        s = t.points(rules)
        mission = st.mission[1] if st.mission and _mission_done(MISSIONS[st.mission[0]], t) else 1
        common = shake * go_mult * nagari_mult(st) * weol * mission
        meong = t.animals >= 7
        if meong and not opts["meong_bak"]:
            common *= 2
        pays: dict[int, int] = {}
        why: dict[int, list[str]] = {}
        for q in losers:
            theirs = st.captures[q]
            mult = common
            add = 0
            tags: list[str] = []
            if t.brights >= 3 and not any(TYPE[c] == BRIGHT for c in theirs):
                if opts["gwangbak_flat_2"]:
                    add += 2
                else:
                    mult *= 2
                tags.append("gwang_bak")
            loser_junk = junk_value(theirs, rules)
            if t.junk >= 10 and loser_junk < pibak_limit and not (opts["pibak_zero_exempt"] and loser_junk == 0):
                mult *= 2
                tags.append("pi_bak")
            if gobak and st.gos[q] > 0:
                mult *= 2
                tags.append("go_bak")
            if meong and opts["meong_bak"] and not any(TYPE[c] == ANIMAL for c in theirs):
                mult *= 2
                tags.append("meong_bak")
            if opts["tti_bak"] and t.ribbon_points() > 0 and not any(TYPE[c] == RIBBON for c in theirs):
                mult *= 2
                tags.append("tti_bak")
            pays[q] = (s + go_add + extra + add) * mult
            why[q] = tags
        key = (sum(pays.values()), s, not as_junk)
        if best is None or key > best[0]:
            detail = {"score": s, "go_count": g, "go_add": go_add, "go_mult": go_mult, "shake_mult": shake,
                      "meong_dda": meong and not opts["meong_bak"], "cup_as_junk": as_junk, "extra": extra,
                      "weolyak_mult": weol, "nagari_mult": nagari_mult(st), "mission_mult": mission,
                      "per_loser": {str(q): {"amount": pays[q], "tags": why[q]} for q in losers}}
            best = (key, pays, detail)
    assert best is not None
    pays, detail = best[1], best[2]
    rejecter, offerer = syodang_window(st) if len(losers) == 2 else (None, None)
    if rejecter is not None and rejecter != w:
        total = sum(pays.values())
        pays = {q: (total if q == rejecter else 0) for q in losers}
        detail["syodang_seat"] = rejecter
    elif len(losers) == 2:
        goers = [q for q in losers if st.gos[q] > 0 and q != offerer]
        if goers:
            payer = max(goers, key=lambda q: st.go_seq[q])
            total = sum(pays.values())
            pays = {q: (total if q == payer else 0) for q in losers}
            detail["go_bak_seat"] = payer
        elif opts["oe_myeon"]:
            feeder = _oe_myeon_payer(st, w, losers, bool(detail["cup_as_junk"]))
            if feeder is not None:
                total = sum(pays.values())
                pays = {q: (total if q == feeder else 0) for q in losers}
                detail["oe_myeon_seat"] = feeder
    return pays, detail


def _oe_myeon_payer(st: Any, w: int, losers: list[int], cup_as_junk: bool) -> int | None:
    """O-1: the loser whose exposed card the winner took on the winning turn (the latest such loser)."""
    last = st.last_turn
    if last.get("seat") != w:
        return None
    t = tally(st.captures[w], st.rules, cup_as_junk)
    if st.gos[w] == 0 and t.points(st.rules) == max(0, t.junk - 9):
        return None  # exception (A): junk-only win without a Go
    taken = set(last.get("captured", ()))
    feeders = [q for q in losers if taken.intersection(st.exposed[q])]
    return feeders[-1] if feeders else None


def _mission_done(name: str, t: Any) -> bool:
    """V-M1: whether the winner's capture area (a ``Tally``) achieved the round's mission."""
    return {
        "godori": t.birds == 3, "hong_dan": t.hong == 3, "cheong_dan": t.cheong == 3, "cho_dan": t.cho == 3,
        "three_brights": t.brights >= 3, "five_animals": t.animals >= 5, "five_ribbons": t.ribbons >= 5,
        "ten_junk": t.junk >= 10,
    }[name]
