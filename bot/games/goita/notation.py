"""Goita's text notation: pieces and actions as players type them, and back (DESIGN.md: exact inverses).

Pieces are romaji ids (``kin``); kanji and English names are accepted. Actions: ``lead gon kin``
(伏せ gon face down, attack kin), ``block kin gin`` (受け kin, attack gin), ``pass`` (なし),
``continue`` / ``redeal`` (the five-pawn decision, R5.6), and for the dealing ritual (V2)
``point 17`` and ``offset +1``; also ``↓香金``, ``fuse gon seme kin``, ``uke 金 銀``, ``なし``.

>>> parse_piece("金"), format_piece(4), parse_piece("Gold")
(4, 'kin', 4)
>>> str(parse_action("↓香 金")), str(parse_action("UKE kin, gin")), str(parse_action("nashi"))
('lead gon kin', 'block kin gin', 'pass')
"""

from __future__ import annotations

import re

from bot.games.core import IllegalAction

from .actions import CONTINUE, PASS, PLAYS, REDEAL, Action, Offset, Point
from .pieces import BAKKO, ENGLISH, GIN, GON, GYOKU, HISHA, IDS, KAKU, KANJI, KIN, OU, SHI

_ALIASES: dict[str, int] = {}
for _code, (_id, _kanji, _en) in enumerate(zip(IDS, KANJI, ENGLISH, strict=True)):
    _ALIASES[_id] = _ALIASES[_kanji] = _code
    if _code != GYOKU:
        _ALIASES[_en.lower()] = _code
_ALIASES.update({
    "o": OU, "ō": OU, "oh": OU, "oo": OU, "gyoku": GYOKU, "dama": GYOKU, "jewel": GYOKU,
    "hi": HISHA, "飛車": HISHA, "角行": KAKU, "kakugyo": KAKU, "kinsho": KIN, "ginsho": GIN,
    "uma": BAKKO, "bakko": BAKKO, "horse": BAKKO, "kyo": GON, "kyosha": GON, "香車": GON, "lance": GON,
    "fu": SHI, "歩": SHI, "pawns": SHI, "pawn": SHI,
})
#: one-character spellings a player may run together ("金銀" = kin gin).
GLYPHS = frozenset(k for k in _ALIASES if len(k) == 1 and not k.isascii())


def parse_piece(text: str) -> int:
    """A piece code from a romaji id, kanji or English name (any case)."""
    code = _ALIASES.get(text.strip().lower())
    if code is None:
        raise IllegalAction("goita.bad_piece", "“{text}” is not a Goita piece.", text=text)
    return code


def format_piece(code: int) -> str:
    """The romaji id of a piece code: ``format_piece(8) == "shi"``."""
    return IDS[code]


_LEAD_WORDS = {"lead", "fuse", "伏せ", "↓", "down", "l"}
_BLOCK_WORDS = {"block", "uke", "受け", "b"}
_FILLER = {"seme", "攻め", "then", "and", "+", "attack", "with"}
_PASS_WORDS = {"pass", "nashi", "なし", "p", "-"}
_CONTINUE_WORDS = {"continue", "play", "zokko", "zokkō", "続行", "play on"}
_REDEAL_WORDS = {"redeal", "haishi", "kubarinaoshi", "配り直し"}


def _tokens(text: str) -> list[str]:
    spaced = text.replace("↓", " ↓ ")
    for word in ("伏せ", "受け", "攻め"):
        spaced = spaced.replace(word, f" {word} ")
    out: list[str] = []
    for raw in re.split(r"[\s,;/]+", spaced.strip().lower()):
        if raw and all(ch in GLYPHS for ch in raw):
            out.extend(raw)
        elif raw:
            out.append(raw)
    return out


def _bad(text: str) -> IllegalAction:
    return IllegalAction(
        "goita.bad_action", "“{text}” is not a Goita move. Try “pass”, “lead gon kin” or “block kin gin”.",
        text=text,
    )


def parse_action(text: str) -> Action:
    """Read what a player typed; the inverse of ``format_action``."""
    whole = " ".join(text.strip().lower().split())
    if whole in _PASS_WORDS:
        return PASS
    if whole in _CONTINUE_WORDS:
        return CONTINUE
    if whole in _REDEAL_WORDS:
        return REDEAL
    words = _tokens(text)
    if len(words) == 2 and words[0] in ("point", "offset"):
        try:
            number = int(words[1])
        except ValueError:
            raise _bad(text) from None
        if words[0] == "point":
            if not 1 <= number <= 32:
                raise IllegalAction("goita.bad_point", "Point at a piece numbered 1 to 32.")
            return Point(number)
        if not -2 <= number <= 2:
            raise IllegalAction("goita.bad_offset", "The offset must be between -2 and +2.")
        return Offset(number)
    lead: bool | None = None
    if words and words[0] in _LEAD_WORDS:
        lead, words = True, words[1:]
    elif words and words[0] in _BLOCK_WORDS:
        lead, words = False, words[1:]
    pieces = [w for w in words if w not in _FILLER]
    if len(pieces) != 2:
        raise _bad(text)
    first, attack = parse_piece(pieces[0]), parse_piece(pieces[1])
    if lead is None:
        raise IllegalAction(
            "goita.need_verb", "Say whether you lead or block: “lead {first} {attack}” or “block {first} {attack}”.",
            first=IDS[first], attack=IDS[attack],
        )
    return PLAYS[lead][first][attack]


def format_action(action: Action) -> str:
    """The notation of an action: ``str(action)``."""
    return str(action)


__all__ = ["GLYPHS", "format_action", "format_piece", "parse_action", "parse_piece"]
