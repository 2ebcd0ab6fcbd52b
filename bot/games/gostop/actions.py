"""Go-Stop moves (rules §13.8): one small immutable value per move; its ``str`` is its notation.

>>> str(Action("bomb", month=7)), str(Action("go"))
('bomb 7', 'go')
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import IDS

#: Every action kind, in the order a menu shows them.
KINDS = ("play", "take", "shake", "bomb", "grenade", "chongtong", "flip", "go", "stop", "join", "sit", "give", "offer",
         "accept", "reject")
#: kinds written with a month: ``bomb 7``
MONTH_KINDS = ("shake", "bomb", "grenade", "chongtong")


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``card``/``target`` are card ints (-1 = none), ``month`` 1..12 for shake/bomb.

    - ``play``: play ``card`` from the hand; ``target`` picks one of two layout cards (R4.4, k=2);
    - ``take``: pick one of two layout cards for a joker's replacement or the flipped card;
    - ``shake`` / ``bomb``: declare or bomb the triple of ``month`` (R4.2, R4.5);
    - ``grenade``: the two-card bomb of ``month`` (R10A.M11); ``chongtong``: declare the four of ``month``
      that the card drawn for a joker completed (R10A.M12);
    - ``flip``: flip only, using a pass credit (R4.6);
    - ``go`` / ``stop`` (R7.3); ``join`` / ``sit``: play or sit out a gwangpalli round (R9.3);
    - ``give``: hand over ``card`` (and ``target``, a second card) in a junk steal (``steal_choice = "ask"``);
    - ``offer`` / ``accept`` / ``reject``: syodang, showing the hand to offer a nagari (O-2).
    """

    kind: str
    card: int = -1
    target: int = -1
    month: int = 0

    def __str__(self) -> str:
        """The notation of this move: ``play m08-bright m08-junk1``, ``take m03-junk2``, ``bomb 7``
        (``notation.parse_action`` reads it back)."""
        kind = self.kind
        if kind in ("play", "give"):
            return f"{kind} {IDS[self.card]} {IDS[self.target]}" if self.target >= 0 else f"{kind} {IDS[self.card]}"
        if kind == "take":
            return f"take {IDS[self.card]}"
        if kind in MONTH_KINDS:
            return f"{kind} {self.month}"
        return kind


FLIP = Action("flip")
GO = Action("go")
STOP = Action("stop")
JOIN = Action("join")
SIT = Action("sit")
OFFER = Action("offer")
ACCEPT = Action("accept")
REJECT = Action("reject")


__all__ = ["ACCEPT", "FLIP", "GO", "JOIN", "KINDS", "MONTH_KINDS", "OFFER", "REJECT", "SIT", "STOP", "Action"]
