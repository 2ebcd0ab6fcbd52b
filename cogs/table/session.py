"""A game as the Discord layer knows it: who sits where, its messages, its clock, its running game.

The engine state decides everything about the rules; a ``GameSession`` only adds what
Discord needs around it (seat owners, message ids, deadlines) and round-trips through
a JSON snapshot so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from dataclasses import dataclass, field
from typing import Any

from bot.games.live import SEAT_CHANGED, LiveGame

LOBBY = "lobby"
PLAYING = "playing"
FINISHED = "finished"
CANCELLED = "cancelled"

AI_LEVELS = ("easy", "hard")


class GameLock:
    """The game's one serialized path: one task at a time changes the game.

    Every change (a lobby click, a move, a timeout, a computer's move, leave, abandon, the end)
    takes it before it checks the phase or the version, so a check and the change it guards
    can never be split by another click. The task that holds it may enter again (a click that
    ends the game ends it under the same hold), which asyncio.Lock would deadlock on.
    """

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._depth = 0

    def locked(self) -> bool:
        return self._lock.locked()

    def held_here(self) -> bool:
        """True inside the task that holds the lock."""
        return self._owner is not None and self._owner is asyncio.current_task()

    async def __aenter__(self) -> GameLock:
        if self.held_here():
            self._depth += 1
            return self
        await self._lock.acquire()
        self._owner, self._depth = asyncio.current_task(), 1
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0:
            self._owner = None
            self._lock.release()


@dataclass
class Seat:
    """One chair at the table: a person (``user_id``) or a computer player (``ai`` level).

    A person who leaves or idles keeps the chair for the record, and ``ai`` is set so
    the computer plays for them; ``away`` marks a person the timer had to replace.
    """

    name: str
    user_id: int | None = None
    ai: str | None = None
    left: bool = False
    timeouts: int = 0

    @property
    def is_human(self) -> bool:
        return self.user_id is not None

    @property
    def computer_plays(self) -> bool:
        return self.ai is not None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "user_id": self.user_id, "ai": self.ai, "left": self.left,
                "timeouts": self.timeouts}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(data["name"], data.get("user_id"), data.get("ai"), bool(data.get("left")),
                   int(data.get("timeouts", 0)))


@dataclass
class GameSession:
    """A lobby or a running game in one thread (or channel)."""

    id: int
    game: str
    guild_id: int
    channel_id: int
    host_id: int
    thread_id: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    phase: str = LOBBY
    seed: int = 0
    #: the running game (None in the lobby): the only way to its rules, views and state
    live: LiveGame | None = None
    log: list[tuple[int, str]] = field(default_factory=list)
    #: where a seat changed hands, as (how many moves the log held then, the seat): not moves, but Gou Ji's rules
    #: change the game then, so the record carries them between its moves (``recorded_actions``)
    seat_changes: list[tuple[int, int]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    lines_total: int = 0
    lines_shown: int = 0
    hand_first_line: int = 0
    private_notes: dict[int, list[str]] = field(default_factory=dict)
    table_message_id: int | None = None
    table_posted_at: float = 0.0
    table_hand: int = 0  # ``hand_first_line`` when the table message was posted: a new hand posts it again
    table_summary: bool = False  # the table message shows a finished hand (it stays as that hand's record)
    lobby_message_id: int | None = None
    pinged: set[int] = field(default_factory=set)
    hand_summary: dict[str, Any] | None = None
    deadline: float | None = None
    reminded: bool = False
    paused_until: float | None = None
    turn_timeout: int = 120
    lang: str = "en"
    rated: bool = True
    created_at: float = field(default_factory=lambda: time.time())  # the clock of the moment (a test's moves)
    started_at: float | None = None
    #: what the game's controls remember between clicks (a composer's picks, a suggestion, a standing offer),
    #: by key; saved with the game, so a restart keeps a half-composed play. Values are plain data or
    #: dataclasses, which the controls rebuild from their saved (plain) form when they first read them
    ui: dict[str, Any] = field(default_factory=dict)
    #: each person's live hand panel as the hand panel last followed it (``live_panel.LivePanel.record``), by
    #: user id: saved with the game, so a restart follows those panels again and keeps their people at the table
    panels: dict[int, dict[str, Any]] = field(default_factory=dict)
    lock: GameLock = field(default_factory=GameLock, repr=False, compare=False)

    def add_line(self, text: str) -> None:
        """A public sentence for the table; the last 30 are kept."""
        self.lines.append(text)
        self.lines_total += 1
        del self.lines[:-30]

    def last_hand_lines(self, most: int) -> list[str]:
        """Lines of the hand that just ended that no table showed yet (the move that ended it)."""
        first = max(self.lines_shown, self.lines_total - len(self.lines))
        count = min(self.hand_first_line - first, most)
        if count <= 0:
            return []
        end = len(self.lines) - (self.lines_total - self.hand_first_line)
        return self.lines[end - count:end]

    def unshown_lines(self, least: int, most: int) -> list[str]:
        """What the table should show now: everything since the last update (at least ``least`` lines),
        never reaching back into the previous hand, whose lines its summary keeps."""
        new = self.lines_total - self.lines_shown
        count = min(max(least, min(new, most)), self.lines_total - self.hand_first_line, len(self.lines))
        return self.lines[len(self.lines) - count:] if count > 0 else []

    @property
    def where_id(self) -> int:
        """The channel the game's messages go to: its thread, or the channel itself."""
        return self.thread_id or self.channel_id

    @property
    def version(self) -> int:
        return self.live.version if self.live is not None else 0

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may see now (None: what everyone sees): ``LiveGame.view``; a lobby has no views."""
        if self.live is None:
            raise LookupError("a lobby has no views")
        return self.live.view(seat)

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.left:
                return index
        return None

    def humans(self) -> list[int]:
        """User ids of people still playing."""
        return [s.user_id for s in self.seats if s.user_id is not None and not s.left]

    def ui_fingerprint(self) -> str:
        """The controls' drafts as text: tells whether a click changed them (and the game must be saved)."""
        return repr(_plain(self.ui))

    def recorded_actions(self) -> list[tuple[int, str]]:
        """The action log as the record keeps it: the moves, and ``(seat, SEAT_CHANGED)`` where a seat changed
        hands (a replay applies it with the game's table rules)."""
        out: list[tuple[int, str]] = []
        waiting = list(self.seat_changes)  # in the order they happened, so by log position
        for index, move in enumerate(self.log):
            while waiting and waiting[0][0] <= index:
                out.append((waiting.pop(0)[1], SEAT_CHANGED))
            out.append(move)
        out.extend((seat, SEAT_CHANGED) for _, seat in waiting)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "guild_id": self.guild_id, "channel_id": self.channel_id,
            "host_id": self.host_id, "thread_id": self.thread_id, "options": self.options,
            "seats": [s.to_dict() for s in self.seats], "phase": self.phase, "seed": self.seed,
            "state": None if self.live is None else self.live.to_dict(),
            "log": [list(entry) for entry in self.log], "seat_changes": [list(c) for c in self.seat_changes],
            "lines": self.lines, "lines_total": self.lines_total,
            "lines_shown": self.lines_shown,
            "hand_first_line": self.hand_first_line,
            "private_notes": {str(k): v for k, v in self.private_notes.items()},
            "table_message_id": self.table_message_id, "table_posted_at": self.table_posted_at,
            "table_hand": self.table_hand, "table_summary": self.table_summary,
            "lobby_message_id": self.lobby_message_id, "pinged": sorted(self.pinged),
            "hand_summary": self.hand_summary, "deadline": self.deadline, "reminded": self.reminded,
            "paused_until": self.paused_until, "turn_timeout": self.turn_timeout, "lang": self.lang,
            "rated": self.rated, "created_at": self.created_at, "started_at": self.started_at,
            "ui": _plain(self.ui), "panels": {str(k): v for k, v in self.panels.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSession:
        state_data = data.get("state")
        live = None if state_data is None else LiveGame.from_dict(data["game"], state_data)
        return cls(
            id=data["id"], game=data["game"], guild_id=data["guild_id"], channel_id=data["channel_id"],
            host_id=data["host_id"], thread_id=data.get("thread_id"), options=dict(data.get("options", {})),
            seats=[Seat.from_dict(s) for s in data.get("seats", [])], phase=data.get("phase", LOBBY),
            seed=int(data.get("seed", 0)), live=live,
            log=[(int(seat), str(text)) for seat, text in data.get("log", [])], lines=list(data.get("lines", [])),
            seat_changes=[(int(at), int(seat)) for at, seat in data.get("seat_changes", [])],
            lines_total=int(data.get("lines_total", 0)), lines_shown=int(data.get("lines_shown", 0)),
            hand_first_line=int(data.get("hand_first_line", 0)),
            private_notes={int(k): list(v) for k, v in data.get("private_notes", {}).items()},
            table_message_id=data.get("table_message_id"), table_posted_at=float(data.get("table_posted_at", 0.0)),
            table_hand=int(data.get("table_hand", data.get("hand_first_line", 0))),
            table_summary=bool(data.get("table_summary")),
            lobby_message_id=data.get("lobby_message_id"), pinged=set(data.get("pinged", [])),
            hand_summary=data.get("hand_summary"),
            deadline=data.get("deadline"),
            reminded=bool(data.get("reminded")), paused_until=data.get("paused_until"),
            turn_timeout=int(data.get("turn_timeout", 120)), lang=data.get("lang", "en"),
            rated=bool(data.get("rated", True)), created_at=float(data.get("created_at", time.time())),
            started_at=data.get("started_at"), ui=dict(data.get("ui") or {}),
            panels={int(k): dict(v) for k, v in (data.get("panels") or {}).items()},
        )


def _plain(value: Any) -> Any:
    """``value`` as JSON can hold it: dataclasses as dicts, sets as sorted lists, keys as text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return [_plain(v) for v in sorted(value)]
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
