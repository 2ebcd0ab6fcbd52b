"""Through the Discord double: a full Go-Stop match and a full Goita match, opened with /replay by the
player and stepped from the first step to the last by a second person, one answer per click.

Carol presses ▶ on Alice's public viewer: she gets her own private copy (Alice's message does not move),
and steps it in place to the end. Every click's REST calls are counted (the interaction's answer included);
the numbers are printed (``-s``) for the closing note.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.app import TeahouseBot
from bot.games.registry import engine
from bot.i18n import t
from cogs.table.replay_record import Tape, draw_step, state_after, timeline
from cogs.table.replay_viewer import Replay
from tests.discord_double import DiscordDouble
from tests.replay.helpers import LAST, NEXT, SHOW, finished_match, owner_of, step_of

#: a picture compared with the engine's state every this many steps (each one is drawn again here)
PICTURE_EVERY = 10


@pytest.mark.slow  # whole matches stepped click by click: with ``pytest -m slow`` (README's test command stays under 5 minutes)
@pytest.mark.parametrize("game", ("gostop", "goita"))
async def test_a_second_person_steps_a_whole_match_one_answer_per_click(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    alice, carol = double["alice"], double["carol"]
    record = await finished_match(double, bot, monkeypatch, game)
    tape = Tape.of(record.game, len(record.seats), record.seed, record.options, record.actions)

    opened = await alice.run("/replay", game_id=record.game_id)
    assert not opened.ephemeral and opened.attachments and step_of(opened) == (0, len(record.actions))
    assert owner_of(opened) == alice.id and not opened.allows_mass_mention
    alice_edits = len(opened.edits)

    mine = await carol.click(opened, NEXT)  # somebody else's viewer: a private copy of her own
    assert mine.ephemeral and owner_of(mine) == carol.id and step_of(mine) == (1, len(record.actions))
    assert len(opened.edits) == alice_edits  # Alice's viewer did not move
    calls: Counter[int] = Counter()
    ids = {mine.id}
    labels = Replay(record, tape, timeline(tape)).names("en")  # the seats as the viewer names them
    mod = engine(record.game)
    while not mine.button(NEXT).disabled:
        mine = await carol.click(mine, NEXT)
        ids.add(mine.id)
        step, last = step_of(mine)
        calls[len(carol.last_interaction.calls)] += 1
        assert mine.attachments, step
        if step % PICTURE_EVERY == 0 or step == last:
            # the picture is the public table of the engine's state after the first `step` moves
            assert mine.attachments[0].data == draw_step(tape, step, False, labels, "en"), step
    assert ids == {mine.id} and step_of(mine) == (len(record.actions), len(record.actions))  # stepped in place
    final = mod.result(state_after(tape, len(record.actions)))
    assert final.finished
    assert tuple(final.places.get(s, 0) for s in range(len(record.seats))) == record.places
    assert tuple(final.points.get(s, 0) for s in range(len(record.seats))) == record.points

    line = timeline(tape)
    assert len(line.hand_starts) > 1  # several hands: the select jumps to the second one's deal
    jumped = await carol.select(mine, t("en", "viewer.jump"), [t("en", "viewer.hand_option", hand=2)])
    assert jumped.id == mine.id and step_of(jumped)[0] == line.hand_starts[2]
    mine = await carol.click(jumped, LAST)

    shown = await carol.click(mine, SHOW)  # the game is over: every hand may be shown face up
    assert t("en", "viewer.hands_up") in shown.content
    assert shown.attachments[0].image().height > opened.attachments[0].image().height

    assert await alice.click(opened, LAST) is not None  # the opener steps her own viewer in place
    assert step_of(opened) == (len(record.actions), len(record.actions))
    assert len(opened.edits) == alice_edits + 1 and len(alice.last_interaction.calls) <= 2
    clicks = sum(calls.values())
    print(f"\n{game}: {len(record.actions)} moves stepped by a second person, {clicks} clicks; "
          f"REST calls per click: {dict(sorted(calls.items()))}")
    assert set(calls) <= {1, 2} and calls[1] >= clicks * 0.8  # a defer first only when a picture came late

