"""Goita's deal pings nobody who is at the table (DESIGN.md, "Pings and the table message"): four people
who just sat down are not mentioned by "Pieces dealt", and an idle leader is mentioned alone, once."""

from __future__ import annotations

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import games_cog, session_in


async def test_pieces_dealt_mentions_nobody_at_the_table_and_an_idle_leader_alone(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    people = [double[name] for name in ("alice", "bob", "carol", "dave")]
    before = {c.id for c in double.threads}
    lobby = await people[0].run("/game new", game="goita")
    for person in people[1:]:
        lobby = await person.click(lobby, t("en", "games.button.join"))
    double.clock.advance(90)  # everyone but the host looks away before the start
    await people[0].click(lobby, t("en", "games.button.start"))
    await double.settle()
    thread = next(c for c in double.threads if c.id not in before)
    session = session_in(bot, thread)
    assert session is not None
    waiting = {session.seats[s].user_id for s in games_cog(bot).waiting_humans(session)}
    pinged = [uid for m in thread.messages for uid in m.pinged_user_ids]
    assert len(waiting) == 1, "one leader decides"
    if waiting == {people[0].id}:
        assert pinged == [], "the host just pressed Start: she is at the table"
    else:
        assert pinged == list(waiting), "only the idle leader is mentioned, once"
