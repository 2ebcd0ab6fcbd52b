"""The Hint button and practice games through the Discord double, as people use them (issue #45).

A person learns a Goita deal and a Go-Stop round with hints only: for each decision one click shows the hint (the
hard computer's move, picked in the panel, and one line of why) and one click plays it. Rated games refuse hints
unless the server allows them, and the finished game's record counts each seat's hints.
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import Table, fix_deal, open_game, play_match

HINT = t("en", "hints.button")


def hint_line(panel: Message, lang: str = "en") -> str:
    head = t(lang, "hints.line", move="\x00", why="").split("\x00")[0]
    lines = [line for line in panel.content.splitlines() if line.startswith(head)]
    assert len(lines) == 1, panel.content
    return lines[0]


def play_button(panel: Message) -> str:
    """The hint's own button: it plays the hinted move (``hint_play`` with the move's index)."""
    found = [b.custom_id for b in panel.buttons if b.custom_id and ":hint_play:" in b.custom_id]
    assert len(found) == 1, [b.label for b in panel.buttons]
    return found[0]


def offers_hint(table: Table[Any], panel: Message, version: int) -> bool:
    """The panel as it is now offers Hint for the decision at ``version``."""
    current = table.double.message(panel.id)
    return current is not None and f":{version}:hint:" in " ".join(f"{b.custom_id}:" for b in current.buttons)


async def practice(double: DiscordDouble, person: Person, game: str, **options: Any) -> Channel:
    before = {c.id for c in double.threads}
    await person.run("/game new", game=game, practice=True, **options)
    await double.settle()
    new = [c for c in double.threads if c.id not in before]
    assert new, "the practice game did not open a thread"
    return new[-1]


async def learn_with_hints(table: Table[Any], person: Person, round_of: str, most: int = 60) -> list[str]:
    """The person makes every decision of one deal (round) by Hint then its play button; the hint lines."""
    session = table.session
    seat = table.seat(person)
    start = getattr(session.live.view(None), round_of)
    lines: list[str] = []
    opened: list[int] = []

    def deciding() -> bool:
        live = table.session.live
        return seat in live.to_act() and bool(live.legal(seat)) and table.session.paused_until is None

    def over() -> bool:
        live = table.session.live
        return (live.finished or table.session.paused_until is not None
                or getattr(live.view(None), round_of) != start)

    panel: Message | None = None
    for _ in range(most):
        await table.wait(lambda: over() or deciding(), "the person's decision or the deal's end")
        if over():
            break
        version = table.version()
        if panel is not None:  # the live panel shows the new decision soon (at once when it becomes theirs)
            with contextlib.suppress(AssertionError):
                await table.wait(functools.partial(offers_hint, table, panel, version), "the live panel offers Hint",
                                 tries=100)
        if panel is None or not offers_hint(table, panel, version):
            panel = await table.panel(person)  # the first time (or a panel Discord no longer lets the bot edit)
            opened.append(version)
        shown = await person.click(panel, HINT)  # one click: the hint
        lines.append(hint_line(shown))
        assert table.version() == version  # a hint changes nothing in the game
        hinted = table.session.ui["hint"][str(seat)]
        assert hinted[0] == version
        action = table.session.live.legal(seat)[hinted[1]]
        panel = await person.click(shown, play_button(shown))  # one click: played; the panel stays live
        assert table.version() != version
        mine = [text for who, text in table.session.log if who == seat]
        assert mine and mine[-1] == table.session.live.engine.format_action(action)
    else:
        raise AssertionError("the deal did not end")
    assert opened  # opened once; on a busy machine a live panel may be opened again ("My hand"), never a hint
    return lines


@pytest.mark.slow  # a whole deal played by hints, each a computer search: with ``pytest -m slow`` (README's test command stays under 5 minutes)
@pytest.mark.parametrize(("game", "round_of", "seed"), [("goita", "round_no", 11), ("gostop", "round_no", 12)])
async def test_a_person_learns_a_deal_with_hints_only_at_a_practice_table(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch, game: str, round_of: str,
        seed: int) -> None:
    fix_deal(monkeypatch, seed)
    alice = double["alice"]
    thread = await practice(double, alice, game)
    table: Table[Any] = Table(double, bot, thread)
    await table.wait(lambda: table.session.live is not None, "the practice game started")
    session = table.session
    assert not session.rated and session.turn_timeout == 0 and session.humans() == [alice.id]
    lines = await learn_with_hints(table, alice, round_of)
    assert len(lines) >= 2, lines
    used = session.ui["hints_used"][str(table.seat(alice))]
    assert used == len(lines)
    # the computers' moves were explained on the table, in the table's language
    head = t("en", "hints.computer_line", player="\x00", move="", why="").split("\x00")[0]
    assert head in table.public_text()
    assert t("en", "hints.practice_started") in table.public_text()
    assert session.deadline is None  # no timer


async def test_hints_are_refused_in_a_rated_game_unless_the_server_allows_them_and_the_record_counts_them(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_deal(monkeypatch, 3)
    alice, bob = double["alice"], double["bob"]
    thread = await open_game(double, alice, "goita", "target_score=20", joiners=(bob,), computers=2)
    table: Table[Any] = Table(double, bot, thread)
    assert table.session.rated

    def someone_deciding() -> Person | None:
        live = table.session.live
        return next((p for p in (alice, bob) if table.seat(p) in live.to_act() and live.legal(table.seat(p))), None)

    await table.wait(lambda: someone_deciding() is not None, "a person's decision")
    person = someone_deciding()
    assert person is not None
    panel = await table.panel(person)
    refused = await person.click(panel, HINT)
    assert t("en", "hints.off_rated") in refused.content
    assert "hints_used" not in table.session.ui

    allowed = await double["admin"].run("/settings", hints=True)
    assert t("en", "hints.state_line", state=t("en", "settings.yes")) in allowed.content
    assert (await bot.storage.guild_settings(double.guild.id)).hints

    shown = await person.click(refused, HINT)
    hint_line(shown)
    seat = table.seat(person)
    assert table.session.ui["hints_used"] == {str(seat): 1}
    again = await person.click(shown, t("en", "games.button.refresh"))  # the same decision: the hint stays, counted once
    assert table.session.ui["hints_used"] == {str(seat): 1} and play_button(again)

    session = table.session
    game_id = str(session.id)
    log = await play_match(double, bot, thread, [alice, bob], seed=3)  # its random clicks press Hint now and then
    assert log.final is not None
    record = await bot.storage.game_record(game_id)
    assert record is not None and record.rated
    counted = session.ui["hints_used"]
    assert record.hints == tuple(int(counted.get(str(s), 0)) for s in range(4)) and record.hints[seat] >= 1
    seat_of = {s.user_id: i for i, s in enumerate(record.seats)}
    for who in (alice, bob):
        n = record.hints[seat_of[who.id]]
        stats = await who.run("/stats")
        assert (t("en", "hints.used", n=n) in stats.content) == (n > 0)


@pytest.mark.parametrize(("game", "play_label"), [("zhengshangyou", "zhengshangyou.action.play"),
                                                  ("gouji", "gouji.ui.button.confirm")])
async def test_a_hinted_set_stands_picked_in_the_composer_and_its_own_play_button_plays_it(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch, game: str, play_label: str) -> None:
    """The climbing games' composers keep the hinted cards picked: the composer's Play plays the hinted set."""
    fix_deal(monkeypatch, 5)
    alice = double["alice"]
    thread = await practice(double, alice, game)
    table: Table[Any] = Table(double, bot, thread)
    await table.wait(lambda: table.session.live is not None, "the practice game started")
    seat = table.seat(alice)
    eng = table.session.live.engine
    for _ in range(40):
        await table.wait(lambda: seat in table.session.live.to_act() and bool(table.session.live.legal(seat)),
                         "alice's decision")
        version = table.version()
        shown = await alice.click(await table.panel(alice), HINT)
        action = table.session.live.legal(seat)[table.session.ui["hint"][str(seat)][1]]
        if action.kind != "play":
            await alice.click(shown, play_button(shown))
            continue
        await alice.click(shown, t("en", play_label))  # the composer's own button: the picked cards
        assert table.version() != version
        assert [text for who, text in table.session.log if who == seat][-1] == eng.format_action(action)
        return
    raise AssertionError("no set was hinted")
