"""A table message deleted by a person comes back at once (the bot has the Guild Messages intent and hears
MESSAGE_DELETE), once, without pinging again; the bot's own deletes of old tables (a re-post moves the table
to the bottom) are not answered with another post."""

from __future__ import annotations

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import table_message, to_move

from .helpers import SHORT, open_table, session_of


def tables_ever(where: Channel) -> list[Message]:
    """Every table message the bot posted in ``where``, deleted ones too, oldest first."""
    label = t("en", "games.button.hand")
    return [m for m in where.messages if not m.ephemeral and m.has_button(label)]


def live_tables(where: Channel) -> list[Message]:
    return [m for m in tables_ever(where) if not m.deleted]


async def start(double: DiscordDouble) -> tuple[Channel, Person, Person]:
    """Alice against three computers in a thread; Zoe is a moderator (Manage Messages).

    Alice wants a mention at every decision of hers (``/preferences pings:always``), so that each of her
    turns posts the table again with the mention, and the bot deletes the table it replaces."""
    alice = double["alice"]
    await alice.run("/preferences", pings="always")
    mods = double.add_role(double.guild, "Mods", "manage_messages")
    zoe = double.add_person("zoe", roles=[mods])
    options, seats = SHORT["zhengshangyou"]
    where, _ = await open_table(double, alice, "zhengshangyou", options, computers=seats - 1)
    assert where.is_thread
    return where, alice, zoe


async def move(double: DiscordDouble, alice: Person, where: Channel) -> None:
    """Alice makes her first quick-play move (a pass when following, else her lowest play)."""
    table = table_message(where)
    assert table is not None
    panel = await alice.click(table, t("en", "games.button.hand"))
    quick = next(s for s in panel.selects if (s.custom_id or "").split(":")[3:4] == ["zs_quick"])
    await alice.select(panel, quick.custom_id, [quick.options[0].value])
    await double.settle()


async def test_a_deleted_table_is_back_within_one_settle_once_and_without_a_new_ping(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    assert bot.intents.guild_messages and not bot.intents.message_content  # not a privileged intent
    where, alice, zoe = await start(double)
    table = table_message(where)
    assert table is not None and alice.id in to_move(table) and alice.id in table.pinged_user_ids
    posted = len(tables_ever(where))

    zoe.delete(table)
    await double.settle()

    back = live_tables(where)
    assert len(back) == 1 and back[0].id != table.id
    assert len(tables_ever(where)) == posted + 1  # exactly one re-post
    assert alice.id in to_move(back[0]) and back[0].pinged_user_ids == []  # she was pinged already
    # the game goes on from the new table
    session = session_of(bot, where)
    assert session is not None
    version = session.version
    await move(double, alice, where)
    assert session.version > version
    assert len(live_tables(where)) == 1


async def test_the_bots_own_deletes_of_old_tables_cause_no_extra_post(double: DiscordDouble,
                                                                      bot: TeahouseBot) -> None:
    where, alice, _ = await start(double)
    session = session_of(bot, where)
    assert session is not None
    reposts = 0
    for _ in range(6):
        if session_of(bot, where) is None or alice.id not in to_move(table_message(where) or where.messages[-1]):
            break
        before = tables_ever(where)
        await move(double, alice, where)
        new = [m for m in tables_ever(where) if m not in before]
        assert len(new) <= 1, new  # the re-post (when Alice must act again) and nothing after its delete
        reposts += len(new)
        assert len(live_tables(where)) <= 1
    assert reposts >= 1  # the bot did delete old tables of its own (and heard it: the intent is on)
    assert all(m.deleted for m in tables_ever(where)[:-1])


async def test_deleting_another_message_posts_no_table(double: DiscordDouble, bot: TeahouseBot) -> None:
    where, alice, zoe = await start(double)
    lobby_channel = double.default_channel
    other = next(m for m in reversed(lobby_channel.public_messages))
    posted = len(tables_ever(where))
    zoe.delete(other)
    await double.settle()
    assert len(tables_ever(where)) == posted and len(live_tables(where)) == 1
