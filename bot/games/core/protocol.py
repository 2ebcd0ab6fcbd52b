"""The engine contract every game package implements (see DESIGN.md).

A game package ``bot/games/<id>/`` exposes module-level names matching
``GameModule`` below; ``bot.games.GAMES`` holds each game's record and
``bot.games.registry.engine(id)`` its package, so the Discord layer, the renderer,
storage and benchmarks treat all games alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .events import Event
from .timing import Timing


@dataclass(frozen=True)
class Option:
    """One variant option: its default and the values a host may pick.

    ``choices`` lists allowed values for a closed set; ``None`` with an ``int``
    default means any integer in ``[minimum, maximum]``.
    """

    default: Any
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, name: str, value: Any) -> Any:
        """The value if allowed, else ``ValueError`` naming the option."""
        if self.choices is not None:
            if value not in self.choices:
                raise ValueError(f"option {name!r} must be one of {list(self.choices)}, not {value!r}")
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {name!r} must be true or false, not {value!r}")
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {name!r} must be a whole number, not {value!r}")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise ValueError(f"option {name!r} must be between {self.minimum} and {self.maximum}")
            return value
        return value


def resolve_options(spec: Mapping[str, Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in, unknown names and bad values refused with ``ValueError``."""
    given = dict(given or {})
    unknown = sorted(set(given) - set(spec))
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(unknown)}")
    return {name: opt.check(name, given[name]) if name in given else opt.default for name, opt in spec.items()}


def apply_presets(info: GameInfo, given: Mapping[str, Any] | None) -> tuple[dict[str, Any], list[str]]:
    """Every option's value with presets applied, and the keys the host set against the chosen preset.

    A preset option's value fills in the keys of its table that the host did not set; a key the host
    set to another value than the preset's is kept and named in the second list ("matgo (modified)").
    Unknown names and bad values are refused with ``ValueError`` as in ``resolve_options``.
    """
    given = dict(given or {})
    resolved = resolve_options(info.options, given)
    overridden: list[str] = []
    for name, tables in info.presets.items():
        table = tables.get(resolved[name], {})
        for key, value in table.items():
            if key not in given:
                resolved[key] = value
            elif given[key] != value:
                overridden.append(key)
    return resolved, overridden


def set_by_preset(info: GameInfo, given: Mapping[str, Any], key: str) -> str | None:
    """The preset option (its value) that fixes ``key`` for these host choices, None when none does or the
    host set ``key`` himself."""
    if key in given:
        return None
    for name, tables in info.presets.items():
        value = given.get(name, info.options[name].default)
        if key in tables.get(value, {}):
            return str(value)
    return None


@dataclass(frozen=True)
class GameInfo:
    """What the lobby needs to know before a game exists."""

    id: str
    min_seats: int
    max_seats: int
    options: Mapping[str, Option]
    #: seats -> team number for each seat, or None when this seat count has no teams.
    team_of: Callable[[int, Mapping[str, Any]], list[int] | None] | None = None
    #: presets: option name -> one of its values -> the other options that value sets (Go-Stop's
    #: ``preset = "matgo"``, rules §10A). A key the host sets himself overrides the preset's value.
    presets: Mapping[str, Mapping[Any, Mapping[str, Any]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Tally:
    """One kind of card or piece in a seat's count of what is still out (issue #45), computed from that seat's
    view only: how many the rules say exist and where the seat has seen them. ``played``: face up on the table,
    played or captured; ``mine``: in the seat's own hand; ``known``: seen elsewhere (a hand shown or exposed,
    the layout); ``unseen`` is the rest (other hands, the stock). ``places`` names where each card is, when the
    game counts single cards (Go-Stop: ``("table", ids)``, ``("captured:2", ids)``, ``("unseen", ids)``);
    ``sets`` the scoring sets this kind could still give the seat. ``name_key`` is the catalog key that names the
    kind ("goita.piece.kin"; empty: the kind is written as is, "RJ"); a card id in ``places`` is named by the
    catalog key ``<game>.count.card.<id>``."""

    kind: str
    total: int
    name_key: str = ""
    played: int = 0
    mine: int = 0
    known: int = 0
    places: tuple[tuple[str, tuple[str, ...]], ...] = ()
    sets: tuple[str, ...] = ()

    @property
    def unseen(self) -> int:
        return self.total - self.played - self.mine - self.known


@dataclass
class Result:
    """Where a game stands. ``places[seat]`` is 1 for the winner (ties allowed).

    ``points`` are match points per seat (a team game gives each member the team's
    points); ``team_points`` by team number when the game has teams. For a game not
    yet finished, ``finished`` is False and the fields show the running score.
    """

    finished: bool
    places: dict[int, int] = field(default_factory=dict)
    points: dict[int, int] = field(default_factory=dict)
    team_points: dict[int, int] | None = None
    teams: dict[int, int] | None = None
    summary: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Reason:
    """One part of why a computer player chose its move: a catalog key under ``hints.<game>.`` and its
    arguments. The engine names what it weighed; the Discord layer writes it in the reader's language
    (an argument named ``card``/``cards``/``piece``/``pieces`` holds engine ids the catalog names)."""

    key: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **args: Any) -> Reason:
        return cls(key, tuple(sorted(args.items())))


@dataclass(frozen=True)
class Choice:
    """A computer player's move and the reasons it weighed, most important first (a hint shows them as
    one line; a practice table says them after a computer's move)."""

    action: Any
    reasons: tuple[Reason, ...] = ()


class GameModule(Protocol):
    """The names a game package exports."""

    INFO: GameInfo
    #: the decisions part of the contract: the game's table rules (``timing.py``)
    TIMING: Timing
    #: the game's words grouped by the term that explains them (``glossary.py``; issue #45)
    TERMS: Mapping[str, tuple[str, ...]]

    def new_game(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> Any: ...
    def new_game_with_events(self, seats: int, seed: int, options: Mapping[str, Any] | None = None,
                             ) -> tuple[Any, list[Event]]: ...
    def legal_actions(self, state: Any, seat: int) -> list[Any]: ...
    def apply(self, state: Any, seat: int, action: Any) -> list[Event]: ...
    def to_act(self, state: Any) -> set[int]: ...
    def view(self, state: Any, seat: int | None) -> Any: ...
    #: what is still out, from a view only (issue #45): one ``Tally`` per kind, in the order a player reads them
    def count(self, view: Any) -> tuple[Tally, ...]: ...
    def result(self, state: Any) -> Result: ...
    def parse_action(self, text: str) -> Any: ...
    def format_action(self, action: Any) -> str: ...
    def state_from_dict(self, data: dict[str, Any]) -> Any: ...
    def choose_action(
        self, view: Any, legal: Sequence[Any], level: str, rng: random.Random,
        budget_s: float | None = None, search: int | None = None,
    ) -> Any: ...
    def choose_with_reason(
        self, view: Any, legal: Sequence[Any], level: str, rng: random.Random,
        budget_s: float | None = None, search: int | None = None,
    ) -> Choice:
        """``choose_action``'s move (the same for the same arguments) and why; ``search`` fixes the amount of
        search (imagined deals) instead of a time budget, so a test's answer does not depend on the machine."""
        ...
