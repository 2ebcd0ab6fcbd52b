"""Save before show (issue 43): when the database refuses a change, what people see stays what is stored.

The disk fails (``DiskFaults``: SQLite's own "disk I/O error") at each kind of change: opening a lobby,
joining, leaving, starting, cancelling, a composer step, the hand panel's move, a burst of computer moves
and the change that starts the next hand. Each time the message people look at still shows what the
database holds, the person who acted gets one polite private line, and no reply carries a traceback.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table.session import LOBBY, PLAYING
from tests.discord_double import DiscordDouble
from tests.play.driver import games_cog, table_message

from .helpers import SHORT, session_of
from .test_storage_faults import DiskFaults

NOT_SAVED = t("en", "resilience.not_saved")
SNAPSHOT_WRITE = "INSERT INTO snapshots"


def _stored(bot: TeahouseBot) -> dict[int, dict[str, Any]]:
    """What the database holds for each live game (read as another process would)."""
    with sqlite3.connect(bot.config.database_path) as db:
        rows = db.execute("SELECT game_id, extra, state_version FROM snapshots").fetchall()
    return {int(game_id): {**json.loads(extra), "version": version} for game_id, extra, version in rows}


async def _past_retries(double: DiscordDouble) -> None:
    """A refused write is tried again after short pauses (0.05 s, 0.25 s): let them pass."""
    for _ in range(3):
        double.clock.advance(0.3)
        await double.settle()


def _no_traceback(double: DiscordDouble) -> None:
    for person in double.people.values():
        for message in person.ephemerals:
            assert "Traceback" not in message.content and t("en", "games.error.internal") not in message.content
    assert double.take_bot_errors() == []


async def test_a_lobby_shows_only_what_is_stored(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    disk = DiskFaults(bot)

    disk.fail(SNAPSHOT_WRITE, times=None)  # opening: nothing is stored, so nothing stays open
    opened = await alice.run("/game new", game="zhengshangyou", options=SHORT["zhengshangyou"][0])
    await _past_retries(double)
    disk.clear()
    assert alice.ephemerals[-1].content == NOT_SAVED and not games_cog(bot).sessions and _stored(bot) == {}
    closed = double.default_channel.message(opened.id)  # the lobby says it closed, with nothing to press
    assert closed.content == t("en", "games.lobby.cancelled") and not closed.buttons and not closed.selects
    assert all(thread.archived for thread in double.threads)  # the thread opened for it does not linger

    lobby = await alice.run("/game new", game="zhengshangyou", options=SHORT["zhengshangyou"][0])
    session = session_of(bot, double.default_channel)
    assert session is not None

    async def refused(person: Any, button: str) -> None:
        nonlocal lobby
        shown, stored = lobby.content, _stored(bot)[session.id]
        disk.fail(SNAPSHOT_WRITE, times=None)
        await person.click(lobby, button)
        await _past_retries(double)
        disk.clear()
        lobby = double.default_channel.message(lobby.id)
        assert person.ephemerals[-1].content == NOT_SAVED
        assert lobby.content == shown and _stored(bot)[session.id] == stored  # the same as before, both
        assert [s["user_id"] for s in stored["seats"]] == [s.user_id for s in session.seats]

    await refused(bob, t("en", "games.button.join"))
    assert bob.name not in lobby.content and session.seat_of(bob.id) is None
    lobby = await bob.click(lobby, t("en", "games.button.join"))
    await refused(bob, t("en", "games.button.leave"))
    assert session.seat_of(bob.id) is not None
    await refused(alice, t("en", "games.button.start"))
    assert session.phase == LOBBY and lobby.has_button(t("en", "games.button.start")) and not double.threads[-1].messages

    disk.fail("UPDATE snapshots", times=None)  # cancelling (the row becomes a tombstone): still stored, so still open
    await alice.click(lobby, t("en", "games.button.cancel"))
    await _past_retries(double)
    disk.clear()
    assert alice.ephemerals[-1].content == NOT_SAVED and session.id in _stored(bot)
    assert double.default_channel.message(lobby.id).has_button(t("en", "games.button.start"))
    assert games_cog(bot).sessions.get(session.id) is session

    lobby = await alice.click(double.default_channel.message(lobby.id), t("en", "games.button.start"))
    await double.settle()
    assert session.phase == PLAYING and _stored(bot)[session.id]["phase"] == PLAYING
    _no_traceback(double)


async def test_a_game_shows_only_what_is_stored(double: DiscordDouble, bot: TeahouseBot,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.games.zhengshangyou import sort_cards
    from tests.play.test_zhengshangyou_composer import button, menu, pick, seat_game

    alice = double["alice"]
    where = await seat_game(double, monkeypatch, alice)  # alice leads; three computers
    session = session_of(bot, where)
    assert session is not None and session.live is not None
    disk = DiskFaults(bot)
    table = table_message(where)
    assert table is not None
    panel = await alice.click(table, t("en", "games.button.hand"))
    lowest = sort_cards(session.live.state.hands[0])[0]

    # a composer step: the picked cards are saved with the game; refused, the panel shows the stored picks
    before = _stored(bot)[session.id]
    disk.fail(SNAPSHOT_WRITE, times=None)
    await pick(alice, panel, [lowest])
    await _past_retries(double)
    disk.clear()
    shown = alice.ephemerals[-1]
    assert NOT_SAVED in shown.content and _stored(bot)[session.id] == before
    assert not any(o.default for o in menu(shown, "zs_cards").options)  # no pick shown, none stored
    assert t("en", "zhengshangyou.ui.nothing_selected") in shown.content

    # a move: refused, the hand and the table stay as stored
    panel = await pick(alice, shown, [lowest])
    version, hand = session.version, list(session.live.state.hands[0])
    disk.fail(SNAPSHOT_WRITE, times=None)
    await alice.click(panel, button(panel, "zs_play").custom_id)
    await _past_retries(double)
    disk.clear()
    assert session.version == version and session.live.state.hands[0] == hand
    assert _stored(bot)[session.id]["version"] == version
    said = alice.ephemerals[-1].content
    assert t("en", "resilience.save_failed") in said or NOT_SAVED in said

    # the move again, and the computers' burst after it refused twice: never shown unsaved, made again later
    panel = alice.ephemerals[-1]
    if not any(o.default for o in menu(panel, "zs_cards").options):
        panel = await pick(alice, panel, [lowest])
    disk.fail(SNAPSHOT_WRITE, times=1)  # alice's own save is tried again and stands
    await alice.click(panel, button(panel, "zs_play").custom_id)
    disk.fail(SNAPSHOT_WRITE, times=6)  # the burst's save fails after its retries, twice
    for _ in range(100):  # the retries' pauses and the driver's pause after a refused burst, on the double's clock
        await asyncio.sleep(0.05)
        double.clock.advance(1.5)
        await double.settle()
        if disk.rules[-1][1] == 0 and _stored(bot)[session.id]["version"] == session.version > version + 1:
            break
    disk.clear()
    await double.settle()
    assert session.version > version + 1 and _stored(bot)[session.id]["version"] == session.version
    table = table_message(where)
    assert table is not None
    _no_traceback(double)


async def test_the_next_hand_starts_only_once_stored(double: DiscordDouble, bot: TeahouseBot) -> None:
    """The hand's end: the pause between hands runs out while the disk refuses the next hand's start. The
    table keeps showing the finished hand (as stored), the clock tries again, and the game goes on."""
    import random

    from tests.play.driver import play_one_step

    from .helpers import open_table

    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options.replace("target_score=2", "target_score=9"),
                                computers=seats - 1)
    session = session_of(bot, where)
    assert session is not None
    rng = random.Random(3)
    for _ in range(500):
        if session.paused_until is not None:
            break
        await play_one_step(where, [alice], rng)
        await double.settle()
    assert session.paused_until is not None, "the first hand never ended"
    shown = table_message(where)
    assert shown is not None and shown.has_button(t("en", "games.button.next_hand"))
    disk = DiskFaults(bot)
    disk.fail(SNAPSHOT_WRITE, times=None)
    double.clock.advance(31)  # the pause runs out: the next hand cannot be stored
    await _past_retries(double)
    assert session.paused_until is not None and _stored(bot)[session.id]["paused_until"] is not None
    assert table_message(where) is not None and table_message(where).has_button(t("en", "games.button.next_hand"))
    disk.clear()
    for _ in range(4):  # the clock looks again
        double.clock.advance(3)
        await double.settle()
    assert session.paused_until is None and _stored(bot)[session.id]["paused_until"] is None
    assert not table_message(where).has_button(t("en", "games.button.next_hand"))
    _no_traceback(double)
