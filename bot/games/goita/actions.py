"""Goita actions and their text notation.

``lead gon kin`` (伏せ gon face down, attack kin), ``block kin gin`` (受け kin, attack gin),
``pass`` (なし), ``continue`` / ``redeal`` (the five-pawn decision, R5.6), and for the
dealing ritual (V2) ``point 17`` and ``offset +1``. Kanji and English names are accepted:
``↓香金``, ``fuse gon seme kin``, ``uke 金 銀``, ``なし``.

>>> str(parse_action("↓香 金")), str(parse_action("UKE kin, gin")), str(parse_action("nashi"))
('lead gon kin', 'block kin gin', 'pass')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.core import IllegalAction

from .pieces import GLYPHS, IDS, NUM_PIECES, parse_piece


@dataclass(frozen=True, slots=True)
class Play:
    """Two pieces: ``first`` (face down when ``lead``, else the block) then the ``attack``."""

    first: int
    attack: int
    lead: bool

    @property
    def kind(self) -> str:
        return "lead" if self.lead else "block"

    def __str__(self) -> str:
        return f"{'lead' if self.lead else 'block'} {IDS[self.first]} {IDS[self.attack]}"


@dataclass(frozen=True, slots=True)
class Pass:
    """なし: a responder plays nothing."""

    @property
    def kind(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Decide:
    """The partner's answer to five pawns (R5.6/R5.7): play on, or redeal."""

    redeal: bool

    @property
    def kind(self) -> str:
        return "redeal" if self.redeal else "continue"

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Point:
    """Dealing ritual (V2): the dealer's right-hand opponent points at ring piece 1..32."""

    index: int

    @property
    def kind(self) -> str:
        return "point"

    def __str__(self) -> str:
        return f"point {self.index}"


@dataclass(frozen=True, slots=True)
class Offset:
    """Dealing ritual (V2): the dealer takes the piece ``shift`` places from the pointed one."""

    shift: int

    @property
    def kind(self) -> str:
        return "offset"

    def __str__(self) -> str:
        return f"offset {self.shift:+d}"


Action = Play | Pass | Decide | Point | Offset

PASS = Pass()
CONTINUE = Decide(False)
REDEAL = Decide(True)
#: every Play made once: ``PLAYS[lead][first][attack]`` (legal_actions only picks from it).
PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(Play(f, a, bool(lead)) for a in range(NUM_PIECES)) for f in range(NUM_PIECES))
    for lead in (0, 1)
)

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
