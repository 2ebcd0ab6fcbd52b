"""``/game new`` answers within Discord's 3 s when the server's settings are slow to read (issue #48, item 5).

It reads the server's settings before it can open the lobby; with the database busy (another process's long
write, a backup, a host with no core to spare) that read waited and the interaction was acknowledged only with
the lobby, after Discord's 3 s. Here the database is held by a transaction of its own while Alice opens a
game: the double fails the interaction if it is not acknowledged within 3 s (on its clock).
"""

from __future__ import annotations

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble


async def test_game_new_is_acknowledged_while_the_settings_read_waits(double: DiscordDouble,
                                                                     bot: TeahouseBot) -> None:
    alice = double["alice"]
    async with bot.storage._db.transaction():  # the database is busy: the settings read waits for it
        record = await alice.begin_run("/game new", game="goita")
        answer = await double.wait(record)  # fails unless acknowledged within 3 s
        assert record.responded and record.deferred
        assert answer is None or answer.loading  # "thinking…": no lobby yet, the settings are still unread
    await double.settle()
    lobby = double.response_message(record)
    assert lobby is not None and not lobby.loading and not lobby.ephemeral
    assert lobby.has_button(t("en", "games.button.start"))  # the lobby came as the deferred answer


async def test_game_new_is_one_call_when_the_settings_come_at_once(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    record = await alice.begin_run("/game new", game="goita")
    lobby = await double.wait(record)
    assert lobby is not None and lobby.has_button(t("en", "games.button.start"))
    assert not record.deferred  # answered with the lobby itself: no extra acknowledgement
