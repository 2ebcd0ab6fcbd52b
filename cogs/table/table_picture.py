"""The table's picture, drawn before its update waits in line at Discord's global limit.

An update sent with the bot's token holds a turn at the pacer (``pacing.turn_first``) from the moment it reads
the game until its request goes, and only a few turns may be held at once. Drawn inside the turn, the picture
waited behind every picture queued in the one picture process: at 500 games a turn was held 0.2-2.8 s, and the
line at the limit moved 3-14 requests a second instead of 38. Drawn first, the turn is held for the request;
if the game moved on while the update waited, the newer moment is drawn in the turn as before.
"""

from __future__ import annotations

from . import pictures
from .session import PLAYING, GameSession

#: what a table shows: the game's version, and until when it pauses between hands (a summary while it does)
Moment = tuple[int, float | None]


def moment_of(session: GameSession) -> Moment:
    return session.version, session.paused_until


def table_drawing(session: GameSession) -> pictures.Drawing | None:
    """The table's picture as it stands: the finished hand's summary during the pause, else the table."""
    summary = None if session.paused_until is None else session.hand_summary
    if summary is not None:
        return pictures.summary_drawing(session, summary, session.lang)
    return pictures.public_table(session, session.lang)


class TablePictures:
    """Table pictures drawn ahead of their update's turn, one per game, until that update uses it."""

    def __init__(self) -> None:
        self.ahead: dict[int, tuple[Moment, bytes]] = {}

    def forget(self, game_id: int) -> None:
        self.ahead.pop(game_id, None)

    async def draw_ahead(self, session: GameSession, shown: Moment | None) -> None:
        """Draw the picture of the game's moment now, unless the table shows that moment already (then the
        update most likely sends nothing)."""
        moment = moment_of(session)
        if session.phase != PLAYING or moment == shown or self.ahead.get(session.id, (None,))[0] == moment:
            return
        png = await pictures.drawn(table_drawing(session))
        if png is not None and moment_of(session) == moment:
            self.ahead[session.id] = (moment, png)

    async def picture(self, session: GameSession, moment: Moment, drawing: pictures.Drawing) -> bytes | None:
        """The picture of ``moment``: the one drawn ahead if it shows that moment, else drawn now."""
        ahead = self.ahead.pop(session.id, None)
        if ahead is not None and ahead[0] == moment:
            return ahead[1]
        return await pictures.drawn(drawing)
