"""A running game: its engine and its state bound together, the one door the table has to the rules.

The Discord layer holds one ``LiveGame`` per running game and asks it everything: views, legal moves,
the engine's ``apply``, the result, and the decisions of the game's ``timing.py``. It never reads the
state itself, so a hand cannot reach a message by accident, and the engine is looked up once per game
rather than at every step of a click.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from . import record
from .core import Choice, Event, GameModule, Result
from .core.timing import Timing
from .registry import engine


class LiveGame:
    """One game's engine, timing rules and state; views are made once per version of the state."""

    __slots__ = ("_views", "engine", "game", "state", "timing")

    def __init__(self, game: str, state: Any) -> None:
        self.game = game
        self.engine: GameModule = engine(game)
        self.timing: Timing = self.engine.TIMING
        #: the engine's state: only the engine's functions (through the methods below) read or change it
        self.state = state
        self._views: tuple[int, dict[int | None, Any]] = (-1, {})

    @classmethod
    def start(cls, game: str, seats: int, seed: int, options: Mapping[str, Any] | None = None,
              ) -> tuple[LiveGame, list[Event]]:
        """A new game and what its setup announced (a first deal's special hands, a void deal, the draw):
        every game starts this one way, so the first deal's events reach the table like any later deal's."""
        record(game)  # only the games of the record
        state, events = engine(game).new_game_with_events(seats, seed, options)
        return cls(game, state), events

    @classmethod
    def from_dict(cls, game: str, data: dict[str, Any]) -> LiveGame:
        return cls(game, engine(game).state_from_dict(data))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = self.state.to_dict()
        return data

    # ------------------------------------------------------------------ the engine contract

    @property
    def version(self) -> int:
        """Raised by every change of the state: a click names the version it was drawn at."""
        return int(self.state.version)

    def to_act(self) -> set[int]:
        return set(self.engine.to_act(self.state))

    def also_deciding(self) -> set[int]:
        """The rules' deciders besides ``to_act`` (a claim window). Some may hold a hidden right to act (Gou Ji:
        who could claim Shao Pai), so the table asks only computer seats among them and pings nobody for it."""
        return self.timing.deciders(self.state)

    def legal(self, seat: int) -> list[Any]:
        return self.engine.legal_actions(self.state, seat)

    def apply(self, seat: int, action: Any) -> list[Event]:
        """The move through the engine (``IllegalAction``, and nothing changed, when it is not legal)."""
        return self.engine.apply(self.state, seat, action)

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may see now (None: what everyone sees), made once per version: the panel, its picture,
        the table, the controls and the computers all read it after each move. Views are frozen."""
        version, made = self._views
        now = self.state.version
        if version != now:
            made = {}
            self._views = (now, made)
        if seat not in made:
            made[seat] = self.engine.view(self.state, seat)
        return made[seat]

    def result(self) -> Result:
        return self.engine.result(self.state)

    @property
    def finished(self) -> bool:
        return self.result().finished

    def choose(self, seat: int, legal: Sequence[Any], level: str, rng: random.Random) -> Any:
        """The computer player's move for ``seat``, from that seat's view only (slow: run it off the loop)."""
        return self.engine.choose_action(self.view(seat), legal, level, rng)

    def choose_with_reason(self, seat: int, legal: Sequence[Any], level: str, rng: random.Random,
                           search: int | None = None) -> Choice:
        """The computer player's move for ``seat`` and why, from that seat's view only (slow: run it off the
        loop): a hint is the hard player's choice for the asking seat; ``search`` fixes the amount of search."""
        return self.engine.choose_with_reason(self.view(seat), legal, level, rng, search=search)

    # ------------------------------------------------------------------ the decisions (``timing.py``)

    def away_after(self) -> int:
        return self.timing.away_after(self.state)

    def away_grace(self) -> float | None:
        return self.timing.away_grace(self.state)

    def window(self, seat: int) -> float | None:
        return self.timing.window(self.state, seat)

    def window_key(self, seat: int) -> Hashable:
        return self.timing.window_key(self.state, seat)

    def reminder(self, window: float) -> float | None:
        return self.timing.reminder(self.state, window)

    def timeout_outcome(self, seat: int) -> str:
        return self.timing.timeout_outcome(self.state, seat)

    def timeout_action(self, seat: int, legal: Sequence[Any]) -> Any | None:
        return self.timing.timeout_action(self.state, seat, legal)

    def made_for(self, seat: int, legal: Sequence[Any]) -> Any | None:
        return self.timing.made_for(self.state, seat, legal)

    def computer_action(self, seat: int, legal: Sequence[Any]) -> Any | None:
        return self.timing.computer_action(self.state, seat, legal)

    def seat_changed(self) -> list[Event]:
        return self.timing.seat_changed(self.state)


#: the action log's entry for a seat that changed hands (``(seat, SEAT_CHANGED)``): not a move, but Gou Ji's
#: rules change the game when it happens (R4.1 b, §13.8: the next hand is fresh), so a replay must do it too
SEAT_CHANGED = "seat changed"


def replay_entry(mod: GameModule, state: Any, seat: int, text: str) -> list[Event]:
    """One entry of a game's action log applied to ``state``: a move, or a seat that changed hands."""
    if text == SEAT_CHANGED:
        return mod.TIMING.seat_changed(state)
    return mod.apply(state, seat, mod.parse_action(text))


__all__ = ["SEAT_CHANGED", "LiveGame", "replay_entry"]
