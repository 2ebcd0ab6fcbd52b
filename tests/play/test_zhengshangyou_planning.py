"""Zheng Shangyou hand view off turn (rules §16.3: "the view still works for planning") and the quick-play
labels in words, through the double.

Alice (seat 0) and Bob (seat 1) play against two computers on a fixed seed in which Alice leads the first
hand; once she has played, Bob is on turn and the game waits for him, so Alice is off turn. The engine's
state is read as an oracle, never changed.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.games.zhengshangyou import Pass, Play, sort_cards
from bot.games.zhengshangyou import engine as zsy
from bot.i18n import t
from cogs.table.controls.zhengshangyou import quick_label, reading_label
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.discord_double.people import Person
from tests.play.driver import Table, fix_deal

#: individual game of four: seat 0 leads hand 1 and holds both jokers (ambiguous leads, R5.6.2)
LEAD_SEED = 15
OPTIONS = "mode=individual"

Game = tuple[Table[zsy.State], Person, Person]


def verb_of(custom_id: str | None) -> str:
    parts = (custom_id or "").split(":")
    return parts[3] if len(parts) > 3 else ""


def button(panel: Message, verb: str) -> Any:
    """The composer's button for ``verb`` with no argument (not the "Play as" Confirm)."""
    for b in panel.buttons:
        parts = (b.custom_id or "").split(":")
        if len(parts) > 3 and parts[3] == verb and (parts[4] if len(parts) > 4 else "") == "":
            return b
    return None


def menu(panel: Message, verb: str) -> Any:
    return next((s for s in panel.selects if verb_of(s.custom_id) == verb), None)


def ticked(panel: Message) -> list[str]:
    return [o.value for o in menu(panel, "zs_cards").options if o.default]


@pytest.fixture
async def game(double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> Game:
    """Alice and Bob seated 0 and 1 with two computers; Alice leads hand 1."""
    alice, bob = double["alice"], double["bob"]
    fix_deal(monkeypatch, LEAD_SEED)
    before = {c.id for c in double.threads}
    lobby = await alice.run("/game new", game="zhengshangyou", options=OPTIONS)
    lobby = await bob.click(lobby, t("en", "games.button.join"))
    for _ in range(2):
        lobby = await alice.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
    await alice.click(lobby, t("en", "games.button.start"))
    await double.settle()
    thread = next(c for c in double.threads if c.id not in before)
    table = Table[zsy.State](double, bot, thread)
    assert table.seat(alice) == 0 and table.seat(bob) == 1
    state = table.state
    assert state.phase == "play" and state.turn == 0 and state.top_combo is None
    return table, alice, bob


async def alice_leads_lowest(table: Table[zsy.State], alice: Person) -> None:
    """Alice plays her lowest single with the quick-play select; then Bob is on turn."""
    panel = await table.panel(alice)
    quick = menu(panel, "zs_quick")
    await alice.select(panel, quick.custom_id, [quick.options[0].value])
    await table.settle()
    assert table.state.turn == 1


async def test_16_3_off_turn_the_composer_shows_with_play_and_pass_disabled(game: Game) -> None:
    table, alice, _ = game
    await alice_leads_lowest(table, alice)
    panel = await table.panel(alice)
    assert t("en", "games.panel.waiting") not in panel.content
    assert t("en", "zhengshangyou.ui.planning") in panel.content
    hand = table.state.hands[0]
    assert [o.value for o in menu(panel, "zs_cards").options] == [c.ascii for c in sort_cards(hand)]
    assert button(panel, "zs_play").disabled and button(panel, "zs_pass").disabled
    assert not button(panel, "zs_clear").disabled
    assert menu(panel, "zs_quick") is None  # nothing to play at once off turn


async def test_16_3_picking_cards_off_turn_plans_without_a_move_even_on_an_older_panel(game: Game) -> None:
    table, alice, bob = game
    await alice_leads_lowest(table, alice)
    old = await table.panel(alice)
    plan = sort_cards(table.state.hands[0])[-2:]
    version = table.version()
    planned = await alice.select(old, menu(old, "zs_cards").custom_id, [c.ascii for c in plan])
    assert planned.ephemeral and planned.ephemeral_for == alice.id
    assert ticked(planned) == [c.ascii for c in plan]
    assert table.version() == version and set(plan) <= set(table.state.hands[0])
    # Bob passes: the game moves on; a pick on Alice's panel from before is no stale move, only a new plan
    bob_panel = await table.panel(bob)
    await bob.click(bob_panel, button(bob_panel, "zs_pass").custom_id)
    await table.settle()
    assert table.version() > version
    replanned = await alice.select(planned, menu(planned, "zs_cards").custom_id, [plan[-1].ascii])
    assert t("en", "games.error.stale") not in replanned.content
    assert t("en", "games.error.not_legal_now") not in replanned.content
    assert ticked(replanned) == [plan[-1].ascii]
    assert all(reply not in p.ephemerals for p in table.double.people.values() if p.id != alice.id
               for reply in (planned, replanned))


async def test_16_3_a_plan_made_off_turn_is_kept_for_the_turn(game: Game) -> None:
    table, alice, bob = game
    await alice_leads_lowest(table, alice)
    panel = await table.panel(alice)
    plan = sort_cards(table.state.hands[0])[-1:]
    await alice.select(panel, menu(panel, "zs_cards").custom_id, [plan[0].ascii])
    bob_panel = await table.panel(bob)
    await bob.click(bob_panel, button(bob_panel, "zs_pass").custom_id)
    await table.wait(lambda: table.state.turn == 0 or table.state.hands[0] == [], "alice's turn again")
    if table.state.turn != 0:
        pytest.skip("the deal ended before Alice's turn came back")
    panel = await table.panel(alice)
    assert ticked(panel) == [plan[0].ascii]
    assert not button(panel, "zs_play").disabled


async def test_16_3_quick_play_names_readings_in_words_not_the_engines_notation(game: Game) -> None:
    table, alice, _ = game
    state = table.state
    legal = zsy.legal_actions(state, 0)
    mine = zsy.view(state, 0)
    for lang, locale in (("en", "en-US"), ("fa", "en-US"), ("ru", "ru")):
        await alice.run("/preferences", language="fa" if lang == "fa" else "auto")  # no Persian client exists
        panel = await alice.click(table.table(), t("en", "games.button.hand"), locale=locale)
        quick = menu(panel, "zs_quick")
        assert quick is not None
        for option in quick.options:
            action = legal[int(option.value)]
            assert option.label == quick_label(mine, action, lang)
            assert " as " not in option.label  # the notation's "as run" / "as set" is gone
    ambiguous = next(a for a in legal if isinstance(a, Play) and a.as_)
    for lang in ("en", "fa", "ru"):
        label = quick_label(mine, ambiguous, lang)
        assert reading_label(mine, ambiguous, lang) in label and f"as {ambiguous.as_}" not in label
    assert quick_label(mine, Pass(), "fa") == t("fa", "zhengshangyou.action.pass")
