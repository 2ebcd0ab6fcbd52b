"""Discord's faults during a game: each one is lived through and the game still finishes (or ends cleanly).

429s and 5xx are tried again without applying a move twice (the recorded log replays to the
recorded result); an expired interaction token falls back to a fresh table asking for "My hand";
a deleted table is posted again; a deleted or locked thread ends the game and says so in the
channel; missing permissions give one clear message to the host and a working fallback.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from bot.app import TeahouseBot
from bot.games.registry import engine
from bot.i18n import t
from tests.discord_double import DiscordDouble, InteractionFailed
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import MatchLog, choose, games_cog, table_message, to_move

from .helpers import SHORT, move_button, open_table, play_on, replays_to_its_result, session_of

CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"
SEND = "POST /channels/{channel_id}/messages"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


async def _recorded_once(double: DiscordDouble, bot: TeahouseBot, game: str, *, rated: bool | None = None) -> None:
    history = await bot.storage.history(double.guild.id)
    assert [h.game for h in history] == [game], history
    record = await bot.storage.game_record(history[0].game_id)
    assert record is not None
    if rated is not None:
        assert history[0].rated is rated
    if rated is not False:
        assert replays_to_its_result(record)


def _host_notes(where: Channel, host: Person, key: str) -> list[Message]:
    marker = t("en", key, host="").strip()[:40]
    return [m for m in where.public_messages if marker in m.content and m.pinged_user_ids == [host.id]]


async def test_429s_and_5xx_are_retried_and_no_move_is_applied_twice(double: DiscordDouble,
                                                                    bot: TeahouseBot) -> None:
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    faults: list[Callable[[], object]] = [
        lambda: double.faults.rate_limit(CALLBACK, retry_after=0.05),
        lambda: double.faults.rate_limit(SEND, retry_after=0.05),
        lambda: double.faults.rate_limit(EDIT, retry_after=0.05),
        lambda: double.faults.server_error(CALLBACK, status=503),
        lambda: double.faults.server_error(EDIT, status=503),
        lambda: double.faults.server_error(SEND, status=503),
        lambda: double.faults.server_error(EDIT, status=502),
    ]
    schedule = itertools.cycle(faults)

    async def fault(person: Person, panel: Message) -> None:
        double.faults.clear()
        next(schedule)()

    final = await play_on(double, bot, where, [alice], seed=5, before_move=fault)

    double.faults.clear()
    assert final is not None
    assert {c.status for c in double.calls} >= {429, 503}
    await _recorded_once(double, bot, "zhengshangyou")


async def test_an_expired_token_falls_back_to_a_fresh_my_hand_message(double: DiscordDouble,
                                                                     bot: TeahouseBot) -> None:
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    session = session_of(bot, where)
    assert session is not None
    expired: list[int] = []

    async def expire_once(person: Person, panel: Message) -> None:
        button = move_button(panel)
        if expired or button is None:
            return
        mine = sum(1 for seat, _ in session.log if seat == 0)
        double.faults.error(CALLBACK, status=401, code=50027, message="Invalid Webhook Token")
        record = await person.begin_click(panel, button)
        await double.settle()
        double.clock.advance(3.1)
        with pytest.raises(InteractionFailed):  # Discord shows "This interaction failed"
            await double.wait(record)
        await double.settle()
        expired.append(sum(1 for seat, _ in session.log if seat == 0) - mine)
        table = table_message(where)
        assert table is not None and alice.mention in table.content
        assert t("en", "resilience.panel_expired", who="").strip()[:30] in table.content
        fresh = await alice.click(table, t("en", "games.button.hand"))
        assert fresh.ephemeral and fresh in alice.ephemerals and fresh not in double["bob"].ephemerals

    final = await play_on(double, bot, where, [alice], seed=3, before_move=expire_once)

    assert final is not None and expired == [1]  # the move was applied exactly once
    await _recorded_once(double, bot, "zhengshangyou")


async def test_a_deleted_table_message_is_posted_again(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    deleted: list[int] = []

    async def delete_table(person: Person, panel: Message) -> None:
        table = table_message(where)
        if len(deleted) < 3 and table is not None:
            deleted.append(table.id)
            double.delete_message(table)
            if len(deleted) == 1:  # nobody moves: a person asks for the table again
                reply = await person.run("/game table", channel=where)
                assert reply.ephemeral and table_message(where) is not None
                return
            session = session_of(bot, where)  # otherwise the next move posts it again
            assert session is not None and session.live is not None
            mod = engine(session.game)
            move = mod.format_action(mod.legal_actions(session.live.state, 0)[0])
            await person.run("/play", channel=where, move=move)
            await double.settle()
            assert table_message(where) is not None

    final = await play_on(double, bot, where, [alice], seed=2, before_move=delete_table)

    assert final is not None and len(deleted) == 3
    assert all(where.message(d) is None for d in deleted)
    await _recorded_once(double, bot, "zhengshangyou")


async def test_a_deleted_thread_ends_the_game_and_says_so_in_the_channel(double: DiscordDouble,
                                                                       bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    options, seats = SHORT["zhengshangyou"]
    thread, _ = await open_table(double, alice, "zhengshangyou", options, joiners=(bob,), computers=seats - 2)
    assert thread.is_thread

    async def delete_thread(person: Person, panel: Message) -> None:
        double.delete_channel(thread)

    final = await play_on(double, bot, thread, [alice, bob], seed=1, before_move=delete_thread)

    assert final is None and session_of(bot, thread) is None
    notice = t("en", "resilience.thread_deleted", game=t("en", "zhengshangyou.name"))
    assert any(m.content == notice for m in double.default_channel.public_messages)
    await _recorded_once(double, bot, "zhengshangyou", rated=False)
    # the seats are free again: alice can open a new game
    lobby = await alice.run("/game new", game="goita")
    assert not lobby.ephemeral


async def test_a_locked_archived_thread_ends_the_game_and_an_unlocked_one_wakes_up(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    thread, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    moves = 0

    async def archive(person: Person, panel: Message) -> None:
        nonlocal moves
        moves += 1
        if moves == 2:
            double.archive_thread(thread)  # a moderator archives: the next table wakes it
        if moves == 4:
            double.deny(double.default_channel, "manage_threads")
            double.archive_thread(thread, locked=True)

    final = await play_on(double, bot, thread, [alice], seed=4, before_move=archive)

    assert final is None and moves == 4 and thread.locked
    notice = t("en", "resilience.thread_archived", game=t("en", "zhengshangyou.name"))
    assert any(m.content == notice for m in double.default_channel.public_messages)
    await _recorded_once(double, bot, "zhengshangyou", rated=False)


async def test_no_thread_permission_plays_in_the_channel_and_tells_the_host_once(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    double.deny(double.default_channel, "create_public_threads")
    options, seats = SHORT["gostop"]
    where, _ = await open_table(double, alice, "gostop", options, computers=seats - 1)

    assert where is double.default_channel and not double.threads
    final = await play_on(double, bot, where, [alice], seed=6)

    assert final is not None
    assert len(_host_notes(where, alice, "resilience.no_thread")) == 1
    await _recorded_once(double, bot, "gostop")


async def test_no_attach_files_shows_a_text_table_and_tells_the_host_once(double: DiscordDouble,
                                                                          bot: TeahouseBot) -> None:
    alice = double["alice"]
    double.deny(double.default_channel, "attach_files")
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)

    final = await play_on(double, bot, where, [alice], seed=7)

    assert final is not None and where.is_thread
    assert all(not m.attachments for m in where.public_messages)
    assert len(_host_notes(where, alice, "resilience.no_images")) == 1
    await _recorded_once(double, bot, "zhengshangyou")


async def test_no_posting_in_threads_moves_the_game_to_the_channel_and_tells_the_host_once(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    double.deny(double.default_channel, "send_messages_in_threads")
    options, seats = SHORT["zhengshangyou"]
    thread, lobby = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    channel = double.channel(lobby.channel_id)

    final = await play_on(double, bot, channel, [alice], seed=8)

    assert final is not None and not thread.public_messages
    assert len(_host_notes(channel, alice, "resilience.no_thread_send")) == 1
    assert not _host_notes(channel, alice, "resilience.no_images")
    assert any(m.attachments for m in channel.public_messages)  # pictures were never the problem
    await _recorded_once(double, bot, "zhengshangyou")


async def test_without_embed_links_every_table_and_summary_reads_whole_from_its_text(double: DiscordDouble,
                                                                                   bot: TeahouseBot) -> None:
    """Without Embed Links, Discord posts a bot's message but drops its embeds (and shows no link
    previews). The double does not model that, so this test does: every public message in the channel
    loses its embeds as it arrives. The game must still be whole from text and pictures alone: every
    table names whose turn it is and keeps My hand, every hand's and the match's summary lists every
    seat, and the game finishes and is recorded."""
    alice = double["alice"]
    double.deny(double.default_channel, "embed_links")
    dropped: list[int] = []

    def as_discord_shows_it(message: Message) -> None:
        if not message.ephemeral and message.embeds:
            dropped.append(message.id)
            message.embeds = []

    double.observers.append(as_discord_shows_it)
    options, seats = SHORT["gostop"]
    where, _ = await open_table(double, alice, "gostop", options, computers=seats - 1)

    final = await play_on(double, bot, where, [alice], seed=9)

    assert final is not None and not dropped  # nothing was lost with the embeds
    turn = t("en", "games.table.turn", who="").strip()
    tables = [m for m in where.public_messages if m.has_button(t("en", "games.button.hand"))]
    assert tables and all(turn in m.content or m.attachments for m in tables)
    session_names = ["Alice", "🤖"]  # computers have their own short names
    assert all(name in final.content for name in session_names), final.content
    assert len([line for line in final.content.splitlines() if line.strip()]) >= seats + 1  # a line a seat
    await _recorded_once(double, bot, "gostop")


async def test_a_failed_reply_to_a_typed_move_still_lets_the_game_go_on(double: DiscordDouble,
                                                                       bot: TeahouseBot) -> None:
    alice = double["alice"]
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    session = session_of(bot, where)
    assert session is not None and session.live is not None
    for _ in range(200):
        table = table_message(where)
        if table is not None and alice.id in to_move(table):
            break
        await double.settle()
    mod = engine(session.game)
    move = mod.format_action(mod.legal_actions(session.live.state, 0)[0])
    moves = len(session.log)
    double.faults.server_error(CALLBACK, status=503)  # not retried by discord.py

    record = await alice.begin_run("/play", channel=where, move=move)
    await double.settle()
    double.clock.advance(3.1)
    with pytest.raises(InteractionFailed):  # Discord shows "This interaction failed": its own fault
        await double.wait(record)
    await double.settle()
    assert double.take_bot_errors() == []  # handled: a warning, no traceback
    # the one retry of the answer, after the (jumped) 3 s, is refused as Discord refuses it: nothing else
    assert {(v.status, v.code) for v in double.take_violations()} <= {(404, 10062)}

    assert len(session.log) > moves and session.log[moves][0] == 0  # applied once, and the computers went on
    final = await play_on(double, bot, where, [alice], seed=12)
    assert final is not None
    await _recorded_once(double, bot, "zhengshangyou")


async def test_a_failed_answer_to_next_hand_still_starts_the_next_hand(double: DiscordDouble,
                                                                        bot: TeahouseBot) -> None:
    """The e2e benchmark at 300 games: Next hand clicks acknowledged after 3 s were refused, and the answer's
    failure skipped what starts the next hand (the clock, the table, the computers): the game waited forever."""
    alice = double["alice"]
    where, _ = await open_table(double, alice, "zhengshangyou", "mode=individual target_score=20", computers=3)
    session = session_of(bot, where)
    assert session is not None and session.live is not None
    next_hand = t("en", "games.button.next_hand")
    rng = random.Random(5)
    for _ in range(400):
        table = table_message(where)
        if table is not None and table.has_button(next_hand):
            break
        if table is not None and alice.id in to_move(table):
            await choose(alice, await alice.click(table, t("en", "games.button.hand")), rng, MatchLog())
        await double.settle()
    assert table is not None and table.has_button(next_hand) and session.paused_until is not None
    moves = len(session.log)
    double.faults.server_error(CALLBACK, status=503)  # the answer fails (as a late one is refused)

    record = await alice.begin_click(table, next_hand)
    await double.settle()
    double.clock.advance(3.1)
    with pytest.raises(InteractionFailed):
        await double.wait(record)
    await double.settle()
    assert double.take_bot_errors() == []
    assert {(v.status, v.code) for v in double.take_violations()} <= {(404, 10062)}

    assert session.paused_until is None  # the click itself was taken
    for _ in range(300):  # the new hand goes on: the table is shown again and the computers play
        table = table_message(where)
        if len(session.log) > moves and table is not None and not table.has_button(next_hand):
            break
        await double.settle()
    assert len(session.log) > moves, "nobody moved in the next hand"
    assert table is not None and not table.has_button(next_hand), table.content[-300:]


async def test_send_messages_revoked_mid_game_tells_the_host_once_privately_and_the_game_goes_on(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    double.deny(double.default_channel, "create_public_threads")  # the game is played in the channel
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    assert where is double.default_channel
    moves = 0

    async def revoke(person: Person, panel: Message) -> None:
        nonlocal moves
        moves += 1
        if moves == 2:
            double.deny(where, "send_messages")
        if moves == 3:  # a re-post (edits of its own messages are not what is refused): asked for here
            await person.run("/game table", channel=where)
            await double.settle()
        if moves == 6:
            double.allow(where, "send_messages")

    final = await play_on(double, bot, where, [alice], seed=10, before_move=revoke)

    assert final is not None and moves > 6
    told = [m for m in alice.ephemerals if t("en", "resilience.no_send", host="").strip()[:40] in m.content]
    assert len(told) == 1  # the host is told once, in private (the channel refuses messages)
    assert not _host_notes(where, alice, "resilience.no_images")  # it was never the pictures
    assert any(m.attachments for m in where.public_messages[-3:])  # pictures again once allowed
    assert double.take_bot_errors() == []
    await _recorded_once(double, bot, "zhengshangyou")


async def test_a_game_new_discord_refused_leaves_no_lobby_behind(double: DiscordDouble, bot: TeahouseBot) -> None:
    """A lobby whose message Discord refused (here its answer came past the 3 s: 10062) was never shown or saved:
    the person is not left "already playing" a lobby nobody can see, and opens one at once."""
    alice = double["alice"]
    double.faults.error(CALLBACK, status=404, code=10062, message="Unknown interaction")
    refused = await alice.run("/game new", game="goita")
    assert refused.ephemeral and refused.content == t("en", "resilience.discord_busy")  # a plain "try again"
    assert not games_cog(bot).sessions
    lobby = await alice.run("/game new", game="goita")
    assert not lobby.ephemeral and t("en", "goita.name") in lobby.content
