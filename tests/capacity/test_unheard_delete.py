"""A table deleted without the bot hearing of it comes back at the next change (issue #48, item 3).

The Guild Messages intent lets the bot hear MESSAGE_DELETE and post a deleted table again at once
(``tests/resilience/test_deleted_table.py``). A gateway event can be lost, though (a reconnect that cannot
resume starts a new session, and what happened meanwhile is not replayed), and then the table's next edit is
answered 10008 Unknown Message: the bot posts the table again then, once, and the game goes on. So the
intent is a convenience for the moment of the delete, not what keeps a game playable.
"""

from __future__ import annotations

from bot.app import TeahouseBot
from tests.discord_double import DiscordDouble
from tests.play.driver import table_message, to_move
from tests.resilience.helpers import SHORT, open_table, session_of
from tests.resilience.test_deleted_table import live_tables, tables_ever


async def test_a_table_deleted_unheard_is_posted_again_by_its_next_edit(double: DiscordDouble,
                                                                        bot: TeahouseBot) -> None:
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    table = table_message(where)
    assert table is not None and alice.id in to_move(table)
    session = session_of(bot, where)
    assert session is not None
    posted, version = len(tables_ever(where)), session.version

    table.deleted = True  # deleted while the bot's gateway session was gone: no MESSAGE_DELETE reaches it
    await double.settle()
    assert live_tables(where) == []  # nothing noticed yet

    panel = await alice.run("/game hand")  # the table's button is gone with it: the command opens her hand
    assert panel is not None
    quick = next(s for s in panel.selects if (s.custom_id or "").split(":")[3:4] == ["zs_quick"])
    await alice.select(panel, quick.custom_id, [quick.options[0].value])
    await double.settle()

    assert session.version > version  # her move was made
    back = live_tables(where)
    assert len(back) == 1 and back[0].id != table.id  # the edit got 10008: posted again, once
    assert len(tables_ever(where)) == posted + 1
    assert any(c.error_code == 10008 for c in double.calls if str(table.id) in c.path)
