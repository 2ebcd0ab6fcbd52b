"""Tables through interaction webhooks (issue #48, item 1), played through the Discord double.

The table is posted as the follow-up of a person's recent interaction in the thread and edited through that
interaction's token (not under the bot's 50/s global limit); before the token's 15 minutes end it is posted
again as a newer interaction's follow-up; where the token is refused or expired it falls back to the bot's own
token. In every case the thread keeps one table, showing the game as it is.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from cogs.table.table_message import SCROLLED_OUT_AFTER
from cogs.table.table_route import RENEW_AFTER_SECONDS, TOKEN_SECONDS, table_routes
from tests.conftest import StartTeahouse
from tests.discord_double import DiscordDouble
from tests.discord_double.interactions import BOT, INTERACTION, InteractionRecord, RestCall
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.discord_double.ratelimits import WEBHOOK_LIMIT
from tests.play.driver import open_game, session_in, table_message, to_move
from tests.play.test_table_feel import one_click_move

from .tinybot import TinyBot

HAND = t("en", "games.button.hand")
WEBHOOK_POST = "POST /webhooks/{application_id}/{token}"
WEBHOOK_EDIT = "PATCH /webhooks/{application_id}/{token}/messages/{message_id}"
WEBHOOK_DELETE = "DELETE /webhooks/{application_id}/{token}/messages/{message_id}"
BOT_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


def tables(thread: Channel) -> list[Message]:
    """The table messages a person sees in the thread (the ones with My hand)."""
    return [m for m in thread.public_messages if m.has_button(HAND)]


def calls_on(double: DiscordDouble, since: int, message_id: int) -> list[RestCall]:
    """The successful calls since ``since`` (an index into ``double.calls``) that wrote this message."""
    return [c for c in double.calls[since:] if c.message_id == message_id and c.ok]


def poster(double: DiscordDouble, message: Message) -> InteractionRecord:
    """The interaction whose follow-up ``message`` is."""
    assert message.interaction_id is not None, "the table is not an interaction's follow-up"
    return double.interactions[message.interaction_id]


async def move(double: DiscordDouble, person: Person, panel: Message) -> InteractionRecord:
    """``person`` moves in one click on their live panel; the interaction it made."""
    live = double.message(panel.id)
    assert live is not None
    control = one_click_move(live)
    assert control is not None, f"no one-click move on {live.content!r}"
    kind, custom_id, value = control
    if kind == "select":
        await person.select(live, custom_id, [value or ""])
    else:
        await person.click(live, custom_id)
    made = person.last_interaction
    await her_turn(double, panel)
    return made


async def her_turn(double: DiscordDouble, panel: Message) -> None:
    """Wait (on the double's clock) until the computers moved and the live panel offers a move again."""
    for _ in range(60):
        await double.settle()
        live = double.message(panel.id)
        if live is not None and one_click_move(live) is not None:
            return
        double.clock.advance(1.0)
    raise AssertionError("the computers never gave her the turn back")


async def seated(double: DiscordDouble, **extra: Any) -> tuple[Channel, Message, Message]:
    """Alice against three computers, her hand open; her first move is edited into the table the bot's token
    posted; then Carol's chat scrolls it out of view, so alice's next move posts it again, as that move's
    follow-up: (thread, the first table, her panel)."""
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3, **extra)
    table = table_message(thread)
    assert table is not None and alice.id in to_move(table) and table.interaction_id is None
    panel = await alice.click(table, HAND)
    await double.settle()
    since = len(double.calls)
    await move(double, alice, panel)
    assert table_message(thread) is table and {c.key for c in calls_on(double, since, table.id)} == {BOT_EDIT}, \
        "a table the bot's token posted is edited with it until it is posted again anyway"
    for n in range(SCROLLED_OUT_AFTER):
        double["carol"].say(thread, f"chat {n}")
    await double.settle()
    await move(double, alice, panel)
    return thread, table, panel


async def test_the_table_is_a_follow_up_edited_through_its_token(double: DiscordDouble,
                                                                  teahouse: StartTeahouse) -> None:
    async with teahouse(computer_delay_seconds=0) as bot:
        alice = double["alice"]
        thread, first, panel = await seated(double, turn_seconds=3600)
        table = table_message(thread)
        assert table is not None and table.id != first.id, "posted again (scrolled out of view)..."
        assert poster(double, table) is alice.last_interaction, "... as the follow-up of her move"
        assert double.message(first.id) is None, "the table the bot's token posted is gone"
        assert tables(thread) == [table]

        since = len(double.calls)
        await move(double, alice, panel)
        writes = calls_on(double, since, table.id)
        assert writes and {c.key for c in writes} == {WEBHOOK_EDIT}, "edited through the token, nothing else"
        assert table_message(thread) is table and tables(thread) == [table]
        assert alice.id in to_move(table), "the table shows the game as it is: her turn again"
        assert double.calls_by_kind(public_messages=True)[INTERACTION] >= 2
        routes = table_routes(bot).used
        assert routes["webhook", "edit"] >= 1 and routes["webhook", "post"] >= 1


async def test_the_table_is_posted_again_before_its_token_ends(double: DiscordDouble,
                                                              teahouse: StartTeahouse) -> None:
    async with teahouse(computer_delay_seconds=0):
        alice = double["alice"]
        thread, _, panel = await seated(double, turn_seconds=3600)
        table = table_message(thread)
        assert table is not None
        carried_by = poster(double, table)

        double.clock.advance(RENEW_AFTER_SECONDS + 5)  # her token nears its end; her panel is still live
        await double.settle()
        since = len(double.calls)
        newest = await move(double, alice, panel)

        again = table_message(thread)
        assert again is not None and again.id != table.id
        assert poster(double, again) is newest, "the newer interaction carries the table now"
        assert double.message(table.id) is None and tables(thread) == [again], "one table in the thread"
        removal = calls_on(double, since, table.id)
        assert [c.key for c in removal] == [WEBHOOK_DELETE] and carried_by.token in removal[0].path, \
            "the old table went through its own token"
        assert not [c for c in double.calls[since:] if c.kind == BOT and c.message_id in (table.id, again.id)]
        assert alice.id in to_move(again)


async def test_a_refused_token_falls_back_to_the_bot_route(double: DiscordDouble, teahouse: StartTeahouse) -> None:
    async with teahouse(computer_delay_seconds=0) as bot:
        alice = double["alice"]
        thread, _, panel = await seated(double, turn_seconds=3600)
        table = table_message(thread)
        assert table is not None and bot.application_id is not None
        token = poster(double, table).token
        refused = double.faults.error(f"PATCH /webhooks/{bot.application_id}/{token}/messages/{table.id}",
                                      status=401, code=50027, message="Invalid Webhook Token")
        before = table.content
        since = len(double.calls)
        await move(double, alice, panel)

        assert refused.fired == 1
        writes = calls_on(double, since, table.id)
        assert [c.key for c in writes] == [BOT_EDIT], "the same table, edited with the bot's token"
        assert table_message(thread) is table and tables(thread) == [table]
        assert table.content != before and alice.id in to_move(table), "nothing lost: it shows her turn"
        assert table_routes(bot).used["webhook", "refused"] == 1

        since = len(double.calls)
        await move(double, alice, panel)  # the token is let go: the table stays on the bot's route
        assert [c.key for c in calls_on(double, since, table.id)] == [BOT_EDIT] and tables(thread) == [table]
        assert alice.id in to_move(table)


async def test_an_expired_token_falls_back_to_the_bot_route(double: DiscordDouble, teahouse: StartTeahouse) -> None:
    """Nobody clicks for longer than a token lives: the turn runs out, and the table that shows it is edited with
    the bot's token (the bot does not even try the dead token: Discord would answer 401/50027)."""
    async with teahouse(computer_delay_seconds=0) as bot:
        thread, _, _ = await seated(double, turn_seconds=20 * 60)
        table = table_message(thread)
        assert table is not None
        session = session_in(bot, thread)
        assert session is not None and session.deadline is not None
        token = poster(double, table).token
        before, since = session.version, len(double.calls)

        double.clock.advance(TOKEN_SECONDS + 6 * 60)  # past her turn's 20 minutes
        for _ in range(20):  # the timeout's move, then the computers
            await double.settle()

        assert session.version > before, "the turn ran out and the game went on"
        assert not [c for c in double.calls[since:] if token in c.path], "no request through the dead token"
        assert not [c for c in double.calls[since:] if c.status == 401]
        shown = table_message(thread)
        assert shown is not None and tables(thread) == [shown] and shown.interaction_id is None
        assert [c.kind for c in double.calls[since:] if c.message_id == shown.id and c.ok] == [BOT] * len(
            [c for c in double.calls[since:] if c.message_id == shown.id and c.ok]), "the bot's own token"
        assert session.table_message_id == shown.id and session.lines_shown == session.lines_total, "nothing lost"


async def test_without_an_interaction_in_the_thread_the_table_keeps_the_bot_route(
        double: DiscordDouble, teahouse: StartTeahouse) -> None:
    """Start was clicked in the channel, not in the game's thread, and nobody clicked in the thread since: the
    table is posted and edited with the bot's token, as before."""
    async with teahouse(computer_delay_seconds=0) as bot:
        thread = await open_game(double, double["alice"], "zhengshangyou", "mode=individual", computers=3)
        table = table_message(thread)
        assert table is not None and table.interaction_id is None
        assert {c.kind for c in double.calls if c.message_id == table.id and c.ok} == {BOT}
        assert table_routes(bot).used["webhook", "post"] == 0


# ---------------------------------------------------------------- the double: Discord's follow-up rules


async def test_a_token_edits_only_its_own_interactions_messages(double: DiscordDouble, tiny: TinyBot) -> None:
    kept: list[discord.Interaction] = []
    posted: list[discord.WebhookMessage] = []

    async def follow_up(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("thinking done", ephemeral=True)
        posted.append(await interaction.followup.send("a table", wait=True))
        kept.append(interaction)

    tiny.on_do = follow_up
    await double["alice"].run("/do")
    await double["bob"].run("/do")
    mine, other = kept
    await mine.followup.edit_message(posted[0].id, content="edited by its own token")
    try:
        await other.followup.edit_message(posted[0].id, content="not its message")
    except discord.NotFound as err:
        assert err.code == 10008
    else:
        raise AssertionError("another interaction's token edited the message")
    message = double.message(posted[0].id)
    assert message is not None and message.content == "edited by its own token"
    # the bot's own token may edit it too (the fallback): a follow-up is the bot's message
    await tiny.get_partial_messageable(message.channel_id).get_partial_message(message.id).edit(content="by bot")
    assert message.content == "by bot"


async def test_webhook_routes_have_their_own_limit_outside_the_global_one(double: DiscordDouble,
                                                                         tiny: TinyBot) -> None:
    kept: list[discord.Interaction] = []

    async def follow_up(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("answer")
        kept.append(interaction)

    tiny.on_do = follow_up
    await double["alice"].run("/do")
    note = await kept[0].followup.send("note", wait=True)
    since, started = len(double.calls), double.clock.monotonic()
    for n in range(WEBHOOK_LIMIT[0] + 2):  # discord.py waits out the bucket it used up: no 429
        await note.edit(content=f"note {n}")
    await double.settle()
    edits = double.calls[since:]
    assert all(c.kind == INTERACTION and c.ok for c in edits)
    assert double.rate_limits.exhausted.get(WEBHOOK_EDIT, 0) >= 1, "the token's own bucket was used up"
    assert double.calls_by_kind(started) == {INTERACTION: len(edits)}, "no call under the global limit"
