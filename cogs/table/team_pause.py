"""A team's pause (Gou Ji §13.6: "A team may request a pause (all human players must agree to resume)").

Any person playing may ask for a pause for his team, between two moves of a hand. While it holds,
no move is taken (a click or a typed move is refused politely), no clock runs and the computers
wait; the table shows who paused and who still has to press Resume. When every person still playing
has pressed Resume, play goes on with fresh windows. The pause is kept with the game (``session.ui``),
so it survives a restart, and it is started and ended on the game's serialized path.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import t

from .session import PLAYING, GameSession
from .words import names, safe_name

KEY = "team_pause"


def on_hold(session: GameSession) -> bool:
    return session.phase == PLAYING and isinstance(session.ui.get(KEY), dict)


def _pause(session: GameSession) -> dict[str, Any]:
    pause: dict[str, Any] = session.ui[KEY]
    return pause


def waiting_for(session: GameSession) -> list[int]:
    """Seats of people still playing who have not pressed Resume."""
    agreed = set(_pause(session).get("resume", [])) if on_hold(session) else set()
    return [seat for seat, info in enumerate(session.seats)
            if info.user_id is not None and not info.left and info.user_id not in agreed]


def team_letters(session: GameSession, seat: int) -> str:
    """``ACE`` or ``BDF``: the seat's team by its letters (Gou Ji seats alternate, §13.1)."""
    return "".join("ABCDEF"[s] for s in range(len(session.seats)) if s % 2 == seat % 2)


def request(session: GameSession, seat: int) -> str:
    """Pause for ``seat``'s team; returns a polite refusal, or "" when paused (a public line is added)."""
    if on_hold(session):
        return "seats.pause.already"
    if session.paused_until is not None:
        return "seats.pause.between_hands"
    session.ui[KEY] = {"by": seat, "resume": []}
    session.add_line(t(session.lang, "seats.pause.started", player=safe_name(session.seats[seat].name),
                       team=team_letters(session, seat)))
    return ""


def resume(session: GameSession, seat: int) -> str:
    """``seat``'s person agrees to resume; returns a refusal key, or "" (the pause ends when all agreed)."""
    if not on_hold(session):
        return "seats.pause.not_paused"
    user = session.seats[seat].user_id
    pause = _pause(session)
    if user in pause["resume"]:
        return "seats.pause.agreed_already"
    pause["resume"].append(user)
    if not waiting_for(session):
        session.ui.pop(KEY)
        session.add_line(t(session.lang, "seats.pause.ended"))
    return ""


def banner(session: GameSession, lang: str) -> str:
    """The table's line while paused: who paused and who has yet to press Resume."""
    if not on_hold(session):
        return ""
    by = int(_pause(session).get("by", 0))
    seat_names = names(session, lang)
    return t(lang, "seats.pause.banner", team=team_letters(session, by),
             who=", ".join(seat_names[s] for s in waiting_for(session)))


__all__ = ["banner", "on_hold", "request", "resume", "team_letters", "waiting_for"]
