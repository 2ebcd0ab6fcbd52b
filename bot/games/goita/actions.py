"""Goita's actions: a lead or block (``Play``), a pass, the five-pawn decision, the dealing ritual.

Each one's ``str`` is its notation (``lead gon kin``, ``block kin gin``, ``pass``, ``continue``,
``point 17``, ``offset +1``); ``notation`` reads what a player types back into these.
"""

from __future__ import annotations

from dataclasses import dataclass

from .pieces import IDS, NUM_PIECES


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
