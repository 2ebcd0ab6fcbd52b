"""What one person can open, and interactions that arrive twice or forged (issue 43).

Opening and cancelling lobbies in a loop is refused politely past a limit, and every cancelled lobby's
thread is archived (15 lobbies opened and cancelled in 45 s used to leave 15 open threads). A channel
holds a bounded number of lobbies waiting for players. A slash command delivered twice (a gateway resume
replays it) runs once, as a click does. A forged leaderboard page and a forged add-computer level are
answered politely and change nothing.
"""

from __future__ import annotations

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table.lobby import LOBBIES_PER_PERSON, OPEN_LOBBIES_PER_CHANNEL
from tests.discord_double import DiscordDouble
from tests.play.driver import games_cog

from .helpers import session_of


async def test_lobbies_opened_and_cancelled_in_a_loop_are_refused_past_the_limit(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    cancelled = 0
    refused = None
    for _ in range(LOBBIES_PER_PERSON + 3):
        lobby = await alice.run("/game new", game="goita")
        if not lobby.buttons:
            refused = lobby
            break
        await alice.click(lobby, t("en", "games.button.cancel"))
        cancelled += 1
        double.clock.advance(3)
    await double.settle()
    assert cancelled == LOBBIES_PER_PERSON and refused is not None and refused.ephemeral
    assert refused.content == t("en", "games.error.too_many_lobbies", count=LOBBIES_PER_PERSON, minutes=10)
    assert len(double.threads) == cancelled and all(thread.archived for thread in double.threads)
    assert not games_cog(bot).sessions

    double.clock.advance(600)  # the window passes: she may open again
    lobby = await alice.run("/game new", game="goita")
    assert lobby.buttons and not lobby.ephemeral
    assert double.take_bot_errors() == []


async def test_a_channel_holds_a_bounded_number_of_waiting_lobbies(double: DiscordDouble, bot: TeahouseBot) -> None:
    people = [double.add_person(f"p{i}") for i in range(OPEN_LOBBIES_PER_CHANNEL + 1)]
    for person in people[:-1]:
        lobby = await person.run("/game new", game="goita")
        assert lobby.buttons
    last = await people[-1].run("/game new", game="goita")
    assert last.ephemeral and last.content == t("en", "games.error.channel_full", count=OPEN_LOBBIES_PER_CHANNEL)
    assert len(games_cog(bot).sessions) == OPEN_LOBBIES_PER_CHANNEL


async def test_a_slash_command_delivered_twice_runs_once(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    record = await alice.begin_run("/game new", game="goita")
    double.deliver(record)  # the same interaction again, as a resumed gateway replays it
    await double.wait(record)
    await double.settle()
    lobbies = [m for m in double.default_channel.public_messages if m.buttons]
    assert len(lobbies) == 1 and len(games_cog(bot).sessions) == 1
    assert double.take_bot_errors() == []


async def test_forged_pages_and_levels_are_answered_and_change_nothing(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    board = await alice.run("/leaderboard", game="goita")
    for custom in ("lb:chess:rating:all:0", "lb:goita:rating:all:99999999", "zz:nothing"):
        record = await alice.begin_forged_component(board, custom)
        reply = await double.wait(record)
        assert record.response_type is not None, custom  # answered, never left to fail
        assert reply is None or "Traceback" not in reply.content
    lobby = await alice.run("/game new", game="goita")
    session = session_of(bot, double.default_channel)
    assert session is not None
    record = await alice.begin_forged_component(lobby, f"ts:{session.id}:-:addai", ["godlike"])
    reply = await double.wait(record)
    assert reply is not None and reply.ephemeral and reply.content == t("en", "games.error.unknown_button")
    assert len(session.seats) == 1
    assert double.take_bot_errors() == []
