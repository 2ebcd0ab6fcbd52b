"""The 32 Goita pieces as small ints (their text notation is in ``notation``).

Codes follow table order (R1.4), so sorting codes sorts a hand: 王 0, 玉 1, 飛 2, 角 3,
金 4, 銀 5, 馬 6, 香 7, し 8. 王 and 玉 are one *type* (R1.2); ``TYPE`` maps both to 0.
"""

from __future__ import annotations

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


def can_block(block: int, attack: int) -> bool:
    """R6.7/R6.8: may ``block`` answer ``attack``?"""
    return block in BLOCKERS[attack]
