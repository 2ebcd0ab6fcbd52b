"""The 32 Goita pieces as small ints, with their notation (romaji ids, kanji accepted).

Codes follow table order (R1.4), so sorting codes sorts a hand: 王 0, 玉 1, 飛 2, 角 3,
金 4, 銀 5, 馬 6, 香 7, し 8. 王 and 玉 are one *type* (R1.2); ``TYPE`` maps both to 0.

>>> parse_piece("金"), format_piece(4), parse_piece("Gold")
(4, 'kin', 4)
"""

from __future__ import annotations

from bot.games.core import IllegalAction

OU, GYOKU, HISHA, KAKU, KIN, GIN, BAKKO, GON, SHI = range(9)
NUM_PIECES = 9
KINGS = (OU, GYOKU)

IDS = ("ou", "gyoku", "hisha", "kaku", "kin", "gin", "bakko", "gon", "shi")
KANJI = ("王", "玉", "飛", "角", "金", "銀", "馬", "香", "し")
ENGLISH = ("King", "King", "Rook", "Bishop", "Gold", "Silver", "Knight", "Lance", "Pawn")
VALUE = (50, 50, 40, 40, 30, 30, 20, 20, 10)
#: piece -> type (王 and 玉 share type 0); other pieces are their own type.
TYPE = (0, 0, 2, 3, 4, 5, 6, 7, 8)
#: copies of each piece in the set (R1.1): 32 in all.
COPIES = (1, 1, 2, 2, 4, 4, 4, 4, 10)
SET: tuple[int, ...] = tuple(p for p in range(NUM_PIECES) for _ in range(COPIES[p]))

#: attack piece -> the pieces that may block it (R6.7); nothing blocks a king (R6.8).
BLOCKERS: tuple[tuple[int, ...], ...] = (
    (), (),
    (HISHA, OU, GYOKU), (KAKU, OU, GYOKU), (KIN, OU, GYOKU), (GIN, OU, GYOKU), (BAKKO, OU, GYOKU),
    (GON,), (SHI,),
)

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


def can_block(block: int, attack: int) -> bool:
    """R6.7/R6.8: may ``block`` answer ``attack``?"""
    return block in BLOCKERS[attack]
