"""Gou Ji sets and actions, and the text a player types for them (rules §6.1, notation §0).

A set is a rank multiset (R2.5: suits never matter in play): one natural rank
with a count, plus 2s, black jokers and red jokers. ``str`` prints the rules
file's notation and ``parse_action`` reads it back, also forgiving forms:

>>> str(parse_play("q22")), str(parse_play("2 2 q")), str(parse_play("RJ-7-7"))
('Q-2-2', 'Q-2-2', '7-7-RJ')
>>> parse_action(format_action(ShaoPai(parse_play("A-A")))) == ShaoPai(parse_play("A-A"))
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from bot.games.core import IllegalAction

TWO, BJ, RJ = 15, 16, 17
NATURALS = range(3, 15)
RANK_TEXT = {3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
             11: "J", 12: "Q", 13: "K", 14: "A", 15: "2", 16: "BJ", 17: "RJ"}
_TOKEN_RANK = {text: rank for rank, text in RANK_TEXT.items()} | {"T": 10, "B": 16, "R": 17}
SEAT_LETTERS = "ABCDEF"
#: the smallest size at which a natural rank is Gou Ji-level (R7.1)
GOUJI_NEED = {10: 5, 11: 4, 12: 3, 13: 2, 14: 2}


@dataclass(frozen=True, slots=True)
class Play:
    """One set (R6.1): ``rank`` is its natural rank (0 for wild cards only)."""

    rank: int
    naturals: int
    twos: int = 0
    bj: int = 0
    rj: int = 0
    size: int = field(init=False, compare=False, repr=False)
    level: int = field(init=False, compare=False, repr=False)
    gouji: bool = field(init=False, compare=False, repr=False)
    text: str = field(init=False, compare=False, repr=False)
    kind: ClassVar[str] = "play"

    def __post_init__(self) -> None:
        size = self.naturals + self.twos + self.bj + self.rj
        if self.rank:
            level = self.rank
        elif self.twos:
            level = 15
        else:
            level = 17 if self.rj else 16
        if self.bj or self.rj or not self.rank:
            gouji = True
        else:
            need = GOUJI_NEED.get(self.rank)
            gouji = need is not None and size >= need
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "gouji", gouji)
        object.__setattr__(self, "text", "-".join(RANK_TEXT[r] for r in self.ranks()))

    def beats(self, old: Play) -> bool:
        """R6.9: same size, nothing beats a red joker, enough red jokers for the black ones, higher level."""
        return (self.size == old.size and old.rj == 0 and self.rj >= old.bj and self.level > old.level)

    @property
    def key(self) -> tuple[int, int, int, int, int]:
        return (self.rank, self.naturals, self.twos, self.bj, self.rj)

    def ranks(self) -> list[int]:
        """The cards as ranks, naturals first: ``[12, 15, 15]`` for ``Q-2-2``."""
        return [self.rank] * self.naturals + [TWO] * self.twos + [BJ] * self.bj + [RJ] * self.rj

    def __str__(self) -> str:
        return self.text


_PLAYS: dict[tuple[int, int, int, int, int], Play] = {}


def make_play(rank: int, naturals: int, twos: int = 0, bj: int = 0, rj: int = 0) -> Play:
    """The shared (interned) Play for a multiset; fast enough for move generation."""
    key = (rank if naturals else 0, naturals, twos, bj, rj)
    play = _PLAYS.get(key)
    if play is None:
        play = _PLAYS[key] = Play(*key)
    return play


def play_from_ranks(ranks: list[int]) -> Play:
    """A set from its cards as ranks; two natural ranks are refused (R6.1)."""
    naturals = [r for r in ranks if r < TWO]
    if not ranks:
        raise IllegalAction("gouji.empty_set", "Choose at least one card.")
    if len(set(naturals)) > 1:
        raise IllegalAction("gouji.two_ranks",
                            "A set may hold only one natural rank ({cards}); 2s and jokers may join any set.",
                            cards=" ".join(RANK_TEXT[r] for r in sorted(set(naturals))))
    rank = naturals[0] if naturals else 0
    return make_play(rank, len(naturals), ranks.count(TWO), ranks.count(BJ), ranks.count(RJ))


def rank_text(rank: int) -> str:
    return RANK_TEXT[rank]


def parse_ranks(text: str) -> list[int]:
    """Card ranks from ``"Q-2-2"``, ``"QQ22"``, ``"q 2 2"``, ``"10 10"``, ``"bj rj"``."""
    raw = text.upper().replace("-", " ").replace(",", " ").replace("+", " ")
    out: list[int] = []
    for word in raw.split():
        i = 0
        while i < len(word):
            if word.startswith("10", i):
                out.append(10)
                i += 2
                continue
            two = word[i:i + 2]
            if two in ("BJ", "RJ"):
                out.append(_TOKEN_RANK[two])
                i += 2
                continue
            rank = _TOKEN_RANK.get(word[i])
            if rank is None:
                raise IllegalAction("gouji.bad_cards", "“{text}” is not a set of cards (try Q-2-2 or QQ22).",
                                    text=text.strip())
            out.append(rank)
            i += 1
    return out


def parse_play(text: str) -> Play:
    """A set in notation (R6.1)."""
    return play_from_ranks(parse_ranks(text))


@dataclass(frozen=True, slots=True)
class ShaoPai:
    """Claim Shao Pai and play ``play`` on the duel set (R8.4)."""

    play: Play
    kind: ClassVar[str] = "shao_pai"

    def __str__(self) -> str:
        return f"shao {self.play}"


@dataclass(frozen=True, slots=True)
class Decision:
    """An action without arguments: ``pass``, ``ready``, ``ge_ming``, ``agree`` … (see ``DECISIONS``)."""

    kind: str

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class AskCount:
    """Ask ``target`` how many cards he holds (R9.3)."""

    target: int
    kind: ClassVar[str] = "ask_count"

    def __str__(self) -> str:
        return f"ask {SEAT_LETTERS[self.target]}"


@dataclass(frozen=True, slots=True)
class Choose:
    """Endgame (R9.6.3): the team names ``target`` to fill its slot."""

    target: int
    kind: ClassVar[str] = "choose"

    def __str__(self) -> str:
        return f"choose {SEAT_LETTERS[self.target]}"


@dataclass(frozen=True, slots=True)
class Return:
    """The cards a tribute receiver gives back (R5.4), as ranks in ascending order."""

    ranks: tuple[int, ...]
    kind: ClassVar[str] = "return"

    def __str__(self) -> str:
        return "return " + " ".join(RANK_TEXT[r] for r in self.ranks)


Action = Play | ShaoPai | Decision | AskCount | Choose | Return

#: every Decision kind with the words a player may type for it
DECISIONS: dict[str, tuple[str, ...]] = {
    "pass": ("pass", "p", "guo", "guo le", "guo pai"),
    "ready": ("ready",),
    "ge_ming": ("ge_ming", "ge ming", "gm", "revolution"),
    "agree": ("agree", "yes"),
    "object": ("object", "no"),
    "insist": ("insist",),
    "withdraw": ("withdraw",),
    "show_threes": ("show_threes", "show threes", "show 3s"),
    "keep_threes": ("keep_threes", "keep threes", "keep 3s", "keep"),
    "swap": ("swap",),
    "no_swap": ("no_swap", "no swap"),
    "pay": ("pay", "pay anyway"),
    "skip": ("skip",),
    "jie_fang": ("jie_fang", "jie fang", "liberate"),
    "rang_pai": ("rang_pai", "rang pai", "xian rang rang"),
    "rang_accept": ("rang_accept", "pass as asked"),
    "rang_decline": ("rang_decline", "decline"),
    "show_partners": ("show_partners", "show partners", "show"),
    "expose": ("expose", "tiao pai", "tiao_pai"),
}
_DECISION_WORDS = {word: kind for kind, words in DECISIONS.items() for word in words}


def _seat(text: str) -> int:
    word = text.strip().upper()
    if len(word) == 1 and word in SEAT_LETTERS:
        return SEAT_LETTERS.index(word)
    if word.isdigit() and int(word) < 6:
        return int(word)
    raise IllegalAction("gouji.bad_seat", "“{text}” is not a seat (A to F).", text=text.strip())


def format_action(action: Action) -> str:
    """The notation of an action; ``parse_action`` reads it back."""
    return str(action)


def parse_action(text: str) -> Action:
    """An action from what a player types: ``Q-2-2``, ``pass``, ``shao A-A``, ``ask D``, ``return 3 4``."""
    words = " ".join(text.strip().lower().replace("_", " ").split())
    kind = _DECISION_WORDS.get(words) or _DECISION_WORDS.get(words.replace(" ", "_"))
    if kind is not None:
        return Decision(kind)
    head, _, rest = words.partition(" ")
    if head in ("shao", "shaopai") or words.startswith("shao pai "):
        rest = words[len("shao pai "):] if words.startswith("shao pai ") else rest
        return ShaoPai(parse_play(rest))
    if head == "ask":
        return AskCount(_seat(rest))
    if head == "choose":
        return Choose(_seat(rest))
    if head == "return":
        ranks = parse_ranks(rest)
        if not ranks:
            raise IllegalAction("gouji.empty_set", "Choose at least one card.")
        return Return(tuple(sorted(ranks)))
    if not words:
        raise IllegalAction("gouji.empty_set", "Choose at least one card.")
    return parse_play(words)
