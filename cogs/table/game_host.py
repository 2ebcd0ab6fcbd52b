"""The game layer as the plain classes around it see it: the serialized path and the registry of games.

The cog (``cogs/games.py``) implements it; the lobby desk, the table message, the turn clock,
the hand panel and the computer players each get it at construction, so none of them imports
the cog (no import circle) and each reads as its own concern.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Sequence
from typing import Any, Protocol

from bot.app import TeahouseBot
from bot.games.core import Event

from .controls import TableActions
from .session import GameSession


class GameHost(TableActions, Protocol):
    """Every change to a game passes through these, on the game's lock (``session.lock``)."""

    bot: TeahouseBot
    sessions: dict[int, GameSession]

    def spawn(self, registry: dict[int, asyncio.Task[None]], session: GameSession,
              coro: Coroutine[Any, Any, None]) -> None:
        """Run one background task of this kind per game (a second while the first runs is dropped)."""

    def game_of(self, guild_id: int | None, user_id: int) -> GameSession | None:
        """The lobby or game this member sits in on this server."""

    def apply(self, session: GameSession, seat: int, action: Any) -> list[Event]:
        """The engine's move and the session's record of it (the caller holds the game's lock)."""

    def record_events(self, session: GameSession, events: Sequence[Event]) -> None:
        """Events in words: table lines, private notes, a hand's end."""

    def after_change(self, session: GameSession, events: Sequence[Event] = ()) -> None:
        """After a committed change: the table, the clock and the computers are scheduled."""

    def deciders(self, session: GameSession) -> set[int]:
        """Seats that may act now."""

    def waiting_humans(self, session: GameSession) -> set[int]:
        """People whose decision the game waits for."""

    async def commit(self, session: GameSession) -> None:
        """Save computer moves not yet saved (before anything shows them)."""

    async def computer_move(self, session: GameSession, seat: int, level: str, *, timed_out: bool = False) -> None:
        """A computer's (or the timeout rules') decision for ``seat``."""

    def driver(self, session: GameSession) -> asyncio.Task[None] | None:
        """The task moving this game's computer players, if one runs."""

    async def turn_shown(self, session: GameSession, seats: set[int]) -> None:
        """The table is about to show these people their decision: their time runs from now (saved, when that
        moved their deadline: a restart keeps the deadline the table shows)."""

    def live_panel(self, session: GameSession, user_id: int) -> bool:
        """Whether this person keeps a live hand panel of the game open (they are at the table)."""

    def follow_panels(self, session: GameSession) -> None:
        """The game changed: live hand panels show the latest state soon."""

    async def thread_lost(self, session: GameSession, code: int) -> None:
        """The game's thread is gone: the game ends, the channel is told."""
