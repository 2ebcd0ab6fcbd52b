"""The three surfaces of a game: the lobby, the public table, a player's private hand panel.

Each builder returns plain parts (text, an optional PNG, components) so the caller
decides whether to send, edit or re-post; nothing here talks to Discord.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.games.registry import engine
from bot.i18n import t

from .components import GameButton, GameSelect, parse_number
from .controls import controls_for, seating_for
from .lobby_options import empty_seat_lines, option_menu, options_line
from .session import PLAYING, GameSession, Seat
from .words import action_label, names, safe_name, seat_label

log = logging.getLogger("teahouse.messages")

MAX_LINES = 5
MAX_NEW_LINES = 25  # a burst of instant computer moves can be long; the 2000-character clip still applies
OPTIONS_PER_SELECT = 25
SELECTS_PER_PAGE = 4
BUTTON_LIMIT = 15


@dataclass
class Surface:
    """A message to send or edit: text, at most one image, components."""

    content: str
    image: bytes | None = None
    filename: str = "table.png"
    items: list[discord.ui.Item[Any]] = field(default_factory=list)
    shows: Hashable | None = None  # what the image shows (``pictures.hand_shows``), to tell when it changes

    def view(self) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        return view

    def controls_key(self) -> str:
        """The controls as text, to tell whether two surfaces show the same ones (no View is built for it)."""
        return repr([(item.row, item.to_component_dict()) for item in self.items])

    def files(self) -> list[discord.File]:
        return [] if self.image is None else [discord.File(io.BytesIO(self.image), filename=self.filename)]


def _team_of(session: GameSession) -> list[int] | None:
    info = engine(session.game).INFO
    return info.team_of(len(session.seats), session.options) if info.team_of else None


def lobby_surface(session: GameSession, lang: str) -> Surface:
    """Seats (in play order, with teams), options and the lobby buttons."""
    info = engine(session.game).INFO
    lines = [t(lang, "games.lobby.title", game=t(lang, f"{session.game}.name"), host=f"<@{session.host_id}>")]
    teams = _team_of(session) if len(session.seats) >= info.min_seats else None
    if engine(session.game).TIMING.lobby_order_is_play_order:
        lines.append(t(lang, "seats.lobby.play_order"))
    for index, seat in enumerate(session.seats):
        team = "" if teams is None else " · " + t(lang, "games.team", team="AB"[teams[index] % 2])
        lines.append(f"{index + 1}. {seat_label(lang, seat)}{team}")
    # what Start really does with each empty seat the game needs; the seats it may leave empty are one line
    # (a Go-Stop lobby of two listed five "(empty — … Start leaves it empty)")
    lines += empty_seat_lines(session, lang)[:max(0, info.min_seats - len(session.seats))]
    more = info.max_seats - max(len(session.seats), info.min_seats)
    if more > 0:
        lines.append(t(lang, "games.lobby.open_seats", count=more, max=info.max_seats))
    if info.min_seats == info.max_seats:  # "Players: 6", not "Players: 6–6"
        lines.append(t(lang, "games.lobby.seat_count_exact", n=info.max_seats))
    else:
        lines.append(t(lang, "games.lobby.seat_count", min=info.min_seats, max=info.max_seats))
    shown = options_line(session, lang)  # the options the host set, and what the game says about the lobby
    if shown:
        lines.append(shown)
    gid = session.id
    items: list[discord.ui.Item[Any]] = [
        GameButton(gid, "join", label=t(lang, "games.button.join"), style=discord.ButtonStyle.success, row=0),
        GameButton(gid, "leave", label=t(lang, "games.button.leave"), row=0),
        GameButton(gid, "start", label=t(lang, "games.button.start"), style=discord.ButtonStyle.primary,
                   disabled=len(session.seats) > info.max_seats, row=0),
        GameButton(gid, "cancel", label=t(lang, "games.button.cancel"), style=discord.ButtonStyle.danger, row=0),
    ]
    if engine(session.game).TIMING.lobby_order_is_play_order:
        items.append(GameButton(gid, "shuffle", label=t(lang, "seats.button.shuffle"), emoji="🔀", row=0))
    levels = [discord.SelectOption(label=t(lang, "games.add_computer", level=t(lang, f"games.level.{level}")),
                                   value=level) for level in ("easy", "hard")]
    items.append(GameSelect(gid, "addai", options=levels, placeholder=t(lang, "games.add_computer_placeholder"),
                            row=1))
    if session.seats:
        kick = [discord.SelectOption(label=f"{i + 1}. {_select_name(lang, s)}"[:100], value=str(i))
                for i, s in enumerate(session.seats)]
        items.append(GameSelect(gid, "kick", options=kick, placeholder=t(lang, "games.kick_placeholder"), row=2))
    if len(session.seats) >= 2:
        swap = [discord.SelectOption(label=f"{i + 1}. {_select_name(lang, s)}"[:100], value=str(i))
                for i, s in enumerate(session.seats)]
        items.append(GameSelect(gid, "swap", options=swap, placeholder=t(lang, "games.swap_placeholder"),
                                min_values=2, max_values=2, row=3))
    menu = option_menu(session, lang, row=4)  # every option reachable, a page at a time
    if menu is not None:
        items.append(menu)
    return Surface("\n".join(lines), items=items)


def _select_name(lang: str, seat: Seat) -> str:
    """A seat's name for a select option: plain text (no markdown there), computers by their localized name."""
    return seat.name if seat.user_id is not None else seat_label(lang, seat)


def table_surface(session: GameSession, lang: str, image: bytes | None, ping: Sequence[int] = ()) -> Surface:
    """The public table: what just happened, whose turn, the picture, and the buttons."""
    seat_names = names(session, lang)
    header = t(lang, "games.table.title", game=t(lang, f"{session.game}.name"))
    lines = [header, *session.unshown_lines(MAX_LINES, MAX_NEW_LINES)]
    to_act = sorted(session.live.to_act()) if session.live is not None else []
    if session.paused_until is not None:
        lines.append(t(lang, "games.table.paused", time=f"<t:{int(session.paused_until)}:R>"))
    elif to_act:
        who = ", ".join(_mention_or_name(session, seat, seat_names) for seat in to_act)
        lines.append(t(lang, "games.table.turn", who=who))
        if session.deadline is not None and any(session.seats[s].user_id and not session.seats[s].computer_plays
                                                for s in to_act):
            lines.append(t(lang, "games.table.deadline", time=f"<t:{int(session.deadline)}:R>"))
    if image is None:
        lines.append(t(lang, "games.table.seats", seats=" · ".join(
            f"{i + 1}. {name}" for i, name in enumerate(seat_names))))
    lines[1:1] = controls_for(session.game).table_lines(session, lang)
    if ping:
        lines.insert(0, " ".join(f"<@{session.seats[s].user_id}>" for s in ping if session.seats[s].user_id))
    gid = session.id
    items: list[discord.ui.Item[Any]] = [
        GameButton(gid, "hand", label=t(lang, "games.button.hand"), style=discord.ButtonStyle.primary, emoji="🃏"),
    ]
    if session.paused_until is not None:
        items.append(GameButton(gid, "next", label=t(lang, "games.button.next_hand"),
                                style=discord.ButtonStyle.success))
    if session.paused_until is None:
        items += controls_for(session.game).table_items(session, lang)
    return Surface(_clip("\n".join(lines)), image=image, items=items)


def hand_over_surface(session: GameSession, lang: str, summary: dict[str, Any], ending: Sequence[str]) -> Surface:
    """The table while a hand is over: that hand's last lines and summary (the next deal is not shown
    yet), when the next hand starts, and the buttons to look at one's hand or start it now."""
    lines = [*ending, summary_text(session, lang, summary, final=False)]
    if session.paused_until is not None:
        lines.append(t(lang, "games.table.paused", time=f"<t:{int(session.paused_until)}:R>"))
    gid = session.id
    items: list[discord.ui.Item[Any]] = [
        GameButton(gid, "hand", label=t(lang, "games.button.hand"), style=discord.ButtonStyle.primary, emoji="🃏"),
        GameButton(gid, "next", label=t(lang, "games.button.next_hand"), style=discord.ButtonStyle.success),
    ]
    return Surface(clip_join(*lines), filename="summary.png", items=items)


def _mention_or_name(session: GameSession, seat: int, seat_names: Sequence[str]) -> str:
    info = session.seats[seat]
    if info.user_id is not None and not info.computer_plays:
        return f"<@{info.user_id}>"
    return seat_names[seat]


def clip_join(*parts: str) -> str:
    """Lines joined into one message, cut to Discord's 2,000 characters."""
    text = "\n".join(parts)
    return text if len(text) <= 2000 else text[:1999] + "…"


def _clip(text: str, limit: int = 2000) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def panel_surface(session: GameSession, seat: int, lang: str, image: bytes | None, page: int = 0,
                  note: str = "") -> Surface:
    """A player's private hand and, when they may act, one control per legal action.

    Up to 15 short actions are buttons; more become select menus of 25, four per page,
    with page buttons — so every legal action is reachable within Discord's 5 rows.
    """
    live = session.live
    gid, version = session.id, session.version
    lines = [t(lang, "games.panel.title", game=t(lang, f"{session.game}.name"),
               name=safe_name(session.seats[seat].name))]
    notes = session.private_notes.get(seat, [])
    lines += notes[-3:]
    lines += controls_for(session.game).panel_lines(session, seat, lang)
    if note:
        lines.append(note)
    legal = live.legal(seat) if live is not None and session.paused_until is None else []
    items: list[discord.ui.Item[Any]] = []
    controls = controls_for(session.game)
    planning = controls.plans_off_turn and live is not None and session.paused_until is None
    custom = controls.panel_items(session, seat, lang, legal, page) if legal or planning else None
    if custom is not None:
        items += custom
    elif not legal:
        lines.append(t(lang, "games.panel.waiting"))
    else:
        lines.append(t(lang, "games.panel.your_move", count=len(legal)))
        seat_names = names(session, lang)
        labelled = [(index, action_label(session.game, action, engine(session.game).format_action(action), lang,
                                         seat_names)) for index, action in enumerate(legal)]
        if len(labelled) <= BUTTON_LIMIT and all(len(label) <= 40 for _, label in labelled):
            for n, (index, label) in enumerate(labelled):
                items.append(GameButton(gid, "do", str(index), version, label=label, row=n // 5,
                                        style=discord.ButtonStyle.primary if n == 0 else
                                        discord.ButtonStyle.secondary))
        else:
            items += _select_pages(session, labelled, page, lang)
    nav_row = 4
    items.append(GameButton(gid, "refresh", "", None, label=t(lang, "games.button.refresh"), emoji="🔄",
                            row=nav_row))
    return Surface(_clip("\n".join(lines)), image=image, filename="hand.png", items=items)


def _select_pages(session: GameSession, labelled: list[tuple[int, str]], page: int,
                  lang: str) -> list[discord.ui.Item[Any]]:
    per_page = OPTIONS_PER_SELECT * SELECTS_PER_PAGE
    pages = max(1, -(-len(labelled) // per_page))
    page = min(max(page, 0), pages - 1)
    chunk = labelled[page * per_page:(page + 1) * per_page]
    items: list[discord.ui.Item[Any]] = []
    for row, start in enumerate(range(0, len(chunk), OPTIONS_PER_SELECT)):
        part = chunk[start:start + OPTIONS_PER_SELECT]
        options = [discord.SelectOption(label=label, value=str(index)) for index, label in part]
        first, last = part[0][1], part[-1][1]
        items.append(GameSelect(session.id, "do", f"s{row}", session.version, options=options, row=row,
                                placeholder=t(lang, "games.panel.choose", first=first[:40], last=last[:40])))
    if pages > 1:
        items.append(GameButton(session.id, "page", str(page - 1), session.version, label="◀", row=4,
                                disabled=page == 0))
        items.append(GameButton(session.id, "page", str(page + 1), session.version, label="▶", row=4,
                                disabled=page >= pages - 1))
    return items


def per_seat(value: Any, count: int, teams: Sequence[int] | None) -> dict[int, Any]:
    """Engines report per seat (list or dict) or per team (list by team number): make it per seat."""
    if isinstance(value, dict):
        return {int(k): v for k, v in value.items() if 0 <= parse_number(str(k)) < count}
    if isinstance(value, list | tuple):
        if len(value) == count:
            return dict(enumerate(value))
        if teams is not None and len(value) == len(set(teams)):
            return {seat: value[team] for seat, team in enumerate(teams) if team < len(value)}
    return {}


def summary_text(session: GameSession, lang: str, summary: dict[str, Any], final: bool) -> str:
    """End of a hand or the match: places, points and the running score per seat, from the engine's numbers."""
    seat_names = names(session, lang)
    count = len(seat_names)
    teams = _team_of(session)
    key = "games.summary.match_over" if final else "games.summary.hand_over"
    lines = [t(lang, key, game=t(lang, f"{session.game}.name"))]
    places = per_seat(summary.get("places"), count, None)
    if not places and isinstance(summary.get("order"), list):
        places = {int(seat): index + 1 for index, seat in enumerate(summary["order"])}
    points = per_seat(summary.get("points"), count, teams)
    scores = per_seat(summary.get("scores"), count, teams) if not final else {}
    order = sorted(range(count), key=lambda s: (places.get(s, 99), s))
    for seat in order:
        parts = [t(lang, "games.summary.place", place=places[seat]) if seat in places else "·", seat_names[seat]]
        if seat in points:
            parts.append(t(lang, "games.summary.points", points=points[seat]))
        if seat in scores:
            parts.append(t(lang, "games.summary.score", score=scores[seat]))
        lines.append(" ".join(str(p) for p in parts))
    lines += controls_for(session.game).summary_lines(session, lang, summary, final)
    return _clip("\n".join(lines))


def away_line(session: GameSession) -> str:
    """The public marker of people marked away (§13.6, §16.6): "Alice (away)", until they are back."""
    seating = seating_for(session.game)
    away = [seat for seat in range(len(session.seats)) if seating.is_away(session, seat)]
    if not away or session.phase != PLAYING:
        return ""
    lang = session.lang
    who = ", ".join(t(lang, "clock.away_name", name=safe_name(session.seats[seat].name)) for seat in away)
    grace = session.live.away_grace() if session.live is not None else None
    if grace is None:
        return t(lang, "clock.away_line.computer", players=who)
    return t(lang, "clock.away_line.rules", players=who, grace=f"{grace:g}")
