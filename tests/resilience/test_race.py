"""Everybody clicks at the same instant: exactly one move is applied, every click is answered.

Four people sit at a Zheng Shangyou table, so every turn is a person's turn. On each turn
the player to act clicks the same move twice (a double click, or two devices), another
seated player clicks a move on their own panel, and a spectator clicks "My hand" on the
table, all delivered before the bot answers any of them. Races are counted across many
short games until there are enough.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.app import TeahouseBot
from bot.games.registry import engine
from bot.i18n import t
from tests.discord_double import DiscordDouble, InteractionRecord
from tests.discord_double.model import Message
from tests.discord_double.people import Person
from tests.play.driver import final_summary, table_message, to_move

from .helpers import count, move_button, open_table, session_of

RACES = count("RACES", 250, 1000)
#: README's run races 80 times; ``-m slow`` RACES times (README's test command stays under 5 minutes)
RACE_COUNTS = [80, pytest.param(RACES, marks=pytest.mark.slow)]


async def _begin(person: Person, panel: Message) -> InteractionRecord | None:
    """Click a button of this panel that makes a move by itself (see ``move_button``)."""
    button = move_button(panel)
    return None if button is None else await person.begin_click(panel, button)


@pytest.mark.parametrize("races_wanted", RACE_COUNTS)
async def test_simultaneous_clicks_apply_exactly_one_move_and_all_are_answered(double: DiscordDouble,
                                                                              bot: TeahouseBot,
                                                                              races_wanted: int) -> None:
    players = [double["alice"], double["bob"], double["carol"], double["dave"]]
    spectator = double["erin"]
    double.deny(double.default_channel, "attach_files")  # text tables: the races, not Pillow, are measured
    rng = random.Random(14)
    races = clicked = answered = games = 0
    while races < races_wanted:
        where, _ = await open_table(double, players[0], "zhengshangyou", "mode=individual target_score=1",
                                    joiners=tuple(players[1:]))
        session = session_of(bot, where)
        assert session is not None
        mod = engine(session.game)
        games += 1
        for _ in range(400):
            await double.settle()
            if final_summary(where) is not None or session_of(bot, where) is None:
                break
            table = table_message(where)
            if table is None:  # not posted yet
                await asyncio.sleep(0.01)
                continue
            if table.has_button(t("en", "games.button.next_hand")):
                await rng.choice(players).click(table, t("en", "games.button.next_hand"))
                continue
            movers = [p for p in players if p.id in to_move(table)]
            assert len(movers) == 1, table.content
            mover = movers[0]
            other = rng.choice([p for p in players if p is not mover])
            seat = session.seat_of(mover.id)
            assert seat is not None
            legal = mod.legal_actions(session.live.state, seat)
            if not legal:  # the table's edit in place is still on its way (rate-limited): read it again
                await asyncio.sleep(0.01)
                continue
            plays = [a for a in legal if getattr(a, "kind", "") != "pass"] or legal
            move = mod.format_action(rng.choice(plays))
            version, applied = session.version, len(session.log)
            records: list[InteractionRecord] = []
            can_pass = any(getattr(a, "kind", "") == "pass" for a in legal)
            if can_pass and clicked * 10 <= races:  # a double click on the panel's Pass
                panel = await mover.click(table, t("en", "games.button.hand"))
                version, applied = session.version, len(session.log)
                records += [r for r in (await _begin(mover, panel), await _begin(mover, panel)) if r]
                clicked += 1
            if not records:  # the same move sent twice at once (/play from two devices)
                records += [await mover.begin_run("/play", channel=where, move=move),
                            await mover.begin_run("/play", channel=where, move=move)]
            # the other player sends the mover's cards (never theirs); a pass could be theirs next, so they look
            records += [await other.begin_run("/play", channel=where, move=move) if move != "pass" else
                        await other.begin_click(table, t("en", "games.button.hand")),
                        await spectator.begin_click(table, t("en", "games.button.hand"))]
            await asyncio.gather(*(double.wait(r) for r in records))
            assert all(r.responded for r in records), [r.name for r in records if not r.responded]
            answered += len(records)
            assert len(records) == 4
            races += 1
            # the move once; lone moves may be made for people after it (DESIGN.md: one legal action never waits)
            # (the racing clicks' move is applied once: the seat moves again only after others did)
            after = [who for who, _ in session.log[applied:]]
            assert after[:1] == [seat] and after[1:2] != [seat] and session.version > version, (races, move, after)
            if races >= races_wanted:
                break
        if races >= races_wanted:
            break
        assert final_summary(where) is not None, f"the game did not finish: {races} races, {session.phase}"
    print(f"\nraces={races} (panel double clicks {clicked}) interactions answered={answered} games={games}")
    assert races >= races_wanted and double.mass_mention_risks() == []


async def test_lobby_clicks_selects_and_typed_commands_at_the_same_instant(double: DiscordDouble,
                                                                         bot: TeahouseBot) -> None:
    """Join, Leave, Start, an added computer, Cancel and typed commands, all delivered before the bot
    answers any: every one is answered, each person sits at most once, the host stays seated, a game
    never has more seats than its rules allow, and a started lobby opens exactly one thread."""
    host, others = double["alice"], [double["bob"], double["carol"], double["dave"], double["erin"]]
    rng = random.Random(23)
    rounds = threads_ok = 0
    for _ in range(count("LOBBY_RACES", 25, 200)):
        lobby = await host.run("/game new", game="zhengshangyou", options="mode=individual target_score=1")
        session = session_of(bot, double.default_channel)
        assert session is not None and session.phase == "lobby"
        before = len(double.threads)
        records: list[InteractionRecord] = []
        joiners = rng.sample(others, 3)
        for person in [joiners[0], *joiners]:  # the first joiner double-clicks (two devices)
            records.append(await person.begin_click(lobby, t("en", "games.button.join")))
        records.append(await rng.choice(others).begin_click(lobby, t("en", "games.button.leave")))
        records.append(await host.begin_select(lobby, t("en", "games.add_computer_placeholder"), ["easy"]))
        records.append(await host.begin_click(lobby, t("en", "games.button.start")))
        if rng.random() < 0.3:
            records.append(await host.begin_click(lobby, t("en", "games.button.cancel")))
        records.append(await rng.choice(others).begin_run("/game leave"))
        records.append(await rng.choice(others).begin_run("/play", move="pass"))
        rng.shuffle(records)
        await asyncio.gather(*(double.wait(r) for r in records))
        await double.settle()
        assert all(r.responded for r in records)
        seated = [s.user_id for s in session.seats if s.user_id is not None]
        assert len(seated) == len(set(seated)) and len(session.seats) <= 8 and host.id in seated
        if session.phase == "playing":
            opened = [c for c in double.threads if c.starter_message_id == lobby.id]
            assert len(opened) == 1 and session.thread_id == opened[0].id, (before, opened)
            threads_ok += 1
            await host.run("/game abandon", channel=opened[0])
        elif session.phase == "lobby":
            await host.click(lobby, t("en", "games.button.cancel"))
        await double.settle()
        rounds += 1
    assert double.take_bot_errors() == []
    print(f"\nlobby races: {rounds} rounds ({threads_ok} started), every click answered")
