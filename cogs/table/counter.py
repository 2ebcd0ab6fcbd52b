"""The Count button of the private hand panel (issue #45): what is still out, from the person's own view.

The engine counts (``count(view)``: one ``Tally`` per rank, month or piece) from the seat's view only, so the
answer can hold nothing the person may not know; this module writes it as text that reads at 360 px (one short
line per kind) in the person's language, and sends it privately. Pressing it changes nothing in the game, so
the game's lock is not taken, as for the table's Log and Rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.games.core import Tally
from bot.games.registry import engine
from bot.i18n import has, join, t
from bot.replies import reply_privately, send_private

from ..utils.language import private_language
from .components import GameButton
from .messages import clip_join
from .session import PLAYING, GameSession
from .words import names

#: the verb of the Count button (routed before the game's lock: it only reads)
COUNT_VERB = "count"
#: Discord's rows of components, and how many buttons one row holds
ROWS, PER_ROW = 5, 5
MESSAGE_LIMIT = 2000


def free_row(items: Sequence[discord.ui.Item[Any]]) -> int | None:
    """The lowest row with room for one more button (a select fills its row), or None when all are full. Items
    without a row are placed as discord.py's View places them: in the first row with room."""
    used = [0] * ROWS
    for item in items:
        row = item.row
        if row is None:
            row = next((r for r in range(ROWS) if used[r] + item.width <= PER_ROW), ROWS - 1)
        used[row] += item.width
    return next((row for row in reversed(range(ROWS)) if used[row] < PER_ROW), None)


def count_items(session: GameSession, seat: int, lang: str,
                items: Sequence[discord.ui.Item[Any]]) -> list[discord.ui.Item[Any]]:
    """The Count button for a seat that holds cards or pieces (not for one sitting a round out), in a row that
    has room (none when every row is full)."""
    row = free_row(items)
    if session.phase != PLAYING or session.live is None or row is None:
        return []
    if not session.view(seat).hand:  # the count itself is made when asked: for every panel it cost 1-3 ms
        return []
    return [GameButton(session.id, COUNT_VERB, label=t(lang, "count.button"), emoji="🧮", row=row)]


def count_text(session: GameSession, seat: int | None, lang: str) -> list[str]:
    """The count of ``seat`` (None: a spectator's, from the public view) as messages of at most 2,000
    characters (one, except where a long language needs two)."""
    game = session.game
    rows = engine(game).count(session.view(seat))
    lines = [t(lang, "count.title", game=t(lang, f"{game}.name"))]
    seat_names = names(session, lang)
    lines += [_line(game, row, seat, seat_names, lang) for row in rows]
    lines.append(t(lang, "count.footer"))
    if any(row.sets for row in rows):
        lines.append(t(lang, "count.sets_legend"))
    messages = [""]
    for line in lines:
        if messages[-1] and len(messages[-1]) + 1 + len(line) > MESSAGE_LIMIT:
            messages.append("")
        messages[-1] = clip_join(messages[-1], line) if messages[-1] else line[:MESSAGE_LIMIT]
    return messages


def _name(row: Tally, lang: str) -> str:
    return t(lang, row.name_key) if row.name_key else row.kind


def _line(game: str, row: Tally, seat: int | None, seat_names: list[str], lang: str) -> str:
    if not row.places:
        line = t(lang, "count.row", name=_name(row, lang), unseen=row.unseen, total=row.total, played=row.played,
                 mine=row.mine)
        if row.known:
            line += t(lang, "count.row_known", known=row.known)
        return line
    parts = [_place(game, place, cards, seat, seat_names, lang) for place, cards in row.places]
    if row.sets:
        sets = join(lang, (t(lang, f"{game}.count.set.{name}") for name in row.sets))
        parts.append(t(lang, "count.sets", sets=sets))
    return t(lang, "count.month", name=_name(row, lang), parts=" · ".join(parts))


def _place(game: str, place: str, cards: tuple[str, ...], seat: int | None, seat_names: list[str],
           lang: str) -> str:
    """One place of a month's cards: "on the table: …", "Bob took …", "unseen: …"."""
    named = join(lang, (t(lang, f"{game}.count.card.{card}") if has(f"{game}.count.card.{card}") else card
                        for card in cards))
    where, _, who = place.partition(":")
    if who:
        owner = int(who)
        if owner == seat:
            return t(lang, f"count.place.{where}_you", cards=named)
        return t(lang, f"count.place.{where}", cards=named, player=seat_names[owner])
    return t(lang, f"count.place.{where}", cards=named)


async def answer(interaction: discord.Interaction, session: GameSession) -> None:
    """The presser's count, privately; a person not seated in a running game is told politely."""
    lang = private_language(interaction)
    seat = session.seat_of(interaction.user.id)
    if session.phase != PLAYING or session.live is None:
        await reply_privately(interaction, t(lang, "games.error.game_over"))
        return
    if seat is None:
        await reply_privately(interaction, t(lang, "games.error.not_seated"))
        return
    for text in count_text(session, seat, lang):
        await send_private(interaction, text)


__all__ = ["COUNT_VERB", "answer", "count_items", "count_text", "free_row"]
