"""French-suited cards shared by the climbing games (Zheng Shangyou, Gou Ji).

Ranks are numbers so they compare directly: 3..10, J=11, Q=12, K=13, A=14,
2=15, black joker BJ=16, red joker RJ=17. Suits are ``"S" "H" "D" "C"``; jokers
have none. Identical cards from several packs are equal values.

>>> Card.parse("10h")
Card(rank=10, suit='H')
>>> str(Card.parse("qs")), str(Card.parse("RJ"))
('Q♠', 'RJ')
>>> Card.parse(str(Card(15, "D"))) == Card(15, "D")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalAction

RANK_NAMES: dict[int, str] = {
    3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K", 14: "A", 15: "2", 16: "BJ", 17: "RJ",
}
RANK_VALUES: dict[str, int] = {name: value for value, name in RANK_NAMES.items()}
RANK_VALUES.update({"T": 10, "1": 14})
BLACK_JOKER = 16
RED_JOKER = 17
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
RED_SUITS = frozenset({"H", "D"})


def rank_name(rank: int) -> str:
    """``rank_name(12) == "Q"``."""
    return RANK_NAMES[rank]


def parse_rank(text: str) -> int:
    """A rank from what a player types: ``"q"``, ``"10"``, ``"T"``, ``"bj"``."""
    value = RANK_VALUES.get(text.strip().upper())
    if value is None:
        raise IllegalAction("core.bad_rank", "“{text}” is not a card rank.", text=text)
    return value


@dataclass(frozen=True, order=True)
class Card:
    """One card; ``suit`` is ``None`` for a joker."""

    rank: int
    suit: str | None = None

    @property
    def is_joker(self) -> bool:
        return self.rank >= BLACK_JOKER

    @property
    def is_red(self) -> bool:
        return self.rank == RED_JOKER or self.suit in RED_SUITS

    def __str__(self) -> str:
        if self.suit is None:
            return RANK_NAMES[self.rank]
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def ascii(self) -> str:
        """The card in plain letters, for ids and custom_ids: ``"10H"``, ``"BJ"``."""
        return RANK_NAMES[self.rank] + (self.suit or "")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"7♠"``, ``"7s"``, ``"10H"``, ``"BJ"``, ``"rj"``."""
        raw = text.strip()
        upper = raw.upper()
        if upper in ("BJ", "RJ"):
            return cls(RANK_VALUES[upper])
        if len(raw) >= 2:
            suit = SYMBOL_SUITS.get(raw[-1]) or (upper[-1] if upper[-1] in SUITS else None)
            if suit is not None:
                rank = parse_rank(raw[:-1])
                if rank < BLACK_JOKER:
                    return cls(rank, suit)
        raise IllegalAction("core.bad_card", "“{text}” is not a card.", text=text)


def full_deck(packs: int = 1) -> list[Card]:
    """``packs`` standard 54-card packs, in a fixed order (shuffle it yourself)."""
    one = [Card(rank, suit) for suit in SUITS for rank in range(3, 16)]
    one += [Card(BLACK_JOKER), Card(RED_JOKER)]
    return one * packs
