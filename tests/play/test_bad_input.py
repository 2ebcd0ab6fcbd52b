"""Bad input never crashes a game: strangers, stale views and odd text get a polite private answer."""

from __future__ import annotations

import random

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import MatchLog, open_game, play_match, session_in, table_message, to_move, typed_move


async def test_strangers_odd_text_and_stale_views_are_refused_and_the_game_goes_on(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual target_score=2", computers=3)
    session = session_in(bot, thread)
    assert session is not None

    stranger = await bob.run("/play", channel=thread, move="3♠")
    assert stranger.ephemeral and t("en", "games.error.not_playing") in stranger.content

    for text in ["🀄" * 300, "Q-Q-Q-Q-Q-Q-Q-Q-Q-Q-Q-Q", "@everyone", "\u202e\u0000 drop table", "as as as"]:
        version = session.version
        reply = await alice.run("/play", channel=thread, move=text[:100])
        assert reply.ephemeral and not reply.allows_mass_mention
        assert "Traceback" not in reply.content
        assert session.version == version or t("en", "games.played", move="")[:10] in reply.content

    # two hand views open; a move while the newer is the live one makes the older outdated
    for _ in range(200):
        await double.settle()
        table = table_message(thread)
        if table is not None and alice.id in to_move(table):
            break
    table = table_message(thread)
    assert table is not None
    second = await alice.click(table, t("en", "games.button.hand"))
    await alice.click(table, t("en", "games.button.hand"))  # the live one: the older keeps what it showed
    version = session.version
    assert await typed_move(alice, thread, random.Random(3), MatchLog())  # a move (picking a card is none)
    assert session.version != version
    version = session.version
    stale = second.selects[0] if second.selects else None
    if stale is not None:
        after = await alice.select(second, stale.custom_id, [stale.options[0].value])
    else:
        button = next(b for b in second.buttons if b.custom_id and ":do:" in b.custom_id)
        after = await alice.click(second, button.custom_id)
    assert t("en", "games.error.stale") in after.content
    assert session.version == version  # nothing applied twice

    log = await play_match(double, bot, thread, [alice], seed=8)
    assert log.final is not None
