"""Forged select and button values (a message from a buggy or older bot, or a hand-made request):
``²`` and ``٣`` pass ``str.isdigit()``, ``--1`` passes ``lstrip("-").isdigit()``; each is refused politely,
with no traceback, and changes nothing. Values are parsed in one place (``components.parse_number``)."""

from __future__ import annotations

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import table_message

from .helpers import SHORT, session_of

NASTY = ["²", "٣", "--1", "-0", "+1", "1e3", " 1", "1\u200b", "١٢", "𝟙", "9" * 400, "-" * 60, "0x1"]


@pytest.mark.parametrize("text", NASTY)
def test_parse_number_takes_plain_ascii_digits_only(text: str) -> None:
    from cogs.table.components import parse_number

    assert parse_number(text) == -1 and parse_number(text, 0, signed=True) in (0, -0)


def test_parse_number_reads_what_the_bot_writes() -> None:
    from cogs.table.components import parse_number

    assert [parse_number("0"), parse_number("17"), parse_number("-3", signed=True)] == [0, 17, -3]


async def test_forged_values_in_the_lobby_and_the_game_are_refused_politely(double: DiscordDouble,
                                                                           bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    lobby = await alice.run("/game new", game="zhengshangyou", options=SHORT["zhengshangyou"][0])
    lobby = await bob.click(lobby, t("en", "games.button.join"))
    session = session_of(bot, double.default_channel)
    assert session is not None
    gid, seats = session.id, len(session.seats)
    polite = {t("en", key) for key in ("games.error.unknown_button", "games.error.cannot_kick",
                                       "games.error.not_legal_now", "games.error.stale")}
    tried = 0
    for value in NASTY:
        for custom, values in ((f"ts:{gid}:-:kick", [value]), (f"th:{gid}:-:kick:{value[:60]}", None),
                               (f"ts:{gid}:-:swap", [value, "0"])):
            record = await alice.begin_forged_component(lobby, custom[:100], values)
            reply = await double.wait(record)
            tried += 1
            assert reply is not None and reply.ephemeral or record.response_type in (6, 7), reply
    assert [s.user_id for s in session.seats] == [alice.id, bob.id] and seats == 2  # nobody kicked or moved
    await alice.click(lobby, t("en", "games.button.start"))
    await double.settle()
    where = double.threads[-1]
    table = table_message(where)
    assert table is not None and session.live is not None
    version = session.version
    for value in NASTY:
        for custom, values in ((f"ts:{gid}:{version}:do", [value]), (f"th:{gid}:{version}:do:{value[:60]}", None),
                               (f"th:{gid}:{version}:page:{value[:60]}", None), (f"ts:{gid}:{version}:zs_pick", [value])):
            record = await alice.begin_forged_component(table, custom[:100], values)
            reply = await double.wait(record)
            tried += 1
            if reply is not None and reply.ephemeral and not reply.buttons:
                assert reply.content in polite or "traceback" not in reply.content.lower(), reply.content
            assert t("en", "games.error.internal") not in (reply.content if reply else "")
    assert session.version == version  # nothing was applied
    assert double.take_bot_errors() == []  # no traceback in the log
    print(f"forged values tried: {tried}")
