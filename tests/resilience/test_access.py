"""Discord refusals the double learned in issue 30, met by the real bot in a game: a thread it can no
longer see (403/50001 Missing Access), a lobby opened inside a thread (no thread in a thread: 50024),
a guild at its active-thread cap (160006), and a gateway that asks for a reconnect (op 7)."""

from __future__ import annotations

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.discord_double.people import Person

from .helpers import SHORT, level_easy, open_table, play_on


def _host_notes(where_messages: list[Message], host: Person, key: str) -> list[Message]:
    marker = t("en", key, host="").strip()[:40]
    return [m for m in where_messages if marker in m.content and m.pinged_user_ids == [host.id]]


async def test_a_thread_the_bot_lost_access_to_moves_the_game_to_the_channel(double: DiscordDouble,
                                                                             bot: TeahouseBot) -> None:
    """50001 is a 403: the table's Forbidden branch tries text, then moves the game to its channel."""
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    lobby = await alice.run("/game new", game="zhengshangyou", options=options)
    for _ in range(seats - 1):
        lobby = await alice.select(lobby, t("en", "games.add_computer_placeholder"), [level_easy()])
    thread, channel = double.threads[-1], double.channel(lobby.channel_id)
    double.lock_out(thread)  # e.g. a moderator's overwrite on the thread alone, before the first table
    await alice.click(lobby, t("en", "games.button.start"))

    final = await play_on(double, bot, channel, [alice], seed=8)

    assert final is not None and final.channel_id == channel.id
    assert len(_host_notes(channel.public_messages, alice, "resilience.no_thread_send")) == 1
    missing = [c for c in double.calls if c.error_code == 50001]
    assert missing and all(c.path.startswith(f"/channels/{thread.id}") for c in missing)


async def test_a_lobby_opened_in_a_thread_plays_there(double: DiscordDouble, bot: TeahouseBot) -> None:
    """Discord has no thread in a thread (50024): a game started inside a thread stays in that thread."""
    alice = double["alice"]
    options, seats = SHORT["gostop"]
    first, _ = await open_table(double, alice, "gostop", options, computers=seats - 1)
    assert first.is_thread
    bob = double["bob"]
    where, lobby = await open_table(double, bob, "gostop", options, computers=seats - 1, channel=first)
    assert where is first and lobby.channel_id == first.id
    assert not [c for c in double.calls if c.error_code == 50024]  # the bot knows: it does not even try
    final = await play_on(double, bot, first, [bob], seed=3)
    assert final is not None


async def test_at_the_active_thread_cap_a_game_plays_in_its_channel(double: DiscordDouble,
                                                                    bot: TeahouseBot) -> None:
    double.active_thread_cap = 0  # Discord's 1000 active threads per guild, reached
    alice = double["alice"]
    options, seats = SHORT["gostop"]
    where, _ = await open_table(double, alice, "gostop", options, computers=seats - 1)
    assert where is double.default_channel and not double.threads
    assert await play_on(double, bot, where, [alice], seed=6) is not None


async def test_at_the_active_thread_cap_finished_games_threads_make_room(double: DiscordDouble,
                                                                         bot: TeahouseBot) -> None:
    """A finished game's thread stays active for a day, so a busy server reaches the cap with threads of
    games long over: the bot archives its own finished ones (never a game in play) and the new game gets
    its thread."""
    double.active_thread_cap = 2
    alice, bob, carol = double["alice"], double["bob"], double["carol"]
    options, seats = SHORT["gostop"]
    finished, _ = await open_table(double, alice, "gostop", options, computers=seats - 1)
    final = await play_on(double, bot, finished, [alice], seed=6)
    assert final is not None
    playing, _ = await open_table(double, bob, "gostop", options, computers=seats - 1)
    assert playing.is_thread and not finished.archived  # two active threads: the cap

    newest, _ = await open_table(double, carol, "gostop", options, computers=seats - 1)

    assert newest.is_thread and newest is not playing
    assert finished.archived and not playing.archived and not newest.archived
    assert [c.error_code for c in double.calls if c.error_code == 160006] == [160006]  # one refusal, then room
    assert await play_on(double, bot, newest, [carol], seed=6) is not None
    assert await play_on(double, bot, playing, [bob], seed=7) is not None
    double.active_thread_cap = 3  # room again: the archived thread's Rematch opens its lobby there, waking it
    lobby = await alice.click(final, t("en", "games.button.rematch"))
    assert not lobby.ephemeral and lobby.channel_id == finished.id and not finished.archived


async def test_a_gateway_reconnect_mid_game_loses_no_click(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    thread, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    moves = 0

    async def reconnect(person: Person, panel: Message) -> None:
        nonlocal moves
        moves += 1
        if moves == 2:
            double.gateway.reconnect()  # op 7: the bot closes, connects again and resumes
            await double.gateway.wait_ready()

    final = await play_on(double, bot, thread, [alice], seed=4, before_move=reconnect)
    assert final is not None and double.gateway.resumes == 1
