"""A damaged record costs one game, never the bot (issue 43).

Three saved games are damaged on disk while the bot is stopped: one snapshot's state is not JSON, one's
seed is not a number, one names a game we do not have. At the next start the fourth game resumes and
plays on, every damaged row is still stored (set aside, not deleted), and the log names each of them.
"""

from __future__ import annotations

import json
import sqlite3

from bot.i18n import t
from tests.conftest import StartTeahouse
from tests.discord_double import DiscordDouble

from .helpers import SHORT, open_table, session_of


async def test_damaged_snapshots_are_set_aside_and_every_other_game_resumes(
        double: DiscordDouble, teahouse: StartTeahouse) -> None:
    alice, bob, carol, dave = (double[name] for name in ("alice", "bob", "carol", "dave"))
    options, seats = SHORT["zhengshangyou"]
    async with teahouse(computer_delay_seconds=0.0) as bot:
        where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
        good = session_of(bot, where)
        assert good is not None
        version = good.version
        broken = {}
        for person in (bob, carol, dave):
            await person.run("/game new", game="goita")
            broken[person.name] = next(s.id for s in bot.get_cog("Games").sessions.values()  # type: ignore[union-attr]
                                       if s.host_id == person.id)
        path = bot.config.database_path
    with sqlite3.connect(path) as db:
        db.execute("UPDATE snapshots SET state = '{\"hands\": [' WHERE game_id = ?", (str(broken["bob"]),))
        db.execute("UPDATE snapshots SET seed = 'not a number' WHERE game_id = ?", (str(broken["carol"]),))
        extra = json.loads(db.execute("SELECT extra FROM snapshots WHERE game_id = ?",
                                      (str(broken["dave"]),)).fetchone()[0])
        db.execute("UPDATE snapshots SET game = 'chess', extra = ? WHERE game_id = ?",
                   (json.dumps({**extra, "game": "chess"}), str(broken["dave"])))

    async with teahouse(computer_delay_seconds=0.0) as bot:
        await double.settle()
        set_aside = double.take_bot_errors()  # the log lines naming the damaged games are the point here
        assert len(set_aside) == 3 and all(r.exc_info is None for r in set_aside)
        sessions = bot.get_cog("Games").sessions  # type: ignore[union-attr]
        assert set(sessions) == {good.id}  # the sound game resumed; the damaged ones did not stop it
        resumed = sessions[good.id]
        assert resumed.version == version
        panel = await alice.run("/game hand", channel=where)  # it plays on
        assert panel.ephemeral and panel.buttons and t("en", "games.error.internal") not in panel.content
        lobby = await bob.run("/game new", game="goita")  # the damaged game holds nobody
        assert t("en", "games.error.already_playing") not in lobby.content

    with sqlite3.connect(path) as db:  # set aside, not deleted
        stored = {row[0] for row in db.execute("SELECT game_id FROM snapshots")}
    assert {str(game) for game in broken.values()} <= stored
    named = " ".join(r.getMessage() for r in set_aside)
    assert all(str(game) in named for game in broken.values()), named
