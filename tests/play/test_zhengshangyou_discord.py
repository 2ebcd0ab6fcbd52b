"""Zheng Shangyou played in Discord end to end, through the double, as people play it."""

from __future__ import annotations

import asyncio
import re
from statistics import mean

from bot.app import TeahouseBot
from bot.games import zhengshangyou as zsy
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.play.driver import (
    extra_calls,
    games_cog,
    open_game,
    play_match,
    session_in,
    table_message,
    to_move,
    until,
)

# Two calls per move (the table re-posted with the ping, the old one removed). On a loaded machine a
# long burst of computer moves occasionally costs one extra table edit; allow that, not more. (A pass that
# is a person's only move is made for them and is not counted, so a match has fewer moves to share it.)
CALLS_PER_MOVE = 2.1


async def test_individual_match_one_human_four_computers(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual target_score=3", computers=4)
    log = await play_match(double, bot, thread, [alice], seed=3, typed_every=3)

    assert log.final is not None
    assert t("en", "zhengshangyou.name") in log.final.content
    assert log.human_moves >= 3 and log.selects + log.clicks > 0 and log.typed_moves > 0
    assert log.checked_messages > 0 and log.checked_images > 0
    assert mean(log.calls_per_move) <= CALLS_PER_MOVE, extra_calls(double)
    assert session_in(bot, thread) is None  # the game is over and its seats are free
    history = await bot.storage.history(double.guild.id)
    assert history and history[0].game == "zhengshangyou"


async def test_six_player_team_game_two_humans(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=team6 target_score=2", joiners=(bob,),
                             computers=4)
    log = await play_match(double, bot, thread, [alice, bob], seed=5)

    assert log.final is not None
    assert mean(log.calls_per_move) <= CALLS_PER_MOVE, extra_calls(double)
    record = await bot.storage.history(double.guild.id)
    assert {s.user_id for s in record[0].seats if s.user_id} == {alice.id, bob.id}


async def test_a_spectator_click_is_refused_privately(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
    table = thread.public_messages[-1]
    reply = await carol.click(table, t("en", "games.button.hand"))
    assert reply.ephemeral and reply.ephemeral_for == carol.id
    assert t("en", "games.error.not_seated") in reply.content
    assert games_cog(bot).sessions  # the game goes on


async def test_16_6_idle_player_is_moved_by_the_timeout_rules_and_after_two_waits_only_5_s(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3, turn_seconds=10)
    await until(double, lambda: alice.id in to_move(table_message(thread) or thread.last_message), "alice's turn")
    session = session_in(bot, thread)
    assert session is not None
    version = session.version
    rule_move = zsy.format_action(zsy.timeout_action(zsy.view(session.live.state, 0), zsy.legal_actions(session.live.state, 0)))
    double.clock.advance(11)  # alice does nothing past her turn's deadline
    timed_out = t("en", "games.timed_out", player="Alice")
    await until(double, lambda: session.version > version and any(
        timed_out in m.content for m in thread.public_messages), "the computer moving for alice")
    assert session.log[version] == (0, rule_move)  # §16.6: pass when following, the lowest single when leading
    assert session.seats[0].timeouts == 1 and not session.seats[0].computer_plays
    # a second missed turn in a row marks her AFK: the same policies then act for her after 5 s a decision
    await until(double, lambda: alice.id in to_move(table_message(thread) or thread.last_message), "her turn again")
    double.clock.advance(11)
    await until(double, lambda: session.seats[0].timeouts == 2, "the second timeout")
    assert not session.seats[0].computer_plays  # not the computer's policy: the timeout rules
    await until(double, lambda: alice.id in to_move(table_message(thread) or thread.last_message)
                   and session.seats[0].timeouts == 2, "her turn while AFK")
    version = session.version
    double.clock.advance(6)  # the 5 s grace, not her 10 s turn
    await until(double, lambda: session.seats[0].timeouts == 3, "the timeout rules acting after 5 s")
    assert session.log[version][0] == 0
    table = table_message(thread)
    assert table is not None
    await alice.click(table, t("en", "games.button.hand"))
    panel = alice.last_ephemeral
    assert panel is not None


async def test_a_player_who_leaves_is_replaced_and_the_game_finishes(double: DiscordDouble,
                                                                     bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual target_score=2", joiners=(bob,),
                             computers=2)
    reply = await bob.run("/game leave", channel=thread)
    assert reply.ephemeral and t("en", "games.left_game") in reply.content
    session = session_in(bot, thread)
    assert session is not None and session.seats[1].computer_plays and session.seats[1].left
    assert not session.rated  # one human left: nothing to rate
    log = await play_match(double, bot, thread, [alice], seed=11)
    assert log.final is not None
    again = await bob.run("/game new", game="goita")
    assert again.buttons  # bob is free to open a new game


async def test_two_games_in_one_channel_do_not_interfere(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, bob = double["alice"], double["bob"]
    first = await open_game(double, alice, "zhengshangyou", "mode=individual target_score=2", computers=3)
    second = await open_game(double, bob, "zhengshangyou", "mode=individual target_score=2", computers=4)
    refused = await alice.run("/game new", game="goita")
    assert refused.ephemeral and t("en", "games.error.already_playing") in refused.content
    logs = await asyncio.gather(play_match(double, bot, first, [alice], seed=1),
                                play_match(double, bot, second, [bob], seed=2))
    assert all(log.final is not None for log in logs)
    history = await bot.storage.history(double.guild.id)
    assert len(history) == 2
    assert {len(h.seats) for h in history} == {4, 5}


async def test_tribute_and_return_between_hands_reach_the_table(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual target_score=4", computers=3)
    await play_match(double, bot, thread, [alice], seed=21)
    everything = [m for m in thread.messages if not m.ephemeral]  # re-posted tables included
    text = "\n".join(v for m in everything for v in [m.content, *(e.content for e in m.edits)])
    for kind in ("tribute", "return"):
        template = t("en", f"zhengshangyou.event.{kind}")
        literal = max(re.split(r"\{[a-z_]+\}", template), key=len).strip()
        assert literal in text, f"no {kind} shown on the table"



async def test_a_game_whose_people_all_left_ends_unrated(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, "zhengshangyou", "mode=individual", computers=3)
    await alice.run("/game leave", channel=thread)
    await double.settle()
    assert session_in(bot, thread) is None
    history = await bot.storage.history(double.guild.id)
    assert len(history) == 1 and not history[0].rated
