"""What a replay may show, through the Discord double: nothing of a game still being played, whatever id
is typed or forged; nothing of another server's games; the hands of a hand face up only once it ended.

A running game is not in the records, so ``/replay``, Watch again and every forged viewer click naming it
are refused with a private line and no picture; its hands are never drawn. A game abandoned in the middle of
a hand replays like any other, but that last hand's cards stay hidden even when a click asks for them.
"""

from __future__ import annotations

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table.replay_record import Tape, draw_step, timeline
from cogs.table.replay_viewer import Replay
from tests.discord_double import DiscordDouble
from tests.play.driver import games_cog, open_game, session_in
from tests.replay.helpers import LAST, SHOW, step_of

#: every verb a viewer's custom id may carry, on buttons (rp) and the select (rq)
VERBS = ("first", "prev", "next", "last", "hands", "file", "open")


def forgeries(game: int, owner: int) -> list[tuple[str, list[str] | None]]:
    out: list[tuple[str, list[str] | None]] = []
    for hands in (0, 1):
        for step in (0, 1, 5, 999999):
            out += [(f"rp:{game}:{o}:{step}:{hands}:{verb}", None) for verb in VERBS for o in (0, owner)]
            out.append((f"rq:{game}:{owner}:{step}:{hands}:hand", ["1"]))
    return out


async def test_a_running_game_shows_nothing_to_any_typed_or_forged_id(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    thread = await open_game(double, alice, "goita", computers=3)
    session = session_in(bot, thread)
    assert session is not None and session.phase == "playing"
    running = str(session.id)

    for typed in (running, f" {running} ", f"{running}0", "٣", "²", "-1", "0" * 40, "abc", running + "\n1"):
        answer = await carol.run("/replay", game_id=typed)
        assert answer.ephemeral and not answer.attachments and not answer.buttons, typed
    told = await carol.run("/replay", game_id=running)
    assert told.content == t("en", "viewer.running", id=int(running))

    anywhere = await carol.run("/help")  # any message will do: Discord delivers the forged click from it
    forged = 0
    for custom, values in forgeries(session.id, carol.id):
        record = await carol.begin_forged_component(anywhere, custom, values)
        reply = await double.wait(record)
        forged += 1
        assert reply is not None and reply.ephemeral and not reply.attachments, custom
        assert reply.content in (t("en", "viewer.running", id=session.id),
                                 t("en", "games.error.unknown_button")), (custom, reply.content)
    assert session.phase == "playing" and len(carol.last_interaction.calls) == 1
    print(f"\nforged viewer clicks on a running game: {forged}, all refused without a picture")


async def test_another_servers_game_reads_as_unknown(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice = double["alice"]
    thread = await open_game(double, alice, "goita", computers=3)
    await alice.run("/game abandon", channel=thread)
    await double.settle()
    finished = (await bot.storage.history(double.guild.id))[0].game_id
    elsewhere = double.add_guild("Elsewhere")
    her_channel = double.add_channel(elsewhere, "fun")
    zoe = double.add_person("zoe", elsewhere)
    answer = await zoe.run("/replay", game_id=finished, channel=her_channel)
    assert answer.ephemeral and not answer.attachments and answer.content == t("en", "replay.none", id=finished)
    hers = await zoe.run("/help", channel=her_channel)
    for custom, values in forgeries(int(finished), zoe.id):
        reply = await double.wait(await zoe.begin_forged_component(hers, custom, values))
        assert reply is not None and reply.ephemeral and not reply.attachments, custom
        assert reply.content in (t("en", "replay.none", id=finished), t("en", "games.error.unknown_button"))


async def test_a_hand_abandoned_midway_keeps_its_cards_hidden(double: DiscordDouble, bot: TeahouseBot) -> None:
    alice, carol = double["alice"], double["carol"]
    thread = await open_game(double, alice, "goita", computers=3)
    session = session_in(bot, thread)
    assert session is not None
    for _ in range(50):  # a few moves into the first hand (the computers play at once; Alice's turn waits)
        if session.log:
            break
        await double.settle()
    await alice.run("/game abandon", channel=thread)
    await double.settle()
    assert games_cog(bot).sessions.get(session.id) is None
    record = await bot.storage.game_record(str(session.id))
    assert record is not None and record.summary.get("abandoned")

    opened = await carol.run("/replay", game_id=record.game_id)  # abandoned games replay like any other
    last = await carol.click(opened, LAST)
    assert step_of(last)[0] == len(record.actions)
    assert last.button(SHOW).disabled and t("en", "viewer.hands_hidden") in last.content
    tape = Tape.of(record.game, len(record.seats), record.seed, record.options, record.actions)
    labels = Replay(record, tape, timeline(tape)).names("en")
    public = draw_step(tape, len(record.actions), False, labels, "en")
    assert last.attachments[0].data == public
    # a forged "hands up" at that step is drawn with the hands hidden all the same
    forged = f"rp:{record.game_id}:{carol.id}:{len(record.actions)}:1:last"
    reply = await double.wait(await carol.begin_forged_component(last, forged))
    assert reply is not None and reply.attachments and reply.attachments[0].data == public
    assert t("en", "viewer.hands_up") not in reply.content
