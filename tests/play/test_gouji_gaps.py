"""Gou Ji in Discord: Xian Rang Rang answered from the hand view, the endgame slot with computer
candidates, and suggestions for an exposed hand (rules §13.5, §13.8; R9.1, R9.4.2, R9.6.3).

Each test seats a game, and while it waits for its people in the revolution window puts a small
play position in place of the deal (hands written as in ``tests/games/gouji/helpers``); from then
on everything happens through what Discord shows: the table's buttons, the private views, ``/play``.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.games.gouji import engine as gouji
from bot.games.gouji.engine import _eg_new_round
from bot.games.gouji.notation import Play, parse_play
from bot.games.live import LiveGame
from bot.i18n import t
from cogs.table.words import names
from tests.discord_double import DiscordDouble
from tests.discord_double.people import Person
from tests.games.gouji.helpers import table as position
from tests.play.driver import games_cog, table_message
from tests.play.test_gouji_discord import (
    GoujiTable,
    arg_of,
    button,
    public_button,
    seat_game,
    select,
    verb_of,
)

SEED = 5
#: computer thinking time where a person acts while computers think (the clock runs in real time too)
COMPUTER_SECONDS = 10.0


async def arranged(double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch,
                   people: dict[int, Person], hands: dict[int, str], leader: int = 0,
                   out: tuple[int, ...] = (), lobby: str = "session_hands=1", turn_seconds: int | None = None,
                   **options: Any) -> GoujiTable:
    """A game with ``people`` seated (``lobby``: the game's options; ``turn_seconds``: its turn length), then the
    position: ``hands`` (empty = out, in the order of ``out``), ``leader`` to lead; with two players out the
    trick is an endgame trick (R9.6.3)."""
    new = {} if turn_seconds is None else {"turn_seconds": turn_seconds}
    thread = await seat_game(double, monkeypatch, SEED, lobby, people, **new)
    table = GoujiTable(double, bot, thread, people)
    computers = [s for s in range(6) if s not in people]
    double.clock.advance(games_cog(bot).computer_delay + 0.1)  # computers are Ready after their thinking time
    await table.wait(lambda: all(table.state.ready[s] for s in computers), "the computers are ready")
    session = table.session
    async with session.lock:
        # the lobby's options, as the engine resolved them, with the position's own
        state = position(hands, leader=leader, seed=session.seed, **{**session.live.state.options, **options})
        for place, seat in enumerate(out, start=1):
            state.places[seat] = place
        state.n_out = len(out)
        if len(out) >= 2:
            state.eg, state.eg_leader = True, leader
            _eg_new_round(state)
        state.version = session.live.state.version + 1
        session.live = LiveGame(session.game, state)
    return table


async def typed(table: GoujiTable, person: Person, move: str) -> None:
    version = table.version()
    reply = await person.run("/play", channel=table.thread, move=move)
    assert reply.ephemeral and reply.ephemeral_for == person.id
    assert table.version() != version, reply.content
    await table.settle()


def slot_buttons(table: GoujiTable) -> dict[int, str]:
    message = table_message(table.thread)
    if message is None:  # between removing the old table and posting the new one
        return {}
    return {int(arg_of(b.custom_id)): b.custom_id or "" for b in message.buttons if verb_of(b.custom_id) == "gj_slot"}


async def slot_shown(table: GoujiTable, candidates: list[int]) -> dict[int, str]:
    await table.wait(lambda: sorted(slot_buttons(table)) == sorted(candidates), "the slot's buttons on the table")
    return slot_buttons(table)


def plays_of(table: GoujiTable, seat: int) -> list[str]:
    return [str(play) for s, play, _how in table.state.trick if s == seat]


# ---------------------------------------------------------------------------------------------- R9.1

async def test_R9_1_2_pass_as_asked_from_the_hand_view_passes_at_once(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    table = await arranged(double, bot, monkeypatch, {0: alice, 4: bob},
                           {0: "4 7 7 A RJ", 1: "3 3", 2: "3 3", 3: "8 9 9", 4: "2 5 6", 5: "3 3"})
    await typed(table, alice, "4")  # B and C cannot beat it; D (A's Dui Men) beats it with 8: E's turn
    await table.wait(lambda: table.state.top_seat == 3 and table.waiting_people() == [4], "D beats, E to act")
    public = table.table()
    refused = await bob.click(public, public_button(public, "gj_rang"))
    assert refused.ephemeral and refused.ephemeral_for == bob.id
    await alice.click(public, public_button(public, "gj_rang"))
    await table.settle()
    assert any("Xian Rang Rang!" in line for line in table.session.lines)
    panel = await table.panel(bob)
    assert t("en", "gouji.ui.rang_asked", player=table.session.seats[0].name) in panel.content
    await table.click_panel(4, panel, button(panel, "gj_pass", "rang_accept") or "")
    await table.settle()
    state = table.state
    assert state.passed[4] and state.rang is None  # passed for him at once: it was his turn
    assert any(line == t("en", "gouji.event.rang_accept", player=table.session.seats[4].name)
               for line in table.session.lines)
    await table.wait(lambda: table.waiting_people() == [0], "F passes, A may play his ace")
    assert Play in {type(a) for a in gouji.legal_actions(table.state, 0)}


# ---------------------------------------------------------------------------------------------- R9.6.3

async def test_R9_6_3_a_person_takes_the_slot_from_a_computer_default_with_the_public_button(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    # E and F are out; B leads, then team ACE fills the next slot: C (a computer, the default) or A
    table = await arranged(double, bot, monkeypatch, {0: alice, 1: bob},
                           {0: "6 9 K", 1: "4 10 10", 2: "5 8 Q", 3: "7 J J", 4: "", 5: ""}, leader=1, out=(4, 5))
    await typed(table, bob, "4")
    assert table.state.candidates == [2, 0]
    buttons = await slot_shown(table, [0, 2])
    await table.shown(t("en", "gouji.ui.banner.team_choose", team="ACE", who="").split(":")[0])
    version = table.version()
    await table.settle()
    assert table.version() == version  # the computer candidate leaves the slot to the person (§13.8)
    refused = await bob.click(table.table(), buttons[0])  # an opponent may not choose for team ACE
    assert refused.ephemeral and refused.ephemeral_for == bob.id
    assert t("en", "gouji.ui.slot_other_team") in refused.content and table.version() == version
    panel = await table.click_panel(0, table.table(), buttons[0])  # alice takes the turn: her composer
    assert panel.ephemeral and panel.ephemeral_for == alice.id
    assert table.state.turn == 0 and select(panel, "gj_rank") is not None
    assert t("en", "gouji.event.team_take", player=table.session.seats[0].name) in table.session.lines
    await table.compose(0, panel, parse_play("6"))
    await table.settle()
    assert plays_of(table, 0) == ["6"]


async def test_13_6_a_silent_slot_goes_to_the_default_member_after_20_s_who_then_has_her_own_turn(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """§13.5/§13.6 (R9.6.3 step 2): two people of team ACE are the slot's candidates and neither clicks. The slot
    waits its 20 s, then the rules give it to the default member (Carol: first after Bob, who acted last), and
    Carol then has her own turn to follow: she is not timed out with Alice, as if she had missed it too."""
    alice, bob, carol = double["alice"], double["bob"], double["carol"]
    table = await arranged(double, bot, monkeypatch, {0: alice, 1: bob, 2: carol},
                           {0: "6 9 K", 1: "4 10 10", 2: "5 8 Q", 3: "7 J J", 4: "", 5: ""}, leader=1, out=(4, 5))
    await typed(table, bob, "4")
    assert table.state.candidates == [2, 0]
    await slot_shown(table, [0, 2])
    seat_names = names(table.session, "en")
    chose = t("en", "gouji.event.team_choose", player=seat_names[0], target=seat_names[2])
    version = table.version()
    double.clock.advance(19)  # within the slot's 20 s: nobody is moved
    await table.settle()
    assert table.version() == version and chose not in table.public_text()
    double.clock.advance(2)
    await table.shown(chose)  # Alice, the first candidate in seat order, "chose" the default member
    assert t("en", "games.timed_out", player=seat_names[0]) in table.public_text()
    await table.settle()
    assert t("en", "games.timed_out", player=seat_names[2]) not in table.public_text()
    assert table.waiting_people() == [2] and plays_of(table, 2) == []  # Carol's own turn, not a pass
    await typed(table, carol, "5")
    assert plays_of(table, 2) == ["5"]


#: B leads in an endgame where A and F are out; team ACE then fills the slot from C (the default,
#: beating only with a 2) or E (a 9): §13.8 lets the computers agree on E, and A (out, a person) may
#: name either of them first
BY_THE_TEAM = {0: "", 1: "4 10 10", 2: "2 3 3", 3: "3 3 3", 4: "9 3 3", 5: ""}


async def test_R9_6_3_a_partner_names_a_computer_candidate_before_the_computers_agree(
        double: DiscordDouble, teahouse: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    async with teahouse(computer_delay_seconds=COMPUTER_SECONDS) as bot:
        table = await arranged(double, bot, monkeypatch, {0: alice, 1: bob}, BY_THE_TEAM, leader=1, out=(0, 5))
        await typed(table, bob, "4")
        assert table.state.candidates == [2, 4]
        double.clock.advance(1.1)  # the table shows the slot while the computers think
        buttons = await slot_shown(table, [2, 4])
        reply = await alice.click(table.table(), buttons[2])  # alice is no candidate: she names C
        assert reply.ephemeral and reply.ephemeral_for == alice.id and table.state.turn == 2
        seat_names = names(table.session, "en")
        assert t("en", "gouji.event.team_choose", player=seat_names[0], target=seat_names[2]) in table.session.lines
        double.clock.advance(COMPUTER_SECONDS)
        await table.wait(lambda: plays_of(table, 2) == ["2"], "C plays its 2 now, as alice chose")
        assert plays_of(table, 4) == []


async def test_R9_6_3_computer_candidates_agree_on_the_cheaper_beating_set(
        double: DiscordDouble, teahouse: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    async with teahouse(computer_delay_seconds=COMPUTER_SECONDS) as bot:
        table = await arranged(double, bot, monkeypatch, {0: alice, 1: bob}, BY_THE_TEAM, leader=1, out=(0, 5))
        await typed(table, bob, "4")
        double.clock.advance(1.1)
        buttons = await slot_shown(table, [2, 4])
        refused = await bob.click(table.table(), buttons[4])  # an opponent may not choose for team ACE
        assert refused.ephemeral and t("en", "gouji.ui.slot_other_team") in refused.content
        double.clock.advance(COMPUTER_SECONDS)  # nobody of team ACE clicked: the computers agree (§13.8)
        await table.wait(lambda: plays_of(table, 4) == ["9"], "E, whose 9 is cheaper than C's 2, plays")
        seat_names = names(table.session, "en")
        assert t("en", "gouji.event.team_choose", player=seat_names[2], target=seat_names[4]) in table.session.lines
        assert plays_of(table, 2) == []


# ---------------------------------------------------------------------------------------------- R9.4.2

async def test_R9_4_2_partners_suggest_a_play_publicly_and_the_owner_decides(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, carol = double["alice"], double["bob"], double["carol"]
    table = await arranged(double, bot, monkeypatch, {0: alice, 1: bob, 2: carol}, {0: "5 5 9 K"})
    await typed(table, alice, "tiao pai")  # on her turn, with four cards, alice lays them face up (R9.4.1)
    assert table.state.exposed[0]
    version = table.version()

    public = table.table()
    opponent = await bob.click(public, public_button(public, "gj_team"))
    assert button(opponent, "gj_sug") is None  # only partners advise
    team = await carol.click(public, public_button(public, "gj_team"))
    assert team.ephemeral_for == carol.id
    composer = await carol.click(team, button(team, "gj_sug", "0") or "")
    assert composer.ephemeral and composer.ephemeral_for == carol.id
    assert "K×1" in composer.content and "5×2" in composer.content  # the exposed (public) cards
    menu = select(composer, "gj_rank")
    assert menu is not None and set(menu.values) == {"5", "9", "13"}
    composer = await carol.select(composer, menu.custom_id, ["9"])
    assert t("en", "gouji.ui.suggest_preview", play="9") in composer.content
    posted = await carol.click(composer, button(composer, "gj_sugok", "0") or "")
    assert t("en", "gouji.ui.suggest_posted") in posted.content
    await table.settle()
    seat_names = names(table.session, "en")
    line = t("en", "gouji.ui.suggestion", player=seat_names[2], target=seat_names[0], play="9")
    assert line in table.session.lines
    await table.shown(line)
    assert table.version() == version  # advice is no move: nobody's view went stale

    panel = await table.panel(alice)
    assert t("en", "gouji.ui.suggested_to_you", player=seat_names[2], play="9") in panel.content
    await table.compose(0, panel, parse_play("5-5"))  # the owner decides
    await table.settle()
    assert plays_of(table, 0) == ["5-5"]
    cleared = await carol.click(posted, button(posted, "gj_clear", "s0") or "")  # the composer follows her cards
    menu = select(cleared, "gj_rank")
    assert cleared.ephemeral_for == carol.id and menu is not None and set(menu.values) == {"9", "13"}
