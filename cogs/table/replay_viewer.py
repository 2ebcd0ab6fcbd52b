"""The replay viewer's message: a finished game's table at one step, the line saying what happened there,
⏮ ◀ ▶ ⏭, Show hands, Download, and a select to jump to a hand.

Everything the viewer needs to go on is in its components' custom ids (``rp:<game>:<owner>:<step>:<hands>:<verb>``,
``rq:…`` for the select): the game, whose copy it is (0: nobody's, a Watch again button), the step shown and
whether the hands are face up. So a viewer keeps working after a restart, and a click is answered from the
record in storage. The record is read once per game and its replay kept (a few games, a few dozen pictures).
"""

from __future__ import annotations

import io
import json
import re
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord

from bot.games.live import SEAT_CHANGED
from bot.games.registry import engine
from bot.i18n import t
from bot.storage import GameRecord

from . import pictures
from .components import REPLAY_TEMPLATES
from .replay_record import Tape, Timeline, step_drawing, timeline_from_json, timeline_json
from .session import Seat
from .words import event_text, move_name, seat_label

BUTTON_PREFIX, SELECT_PREFIX = "rp", "rq"
#: the verbs of the viewer's buttons; "open" is Watch again (a new private copy at the step it names)
VERBS = ("first", "prev", "next", "last", "hands", "file", "open")
NOBODY = 0
#: what is kept in memory: records with their replay, and drawn pictures (a step shows ~50–150 KB)
KEEP_GAMES, KEEP_PICTURES = 16, 48
MAX_TEXT = 1900


@dataclass(frozen=True)
class Replay:
    """One finished game ready to step through: its record, its tape and its timeline."""

    record: GameRecord
    tape: Tape
    line: Timeline

    @property
    def game_id(self) -> int:
        return int(self.record.game_id)

    def names(self, lang: str) -> list[str]:
        return [seat_label(lang, Seat(name=s.name, user_id=s.user_id, ai=s.ai_level)) for s in self.record.seats]


_REPLAYS: OrderedDict[str, Replay] = OrderedDict()
_PICTURES: OrderedDict[Hashable, bytes | None] = OrderedDict()


def _keep(store: OrderedDict[Any, Any], key: Any, value: Any, limit: int) -> None:
    store[key] = value
    store.move_to_end(key)
    while len(store) > limit:
        store.popitem(last=False)


async def replay_of(record: GameRecord) -> Replay | None:
    """The record replayed once (in the picture process) and kept; None when it cannot be replayed."""
    kept = _REPLAYS.get(record.game_id)
    if kept is not None:
        _REPLAYS.move_to_end(record.game_id)
        return kept
    tape = Tape.of(record.game, len(record.seats), record.seed, record.options, record.actions)
    data = await pictures.drawn(partial(timeline_json, tape))
    if data is None:
        return None
    replay = Replay(record, tape, timeline_from_json(data))
    _keep(_REPLAYS, record.game_id, replay, KEEP_GAMES)
    return replay


async def step_picture(replay: Replay, step: int, hands: bool, lang: str) -> bytes | None:
    """A step's picture, drawn off the loop, kept in a small bounded cache by what it shows."""
    key = (replay.record.game_id, step, hands, lang)
    if key in _PICTURES:
        _PICTURES.move_to_end(key)
        return _PICTURES[key]
    png = await pictures.drawn(step_drawing(replay.tape, step, hands, replay.names(lang), lang))
    if png is not None:
        _keep(_PICTURES, key, png, KEEP_PICTURES)
    return png


def parse(custom: str) -> tuple[int, int, int, bool, str] | None:
    """``(game, owner, step, hands, verb)`` of a viewer's custom id; None for anything else."""
    for template in REPLAY_TEMPLATES:
        match = template.fullmatch(custom)
        if match is not None and match["verb"] in (*VERBS, "hand"):
            return int(match["game"]), int(match["owner"]), int(match["step"]), match["hands"] == "1", match["verb"]
    return None


def custom_id(game: int, owner: int, step: int, hands: bool, verb: str, prefix: str = BUTTON_PREFIX) -> str:
    return f"{prefix}:{game}:{owner}:{step}:{int(hands)}:{verb}"


def target(replay: Replay, step: int, verb: str, values: list[str]) -> int:
    """The step a click asks for (``hand``: the first step of the hand chosen in the select)."""
    last = replay.line.last
    step = min(max(step, 0), last)
    if verb == "first":
        return 0
    if verb == "prev":
        return max(step - 1, 0)
    if verb == "next":
        return min(step + 1, last)
    if verb == "last":
        return last
    if verb == "hand" and values and values[0].isascii() and values[0].isdigit():
        return min(replay.line.hand_starts.get(int(values[0]), step), last)
    return step


def step_text(replay: Replay, step: int, hands: bool, lang: str) -> str:
    """The viewer's words: the game, where we are, what happened at this step."""
    record, line = replay.record, replay.line
    names = replay.names(lang)
    at = line.steps[step]
    hand_count = max(s.hand for s in line.steps)
    lines = [t(lang, "viewer.title", game=t(lang, f"{record.game}.name"), id=record.game_id),
             t(lang, "viewer.where", step=step, last=line.last, hand=at.hand, hands=hand_count)]
    player = names[at.seat] if at.seat is not None and 0 <= at.seat < len(names) else str((at.seat or 0) + 1)
    if at.seat is None:
        lines.append(t(lang, "viewer.deal"))
    elif at.notation == SEAT_CHANGED:
        lines.append(t(lang, "viewer.seat_changed", player=player, seat=at.seat + 1))
    else:
        mod = engine(record.game)
        try:
            move = move_name(record.game, mod.parse_action(at.notation), at.notation, lang)
        except Exception:  # a notation the engine no longer reads: shown as it was written
            move = at.notation
        lines.append(t(lang, "viewer.move", player=player, move=move))
    lines.extend(text for event in at.events if (text := event_text(record.game, event, names, lang)))
    if hands:
        lines.append(t(lang, "viewer.hands_up"))
    elif not line.hands_shown(step):
        lines.append(t(lang, "viewer.hands_hidden"))
    if line.broken_at is not None and step == line.last:
        lines.append(t(lang, "viewer.broken"))
    elif step == line.last and record.summary.get("abandoned"):
        lines.append(t(lang, "viewer.abandoned"))
    text = "\n".join(lines)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


class ViewerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_TEMPLATES[0]):
    """A viewer's button (and Watch again): parsed on every click, so it lives as long as its message."""

    def __init__(self, custom: str, *, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(custom_id=custom, label=label[:80] or None, style=style,
                                           disabled=disabled, row=row))
        self.custom = custom

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ViewerButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handler(interaction, self.custom, [])


class ViewerSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=REPLAY_TEMPLATES[1]):
    """The viewer's hand select."""

    def __init__(self, custom: str, *, options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 row: int | None = None) -> None:
        options = options or [discord.SelectOption(label="-", value="-")]
        super().__init__(discord.ui.Select(custom_id=custom, options=options[:25], placeholder=placeholder[:150] or None,
                                           row=row))
        self.custom = custom

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ViewerSelect:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Any = interaction.data or {}
        raw = data.get("values", [])
        await _handler(interaction, self.custom, [str(v) for v in raw][:1] if isinstance(raw, list) else [])


async def _handler(interaction: discord.Interaction, custom: str, values: list[str]) -> None:
    cog: Any = interaction.client.get_cog("Replays")  # type: ignore[attr-defined]
    if cog is not None:
        await cog.on_click(interaction, custom, values)


def watch_button(game_id: str, label: str, row: int | None = None) -> ViewerButton:
    """**Watch again**: whoever clicks gets a private viewer of this game at its first step."""
    return ViewerButton(custom_id(int(game_id), NOBODY, 0, False, "open"), label=label,
                        style=discord.ButtonStyle.primary, row=row)


def components(replay: Replay, owner: int, step: int, hands: bool, lang: str) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ / Show hands, Download / the hand select."""
    game, last = replay.game_id, replay.line.last
    view = discord.ui.View(timeout=None)
    for verb, label, off in (("first", "⏮", step == 0), ("prev", "◀", step == 0),
                             ("next", "▶", step >= last), ("last", "⏭", step >= last)):
        view.add_item(ViewerButton(custom_id(game, owner, step, hands, verb), label=label, disabled=off, row=0))
    shown = replay.line.hands_shown(step)
    view.add_item(ViewerButton(custom_id(game, owner, step, hands, "hands"),
                               label=t(lang, "viewer.hide_hands" if hands else "viewer.show_hands"),
                               disabled=not shown, row=1))
    view.add_item(ViewerButton(custom_id(game, owner, step, hands, "file"), label=t(lang, "viewer.download"), row=1))
    count = max(s.hand for s in replay.line.steps)
    if count > 1:
        current = replay.line.steps[step].hand
        first = min(max(current - 12, 1), max(count - 24, 1))
        options = [discord.SelectOption(label=t(lang, "viewer.hand_option", hand=h), value=str(h), default=h == current)
                   for h in range(first, min(first + 25, count + 1)) if h in replay.line.hand_starts]
        if options:
            view.add_item(ViewerSelect(custom_id(game, owner, step, hands, "hand", SELECT_PREFIX), options=options,
                                       placeholder=t(lang, "viewer.jump"), row=2))
    view.stop()  # answered through its items' custom ids: discord.py keeps no copy of it (see ``bot.replies``)
    return view


async def message(replay: Replay, owner: int, step: int, hands: bool, lang: str) -> dict[str, Any]:
    """The viewer's message at ``step`` as keyword arguments of a send or an edit."""
    hands = hands and replay.line.hands_shown(step)  # never face up where the hand had not ended
    png = await step_picture(replay, step, hands, lang)
    files = [] if png is None else [discord.File(io.BytesIO(png), filename=f"replay-{step}.png")]
    return {"content": step_text(replay, step, hands, lang), "files": files,
            "view": components(replay, owner, step, hands, lang),
            "allowed_mentions": discord.AllowedMentions.none()}


def record_file(record: GameRecord) -> discord.File:
    """The record as JSON, in the format ``docs/replay-format.md`` describes."""
    data = {"format": "teahouse-replay", "version": 1, "game_id": record.game_id, "game": record.game,
            "options": dict(record.options), "seats": len(record.seats), "seed": record.seed,
            "actions": [list(a) for a in record.actions],
            "names": [s.name for s in record.seats], "computers": [s.ai_level for s in record.seats],
            "places": list(record.places), "points": list(record.points),
            "teams": None if record.teams is None else list(record.teams),
            "abandoned": bool(record.summary.get("abandoned")),
            "started_at": record.started_at.isoformat(), "ended_at": record.ended_at.isoformat()}
    payload = json.dumps(data, ensure_ascii=False, indent=1).encode()
    return discord.File(io.BytesIO(payload), filename=f"teahouse-{record.game_id}.json")


__all__ = ["NOBODY", "Replay", "ViewerButton", "ViewerSelect", "components", "custom_id", "message", "parse",
           "record_file", "replay_of", "step_picture", "step_text", "target", "watch_button"]
