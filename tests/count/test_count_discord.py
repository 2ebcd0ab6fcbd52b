"""Pressing Count in the private hand panel, through the Discord double (issue #45).

The answer is a new private message to the presser only, in their language; it shows, for every kind of card
or piece, exactly the engine's count from that person's own view (so nothing hidden), and pressing it changes
nothing in the game.
"""

from __future__ import annotations

from bot.app import TeahouseBot
from bot.games.registry import engine
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import Table, open_game, table_message, until

COUNT = t("en", "count.button")


async def _table(double: DiscordDouble, bot: TeahouseBot, game: str, options: str, computers: int) -> Table:
    thread = await open_game(double, double["alice"], game, options, computers=computers)
    await until(double, lambda: table_message(thread) is not None, "the table")
    return Table(double, bot, thread)


async def test_count_shows_the_goita_pieces_still_out_privately(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    table = await _table(double, bot, "goita", "target_score=30", computers=3)
    panel = await table.panel(alice)
    assert COUNT in [button.label for button in panel.buttons]
    version = table.session.version
    before = set(m.id for m in alice.ephemerals)
    answer = await alice.click(panel, COUNT)
    assert answer.ephemeral_for == alice.id and answer.id not in before
    assert answer.content.startswith(t("en", "count.title", game=t("en", "goita.name")))
    seat = table.seat(alice)
    counted = engine("goita").count(table.session.view(seat))
    for row in counted:  # every piece, with how many the set has and how many are still out of her sight
        line = t("en", "count.row", name=t("en", row.name_key), unseen=row.unseen, total=row.total,
                 played=row.played, mine=row.mine)
        assert line in answer.content.splitlines()
    assert sum(row.total for row in counted) == 32
    assert table.session.version == version  # the game did not move
    assert not [m for m in double.messages if m.ephemeral_for == bob.id]  # nobody else was told anything


async def test_count_of_go_stop_names_months_cards_and_places_in_persian(double: DiscordDouble,
                                                                         bot: TeahouseBot) -> None:
    alice = double["alice"]
    await alice.run("/preferences", language="fa")
    table = await _table(double, bot, "gostop", "", computers=1)
    panel = await table.panel(alice)
    answer = await alice.click(panel, t("fa", "count.button"))
    assert answer.ephemeral_for == alice.id
    lines = answer.content.splitlines()
    assert lines[0] == t("fa", "count.title", game=t("fa", "gostop.name"))
    for month in range(1, 13):
        assert any(line.startswith(t("fa", "count.month", name=t("fa", f"gostop.ui.month.{month}"), parts="")[:12])
                   for line in lines), month
    seat = table.seat(alice)
    mine = table.session.view(seat).hand
    shown = t("fa", "count.place.hand", cards="").strip()
    assert shown.split(":")[0].strip("\u200f") in answer.content
    for card in mine:  # her own cards are named where they are: in her hand
        assert t("fa", f"gostop.count.card.{card}") in answer.content
