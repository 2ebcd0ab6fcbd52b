"""A table that feels like sitting at one: a live private hand, one table message, quiet mentions.

The match is played as two friends play it with their hand panels open: each opens "My hand" once,
then moves only from that panel, which the bot keeps up to date; computers think for the default
delay (the test brings their sleeps forward on the double's clock instead of waiting).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table.live_panel import LIVE_EDIT_SECONDS, RETIRE_MARGIN_SECONDS, TOKEN_SECONDS
from cogs.table.session import GameSession
from cogs.table.table_message import BUSY_RETRY_SECONDS, SCROLLED_OUT_AFTER
from tests.conftest import StartTeahouse
from tests.discord_double import DiscordDouble
from tests.discord_double.errors import UserActionError
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import (
    MatchLog,
    check_public,
    choose,
    final_summary,
    games_cog,
    open_game,
    session_in,
    table_message,
    to_move,
    typed_move,
    until,
)

QUICK = t("en", "zhengshangyou.ui.quick_play")
REFRESH = t("en", "games.button.refresh")
STOPPED = t("en", "games.panel.stopped_following").split(":")[0]


def one_click_move(panel: Message) -> tuple[str, str, str | None] | None:
    """The control on a panel that makes a move in one click: a quick play, or a plain action button."""
    for menu in panel.selects:
        if menu.placeholder == QUICK and menu.options:
            return "select", menu.custom_id, menu.options[0].value
    for button in panel.buttons:
        cid = button.custom_id or ""
        if not button.disabled and (":do:" in cid or ":zs_pass" in cid or cid.endswith(":do")):
            return "click", cid, None
    return None


def bot_posts(thread: Channel, bot: TeahouseBot) -> list[Message]:
    """Every public message the bot ever posted in the thread, deleted ones included."""
    assert bot.user is not None
    return [m for m in thread.messages if not m.ephemeral and m.author.id == bot.user.id]


def mentions_of(thread: Channel, person: Person) -> int:
    return sum(person.id in m.pinged_user_ids for m in thread.messages)


async def play_from_live_panels(double: DiscordDouble, bot: TeahouseBot, thread: Channel,
                                people: list[Person], delay: float) -> tuple[MatchLog, int, int]:
    """Play to the end from panels opened once; returns the log, clicks on panels and panels opened."""
    rng = random.Random(7)
    log, seen = MatchLog(), set[int]()
    for _ in range(20):  # the computers' first moves take their time before the table shows
        table = table_message(thread)
        if table is not None:
            break
        double.clock.advance(delay)
        await double.settle()
    assert table is not None
    panels = {p.id: await p.click(table, t("en", "games.button.hand")) for p in people}
    opened, clicks, waits = len(people), 0, 0
    while True:
        await double.settle()
        check_public(double, bot, thread, log, seen)
        if final_summary(thread) is not None:
            return log, clicks, opened
        session = session_in(bot, thread)
        assert session is not None
        moved = False
        for person in rng.sample(people, len(people)):
            panel = double.message(panels[person.id].id)
            assert panel is not None
            if STOPPED in panel.content:
                panels[person.id] = await person.click(panel, REFRESH)  # the token ran out: one click follows again
                opened += 1
                moved = True
                break
            control = one_click_move(panel)
            if control is None:
                continue
            kind, custom_id, value = control
            version = session.version
            with contextlib.suppress(UserActionError):
                if kind == "select":
                    await person.select(panel, custom_id, [value or ""])
                else:
                    await person.click(panel, custom_id)
            clicks += 1
            assert session.version != version, f"a click on a live panel did not move: {panel.content[:300]}"
            log.human_moves += 1
            moved = True
            break
        if not moved:  # computers are thinking, or the hand is over: let their time pass
            waits += 1
            assert waits < 3000, "the game is stuck"
            double.clock.advance(delay)
    raise AssertionError("unreachable")


async def test_a_match_played_from_live_panels_is_quiet(double: DiscordDouble, teahouse: StartTeahouse) -> None:
    async with teahouse() as bot:  # the default computer delay
        alice, bob = double["alice"], double["bob"]
        thread = await open_game(double, alice, "zhengshangyou", "mode=individual target_score=3", joiners=(bob,),
                                 computers=2)
        log, clicks, opened = await play_from_live_panels(double, bot, thread, [alice, bob],
                                                          bot.config.computer_delay_seconds)

    posts = bot_posts(thread, bot)
    mentions = mentions_of(thread, alice) + mentions_of(thread, bob)
    print(f"\nhuman moves={log.human_moves} panel clicks={clicks} panels opened={opened} public posts={len(posts)} "
          f"({len(posts) / log.human_moves:.3f} per move) mentions={mentions} checked messages={log.checked_messages}")
    assert log.human_moves >= 20
    assert clicks == log.human_moves, "every move took exactly one click"
    assert opened == 2, "each person opened their hand once"
    assert len(posts) / log.human_moves <= 0.25, f"{len(posts)} public posts for {log.human_moves} moves"
    assert mentions_of(thread, alice) == 0 and mentions_of(thread, bob) == 0, "nobody at the table is mentioned"
    assert log.checked_messages > 0


async def until_waiting_for(double: DiscordDouble, bot: TeahouseBot, thread: Channel, person: Person,
                            others: list[Person]) -> None:
    """Play on (the others type their moves) until the game waits for ``person``."""
    rng = random.Random(3)
    for _ in range(200):
        await double.settle()
        session = session_in(bot, thread)
        assert session is not None
        waiting = {session.seats[s].user_id for s in games_cog(bot).waiting_humans(session)}
        if person.id in waiting:
            return
        movers = [other for other in others if other.id in waiting]
        assert movers, "the game waits for nobody"
        assert await typed_move(movers[0], thread, rng, MatchLog())
    raise AssertionError(f"the game never waited for {person.name}")


async def until_the_reminder(double: DiscordDouble, bot: TeahouseBot, thread: Channel) -> None:
    """Let time pass until the one reminder before the deadline (the rules file says how long before)."""
    session = session_in(bot, thread)
    assert session is not None and session.deadline is not None
    lead = games_cog(bot).clock.reminder_lead(session) or 0.0
    double.clock.advance(session.deadline - lead - time.time() + 1)
    await double.settle()
    assert session.reminded


async def idle_bob_at_his_first_decision(double: DiscordDouble, bot: TeahouseBot) -> tuple[Channel, Person, Person]:
    """Alice hosts and plays (she is at the table); Bob joined two minutes before the start and went quiet."""
    alice, bob = double["alice"], double["bob"]
    before = {c.id for c in double.threads}
    lobby = await alice.run("/game new", game="zhengshangyou", options="mode=individual", turn_seconds=600)
    lobby = await bob.click(lobby, t("en", "games.button.join"))
    double.clock.advance(120)
    for _ in range(2):
        lobby = await alice.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
    await alice.click(lobby, t("en", "games.button.start"))
    await double.settle()
    thread = next(c for c in double.threads if c.id not in before)
    await until_waiting_for(double, bot, thread, bob, [alice])
    return thread, alice, bob


async def test_an_idle_person_is_mentioned_once_per_decision(double: DiscordDouble, teahouse: StartTeahouse) -> None:
    async with teahouse(computer_delay_seconds=0.0) as bot:
        thread, alice, bob = await idle_bob_at_his_first_decision(double, bot)
        assert mentions_of(thread, bob) == 1, "his decision mentions him once"
        assert mentions_of(thread, alice) == 0, "she clicked within the idle window: never mentioned"
        for _ in range(3):  # the table is shown again meanwhile: no second mention for the same decision
            await alice.run("/game table", channel=thread)
            await double.settle()
        assert mentions_of(thread, bob) == 1
        await until_the_reminder(double, bot, thread)
        assert mentions_of(thread, bob) == 2
        await until_waiting_for(double, bot, thread, alice, [bob])  # he typed: at the table now
        await until_waiting_for(double, bot, thread, bob, [alice])
        assert mentions_of(thread, bob) == 2, "he clicked within the idle window: not mentioned"


async def test_never_means_only_the_reminder(double: DiscordDouble, teahouse: StartTeahouse) -> None:
    async with teahouse(computer_delay_seconds=0.0) as bot:
        answer = await double["bob"].run("/preferences", pings="never")
        assert t("en", "preferences.pings.choice.never") in answer.content
        thread, _alice, bob = await idle_bob_at_his_first_decision(double, bot)
        assert mentions_of(thread, bob) == 0
        await until_the_reminder(double, bot, thread)
        assert mentions_of(thread, bob) == 1, "the reminder before the timeout still mentions him"


async def test_a_panel_whose_token_runs_out_says_so_and_refresh_follows_again(
        double: DiscordDouble, teahouse: StartTeahouse) -> None:
    async with teahouse(computer_delay_seconds=0.0) as bot:
        alice = double["alice"]
        thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3, turn_seconds=3600)
        table = table_message(thread)
        assert table is not None
        panel = await alice.click(table, t("en", "games.button.hand"))
        session = session_in(bot, thread)
        assert session is not None and games_cog(bot).panels.is_live(session, alice.id)
        double.clock.advance(TOKEN_SECONDS - RETIRE_MARGIN_SECONDS + 5)
        await double.settle()
        retired = double.message(panel.id)
        assert retired is not None and STOPPED in retired.content and retired.has_button(REFRESH)
        assert not games_cog(bot).panels.is_live(session, alice.id)
        again = await alice.click(retired, REFRESH)
        assert STOPPED not in again.content and t("en", "games.panel.title", game=t("en", "zhengshangyou.name"),
                                                    name=alice.name).split("—")[0] in again.content
        assert games_cog(bot).panels.is_live(session, alice.id)


async def test_an_opened_hand_keeps_no_view_in_discord_py(double: DiscordDouble, teahouse: StartTeahouse) -> None:
    """Each panel's controls are found by their custom ids: discord.py holding every ephemeral panel's view with
    a 15-minute timer was most of a live game's memory, and the timer's end unregistered those controls."""
    async with teahouse(computer_delay_seconds=0.0) as bot:
        alice = double["alice"]
        thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3, turn_seconds=3600)
        for _ in range(2):
            table = table_message(thread)
            assert table is not None
            panel = await alice.click(table, t("en", "games.button.hand"))
            assert panel.ephemeral and panel.components
            await double.settle()
        timers = [task for task in asyncio.all_tasks() if "timeout_task_impl" in repr(task.get_coro())]
        assert timers == [], timers
        assert bot._connection._view_store._synced_message_views == {}


async def first_hand_over(double: DiscordDouble, person: Person, thread: Channel) -> Message:
    """``person`` plays (against computers) until the first hand is over: its table, with Next hand."""
    rng, log = random.Random(5), MatchLog()
    for _ in range(400):
        await double.settle()
        table = table_message(thread)
        assert table is not None
        if table.has_button(t("en", "games.button.next_hand")):
            return table
        if person.id in to_move(table):
            await choose(person, await person.click(table, t("en", "games.button.hand")), rng, log)
    raise AssertionError("the first hand never ended")


async def test_the_hand_over_table_shows_the_finished_hand_and_the_next_hand_gets_its_own(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual target_score=3", computers=3)
    next_hand = t("en", "games.button.next_hand")
    table = await first_hand_over(double, alice, thread)
    dealt = t("en", "zhengshangyou.event.hand_start", hand=2, leader="").split(".")[0]
    assert t("en", "games.summary.hand_over", game=t("en", "zhengshangyou.name")) in table.content
    assert dealt not in table.content, "the next deal is not part of the finished hand's summary"
    assert [a.filename for a in table.attachments] == ["summary.png"], "the picture is the finished hand's"
    before = len(double.calls)
    await alice.click(table, next_hand)
    assert double.message(table.id) is not None and not double.message(table.id).buttons, \
        "the click's own answer takes the buttons off the finished hand (nothing of the global limit)"
    await double.settle()
    new = table_message(thread)
    assert new is not None and new.id != table.id
    assert dealt in (new.edits[0].content if new.edits else new.content), "the new table starts with the deal"
    old = double.message(table.id)
    assert old is not None and not old.deleted and not old.buttons, "the finished hand stays, without buttons"
    assert t("en", "games.summary.hand_over", game=t("en", "zhengshangyou.name")) in old.content
    assert [a.filename for a in old.attachments] == ["summary.png"], "with its picture"
    assert not [c for c in double.calls[before:] if c.key == "PATCH /channels/{channel_id}/messages/{message_id}"
                and str(table.id) in c.path], "and is not edited again for it"


async def test_a_finished_hands_table_posted_again_during_the_pause_stays_its_record(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    """A table posted while a hand is over (here a moderator deleted the finished hand's table; a Goita round
    that ends at the deal posts its first table so too) shows that hand's summary. Next hand on it posts the
    next hand's own table with its buttons: it must not turn the summary into the new hand, whose buttons
    the click's answer then took away (a 500-game benchmark game waited with no My hand to click)."""
    alice = double["alice"]
    mods = double.add_role(double.guild, "Mods", "manage_messages")
    zoe = double.add_person("zoe", roles=[mods])
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual target_score=3", computers=3)
    next_hand = t("en", "games.button.next_hand")
    table = await first_hand_over(double, alice, thread)
    zoe.delete(table)
    await double.settle()
    again = table_message(thread)
    assert again is not None and again.id != table.id and again.has_button(next_hand), "the summary is back"

    await alice.click(again, next_hand)
    await double.settle()
    new = table_message(thread)
    assert new is not None and new.id != again.id, "the next hand has a table of its own"
    assert new.has_button(t("en", "games.button.hand")), "with My hand"
    record = double.message(again.id)
    assert record is not None and not record.deleted and not record.buttons
    assert t("en", "games.summary.hand_over", game=t("en", "zhengshangyou.name")) in record.content, \
        "the finished hand's table stays its record"


async def scrolled_out_table(double: DiscordDouble) -> tuple[Channel, Message, Message]:
    """Alice's game with her live panel open, its table scrolled out of view by Carol's chat: the thread,
    the table and the panel."""
    alice, carol = double["alice"], double["carol"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
    table = table_message(thread)
    assert table is not None
    panel = await alice.click(table, t("en", "games.button.hand"))
    await double.settle()
    assert table_message(thread) is table, "a click changes nothing that needs a new table"
    for n in range(SCROLLED_OUT_AFTER):
        carol.say(thread, f"chat {n}")
    await double.settle()
    assert table_message(thread) is table, "chat alone posts nothing"
    assert alice.id in to_move(table), "computers move at once: the game waits for her"
    return thread, table, panel


async def move_from_live_panel(double: DiscordDouble, person: Person, panel: Message) -> None:
    """``person``'s move in one click on their live panel as it shows now."""
    live = double.message(panel.id)
    assert live is not None
    control = one_click_move(live)
    assert control is not None
    kind, custom_id, value = control
    if kind == "select":
        await person.select(live, custom_id, [value or ""])
    else:
        await person.click(live, custom_id)
    await double.settle()


async def test_a_table_scrolled_out_of_view_by_chat_is_posted_again_at_the_next_change(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    thread, table, panel = await scrolled_out_table(double)
    await move_from_live_panel(double, double["alice"], panel)  # the next change: her move from her panel
    again = table_message(thread)
    assert again is not None and again.id != table.id and again.id > thread.messages[-2].id
    old = double.message(table.id)
    assert old is None or old.deleted, "the old table is removed, not left behind the chat"


async def test_an_old_table_discord_would_not_delete_goes_a_little_later(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    """At 300 games Discord's global limit refused deletes; the old table stayed beside the new one with its
    buttons (and the benchmark's person, who waits for one table, waited forever). It goes a while later,
    without another move: the next move may be that person's."""
    alice = double["alice"]
    thread, table, panel = await scrolled_out_table(double)
    double.faults.server_error("DELETE /channels/{channel_id}/messages/{message_id}", status=503)
    # the table is posted again below the chat; removing the old one fails once
    await move_from_live_panel(double, alice, panel)
    again = table_message(thread)
    assert again is not None and again.id != table.id
    old = double.message(table.id)
    assert old is not None and not old.deleted, "the fault did happen"
    assert double.take_bot_errors() == []
    assert alice.id in to_move(again)
    double.clock.advance(BUSY_RETRY_SECONDS + 0.5)  # nobody moves: the table waits for alice
    await double.settle()
    old = double.message(table.id)
    assert old is None or old.deleted, "the old table is removed a while later"
    tables = [m for m in thread.public_messages if not m.deleted and m.has_button(t("en", "games.button.hand"))]
    assert len(tables) == 1


async def test_a_table_update_discord_keeps_refusing_is_tried_again(double: DiscordDouble, bot: TeahouseBot) -> None:
    """A table edit refused with 429s past discord.py's own retries left the table one move behind until the next
    move, which might be the very person the stale table did not name."""
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
    table = table_message(thread)
    assert table is not None and alice.id in to_move(table)
    before = table.content
    double.faults.rate_limit("PATCH /channels/{channel_id}/messages/{message_id}", retry_after=0.05, times=5)
    assert await typed_move(alice, thread, random.Random(2), MatchLog())
    await double.settle()
    assert table_message(thread) is not None and table_message(thread).content == before  # type: ignore[union-attr]
    for _ in range(5):  # discord.py's own waits between its tries come first
        double.clock.advance(BUSY_RETRY_SECONDS + 1)
        await double.settle()
        shown = table_message(thread)
        if shown is not None and shown.content != before:
            break
    assert shown is not None and shown.content != before, "the table shows the move a while later"
    assert double.take_bot_errors() == []


async def test_a_live_panel_whose_edit_lost_its_connection_catches_up(double: DiscordDouble, bot: TeahouseBot) -> None:
    """A dropped connection on a live panel's edit logged an error with a traceback and the panel stopped
    following the game; it is tried again a moment later, as after a 5xx."""
    alice = double["alice"]
    thread, table, panel = await scrolled_out_table(double)
    dropped = double.faults.disconnect("PATCH /webhooks/{application_id}/{token}/messages/{message_id}")
    await move_from_live_panel(double, alice, panel)
    for _ in range(3):  # the computers' replies edit the panel (the first edit is dropped), then again later
        double.clock.advance(LIVE_EDIT_SECONDS + 0.5)
        await double.settle()
    assert dropped.fired == 1
    assert double.take_bot_errors() == []
    live = double.message(panel.id)
    assert live is not None and alice.id in to_move(table_message(thread)) and one_click_move(live) is not None


async def test_a_table_edit_whose_connection_dropped_is_sent_again(double: DiscordDouble, bot: TeahouseBot) -> None:
    """A dropped connection on the table's edit ended the table's updates with a traceback in the log; it is
    tried again, as a 5xx is, and the table shows the game."""
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
    table = table_message(thread)
    assert table is not None and alice.id in to_move(table)
    panel = await alice.click(table, t("en", "games.button.hand"))
    await double.settle()
    shown_before = table.content  # the double's message changes in place: what it showed is read now
    dropped = double.faults.disconnect("PATCH /channels/{channel_id}/messages/{message_id}")
    await move_from_live_panel(double, alice, panel)
    double.clock.advance(BUSY_RETRY_SECONDS + 1)
    await double.settle()
    assert dropped.fired == 1
    assert double.take_bot_errors() == []
    shown = table_message(thread)
    assert shown is not None and shown.content != shown_before and alice.id in to_move(shown)


async def test_an_update_that_would_show_the_same_table_sends_nothing(double: DiscordDouble, bot: TeahouseBot) -> None:
    """Under Discord's global limit every table edit waits its turn behind every game's; an edit that changes
    nothing a person sees (the game asked for an update, but nothing moved) only makes the others wait."""
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
    session = session_in(bot, thread)
    assert session is not None
    while await move_made_for(alice, session, double):
        pass  # a move with one choice is made for her after a short delay: shown first
    table = table_message(thread)
    assert table is not None and alice.id in to_move(table)
    shown_before = table.content  # the double's message changes in place: what it showed is read now
    before = len(double.calls)
    for _ in range(3):
        games_cog(bot).refresh_table(session)
        await double.settle()
    assert [c.key for c in double.calls[before:]] == [], "nothing changed: no edit, no upload"
    assert await typed_move(alice, thread, random.Random(2), MatchLog())
    await double.settle()
    shown = table_message(thread)
    assert shown is not None and shown.content != shown_before, "a real change is still shown"


async def test_a_persons_move_is_on_the_table_while_the_next_computer_thinks(
        double: DiscordDouble, teahouse: StartTeahouse) -> None:
    """With thinking time, the table shows a person's move at once. It used to wait up to a second for the next
    computer to finish moving, though that computer was only thinking: every move came a second late."""
    thinking = 20.0  # longer than any real wait in the test: nobody but her moves unless the clock jumps
    async with teahouse(computer_delay_seconds=thinking) as bot:
        alice = double["alice"]
        thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
        session, cog = session_in(bot, thread), games_cog(bot)
        assert session is not None
        seat = session.seat_of(alice.id)
        for _ in range(20):  # the computers before her think; a move with one choice is made for her
            if seat in cog.waiting_humans(session):
                break
            double.clock.advance(thinking + 1)
            await double.settle()
        assert seat in cog.waiting_humans(session)
        table = table_message(thread)
        assert table is not None
        shown_before = table.content  # the double's message changes in place: what it showed is read now
        version = session.version
        assert await typed_move(alice, thread, random.Random(2), MatchLog())
        await double.settle()
        assert session.version == version + 1, "her move, and the computers still thinking"
        shown = table_message(thread)
        assert shown is not None and shown.content != shown_before, "her move is on the table already"


async def move_made_for(person: Person, session: GameSession, double: DiscordDouble) -> bool:
    """Wait out the short delay of a move made for ``person`` (one legal choice); True if one was made."""
    version = session.version
    double.clock.advance(2.0)
    await double.settle()
    return session.version != version


async def test_a_turn_the_table_shows_late_gets_its_whole_window(double: DiscordDouble, teahouse: StartTeahouse) -> None:
    """Under Discord's global limit a busy bot's table can show a turn well after the game reached it. The
    person's time (the deadline the table shows, the reminder before it) runs from when they could see it."""
    async with teahouse(computer_delay_seconds=0.0) as bot:
        alice = double["alice"]
        thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
        session = session_in(bot, thread)
        assert session is not None
        while await move_made_for(alice, session, double):
            pass
        clock = games_cog(bot).clock
        window = float(session.turn_timeout)
        lead = clock.reminder_lead(session) or 0.0
        assert window - lead > 45, "the reminder must fall within the test's jumps"
        choices = await alice.autocomplete("/play", "move", "", channel=thread)
        seat, cog = session.seat_of(alice.id), games_cog(bot)
        table = table_message(thread)
        assert table is not None
        shown_before = table.content  # the double's message changes in place: what it showed is read now
        async with bot.pacer._line:  # Discord's global limit is busy: every request waits its turn
            version = session.version
            record = await alice.begin_run("/play", channel=thread, move=str(choices[0].value))
            for _ in range(500):  # her move is answered (answers are not paced) and the computers reply
                if record.responded and session.version > version + 1 and seat in cog.waiting_humans(session):
                    break
                await asyncio.sleep(0.01)
            assert seat in cog.waiting_humans(session), "the game came back to her"
            assert table.content == shown_before, "the table has not shown it yet"
            reached = time.time()
            double.clock.advance(30)  # the table waits its turn this long
        await until(double, lambda: table.content != shown_before, "the table shows her turn")
        assert f"<t:{int(session.deadline or 0)}:R>" in table.content, "the deadline it shows is hers"
        assert session.deadline is not None and session.deadline >= reached + 30 + window - 1, \
            "her whole window runs from when the table showed her turn"
        saved = {s.game_id: s for s in await bot.storage.active_snapshots()}[str(session.id)]
        assert saved.turn_deadline is not None and abs(saved.turn_deadline.timestamp() - session.deadline) < 1, \
            "a restart now would keep the deadline the table shows"
        double.clock.advance(45)  # 75 s after the game reached her turn, 45 s after she could see it
        await double.settle()
        assert not session.reminded, "no reminder for time in which she could not see it was her turn"
        pinged = mentions_of(thread, alice)
        await until_the_reminder(double, bot, thread)
        assert mentions_of(thread, alice) == pinged + 1, "the reminder still comes, at its time"
