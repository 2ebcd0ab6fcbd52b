"""Between the game cog and storage: snapshots after every move, results at the end.

Storage is the bot's database (``bot.storage``); everything here is a thin translation
from a ``GameSession`` to storage's records so the cog reads as game logic only.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import zlib
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import discord
import orjson

from bot.app import TeahouseBot
from bot.games.core import Result
from bot.games.registry import engine
from bot.i18n import LANGUAGES, language_of
from bot.storage import (
    STORAGE_FAULTS,
    GameRecord,
    GuildSettings,
    Seat,
    Snapshot,
    StorageError,
    ranks_from_scores,
)

from .attention import attention
from .session import GameSession

log = logging.getLogger("teahouse.persistence")

T = TypeVar("T")

#: Pauses before trying a failed write again; one try more than pauses.
RETRY_PAUSES_S = (0.05, 0.25)

#: Each live game as last committed (JSON), to go back to when a later save fails for good.
_last_saved: dict[int, bytes] = {}
#: The snapshot's record of its people's last clicks (``attention.clicks``), beside the session's own data.
CLICKS = "clicks"


class SaveFailed(StorageError):
    """A save failed after its retries; the session was put back to its last saved state."""


async def _retrying(what: str, write: Callable[[], Awaitable[T]]) -> T:
    """``write()``, tried again after a short pause when the database fails; the last fault is raised."""
    for pause in (*RETRY_PAUSES_S, None):
        try:
            return await write()
        except STORAGE_FAULTS as err:
            if pause is None:
                raise
            log.warning("%s failed (%s: %s); trying again", what, type(err).__name__, err)
            await asyncio.sleep(pause)
    raise AssertionError("unreachable")


def _restore(session: GameSession, saved: bytes) -> None:
    """Put ``session`` back, in place (the cog and the lock keep their object), to a saved state."""
    fresh = GameSession.from_dict(json.loads(zlib.decompress(saved)))
    for spec in dataclasses.fields(GameSession):
        if spec.name != "lock":
            setattr(session, spec.name, getattr(fresh, spec.name))


def revert(session: GameSession) -> None:
    """Put ``session`` back to its last saved state (after a change the database refused to forget or keep)."""
    last = _last_saved.get(session.id)
    if last is not None:
        _restore(session, last)


async def guild_settings(bot: TeahouseBot, guild_id: int | None) -> GuildSettings:
    if guild_id is None:
        return GuildSettings()
    return await bot.storage.guild_settings(guild_id)


def public_language(bot: TeahouseBot, settings: GuildSettings, interaction: discord.Interaction) -> str:
    """The server's chosen language, else its Discord locale when we speak it, else the configured default."""
    if settings.language in LANGUAGES:
        return str(settings.language)
    locale = interaction.guild_locale.value if interaction.guild_locale else ""
    lang = language_of(locale)
    if locale and lang != "en" or locale.startswith("en"):
        return lang
    return bot.config.default_language


def _seats(session: GameSession) -> tuple[Seat, ...]:
    return tuple(Seat.human(s.user_id, s.name) if s.user_id is not None else Seat.computer(s.ai or "easy", s.name)
                 for s in session.seats)


def snapshot_of(session: GameSession, data: dict[str, Any] | None = None) -> Snapshot:
    """The snapshot of ``session`` (``data``: its ``to_dict()``, when the caller made it already). The action
    log is the snapshot's own ``actions``, not written a second time in ``extra`` (``load_active`` puts it back)."""
    data = dict(session.to_dict() if data is None else data)
    state = data.pop("state") or {}
    actions = data.pop("log")
    deadline = datetime.fromtimestamp(session.deadline, UTC) if session.deadline else None
    return Snapshot(
        game_id=str(session.id), guild_id=session.guild_id, channel_id=session.channel_id,
        thread_id=session.thread_id, game=session.game, options=session.options, seats=_seats(session),
        seed=session.seed, state=state, state_version=session.version, actions=actions,
        table_message_id=session.table_message_id, turn_deadline=deadline, extra=data,
    )


def _packed(data: dict[str, Any]) -> bytes:
    """A session's ``to_dict()`` kept for ``_restore``: JSON, deflated (a few KB per live game, not tens)."""
    return zlib.compress(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS), 1)


async def save(bot: TeahouseBot, session: GameSession) -> None:
    """Commit the session before any message about its last move goes out.

    A failed write is tried again; when it still fails, the session goes back to its last saved
    state (memory and database agree again: the move is undone) and ``SaveFailed`` says so.
    """
    data = session.to_dict()
    saved = _packed(data)  # this moment, read with the snapshot (the session may move on while it is written)
    data[CLICKS] = attention(bot).clicks(session.id)  # who is at the table stays there over a restart
    snapshot = snapshot_of(session, data)
    phase = session.phase
    try:
        await _retrying(f"saving game {session.id}", lambda: bot.storage.save_snapshot(snapshot))
    except STORAGE_FAULTS as err:
        log.warning("game %s not saved (%s: %s); its last change was undone", session.id, type(err).__name__, err)
        if session.phase == phase:  # a game that ended meanwhile is not brought back
            revert(session)
        raise SaveFailed(f"game {session.id} not saved") from None
    _last_saved[session.id] = saved


async def forget(bot: TeahouseBot, session: GameSession) -> None:
    _last_saved.pop(session.id, None)
    await _retrying(f"forgetting game {session.id}", lambda: bot.storage.delete_snapshot(str(session.id)))


async def load_active(bot: TeahouseBot) -> list[GameSession]:
    """Every lobby and game that was running when the bot stopped."""
    sessions: list[GameSession] = []
    for snapshot in await bot.storage.active_snapshots():
        try:
            engine(snapshot.game)  # a game we do not have (KeyError): set aside like any damaged row
            data: dict[str, Any] = dict(snapshot.extra)
            data["state"] = dict(snapshot.state) or None
            data.setdefault("log", list(snapshot.actions))  # older snapshots kept it in extra too
            session = GameSession.from_dict(data)
            if session.game != snapshot.game or session.id != int(snapshot.game_id):
                raise ValueError("the snapshot's columns and its session disagree")
            _last_saved[session.id] = _packed(session.to_dict())
            clicks = data.get(CLICKS)
            if isinstance(clicks, dict):
                with contextlib.suppress(TypeError, ValueError):  # damaged: they count as idle, as before
                    attention(bot).remember(session.id, clicks)
            sessions.append(session)
        except Exception as err:  # a damaged row of any kind costs its one game: the others resume
            log.error("snapshot of game %s cannot be restored (%s); it is kept and set aside",
                      snapshot.game_id, type(err).__name__)
    return sessions


async def finish(bot: TeahouseBot, session: GameSession, result: Result | None, abandoned: bool) -> bool:
    """Record a finished game; an abandoned one is recorded without a result (no places, no points, no
    totals; /history says "abandoned"), its snapshot dropped in the same transaction.

    A game with a result keeps its snapshot until its end is announced (`forget` after the summary): a
    process killed between the two finds it at the next start-up, where recording it again changes
    nothing and the summary is posted then.

    False when the database refused even after retries: the snapshot stays, so the next start-up
    finishes the game (records it and posts its summary) once.
    """
    try:
        if result is None or session.started_at is None:
            await forget(bot, session)
            return True
        record = _record_of(session, result, abandoned)
        if abandoned:
            await _retrying(f"recording game {session.id}", lambda: bot.storage.record_abandoned(record))
        else:
            await _retrying(f"recording game {session.id}",
                            lambda: bot.storage.record_game(record, keep_snapshot=True))
    except ValueError as err:
        log.error("result of game %s not recorded: %s", session.id, err)
        await forget(bot, session)
        return True
    except STORAGE_FAULTS as err:
        log.warning("result of game %s not recorded (%s: %s); the next start-up records it",
                  session.id, type(err).__name__, err)
        return False
    _last_saved.pop(session.id, None)
    return True


def _record_of(session: GameSession, result: Result, abandoned: bool) -> GameRecord:
    assert session.started_at is not None
    count = len(session.seats)
    teams = engine(session.game).INFO.team_of
    team_list = result.teams and [result.teams[s] for s in range(count)] or (
        teams(count, session.options) if teams else None)
    places = tuple(int(result.places.get(s, count)) for s in range(count))
    team_places: dict[int, int] | None = None
    if team_list is not None and result.team_points:
        team_places = ranks_from_scores({int(k): v for k, v in result.team_points.items()})
    elif team_list is not None:
        team_places = {}
        for seat, team in enumerate(team_list):
            team_places[team] = min(team_places.get(team, 99), places[seat])
    return GameRecord(
        game_id=str(session.id), guild_id=session.guild_id, channel_id=session.channel_id,
        thread_id=session.thread_id, game=session.game, options=session.options, seats=_seats(session),
        places=places, points=tuple(int(result.points.get(s, 0)) for s in range(count)), seed=session.seed,
        actions=tuple(list(a) for a in session.recorded_actions()),
        started_at=datetime.fromtimestamp(session.started_at, UTC), ended_at=datetime.now(UTC),
        teams=tuple(team_list) if team_list is not None else None, team_places=team_places,
        summary=dict(result.summary), rated=False if abandoned or not session.rated else None,
        hints=tuple(int(session.ui.get("hints_used", {}).get(str(s), 0)) for s in range(count)),
    )
