"""The lobby's option menu and its empty seats, in words people read (issue #22).

A select menu holds at most 25 entries, and Go-Stop alone has 39 options: the menu lists the
options themselves (named from the catalog, each with its current value), a page at a time;
picking one turns the menu into that option's values, and picking a value sets it and goes back.
What the menu shows is remembered on the session (``session.ui``), so every host click sees it.
"""

from __future__ import annotations

import contextlib
import math
from typing import Any

import discord

from bot.games.core import Option, apply_presets, set_by_preset
from bot.games.registry import engine
from bot.i18n import has, number, t

from .components import GameSelect
from .controls import controls_for
from .session import GameSession

#: options on one page of the menu (the rest of its 25 entries turn the pages)
PAGE = 23
#: whole numbers offered for an option with a range (those inside its range, around its default)
LADDER = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 24, 30, 40, 50, 60, 90, 100, 120, 150, 180, 200, 250,
          300, 500, 600, 1000, 3600)


def option_name(game: str, name: str, lang: str) -> str:
    """The catalog's name of an option ("Rounds", "Scoring chips"); its id when the catalog has none."""
    for key in (f"{game}.option.{name}.name", f"{game}.option.{name}"):
        if has(key):
            return t(lang, key)
    return name


def value_text(value: Any, lang: str) -> str:
    """An option's value for people: on/off for a switch, else as written."""
    if isinstance(value, bool):
        return t(lang, "options.lobby.on" if value else "options.lobby.off")
    if isinstance(value, str) and has(f"options.value.{value}"):
        return t(lang, f"options.value.{value}")  # a choice's name in the reader's language
    if isinstance(value, int | float):
        return number(lang, value)  # Persian digits for a Persian reader
    return str(value)


def current(session: GameSession) -> dict[str, Any]:
    """Every option of the lobby's game with the value the game will start with (a preset's keys included)."""
    info = engine(session.game).INFO
    try:
        return apply_presets(info, session.options)[0]
    except ValueError:  # an option the game no longer knows (an old lobby): the defaults show
        return {name: session.options.get(name, option.default) for name, option in info.options.items()}


def now_text(session: GameSession, name: str, value: Any, lang: str) -> str:
    """``Now: on``, or ``Now: on (set by matgo)`` for a key a preset fixes (§10A of Go-Stop's rules)."""
    preset = set_by_preset(engine(session.game).INFO, session.options, name)
    if preset is None:
        return t(lang, "options.lobby.now", value=value_text(value, lang))
    return t(lang, "options.lobby.now_preset", value=value_text(value, lang), preset=value_text(preset, lang))


def values_of(option: Option, now: Any) -> list[Any]:
    """The values the menu offers for ``option`` (at most 24, the current one among them)."""
    if option.choices is not None:
        return list(option.choices)[:24]
    if isinstance(option.default, bool):
        return [True, False]
    low = option.minimum if option.minimum is not None else 0
    high = option.maximum if option.maximum is not None else max(LADDER)
    values = sorted({v for v in (*LADDER, low, high, option.default, now) if low <= v <= high})
    while len(values) > 24:  # keep the ones nearest the default
        values.remove(max(values, key=lambda v: (abs(v - option.default), v)))
    return values


def options_line(session: GameSession, lang: str) -> str:
    """The lobby text's line of options the host changed, by their names ("" when none)."""
    extra = controls_for(session.game).lobby_lines(session, lang)
    if not session.options:
        return "\n".join(extra)
    shown = ", ".join(f"{option_name(session.game, name, lang)} = {value_text(value, lang)}"
                      for name, value in session.options.items())
    return "\n".join([t(lang, "games.lobby.options", options=shown), *extra])


def empty_seat_lines(session: GameSession, lang: str) -> list[str]:
    """Each empty seat, saying what Start will really do with it: a computer player takes it (seats the
    game needs) or it stays empty; Gou Ji with ``cpu_fill`` off starts only with every seat taken."""
    info = engine(session.game).INFO
    fills = bool(current(session).get("cpu_fill", True))
    out = []
    for index in range(len(session.seats), info.max_seats):
        if index >= info.min_seats:
            key = "options.lobby.seat_stays_empty"
        else:
            key = "options.lobby.seat_computer" if fills else "options.lobby.seat_needs_player"
        out.append(f"{index + 1}. " + t(lang, key))
    return out


def option_menu(session: GameSession, lang: str, row: int) -> GameSelect | None:
    """The lobby's option select: a page of options, or the values of the one the host picked."""
    spec = engine(session.game).INFO.options
    if not spec:
        return None
    now = current(session)
    picked = session.ui.get("lobby_option")
    if isinstance(picked, str) and picked in spec:
        entries = [discord.SelectOption(label=value_text(value, lang)[:100], value=f"set:{picked}={value}"[:100],
                                        default=value == now[picked] and type(value) is type(now[picked]))
                   for value in values_of(spec[picked], now[picked])]
        entries.append(discord.SelectOption(label=t(lang, "options.lobby.back")[:100], value="list", emoji="↩️"))
        placeholder = t(lang, "options.lobby.pick_value", option=option_name(session.game, picked, lang))
        return GameSelect(session.id, "option", options=entries, placeholder=placeholder, row=row)
    names = list(spec)
    pages = math.ceil(len(names) / PAGE)
    page = min(max(int(session.ui.get("lobby_page", 0) or 0), 0), pages - 1)
    entries = [discord.SelectOption(label=label[:100], value=f"set:{choice}"[:100], description=about[:100], emoji="⭐")
               for label, about, choice in controls_for(session.game).lobby_first_choices(session, lang)[:1]
               if page == 0]
    entries += [discord.SelectOption(label=option_name(session.game, name, lang)[:100], value=f"pick:{name}"[:100],
                                     description=now_text(session, name, now[name], lang)[:100])
                for name in names[page * PAGE:(page + 1) * PAGE]]
    if pages > 1:
        after = (page + 1) % pages
        entries.append(discord.SelectOption(label=t(lang, "options.lobby.page", page=after + 1, pages=pages)[:100],
                                            value=f"page:{after}", emoji="📄"))
    placeholder = t(lang, "games.option_placeholder")
    if pages > 1:
        placeholder += f" ({number(lang, page + 1)}/{number(lang, pages)})"
    return GameSelect(session.id, "option", options=entries, placeholder=placeholder, row=row)


def menu_step(session: GameSession, value: str) -> str | None:
    """A click on the option menu that only turns it (a page, an option picked, back to the list): done here,
    returning None; a value to set comes back as ``name=value`` for the lobby to check and set."""
    spec = engine(session.game).INFO.options
    if value.startswith("page:"):
        number = value.partition(":")[2]
        session.ui["lobby_page"] = int(number) if number.isdigit() else 0
        session.ui.pop("lobby_option", None)
        return None
    if value.startswith("pick:"):
        name = value.partition(":")[2]
        if name in spec:
            session.ui["lobby_option"] = name
        return None
    if value == "list":
        session.ui.pop("lobby_option", None)
        return None
    session.ui.pop("lobby_option", None)
    return value.partition(":")[2] if value.startswith("set:") else value


def option_value(text: str) -> Any:
    """One typed option value: true/false words, a whole number, or the text itself."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    with contextlib.suppress(ValueError):
        return int(lowered)
    return text.strip()


def parse_options(text: str) -> dict[str, Any]:
    """``"target=21 twos_natural_in_sequences=true"`` -> ``{"target": 21, ...}``."""
    out: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        name, sep, value = part.partition("=")
        if not sep or not name:
            raise ValueError(part)
        out[name.strip()] = option_value(value)
    return out
