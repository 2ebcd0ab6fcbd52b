"""The moves of Zheng Shangyou: a play (cards, and the reading a lead names), a pass, and the four
steps of the card exchange. Their text (``7♠ 2♥ 2♦``, ``9♠ BJ RJ as run``, ``pass``, ``tribute A♦``) is
``notation.py``'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.core import Card


@dataclass(frozen=True, slots=True)
class Play:
    """Play these cards. ``as_`` names the reading when a lead has several (R5.6.2)."""

    cards: tuple[Card, ...]
    as_: str | None = None

    @property
    def kind(self) -> str:
        return "play"


_set_cards = Play.__dict__["cards"].__set__
_set_as = Play.__dict__["as_"].__set__
_new_object = object.__new__


def new_play(cards: tuple[Card, ...], as_: str | None = None) -> Play:
    """``Play(cards, as_)`` for the engine's hot path: the frozen dataclass's ``__init__`` costs
    two ``object.__setattr__`` calls, filling the slots directly about half as much."""
    play: Play = _new_object(Play)
    _set_cards(play, cards)
    _set_as(play, as_)
    return play


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to play this turn (R6.4)."""

    @property
    def kind(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Tribute:
    """A pit player puts up their highest card (R8.2)."""

    card: Card

    @property
    def kind(self) -> str:
        return "tribute"


@dataclass(frozen=True, slots=True)
class TakeTribute:
    """1st place picks one of the two tribute cards (R8.3)."""

    card: Card

    @property
    def kind(self) -> str:
        return "take_tribute"


@dataclass(frozen=True, slots=True)
class Return:
    """1st or 2nd place gives back any card (R8.4)."""

    card: Card

    @property
    def kind(self) -> str:
        return "return"


@dataclass(frozen=True, slots=True)
class TakeReturn:
    """The second-to-last picks one of the two returned cards (R8.5)."""

    card: Card

    @property
    def kind(self) -> str:
        return "take_return"


Action = Play | Pass | Tribute | TakeTribute | Return | TakeReturn
