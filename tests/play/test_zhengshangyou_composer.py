"""The Zheng Shangyou hand panel (rules §16.3) through the double: pick cards, Play, Pass, Clear, Play as.

The game is dealt on a fixed seed (found with the pure engine) in which Alice, seat 0, leads
the first hand and holds both jokers, so some of her selections can be read several ways
(R5.6.2). The engine's state is read as an oracle, never changed.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.games.core import IllegalAction
from bot.games.zhengshangyou import Play, sort_cards
from bot.games.zhengshangyou import engine as zsy
from bot.i18n import t
from cogs.table.controls.zhengshangyou import hand_text
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import Table, fix_deal

#: individual game of four: seat 0 leads hand 1 and has ambiguous leads (a card with BJ RJ)
LEAD_SEED = 15
OPTIONS = "mode=individual"


def verb_of(custom_id: str | None) -> str:
    return (custom_id or "").split(":")[3] if custom_id else ""


def button(panel: Message, verb: str, arg: str = "") -> Any:
    for b in panel.buttons:
        parts = (b.custom_id or "").split(":")
        if len(parts) > 3 and parts[3] == verb and (parts[4] if len(parts) > 4 else "") == arg:
            return b
    return None


def menu(panel: Message, verb: str) -> Any:
    return next((s for s in panel.selects if verb_of(s.custom_id) == verb), None)


async def seat_game(double: DiscordDouble, monkeypatch: pytest.MonkeyPatch, alice: Person) -> Channel:
    fix_deal(monkeypatch, LEAD_SEED)
    before = {c.id for c in double.threads}
    lobby = await alice.run("/game new", game="zhengshangyou", options=OPTIONS)
    for _ in range(3):
        lobby = await alice.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
    await alice.click(lobby, t("en", "games.button.start"))
    await double.settle()
    return next(c for c in double.threads if c.id not in before)


async def pick(alice: Person, panel: Message, cards: list[Any]) -> Message:
    cards_menu = menu(panel, "zs_cards")
    assert cards_menu is not None, panel.content
    reply = await alice.select(panel, cards_menu.custom_id, [c.ascii for c in cards])
    assert reply.ephemeral and reply.ephemeral_for == alice.id
    return reply


Lead = tuple[Table[zsy.State], Person]


@pytest.fixture
async def lead(double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> Lead:
    """Alice leads hand 1 (seat 0); the table reads the bot's state."""
    alice = double["alice"]
    table = Table[zsy.State](double, bot, await seat_game(double, monkeypatch, alice))
    state = table.state
    assert state.phase == "play" and state.turn == 0 and state.top_combo is None
    return table, alice


async def test_16_3_hand_as_text_card_select_and_pass_disabled_when_leading(lead: Lead) -> None:
    table, alice = lead
    state = table.state
    panel = await table.panel(alice)
    hand = state.hands[0]
    assert t("en", "zhengshangyou.ui.hand", count=len(hand), cards=hand_text(hand)) in panel.content
    cards_menu = menu(panel, "zs_cards")
    assert [o.value for o in cards_menu.options] == [c.ascii for c in sort_cards(hand)]
    assert cards_menu.min_values == 0 and cards_menu.max_values == len(hand)
    assert button(panel, "zs_pass").disabled  # R6.4: the leader must play
    assert not button(panel, "zs_play").disabled and button(panel, "zs_clear") is not None


async def test_16_3_select_cards_and_play_applies_the_legal_play(double: DiscordDouble, lead: Lead) -> None:
    table, alice = lead
    state = table.state
    lowest = sort_cards(state.hands[0])[0]
    panel = await pick(alice, await table.panel(alice), [lowest])
    assert [o.value for o in menu(panel, "zs_cards").options if o.default] == [lowest.ascii]
    assert t("en", "zhengshangyou.ui.selected", cards=str(lowest)) in panel.content
    session = table.session
    version = session.version
    after = await alice.click(panel, button(panel, "zs_play").custom_id)
    assert session.version > version
    assert lowest not in table.state.hands[0]
    assert after.ephemeral and after.ephemeral_for == alice.id
    assert str(lowest) not in after.content.split("\n")[1]  # the panel's hand line no longer lists it
    await double.settle()


async def test_16_3_an_illegal_selection_is_refused_with_the_engines_reason(lead: Lead) -> None:
    table, alice = lead
    state = table.state
    naturals = [c for c in sort_cards(state.hands[0]) if not c.is_joker]
    wrong = [naturals[0], next(c for c in naturals if c.rank >= naturals[0].rank + 2)]
    with pytest.raises(IllegalAction) as refusal:
        zsy.check_play(state, 0, Play(tuple(wrong)))
    panel = await pick(alice, await table.panel(alice), wrong)
    session = table.session
    version, hand = session.version, list(state.hands[0])
    reply = await alice.click(panel, button(panel, "zs_play").custom_id)
    assert reply.ephemeral and reply.ephemeral_for == alice.id
    assert t("en", refusal.value.key, **refusal.value.params) in reply.content
    assert session.version == version and table.state.hands[0] == hand


async def test_16_3_clear_empties_the_selection(lead: Lead) -> None:
    table, alice = lead
    state = table.state
    panel = await pick(alice, await table.panel(alice), list(sort_cards(state.hands[0])[:2]))
    assert sum(o.default for o in menu(panel, "zs_cards").options) == 2
    cleared = await alice.click(panel, button(panel, "zs_clear").custom_id)
    assert not any(o.default for o in menu(cleared, "zs_cards").options)
    assert t("en", "zhengshangyou.ui.nothing_selected") in cleared.content


async def test_16_3_a_stale_panel_click_is_refused_privately(double: DiscordDouble, lead: Lead) -> None:
    table, alice = lead
    state = table.state
    old = await table.panel(alice)
    fresh = await pick(alice, await table.panel(alice), [sort_cards(state.hands[0])[0]])
    await alice.click(fresh, button(fresh, "zs_play").custom_id)
    await double.settle()
    await table.refuses_stale(alice, old, button(old, "zs_clear").custom_id)


async def test_R5_6_2_an_ambiguous_selection_offers_play_as_then_confirm(lead: Lead) -> None:
    table, alice = lead
    state = table.state
    ambiguous = next(a for a in zsy.legal_actions(state, 0) if isinstance(a, Play) and a.as_)
    readings = [a.as_ or "" for a in zsy.legal_actions(state, 0) if isinstance(a, Play) and a.cards == ambiguous.cards]
    panel = await pick(alice, await table.panel(alice), list(ambiguous.cards))
    play_as = menu(panel, "zs_as")
    assert play_as is not None and sorted(o.value for o in play_as.options) == sorted(readings)
    assert button(panel, "zs_play", "as") is not None
    session = table.session
    version = session.version
    # Play without a reading: the engine asks which one, nothing changes
    asked = await alice.click(panel, button(panel, "zs_play").custom_id)
    assert "several ways" in asked.content and session.version == version
    reading = ambiguous.as_ or ""
    chosen = await alice.select(asked, menu(asked, "zs_as").custom_id, [reading])
    assert [o.value for o in menu(chosen, "zs_as").options if o.default] == [reading]
    await alice.click(chosen, button(chosen, "zs_play", "as").custom_id)
    assert session.version > version
    assert not set(ambiguous.cards) & set(table.state.hands[0])


async def test_16_3_quick_play_makes_a_listed_play_in_one_pick(lead: Lead) -> None:
    table, alice = lead
    state = table.state
    lowest = sort_cards(state.hands[0])[0]
    panel = await table.panel(alice)
    quick = menu(panel, "zs_quick")
    assert quick is not None and len(quick.options) <= 25
    assert not any("pass" in o.label.lower() for o in quick.options)  # the leader can't pass (R6.4)
    session = table.session
    version = session.version
    first = quick.options[0]
    assert str(lowest) in first.label
    await alice.select(panel, quick.custom_id, [first.value])
    assert session.version > version and lowest not in table.state.hands[0]


async def test_16_3_a_half_composed_selection_survives_a_restart(double: DiscordDouble, teahouse: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The composer's picks live on the game's session and are saved with it (issue #21): a restart of the
    bot between two clicks does not empty the selection."""
    alice = double["alice"]
    async with teahouse(computer_delay_seconds=0.0) as first:
        thread = await seat_game(double, monkeypatch, alice)
        table = Table[zsy.State](double, first, thread)
        lowest = sort_cards(table.state.hands[0])[0]
        panel = await pick(alice, await table.panel(alice), [lowest])
        assert [o.value for o in menu(panel, "zs_cards").options if o.default] == [lowest.ascii]
    async with teahouse(computer_delay_seconds=0.0) as second:
        again = await Table[zsy.State](double, second, thread).panel(alice)
        assert [o.value for o in menu(again, "zs_cards").options if o.default] == [lowest.ascii]
        assert t("en", "zhengshangyou.ui.selected", cards=str(lowest)) in again.content
