"""Substitutes: a person takes a computer's seat, or the seat of someone who left, during a match.

Where the rules allow it (Gou Ji §13.1 and §13.8: a computer's seat between hands, an absent
player's seat at any time, the next hand then being fresh; Goita §12.10: a substitute for a
player who left), ``/game sit`` hands the seat over on the game's serialized path. The hand goes
with the seat, privately: it is shown only in the new holder's own panel, the public line names
the people and never a card, and a person who held the seat before finds their old panel cleared
the next time they click it.

Ratings: the match is recorded with each seat's final holder, but a match in which a seat changed
hands is recorded unrated, since neither the person who left nor the one who came played that
seat's whole match (and a person who leaves cannot have a friend finish a losing game for them
into a rated result). A person who comes back to the seat they left changes nothing for the rating.
"""

from __future__ import annotations

import logging

import discord

from bot.games.core import Event
from bot.games.registry import engine
from bot.i18n import t
from bot.replies import reply_privately

from ..utils.language import private_language
from . import persistence
from .game_host import GameHost
from .session import PLAYING, GameSession, Seat
from .words import safe_name, seat_label

log = logging.getLogger("teahouse.games")

def refusal_key(session: GameSession, seat: int) -> str | None:
    """Why ``seat`` cannot be taken now (a catalog key), or None when a substitute may sit there."""
    rule = engine(session.game).TIMING.substitutes
    if rule is None:
        return "seats.error.not_in_this_game"
    info = session.seats[seat]
    if info.user_id is not None and not info.left:
        return "seats.error.taken"
    if rule == "between_hands" and info.user_id is None and session.paused_until is None:
        return "seats.error.between_hands"  # §13.8: a computer's own seat changes hands between hands only
    return None


def free_seats(session: GameSession) -> list[int]:
    """Seats a substitute may take now."""
    return [seat for seat in range(len(session.seats)) if refusal_key(session, seat) is None]


def invitation(session: GameSession, seat: int) -> str:
    """The public line saying that a seat a person just left may be taken (empty where the rules say no)."""
    return t(session.lang, "seats.invite", seat=seat + 1) if refusal_key(session, seat) is None else ""


def participant_changed(session: GameSession, seat: int) -> list[Event]:
    """A seat changed hands: the game's rules about it (Gou Ji's next hand is fresh), as events to record. The
    session notes where it happened among the moves, so the record's replay changes the game at the same point."""
    if session.live is None:
        return []
    session.seat_changes.append((len(session.log), seat))
    return session.live.seat_changed()


class Substitutes:
    """``/game sit``: the seat, its hand and its turn handed to a person."""

    def __init__(self, host: GameHost) -> None:
        self.host = host

    async def sit(self, interaction: discord.Interaction, session: GameSession, number: int | None) -> None:
        """Seat the person who asked in seat ``number`` (1-based), or the first free one; the caller
        acknowledged the command privately."""
        lang = private_language(interaction)
        user = interaction.user
        async with session.lock:
            if session.phase != PLAYING or session.live is None:
                await reply_privately(interaction, t(lang, "seats.error.not_started"))
                return
            if session.seat_of(user.id) is not None or self.host.game_of(session.guild_id, user.id) is not None:
                await reply_privately(interaction, t(lang, "games.error.already_playing"))
                return
            if number is None:
                free = free_seats(session)
                if not free:
                    key = refusal_key(session, 0) if engine(session.game).TIMING.substitutes is None else None
                    await reply_privately(interaction, t(lang, key or "seats.error.none_free"))
                    return
                seat = free[0]
            else:
                seat = number - 1
                if not 0 <= seat < len(session.seats):
                    await reply_privately(interaction, t(lang, "seats.error.no_such_seat", count=len(session.seats)))
                    return
                key = refusal_key(session, seat)
                if key is not None:
                    await reply_privately(interaction, t(lang, key))
                    return
            old = session.seats[seat]
            before = seat_label(session.lang, old) if old.user_id is None else safe_name(old.name)
            session.seats[seat] = Seat(user.display_name, user_id=user.id)
            line = t(session.lang, "seats.taken", player=safe_name(user.display_name), before=before, seat=seat + 1)
            if old.user_id != user.id and session.rated:  # see the module's docstring; coming back is no change
                session.rated = False
                line += " " + t(session.lang, "seats.unrated")
            session.pinged.discard(seat)
            drafts = session.ui.get("drafts")
            if isinstance(drafts, dict):
                for key in [k for k in drafts if k == str(seat) or k.startswith(f"{seat}:")]:
                    drafts.pop(key)  # the old holder's half-composed play is not the new holder's
            session.add_line(line)
            self.host.record_events(session, participant_changed(session, seat))
            await persistence.save(self.host.bot, session)
            log.info("game %s: seat %d taken by a substitute", session.id, seat)
            await self.host.open_panel(interaction, session)  # the hand, to its new holder only
        self.host.after_change(session)


__all__ = ["Substitutes", "free_seats", "invitation", "participant_changed", "refusal_key"]
