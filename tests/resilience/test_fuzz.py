"""A thousand random interactions against live games: wrong user, wrong turn, stale panels, forged
custom ids and select values, long and odd unicode text. Nothing crashes, every interaction is
answered, no answer carries a traceback or pings everyone, and every game still finishes.
"""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest

from bot.app import TeahouseBot
from bot.games.registry import engine
from bot.i18n import t
from tests.discord_double import DiscordDouble, InteractionRecord
from tests.discord_double.errors import UserActionError
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import final_summary, table_message, to_move

from .helpers import count, open_table, session_of

INTERACTIONS = count("FUZZ", 300, 1000)
#: README's run sends 100; ``-m slow`` sends INTERACTIONS (README's test command stays under 5 minutes)
INTERACTION_COUNTS = [100, pytest.param(INTERACTIONS, marks=pytest.mark.slow)]
BATCH = 8  # delivered together, before the bot answers any of them

ODD = ["@everyone", "@here", "<@&1>", "<@!1> hi", "\u202eevil\u202c", "\u200b" * 40, "🀄" * 50, "Q" * 300,
       "Z̸̡̛͙a̷l̴g̶o̵", "\x00\x01\x7f", "'; DROP TABLE games; --", "{move}", "{0!r}", "%s%s%n", "\\n\\t",
       "𝕼-𝕼", "3♠ 3♠ 3♠ 3♠ 3♠", "pass pass", "", " ", "-1", "99999999999999999999",
       # digits str.isdigit() takes and int() refuses or misreads, signs, and very long strings
       "²", "٣", "١٢", "𝟙𝟚", "³⁄₄", "--1", "+1", "-0", "+-2", "1" * 4000, "٣" * 2000]
NASTY_NUMBERS = ["²", "٣", "١٢", "𝟙", "--1", "+1", "-0", "+-2", "9" * 60, "٣" * 30]
VERBS = ["hand", "refresh", "page", "do", "next", "rematch", "join", "leave", "start", "addai", "kick", "swap",
         "option", "cancel", "decide", "go", "pick", "back", "zzz"]


def odd_text(rng: random.Random) -> str:
    if rng.random() < 0.6:
        return rng.choice(ODD)
    return "".join(chr(rng.choice([rng.randint(32, 0x2FFF), rng.randint(0x1F000, 0x1FAFF)]))
                   for _ in range(rng.randint(1, 120)))


def forged_id(rng: random.Random, game_id: int, version: int) -> tuple[str, list[str] | None]:
    """A custom id in the bot's own shape (others never reach it) with something wrong inside."""
    game = rng.choice([game_id, game_id, rng.randint(1, 10**18)])
    ver = rng.choice([str(version), str(version - 1), str(version + 7), "-", "0", str(10**15)])
    verb = rng.choice(VERBS)
    arg = rng.choice(["", "0", "-1", "999", "abc", "L47", "P", "9" * 60, "x" * 40, *NASTY_NUMBERS])
    custom = f"th:{game}:{ver}:{verb}" + (f":{arg}" if arg else "")
    if rng.random() < 0.4:
        values = [rng.choice([odd_text(rng)[:100] or "0", *NASTY_NUMBERS, "7" * 100])
                  for _ in range(rng.randint(1, 3))]
        return f"ts:{game}:{ver}:{verb}"[:100], values
    return custom[:100], None


async def _begin(rng: random.Random, double: DiscordDouble, where: Channel, table: Message, seated: list[Person],
                 stranger: Person, panels: dict[int, list[Message]], game_id: int,
                 version: int) -> InteractionRecord | None:
    kind = rng.randrange(7)
    person = rng.choice([*seated, stranger])
    if kind == 0:  # anyone clicks "My hand" (a stranger is told they are not seated)
        return await person.begin_click(table, t("en", "games.button.hand"))
    if kind in (1, 2):  # typed moves out of turn, odd and long
        return await person.begin_run("/play", channel=where, move=odd_text(rng))
    if kind == 3:  # a forged component on the table
        custom, values = forged_id(rng, game_id, version)
        return await person.begin_forged_component(table, custom, values)
    if kind == 4:  # an old panel: stale version
        owner = rng.choice(seated)
        old = panels.get(owner.id) or []
        if not old:
            return None
        panel = rng.choice(old)
        items = [b.custom_id for b in panel.buttons if b.custom_id and not b.disabled]
        if not items:
            return None
        return await owner.begin_click(panel, str(rng.choice(items)))
    if kind == 5:  # a new lobby with odd options
        return await stranger.begin_run("/game new", game="goita", options=odd_text(rng)[:100])
    custom, values = forged_id(rng, game_id, version)  # forged select on an old panel of its owner
    owner = rng.choice(seated)
    old = panels.get(owner.id) or []
    if not old:
        return None
    return await owner.begin_forged_component(rng.choice(old), custom, values or ["0"])


async def _advance(double: DiscordDouble, bot: TeahouseBot, where: Channel, seated: list[Person],
                   panels: dict[int, list[Message]], rng: random.Random) -> None:
    """A real move by whoever is to act, so the game goes on between the noise."""
    session = session_of(bot, where)
    table = table_message(where)
    if session is None or table is None:
        return
    if table.has_button(t("en", "games.button.next_hand")):
        with contextlib.suppress(UserActionError):
            await rng.choice(seated).click(table, t("en", "games.button.next_hand"))
        return
    for person in seated:
        seat = session.seat_of(person.id)
        if person.id not in to_move(table) or seat is None:
            continue
        if rng.random() < 0.3:  # through the panel, which keeps an old panel around for stale clicks
            panel = await person.click(table, t("en", "games.button.hand"))
            panels.setdefault(person.id, []).append(panel)
            del panels[person.id][:-3]
        mod = engine(session.game)
        legal = mod.legal_actions(session.live.state, seat)
        if legal:
            await person.run("/play", channel=where, move=mod.format_action(rng.choice(legal)))
        return


@pytest.mark.parametrize("interactions", INTERACTION_COUNTS)
async def test_random_interactions_are_all_answered_and_every_game_finishes(double: DiscordDouble,
                                                                           bot: TeahouseBot, interactions: int) -> None:
    mallory = double.add_person("@everyone ‮", double.guild)  # a display name that tries to ping everyone
    seated = [double["alice"], double["bob"], mallory]
    stranger = double["erin"]
    rng = random.Random(1414)
    sent = answered = games = finished = 0
    while sent < interactions:
        where, _ = await open_table(double, seated[0], "zhengshangyou", "mode=individual target_score=1",
                                    joiners=tuple(seated[1:]), computers=1)
        session = session_of(bot, where)
        assert session is not None
        games += 1
        panels: dict[int, list[Message]] = {}
        for _ in range(600):
            await double.settle()
            if final_summary(where) is not None or session_of(bot, where) is None:
                break
            table = table_message(where)
            if table is None:
                continue
            records: list[InteractionRecord] = []
            for _ in range(BATCH):
                with contextlib.suppress(UserActionError):
                    record = await _begin(rng, double, where, table, seated, stranger, panels, session.id,
                                          session.version)
                    if record is not None:
                        records.append(record)
            await asyncio.gather(*(double.wait(r) for r in records))
            sent += len(records)
            for record in records:
                assert record.responded, record
                answered += 1
            await _advance(double, bot, where, seated, panels, rng)
        await double.settle()
        assert final_summary(where) is not None, "the game did not finish"
        finished += 1
    replies = [m for p in [*seated, stranger] for m in p.ephemerals]
    assert not [m for m in replies if "Traceback" in m.content or "Error" in m.content]
    assert double.mass_mention_risks() == [] and not any(m.pinged_everyone for m in double.messages)
    print(f"\nfuzz: {sent} interactions, {answered} answered, {finished}/{games} games finished")
    assert sent >= interactions and answered == sent and finished == games


LOBBY_VERBS = ["join", "leave", "start", "addai", "kick", "swap", "option", "cancel"]


async def test_random_lobby_clicks_selects_and_typed_commands_are_all_answered_and_the_lobby_stays_sound(
        double: DiscordDouble, bot: TeahouseBot) -> None:
    """The lobby and the typed commands, fuzzed and raced: batches of forged lobby buttons and selects
    (nasty numbers, signs, very long values), real clicks and typed commands from seated people and
    strangers, delivered together before the bot answers any. Every one is answered, nothing crashes,
    and the lobby stays sound: each person in one seat, the host seated, never more seats than the game
    has; then it starts and finishes."""
    people = [double["alice"], double["bob"], double["carol"], double["erin"]]
    rng = random.Random(2323)
    lobby = await people[0].run("/game new", game="zhengshangyou", options="mode=individual target_score=1")
    session = session_of(bot, double.default_channel)
    assert session is not None
    sent = lobbies = 0
    while sent < count("LOBBY_FUZZ", 150, 1000):
        if session.phase != "lobby":  # started or cancelled by the noise: end it, open another
            if session.phase == "playing":
                await people[0].run("/game abandon", channel=double.channel(session.where_id))
            await double.settle()
            lobby = await people[0].run("/game new", game="zhengshangyou", options="mode=individual target_score=1")
            found = session_of(bot, double.default_channel)
            assert found is not None and found.phase == "lobby"
            session, lobbies = found, lobbies + 1
        records: list[InteractionRecord] = []
        for _ in range(BATCH):
            person, kind = rng.choice(people), rng.randrange(6)
            with contextlib.suppress(UserActionError):
                if kind == 0:
                    verb = rng.choice(LOBBY_VERBS[:2])
                    records.append(await person.begin_click(lobby, t("en", f"games.button.{verb}")))
                elif kind in (1, 2):  # mostly the host, whose verbs read numbers (kick, swap)
                    person = people[0] if rng.random() < 0.6 else person
                    verb = rng.choice(["kick", "swap", "kick", "swap", *LOBBY_VERBS])
                    arg = rng.choice(["", *NASTY_NUMBERS, "0", "1"])
                    values = [rng.choice([*NASTY_NUMBERS, "0", "1", "easy", "q" * 100, odd_text(rng)[:100] or "?"])
                              for _ in range(rng.randint(1, 3))] if kind == 2 else None
                    prefix = "ts" if values is not None else "th"
                    custom = f"{prefix}:{session.id}:-:{verb}" + (f":{arg}" if arg and values is None else "")
                    records.append(await person.begin_forged_component(lobby, custom[:100], values))
                elif kind == 3:
                    records.append(await person.begin_run("/play", move=odd_text(rng)))
                elif kind == 4:
                    command = rng.choice(["/game table", "/game hand", "/game leave", "/pass"])
                    records.append(await person.begin_run(command))
                else:
                    records.append(await person.begin_run("/game new", game="goita", options=odd_text(rng)[:100]))
        results = await asyncio.gather(*(double.wait(r) for r in records), return_exceptions=True)
        assert not [r for r in results if isinstance(r, BaseException)], results  # no crash, no late answer
        sent += len(records)
        assert all(r.responded for r in records), [r for r in records if not r.responded]
        seated = [s.user_id for s in session.seats if s.user_id is not None]
        assert len(seated) == len(set(seated)) and len(session.seats) <= 8, session.seats
        assert session.phase != "lobby" or session.host_id in seated
    assert double.take_bot_errors() == []
    replies = [m for p in people for m in p.ephemerals]
    assert not [m for m in replies if "Traceback" in m.content or t("en", "games.error.internal") in m.content]
    print(f"\nlobby fuzz: {sent} interactions in {lobbies + 1} lobbies, all answered")
