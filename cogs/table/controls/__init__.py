"""Game-specific controls on top of the generic spine.

The spine (``cogs/games.py``, ``cogs/table/messages.py``) offers every legal action as a
button or select option, which is enough for a simple game. A game whose rules file asks
for more (a card composer, public buttons such as "Ask count", claims by seats that are
not on turn) has a module here exporting ``CONTROLS``, an instance of a ``GameControls``
subclass; the spine asks it first and falls back to its own behaviour. Controls format views: every rule
is the engine's (its views and its ``TIMING``). Where a rule turns on the people at the table (who is a
person, who is away, a person's own choice), the module also exports ``SEATING``, a ``Seating`` subclass
that overrides that part only.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.games import GAME_IDS
from bot.games.core.timing import WAIT
from bot.games.registry import engine
from bot.i18n import t

from ..components import GameButton

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bot.games.core import Event

    from ..session import GameSession


class TableActions(Protocol):
    """What a game's controls may ask of the table they sit on: the game layer implements it.

    Controls run on the game's serialized path (a click holds the game's lock), so each of these
    sees a settled game; ``panel_play`` is the one way a click becomes a move.
    """

    @property
    def computer_delay(self) -> float:
        """Seconds a computer player "thinks" before moving (0 in fast tests)."""

    async def panel_play(self, interaction: discord.Interaction, session: GameSession, seat: int,
                         version: int | None, action: Any) -> None:
        """Apply ``action`` for ``seat`` and answer with the updated panel (or why not)."""

    async def show_panel(self, interaction: discord.Interaction, session: GameSession, seat: int,
                         page: int = 0, note: str = "") -> None:
        """Answer the click with the seat's panel: the clicked private panel edited, else a new one."""

    async def open_panel(self, interaction: discord.Interaction, session: GameSession) -> None:
        """A new private panel for the person who clicked."""

    async def end_game(self, session: GameSession, abandoned: bool = False, notice: str | None = None,
                       scores: bool = False) -> None:
        """End the game (no result when abandoned, its scores so far posted when ``scores``), free the seats;
        ``notice`` is said in the channel instead of the final table (its thread is gone)."""

    def refresh_table(self, session: GameSession) -> None:
        """Show the table again soon (its text or buttons changed without a move)."""

    async def save(self, session: GameSession) -> None:
        """Save the session (before anything that shows a change goes out)."""

    def after_change(self, session: GameSession, events: Sequence[Event] = ()) -> None:
        """After a committed change: the table, the clock and the computers are scheduled."""


#: the outcome of a timeout that moves nobody (``WAIT``, Goita §12.10: a leader is never moved automatically)
#: when nobody else could be offered to abort (no other person plays)
WAIT_ALONE = "wait_alone"
STALLING = frozenset({WAIT, WAIT_ALONE})
#: the verb of the "I'm back" button (the spine handles it)
BACK_VERB = "imback"


class Seating:
    """The Discord layer's half of a game's decisions: who sits where (a person, a computer, someone away),
    the table's pace and a team's pause. Each hook's default is the engine's answer (``session.live``, its
    ``TIMING``); a game whose rule turns on who is a person overrides that part, and only that part, in its
    controls module's ``SEATING`` (Goita: nobody else could be offered to abort; Gou Ji: the computers claim
    and wait, a person's own opt-in)."""

    def on_hold(self, session: GameSession) -> bool:
        """The game is held (Gou Ji §13.6, a team's pause): no move is taken, no clock runs, the computers
        wait, until the game's controls lift it."""
        return False

    def deciders(self, session: GameSession) -> set[int]:
        """Seats that may act now besides ``to_act`` (for example a Shao Pai claim window).

        Computer seats among them are asked to decide too; people are not pinged for them.
        """
        return session.live.also_deciding() if session.live is not None else set()

    def paced(self, session: GameSession, rules_seconds: float) -> float:
        """A rules-file length at this game's pace: a turn timeout set by the game or the server replaces
        the rules' turn length, and every other window scales by the same factor."""
        rules_turn = engine(session.game).TIMING.turn_seconds
        if not rules_turn:
            return rules_seconds
        return rules_seconds * session.turn_timeout / rules_turn

    def window_seconds(self, session: GameSession, seat: int) -> float | None:
        """Length of the decision window ``seat`` is in now (a lead, a vote, a tribute return), or None
        for the session's turn timeout. Only public facts may decide it: a timer never reveals
        whether a player can play."""
        if session.live is None:
            return None
        seconds = session.live.window(seat)
        return None if seconds is None else self.paced(session, seconds)

    def is_away(self, session: GameSession, seat: int) -> bool:
        """A person still at the table who missed enough decisions in a row to be marked away."""
        info = session.seats[seat]
        after = session.live.away_after() if session.live is not None else 0
        return info.user_id is not None and not info.left and after > 0 and info.timeouts >= after

    def timeout_outcome(self, session: GameSession, seat: int) -> str:
        """What happens when ``seat``'s time runs out, named as in ``clock.outcome.<name>`` ("you pass",
        "the computer plays for you"); ``STALLING``: nobody moves for him (see ``on_stall``). It is said in
        the channel, so only public facts (the phase, the table) may decide it, never the seat's hand."""
        return session.live.timeout_outcome(seat) if session.live is not None else "computer"

    def on_stall(self, session: GameSession, seats: list[int]) -> None:
        """The time of ``seats`` ran out and the rules move nobody for them (``STALLING``): e.g. offer the
        other players to abort. Called with the game's lock held."""

    def timeout_action(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """The move made for a person whose time ran out, when the rules name one (a safe Stop); None: the computer's."""
        return session.live.timeout_action(seat, legal) if session.live is not None else None

    def ready_for_next(self, session: GameSession, seat: int | None) -> list[str]:
        """``seat`` pressed "Next hand" in the pause between hands: the names of the people the next hand still
        waits for, or an empty list to start it now (the default: anyone's click starts it)."""
        return []

    def made_for_them(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """The move made at once for a person whose decision has only one legal action (DESIGN.md: such a
        decision never waits for a person), or None to wait for them. A game whose rules say the instant
        move would reveal a hidden hand (Goita A16, Gou Ji §13) overrides this."""
        return session.live.made_for(seat, legal) if session.live is not None else None

    def made_for_them_delay(self, session: GameSession, delay: float) -> float:
        """Seconds before a move made for a person (``delay``: the computer players' thinking time)."""
        return delay

    def computer_action(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """A move the table makes for a computer seat instead of its AI (an agreement between computer
        partners that needs both hands, e.g. Gou Ji §13.8's endgame choice); None: the AI decides."""
        return session.live.computer_action(seat, legal) if session.live is not None else None

    def computer_wait(self, table: TableActions, session: GameSession, seats: list[int]) -> float:
        """Seconds the computer seats ``seats`` should still wait before deciding (for example a claim
        window left to people); ``math.inf`` leaves the decision to people until the next change."""
        return 0.0


class GameControls:
    """Defaults: nothing special; every hook may be overridden by a game's module."""

    #: ``panel_items`` is asked also when the seat has nothing to do now (called with no legal actions), so
    #: the composer can be used to plan (Zheng Shangyou §16.3); None from it still means "Nothing to do"
    plans_off_turn: bool = False

    def panel_items(self, session: GameSession, seat: int, lang: str, legal: list[Any],
                    page: int) -> list[discord.ui.Item[Any]] | None:
        """The components of a player's private panel, or None for the generic list of legal actions."""
        return None

    def seat_draw(self, session: GameSession, lang: str) -> list[str]:
        """At Start: reorder ``session.seats`` as the game's own seat draw does (partners, first dealer);
        returns public lines for the start message. The default keeps the lobby's order."""
        return []

    def lobby_lines(self, session: GameSession, lang: str) -> list[str]:
        """Extra lines of the lobby text an option asks for (under the options line)."""
        return []

    def rules_pages(self, lang: str) -> list[str]:
        """More pages of ``/rules`` after the game's summary (Go-Stop: its matgo preset), each a message."""
        return []

    def lobby_first_choices(self, session: GameSession, lang: str) -> list[tuple[str, str, str]]:
        """Choices the lobby's option menu offers first, as (label, description, ``name=value``): a preset
        that suits the seats (Go-Stop's matgo for two). Picking one sets that option."""
        return []

    def panel_lines(self, session: GameSession, seat: int, lang: str) -> list[str]:
        """Extra private text on a player's panel (a pending prompt, a preview, a partner's shown hand)."""
        return []

    def table_items(self, session: GameSession, lang: str) -> list[discord.ui.Item[Any]]:
        """Extra public buttons on the table message (the same for everybody)."""
        return []

    def table_lines(self, session: GameSession, lang: str) -> list[str]:
        """Extra public text on the table message (a mode banner, a running score)."""
        return []


    def back_items(self, session: GameSession, seat: int, lang: str) -> list[discord.ui.Item[Any]]:
        """The "I'm back" button of an away person's hand view, where the rules ask for one."""
        if engine(session.game).TIMING.back_by != "button" or not seating_for(session.game).is_away(session, seat):
            return []
        return [GameButton(session.id, BACK_VERB, label=t(lang, "clock.button.back"),
                           style=discord.ButtonStyle.success, emoji="👋", row=4)]

    def select(self, session: GameSession, seat: int, action: Any) -> None:
        """Show ``action`` picked in the seat's panel (a hint, ``hints.py``) the way the game's own composer keeps
        a pick, so one more click plays it; the default keeps no pick (the hint's own button plays it)."""

    def made_for_them_line(self, session: GameSession, seat: int, action: Any, lang: str) -> str:
        """The table's line under a move made for a person (after the move's own line)."""
        return t(lang, "options.auto.only_move")

    def hand_summary(self, session: GameSession, events: list[Event], data: dict[str, Any]) -> dict[str, Any]:
        """The end-of-hand data the summary is built from; ``events`` are the public events of the move
        up to the ``hand_end`` (a game may keep what its summary explains, e.g. a settlement breakdown)."""
        return data

    def summary_lines(self, session: GameSession, lang: str, summary: dict[str, Any], final: bool) -> list[str]:
        """Extra public lines under a hand's or the match's summary (how the payments were computed)."""
        return []

    async def on_click(self, table: TableActions, interaction: discord.Interaction, session: GameSession, seat: int,
                       version: int | None, verb: str, arg: str, values: list[str]) -> bool:
        """Handle a click of a seated player on a game-specific component; False leaves it to the spine."""
        return False

_DEFAULT = GameControls()
_DEFAULT_SEATING = Seating()


@cache
def controls_for(game: str) -> GameControls:
    """The game's ``CONTROLS`` from ``cogs.table.controls.<game>``, or the defaults."""
    controls: GameControls = getattr(_module(game), "CONTROLS", _DEFAULT)
    return controls


def _module(game: str) -> Any:
    """The game's controls module ``cogs.table.controls.<game>``, or None; ``game`` is an id of the record
    ``bot.games.GAMES`` (``KeyError`` for any other), which is the only list of games."""
    if game not in GAME_IDS:
        raise KeyError(game)
    try:
        return importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{game}":
            raise
        return None


@cache
def seating_for(game: str) -> Seating:
    """The game's ``SEATING`` from its controls module, or the defaults (the engine's answers)."""
    seating: Seating = getattr(_module(game), "SEATING", _DEFAULT_SEATING)
    return seating


__all__ = ["BACK_VERB", "Seating", "seating_for", "STALLING", "WAIT", "WAIT_ALONE", "GameControls", "TableActions",
           "controls_for"]
