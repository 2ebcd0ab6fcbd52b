"""Chat elsewhere on the server costs the bot no work (issue #48, item 3).

With the Guild Messages intent every message anyone writes reaches the bot; it reads only the channel and id
of a new message (to count the messages below a table: chat in a game's thread scrolls its table out of view,
``tests/play/test_table_feel.py``) and nothing of an edit. Chat in other channels makes no request, and the
game's table is edited in place as before, not posted again.
"""

from __future__ import annotations

from bot.app import TeahouseBot
from tests.discord_double import DiscordDouble
from tests.play.driver import table_message
from tests.resilience.helpers import SHORT, open_table, session_of


async def test_chat_in_other_channels_makes_no_request_and_moves_no_table(double: DiscordDouble,
                                                                         bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    elsewhere = double.add_channel(double.guild, "general-chat")
    session = session_of(bot, where)
    assert session is not None
    calls = len(double.calls)
    for i in range(40):
        carol.say(elsewhere, f"did anyone see the match last night? ({i})")
        message = double.message(carol.say(elsewhere, "…").id)
        assert message is not None
        double.edit_message(message, {"content": "edited"}, [])  # an edit reaches the bot too (MESSAGE_UPDATE)
    await double.settle()
    assert len(double.calls) == calls  # not one request for all that chat
    table = table_message(where)
    assert table is not None and table.id == session.table_message_id
    assert bot.get_cog("Games").table.below.get(session.id, 0) == 0  # type: ignore[union-attr]
