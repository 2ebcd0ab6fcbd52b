"""A thousand random interactions against live games: wrong user, wrong turn, stale panels, forged
custom ids and select values, long and odd unicode text. Nothing crashes, every interaction is
answered, no answer carries a traceback or pings everyone, and every game still finishes.
"""

from __future__ import annotations

import asyncio
import contextlib
import random

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
BATCH = 8  # delivered together, before the bot answers any of them

ODD = ["@everyone", "@here", "<@&1>", "<@!1> hi", "\u202eevil\u202c", "\u200b" * 40, "🀄" * 50, "Q" * 300,
       "Z̸̡̛͙a̷l̴g̶o̵", "\x00\x01\x7f", "'; DROP TABLE games; --", "{move}", "{0!r}", "%s%s%n", "\\n\\t",
       "𝕼-𝕼", "3♠ 3♠ 3♠ 3♠ 3♠", "pass pass", "", " ", "-1", "99999999999999999999"]
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
    arg = rng.choice(["", "0", "-1", "999", "abc", "L47", "P", "9" * 60, "x" * 40])
    custom = f"th:{game}:{ver}:{verb}" + (f":{arg}" if arg else "")
    if rng.random() < 0.4:
        values = [odd_text(rng)[:100] or "0" for _ in range(rng.randint(1, 3))]
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
        legal = mod.legal_actions(session.state, seat)
        if legal:
            await person.run("/play", channel=where, move=mod.format_action(rng.choice(legal)))
        return


async def test_random_interactions_are_all_answered_and_every_game_finishes(double: DiscordDouble,
                                                                           bot: TeahouseBot) -> None:
    mallory = double.add_person("@everyone ‮", double.guild)  # a display name that tries to ping everyone
    seated = [double["alice"], double["bob"], mallory]
    stranger = double["erin"]
    rng = random.Random(1414)
    sent = answered = games = finished = 0
    while sent < INTERACTIONS:
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
    assert sent >= INTERACTIONS and answered == sent and finished == games
