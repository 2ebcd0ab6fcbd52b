"""The decisions part of the engine contract: the table rules every game answers from its state.

Who decides now besides ``to_act``, the window of that decision and its reminder, what the rules do
when it runs out, the moves made for a person, what a seat change does and what "away" means. Each
engine package has a ``timing.py`` that exports ``TIMING``, an instance of a subclass of ``Timing``;
the Discord layer asks it through ``bot.games.live.LiveGame``. Which seats are people, who is idle and
the clock itself stay in the Discord layer: the answers here never depend on them.

A window's length, its reminder and the timeout outcome are said aloud, so they read public facts only
(the phase, the table, whose turn): a timer never reveals whether a player can play.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from .events import Event

#: the outcome of a timeout that moves nobody (Goita §12.10: a leader is never moved automatically): the
#: table offers the other people to abort, or waits when no other person plays
WAIT = "wait"


class Timing:
    """Defaults: one turn length for every decision, the computer moves for a person who ran out of time,
    a decision with one legal move is made at once, two timeouts in a row mark a person away."""

    #: the rules file's turn length in seconds (a lead, where windows differ): the unit a game's or a server's
    #: turn timeout replaces, every other window scaling with it; None: the bot's default; 0: no timer unless set
    turn_seconds: int | None = None
    #: how an away person is back: "move" (his next move), "click" (any click of his, Gou Ji §13.6) or
    #: "button" (an "I'm back" button in his hand view, Zheng Shangyou §16.6; a move counts too)
    back_by: str = "move"
    #: who may take a seat during a match: None (the rules have no substitutes), "any" (a seat whose person
    #: left, or a computer's, at any time: Goita §12.10) or "between_hands" (a left seat at any time, a
    #: computer's own seat only between hands: Gou Ji §13.1, §13.8)
    substitutes: str | None = None
    #: seconds without any person's action after which a running game is abandoned with its scores posted
    #: (Zheng Shangyou §16.6); None: never
    idle_abandon_seconds: float | None = None
    #: the lobby's order is the play order (Zheng Shangyou §16.1); other games draw their seats at Start
    lobby_order_is_play_order: bool = False

    def away_after(self, state: Any) -> int:
        """Consecutive timeouts after which a person is away (0: never: the rules never hand a seat over)."""
        return 2

    def away_grace(self, state: Any) -> float | None:
        """An away person's decisions wait this long before the timeout rules make them; None: a computer
        plays the seat of an away person instead."""
        return None

    def deciders(self, state: Any) -> set[int]:
        """Seats that may act now besides ``to_act`` (a Shao Pai claim window)."""
        return set()

    def window(self, state: Any, seat: int) -> float | None:
        """The rules' length of the decision window ``seat`` is in now (a lead, a vote, a tribute return),
        in seconds at the rules' pace; None: one turn length."""
        return None

    def window_key(self, state: Any, seat: int) -> Hashable:
        """Names the window ``seat`` is in; a new key while he is still waited for starts the clock again."""
        return None

    def reminder(self, state: Any, window: float) -> float | None:
        """Seconds before the deadline of a ``window``-second window that the reminder comes; None: the
        table's default. A lead not shorter than the window means no reminder (the prompt pinged)."""
        return None

    def timeout_outcome(self, state: Any, seat: int) -> str:
        """What happens when ``seat``'s time runs out, named as in the catalog's ``clock.outcome.<name>``
        ("you pass", "the computer plays for you"), or ``WAIT``: the rules move nobody for him."""
        return "computer"

    def timeout_action(self, state: Any, seat: int, legal: Sequence[Any]) -> Any | None:
        """The move the rules make for a person whose time ran out; None: the easy computer's move."""
        return None

    def made_for(self, state: Any, seat: int, legal: Sequence[Any]) -> Any | None:
        """The move made at once for a person whose decision has only one legal action, or None to wait for
        him. A game whose rules say the instant move would reveal a hidden hand overrides this."""
        return legal[0] if len(legal) == 1 else None

    def computer_action(self, state: Any, seat: int, legal: Sequence[Any]) -> Any | None:
        """A move the rules make for a computer seat instead of its player (an agreement between computer
        partners that needs both hands, Gou Ji §13.8); None: the computer player decides."""
        return None

    def seat_changed(self, state: Any) -> list[Event]:
        """A seat changed hands (a substitute, or a computer for a person who left): what the rules do about
        it (Gou Ji §13.8: the next hand is fresh), as the events to record."""
        return []


__all__ = ["WAIT", "Timing"]
