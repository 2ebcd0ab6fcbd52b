"""Who may do what, names that try to ping everyone, and a turn clock that outlives a restart."""

from __future__ import annotations

from typing import Any

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import table_message, to_move

from .helpers import open_table, play_on, session_of


async def test_admin_actions_need_the_host_or_manage_server(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob, admin = double["alice"], double["bob"], double["admin"]
    lobby = await alice.run("/game new", game="zhengshangyou", options="mode=individual target_score=1")
    lobby = await bob.click(lobby, t("en", "games.button.join"))

    refused = await bob.click(lobby, t("en", "games.button.start"))
    assert refused.ephemeral and t("en", "games.error.host_only") in refused.content
    assert double.message(lobby.id) is not None and double.message(lobby.id).has_button(  # type: ignore[union-attr]
        t("en", "games.button.start"))

    await alice.click(lobby, t("en", "games.button.start"))
    await double.settle()
    thread = double.threads[-1]
    session = session_of(bot, thread)
    assert session is not None
    no = await bob.run("/game abandon", channel=thread)
    assert no.ephemeral and t("en", "games.error.host_only") in no.content and session_of(bot, thread) is not None

    yes = await admin.run("/game abandon", channel=thread)  # Manage Server may end anyone's game
    await double.settle()
    assert yes.ephemeral and session_of(bot, thread) is None
    history = await bot.storage.history(double.guild.id)
    assert len(history) == 1 and not history[0].rated


async def test_names_and_options_never_ping_everyone(double: DiscordDouble, bot: TeahouseBot) -> None:
    mallory = double.add_person("@everyone", double.guild)
    bad = await mallory.run("/game new", game="gostop", options="rounds=@everyone @here <@&1>")
    assert bad.ephemeral and not bad.pinged_everyone
    where, _ = await open_table(double, mallory, "gostop", "rounds=1", computers=2)

    final = await play_on(double, bot, where, [mallory], seed=11)

    assert final is not None
    assert double.mass_mention_risks() == [] and not any(m.pinged_everyone or m.pinged_role_ids
                                                         for m in double.messages)


async def test_a_turn_deadline_is_rearmed_after_a_restart(double: DiscordDouble, teahouse: Any) -> None:
    alice = double["alice"]
    async with teahouse(computer_delay_seconds=0.0) as bot:
        where, _ = await open_table(double, alice, "zhengshangyou", "mode=individual target_score=1",
                                    computers=3, turn_seconds=30)
        for _ in range(100):
            table = table_message(where)
            if table is not None and alice.id in to_move(table):
                break
            await double.settle()
        session = session_of(bot, where)
        assert session is not None and session.deadline is not None
        deadline, moves = session.deadline, len(session.log)
    async with teahouse(computer_delay_seconds=0.0) as bot:
        restored = session_of(bot, where)
        assert restored is not None and restored.deadline == deadline
        double.clock.advance(31)
        await double.settle()
        await double.settle()
        assert len(restored.log) > moves and restored.log[moves][0] == 0  # the clock moved for alice
        assert any(t("en", "games.timed_out", player="").strip()[2:12] in m.content for m in where.public_messages)
