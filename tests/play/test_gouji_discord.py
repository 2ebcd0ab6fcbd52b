"""Gou Ji played in Discord through the double (rules §13): the composer, claims, pre-hand decisions.

People act only through what Discord shows them (the table's buttons, their private panel,
``/play``). To know *what* a person wants to do, the test asks the same minimum policy the
computer players use (rules §13.8) on that person's own view, read from the bot's state
(an oracle, never changed). Seeds that produce a situation are found with the pure engine
(``simulate``) and fixed by seating the game on that seed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from statistics import mean
from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.games.gouji import engine as gouji
from bot.games.gouji.ai import easy_action, endgame_choice
from bot.games.gouji.notation import Choose, Decision, Play, Return, ShaoPai, format_action, parse_play
from bot.i18n import t
from cogs.table.controls.gouji import grouped_hand
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import Table, extra_calls, final_summary, fix_deal, session_in, table_message

#: a one-hand match in which A passes while the wind goes round (§13.5)
WIND_SEED = 11
#: a claim window for seat A against a duel set answered by a computer teammate (found by ``simulate``)
SHAO_SEED = 68
#: seat C (a computer partner of seat A) was dealt no 2 and no joker: it proposes Ge Ming (R3.3)
GE_MING_PARTNER_SEED = 77
#: seat A itself may declare Ge Ming
GE_MING_OWN_SEED = 67
#: after hand 1, E and A finish last (teammates): the loser swap (R5.6); A, Da La, owes two cards to
#: his partner C, who finished first: they may skip it (R5.5)
SWAP_SEED = 85
#: hand 1 is a Chuan San Hu of team ACE: in hand 2 D pays A one card, and A chooses what to return (R5.7)
RETURN_SEED = 41
#: with people at A and E (partners), A may soon ask E to pass (Xian Rang Rang, R9.1)
RANG_SEED = 5
#: with threes_claim = ask, D and A were dealt a pair of 3s of one suit (R4.5)
THREES_SEED = 0
#: two calls per move (the table edited or re-posted with its ping, the old one removed); the move that
#: ends the match also posts its summary
CALLS_PER_MOVE = 2.1


# ---------------------------------------------------------------------------------------------- helpers

def deciders(state: gouji.State, people: set[int]) -> set[int]:
    """The spine's deciders: seats waited for, plus computer seats that would claim Shao Pai."""
    out = set(gouji.to_act(state))
    if state.phase == "play" and state.duel_a >= 0:
        out |= {s for s in range(6) if s not in people and s not in out
                and any(isinstance(a, ShaoPai) for a in gouji.legal_actions(state, s))}
    return out


def held(state: gouji.State, people: set[int], timed: bool) -> bool:
    """Computers hold back for people (§13.8): an endgame slot with a person among the candidates; with
    computer thinking time, a duel answered by the team of a person who still holds cards."""
    if state.phase != "play":
        return False
    if state.turn < 0 and state.candidates:
        return any(c in people for c in state.candidates)
    return timed and state.duel_a >= 0 and any(
        s in people and state.counts[s] for s in range(6) if s % 2 == state.turn % 2)


def simulate(seed: int, options: dict[str, Any], people: set[int], stop: Callable[[gouji.State], bool],
             timed: bool = False) -> gouji.State | None:
    """Play a session as the bot would, the minimum policy deciding for everybody (computers move at
    once unless they hold back, people when they are waited for); the first state where ``stop`` holds."""
    state = gouji.new_game(6, seed, options)
    while not state.finished:
        if stop(state):
            return state
        computers = [] if held(state, people, timed) else sorted(s for s in deciders(state, people)
                                                                 if s not in people)
        seats = computers or sorted(s for s in gouji.to_act(state) if s in people)
        if not seats:  # computers held back, nobody else: their wait runs out
            seats = sorted(s for s in deciders(state, people) if s not in people)
        for seat in seats:
            if seat in deciders(state, people):
                action = team_choice(state, seat, people) or easy_action(gouji.view(state, seat),
                                                                         gouji.legal_actions(state, seat))
                gouji.apply(state, seat, action)
    return None


def team_choice(state: gouji.State, seat: int, people: set[int]) -> Choose | None:
    """§13.8 as the bot's ``computer_action``: computer candidates for an endgame slot agree on the one
    with the cheaper beating set."""
    if state.turn >= 0 or seat not in state.candidates or any(c in people for c in state.candidates):
        return None
    best = endgame_choice({c: gouji.legal_actions(state, c) for c in state.candidates})
    return Choose(best) if best != seat else None


def claim_window_for_a(state: gouji.State) -> bool:
    return (state.phase == "play" and state.duel_a >= 0 and state.turn in (2, 4)
            and any(isinstance(a, ShaoPai) for a in gouji.legal_actions(state, 0)))


def verb_of(custom_id: str | None) -> str:
    parts = (custom_id or "").split(":")
    return parts[3] if len(parts) > 3 else ""


def arg_of(custom_id: str | None) -> str:
    parts = (custom_id or "").split(":", 4)
    return parts[4] if len(parts) > 4 else ""


def button(message: Message, verb: str, arg: str | None = None) -> str | None:
    for b in message.buttons:
        if verb_of(b.custom_id) == verb and (arg is None or arg_of(b.custom_id) == arg) and not b.disabled:
            return b.custom_id
    return None


def select(message: Message, verb: str) -> Any:
    return next((s for s in message.selects if verb_of(s.custom_id) == verb), None)


async def seat_game(double: DiscordDouble, monkeypatch: pytest.MonkeyPatch, seed: int, options: str,
                    people: dict[int, Person], **new: Any) -> Channel:
    """A lobby with ``people`` at their seats (0 = A … 5 = F) and computers elsewhere, dealt on ``seed``
    (``new``: more of ``/game new``'s arguments, e.g. ``turn_seconds``)."""
    fix_deal(monkeypatch, seed)
    host = people[0]
    before = {c.id for c in double.threads}
    lobby = await host.run("/game new", game="gouji", options=options, **new)
    for seat in range(1, 6):
        if seat in people:
            lobby = await people[seat].click(lobby, t("en", "games.button.join"))
        else:
            lobby = await host.select(lobby, t("en", "games.add_computer_placeholder"), ["easy"])
    await host.click(lobby, t("en", "games.button.start"))
    await double.settle()
    return next(c for c in double.threads if c.id not in before)


class GoujiTable(Table[gouji.State]):
    """One Gou Ji game as the test sees it: its people by seat, what the minimum policy would do for them."""

    def __init__(self, double: DiscordDouble, bot: TeahouseBot, thread: Channel, people: dict[int, Person]) -> None:
        super().__init__(double, bot, thread)
        self.people = people
        self.moves = 0
        self.typed_every = 4
        self.winds = 0
        self.composed = 0  # sets composed on the panel

    async def settle(self) -> None:
        await super().settle()
        for message in self.thread.public_messages:  # private cards never reach a public message
            for text in [message.content, *(e.content for e in message.edits)]:
                assert "shows you:" not in text and "Tribute you received" not in text, text

    def waiting_people(self) -> list[int]:
        session = self.session
        if session.paused_until is not None or self.state.finished:
            return []
        return sorted(s for s in gouji.to_act(self.state) if s in self.people)

    def wanted(self, seat: int) -> Any:
        return easy_action(gouji.view(self.state, seat), gouji.legal_actions(self.state, seat))

    async def compose(self, seat: int, panel: Message, play: Play) -> Message:
        """Pick the set among the ready-made ones (one pick plays it), as a person does; every third set (and
        any set not offered there) step by step: the rank, then that rank's ready-made sets (every other time),
        or the composer's other selects and Confirm."""
        person = self.people[seat]
        self.composed += 1
        quick = select(panel, "gj_quick")
        if self.composed % 3 and quick is not None and str(play) in quick.values:
            return await self.pick_quick(seat, panel, quick, play)
        steps = (("gj_rank", str(play.rank)), ("gj_nat", str(play.naturals)), ("gj_two", str(play.twos)),
                 ("gj_jok", f"{play.bj}.{play.rj}"), ("gj_wild", f"{play.twos}.{play.bj}.{play.rj}"))
        for verb, value in steps:
            menu = select(panel, verb)
            if menu is None:
                continue
            chosen = [o.value for o in menu.options if o.default]
            if chosen != [value]:
                assert value in menu.values, (verb, value, menu.values, panel.content)
                panel = await person.select(panel, menu.custom_id, [value])
                self.log.selects += 1
                assert panel.ephemeral and panel.ephemeral_for == person.id
            quick = select(panel, "gj_quick")  # a rank picked: its sets in one more pick (every other time)
            if verb == "gj_rank" and self.composed % 2 and quick is not None and str(play) in quick.values:
                return await self.pick_quick(seat, panel, quick, play)
        assert "legal" in panel.content or "possible" in panel.content, panel.content
        ok = button(panel, "gj_ok")
        assert ok is not None, panel.content
        return await self.click_panel(seat, panel, ok)

    async def pick_quick(self, seat: int, panel: Message, quick: Any, play: Play) -> Message:
        """One pick among the ready-made sets plays it."""
        person = self.people[seat]
        version = self.version()
        reply = await person.select(panel, quick.custom_id, [str(play)])
        self.log.selects += 1
        assert reply.ephemeral and reply.ephemeral_for == person.id
        assert self.version() != version, reply.content
        self.moved(person)
        return reply

    async def click_panel(self, seat: int, panel: Message, custom_id: str) -> Message:
        person = self.people[seat]
        version = self.version()
        reply = await person.click(panel, custom_id)
        self.log.clicks += 1
        if self.version() != version:
            self.moved(person)
        return reply

    async def act(self, seat: int) -> None:
        """The person at ``seat`` does what the minimum policy would, through Discord."""
        typed_every = self.typed_every
        action = self.wanted(seat)
        person = self.people[seat]
        self.moves += 1
        if typed_every and self.moves % typed_every == 0:
            version = self.version()
            reply = await person.run("/play", channel=self.thread, move=format_action(action))
            assert reply.ephemeral and reply.ephemeral_for == person.id
            assert self.version() != version, reply.content
            self.log.typed_moves += 1
            self.moved(person)
            return
        panel = await self.panel(person)
        assert t("en", "gouji.ui.hand", count=self.state.counts[seat],
                 cards=grouped_hand(self.state.hands[seat])) in panel.content
        if isinstance(action, Play):
            await self.compose(seat, panel, action)
        elif isinstance(action, ShaoPai):
            await self.compose(seat, panel, action.play)
        elif isinstance(action, Return):
            await self.give_back(seat, panel, action)
        elif action.kind == "pass" and self.moves % 3 == 1 and gouji.view(self.state, None).wind_seat is None:
            # the table's own Pass button
            table = table_message(self.thread)
            assert table is not None
            version = self.version()
            reply = await person.click(table, next(b.custom_id or "" for b in table.buttons
                                                   if verb_of(b.custom_id) == "gj_tpass"))
            assert reply.ephemeral and reply.ephemeral_for == person.id
            if self.version() != version:
                self.log.clicks += 1
                self.moved(person)
        elif action.kind in ("pass", "rang_accept", "rang_decline"):
            custom = button(panel, "gj_pass", action.kind)
            assert custom is not None, panel.content
            wind = gouji.view(self.state, None).wind_seat
            if action.kind == "pass" and wind is not None:  # §13.5: passing lets the wind go round
                key = "gouji.ui.button.request_wind" if wind == seat else "gouji.ui.button.allow_wind"
                assert any(b.label == t("en", key) for b in panel.buttons), panel.buttons
                self.winds += 1
            await self.click_panel(seat, panel, custom)
        else:
            label = t("en", f"gouji.action.{action.kind}")
            await self.click_panel(seat, panel, label)

    async def give_back(self, seat: int, panel: Message, action: Return) -> None:
        """§13.4 return composer: one select per card, then Confirm."""
        for slot, rank in enumerate(action.ranks):
            menu = next(s for s in panel.selects if verb_of(s.custom_id) == "gj_ret" and arg_of(s.custom_id) == str(slot))
            panel = await self.people[seat].select(panel, menu.custom_id, [str(rank)])
        ok = button(panel, "gj_rok")
        assert ok is not None
        await self.click_panel(seat, panel, ok)

    async def play_until(self, done: Callable[[], bool], max_steps: int = 600,
                         on_wait: Callable[[], Any] | None = None) -> None:
        idle = 0
        for _ in range(max_steps):
            await self.settle()
            if done():
                return
            assert session_in(self.bot, self.thread) is not None, "the match ended first"
            if self.session.paused_until is not None:
                self.double.clock.advance(31)  # the pause between hands
                continue
            waiting = self.waiting_people()
            if waiting:
                idle = 0
                await self.act(waiting[0])
                continue
            if on_wait is not None:
                await on_wait()
                continue
            idle += 1  # a computer is about to move (on a loaded machine the bot may lag behind settle)
            assert idle < 100, f"nobody can act: {self.state.phase} {gouji.to_act(self.state)}"
            await asyncio.sleep(0.05)
        raise AssertionError("did not get there")


async def table_showing(table: GoujiTable, text: str) -> Message:
    """The table message once it shows ``text`` (edits are coalesced to about one a second)."""
    for _ in range(60):
        message = table_message(table.thread)
        if message is not None and any(text in m for m in [message.content, *(e.content for e in message.edits)]):
            return message
        await asyncio.sleep(0.05)
        await table.settle()
    raise AssertionError(f"the table never showed {text!r}")


# ---------------------------------------------------------------------------------------------- tests

async def test_13_a_complete_match_by_composer_typed_moves_and_computers(double: DiscordDouble, bot: TeahouseBot,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    thread = await seat_game(double, monkeypatch, WIND_SEED, "session_hands=1", {0: alice})
    table = GoujiTable(double, bot, thread, {0: alice})
    await table.play_until(lambda: final_summary(thread) is not None)

    final = final_summary(thread)
    assert final is not None and t("en", "gouji.name") in final.content
    assert table.log.selects > 0 and table.log.clicks > 0 and table.log.typed_moves > 0
    assert table.winds > 0  # this seed has A pass while a player who went out leaves the wind (§13.5)
    assert mean(table.log.calls_per_move) <= CALLS_PER_MOVE, extra_calls(double)
    assert all(rec.ack_seconds is not None and rec.ack_seconds < 3 for rec in double.interactions.values())
    history = await bot.storage.history(double.guild.id)
    assert history and history[0].game == "gouji"


async def test_R8_1_shao_pai_claimed_from_the_table_while_computer_partners_wait(
        double: DiscordDouble, teahouse: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, carol = double["alice"], double["carol"]
    assert simulate(SHAO_SEED, {"session_hands": 1}, {0}, claim_window_for_a, timed=True) is not None
    async with teahouse(computer_delay_seconds=0.001) as bot:
        thread = await seat_game(double, monkeypatch, SHAO_SEED, "session_hands=1", {0: alice})
        table = GoujiTable(double, bot, thread, {0: alice})
        holds: list[int] = []

        async def computers_wait_then_decide() -> None:
            """A duel answered by alice's team: nothing moves until cpu_shao_wait_s has passed."""
            state = table.state
            if not (state.duel_a >= 0 and state.turn % 2 == 0):
                await asyncio.sleep(0.05)  # a computer is still thinking
                return
            version = table.version()
            double.clock.advance(5)
            await table.settle()
            assert table.version() == version  # still waiting for alice
            double.clock.advance(3.5)
            await table.settle()
            assert table.version() != version  # the computer decided
            holds.append(version)

        await table.play_until(lambda: claim_window_for_a(table.state), on_wait=computers_wait_then_decide)
        duel = t("en", "gouji.ui.banner.gou_ji", a="", b="").split(":")[0]
        public = await table_showing(table, duel)  # the table is edited within a second (coalesced)
        shao_button = next(b for b in public.buttons if verb_of(b.custom_id) == "gj_shao")

        refused = await carol.click(public, shao_button.custom_id or "")  # not at the table
        assert refused.ephemeral and refused.ephemeral_for == carol.id
        old_panel = await table.panel(alice)
        panel = await alice.click(public, shao_button.custom_id or "")
        assert panel.ephemeral and panel.ephemeral_for == alice.id
        claim = table.wanted(0)
        assert isinstance(claim, ShaoPai)
        assert t("en", "gouji.ui.shao_window", target="", top="").split(":")[0] in panel.content
        await table.compose(0, panel, claim.play)
        await table_showing(table, "SHAO PAI!")
        assert table.state.shao == 0 or table.state.shao == -1  # alice's claim stood (or her set was beaten)

        menu = select(old_panel, "gj_rank")  # (Clear shows once a set is being composed)
        stale = await alice.select(old_panel, menu.custom_id, [menu.values[0]])
        assert stale.ephemeral and t("en", "games.error.stale") in stale.content

        before = len(holds)
        await table.play_until(lambda: len(holds) > before, on_wait=computers_wait_then_decide)
        assert all(rec.ack_seconds is not None and rec.ack_seconds < 3 for rec in double.interactions.values())


def pre_hand_buttons(panel: Message) -> set[str]:
    return {b.label or "" for b in panel.buttons if verb_of(b.custom_id) == "do"}


async def test_R3_5_partner_proposes_ge_ming_and_a_silent_vote_agrees(double: DiscordDouble, bot: TeahouseBot,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    state = gouji.new_game(6, GE_MING_PARTNER_SEED, {"session_hands": 1})
    assert [s for s in range(6) if gouji.revolution_eligible(state.hands[s])] == [2]
    thread = await seat_game(double, monkeypatch, GE_MING_PARTNER_SEED, "session_hands=1", {0: alice})
    table = GoujiTable(double, bot, thread, {0: alice})
    await table.settle()
    assert table.state.phase == "ge_ming_vote" and table.waiting_people() == [0]
    public = table_message(thread)
    assert public is not None and "proposes Ge Ming" in public.content
    panel = await table.panel(alice)
    assert pre_hand_buttons(panel) == {t("en", "gouji.action.agree"), t("en", "gouji.action.object")}
    assert t("en", "gouji.ui.prompt.ge_ming_vote") in panel.content
    await table.panel(alice)  # a newer panel is the live one: this one keeps its buttons

    deals = table.state.deal_no
    double.clock.advance(table.session.turn_timeout + 1)  # alice says nothing: the computer agrees for her
    await table.settle()
    assert table.state.deal_no == deals + 1 and table.state.hand_kind == "fresh"
    assert any("Ge Ming!" in line for line in table.session.lines)

    stale = await alice.click(panel, t("en", "gouji.action.object"))
    assert stale.ephemeral and t("en", "games.error.stale") in stale.content
    assert table.state.deal_no == deals + 1


async def test_R3_6_own_ge_ming_a_partner_objects_and_a_silent_proposer_insists(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    state = gouji.new_game(6, GE_MING_OWN_SEED, {"session_hands": 1})
    assert gouji.revolution_eligible(state.hands[0])
    thread = await seat_game(double, monkeypatch, GE_MING_OWN_SEED, "session_hands=1", {0: alice, 2: bob})
    table = GoujiTable(double, bot, thread, {0: alice, 2: bob})
    await table.settle()
    panel = await table.panel(alice)
    assert t("en", "gouji.action.ge_ming") in pre_hand_buttons(panel)
    bob_panel = await table.panel(bob)
    assert t("en", "gouji.action.ge_ming") not in pre_hand_buttons(bob_panel)  # bob holds a 2 or a joker
    await table.click_panel(0, panel, t("en", "gouji.action.ge_ming"))
    await table.settle()
    assert table.state.phase == "ge_ming_vote" and table.waiting_people() == [2]

    old_vote = await table.panel(bob)
    vote = await table.panel(bob)
    await table.click_panel(2, vote, t("en", "gouji.action.object"))
    await table.settle()
    assert table.state.phase == "ge_ming_decide" and table.waiting_people() == [0]
    decide = await table.panel(alice)
    assert pre_hand_buttons(decide) == {t("en", "gouji.action.insist"), t("en", "gouji.action.withdraw")}

    refused = await bob.click(old_vote, t("en", "gouji.action.agree"))  # his vote is cast: an old panel
    assert refused.ephemeral and refused.ephemeral_for == bob.id and t("en", "games.error.stale") in refused.content
    deals = table.state.deal_no
    double.clock.advance(table.session.turn_timeout + 1)  # alice is silent: the default is to insist
    await table.settle()
    assert table.state.deal_no == deals + 1 and table.state.hand_kind == "fresh"
    lines = " ".join(m.content for m in thread.public_messages)
    assert "objects to the revolution" in lines or "objects" in " ".join(table.session.lines)


def hand_two(stage: str) -> Callable[[gouji.State], bool]:
    return lambda state: state.hand_no == 2 and state.phase == stage


async def play_first_hand(double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch, seed: int,
                          stage: str) -> GoujiTable:
    """Hand 1 by typed moves (quick), up to ``stage`` of hand 2."""
    assert simulate(seed, {"session_hands": 2}, {0}, hand_two(stage)) is not None
    thread = await seat_game(double, monkeypatch, seed, "session_hands=2", {0: double["alice"]})
    table = GoujiTable(double, bot, thread, {0: double["alice"]})
    table.typed_every = 1
    await table.play_until(lambda: hand_two(stage)(table.state))
    return table


async def test_R5_6_loser_swap_left_to_the_clock_then_partners_skip_the_tribute(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    table = await play_first_hand(double, bot, monkeypatch, SWAP_SEED, "swap")
    assert table.waiting_people() == [0] and table.state.prev_order[4:] == [4, 0]
    await table_showing(table, t("en", "gouji.ui.banner.swap"))
    old = await table.panel(alice)
    assert pre_hand_buttons(old) == {t("en", "gouji.action.swap"), t("en", "gouji.action.no_swap")}
    assert t("en", "gouji.ui.prompt.swap") in old.content
    await table.panel(alice)  # a newer panel is the live one: this one keeps its buttons
    double.clock.advance(table.session.turn_timeout + 1)  # silence: no swap (§13.6)
    await table.settle()
    assert table.state.swap == "kept" and table.state.phase == "tribute_agree"
    stale = await alice.click(old, t("en", "gouji.action.swap"))
    assert stale.ephemeral and t("en", "games.error.stale") in stale.content

    agree = await table.panel(alice)
    labels = pre_hand_buttons(agree)
    assert {t("en", "gouji.action.pay"), t("en", "gouji.action.skip")} <= labels
    assert t("en", "gouji.ui.prompt.tribute_agree") in agree.content
    await table.click_panel(0, agree, t("en", "gouji.action.skip"))  # C (a computer) agrees to skip too
    await table.settle()
    assert table.state.phase in ("tribute_return", "play")
    assert gouji.view(table.state, 0).tribute_given == ()
    lines = " ".join(table.session.lines)
    assert "agree to skip the tribute" in lines and "gave 1 card to" in lines  # E still pays B


async def test_R5_4_return_composer_picks_the_cards_given_back(double: DiscordDouble, bot: TeahouseBot,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    alice = double["alice"]
    table = await play_first_hand(double, bot, monkeypatch, RETURN_SEED, "tribute_return")
    assert table.waiting_people() == [0]
    received = gouji.view(table.state, 0).tribute_received
    assert len(received) == 1
    old = await table.panel(alice)
    panel = await table.panel(alice)
    assert t("en", "gouji.ui.tribute_received", cards=" ".join(received)) in panel.content
    menu = select(panel, "gj_ret")
    assert menu is not None and len(menu.options) <= 25
    lowest = menu.values[0]
    panel = await alice.select(panel, menu.custom_id, [lowest])
    assert t("en", "gouji.ui.return_preview", n=1, cards=gouji.RANK_TEXT[int(lowest)]) in panel.content
    await table.click_panel(0, panel, button(panel, "gj_rok") or "")
    await table.settle()
    assert table.state.phase == "play"
    assert gouji.view(table.state, 0).tribute_given == (gouji.RANK_TEXT[int(lowest)],)
    stale = await alice.click(old, button(old, "gj_rlow") or "")
    assert stale.ephemeral and t("en", "games.error.stale") in stale.content


def public_button(message: Message, verb: str) -> str:
    return next(b.custom_id or "" for b in message.buttons if verb_of(b.custom_id) == verb)


async def test_R9_partners_rang_pai_count_questions_showing_and_the_endgame_choice(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, carol = double["alice"], double["bob"], double["carol"]
    rang = Decision("rang_pai")
    thread = await seat_game(double, monkeypatch, RANG_SEED, "session_hands=1", {0: alice, 4: bob})
    table = GoujiTable(double, bot, thread, {0: alice, 4: bob})
    table.typed_every = 2
    await table.play_until(lambda: rang in gouji.legal_actions(table.state, 0))

    # Xian Rang Rang: the public button is the same for all; only A may ask now, E must answer
    public = table_message(thread)
    assert public is not None
    refused = await bob.click(public, public_button(public, "gj_rang"))
    assert refused.ephemeral and refused.ephemeral_for == bob.id and "pass" in refused.content
    old = await table.panel(bob)
    await alice.click(public, public_button(public, "gj_rang"))
    await table.settle()
    assert table.state.rang is not None and table.state.rang[1] == 4
    assert any("Xian Rang Rang!" in line for line in table.session.lines)
    asked = await table.panel(bob)
    assert t("en", "gouji.ui.rang_asked", player=table.session.seats[0].name) in asked.content
    assert button(asked, "gj_pass", "rang_accept") and button(asked, "gj_pass", "rang_decline")
    double.clock.advance(table.session.turn_timeout + 1)  # bob is silent: the computer answers for him
    await table.settle()
    assert table.state.rang is None or table.state.rang[2] != "pending"
    stale = await bob.click(old, button(old, "gj_ok") or button(old, "gj_pass") or "")
    assert stale.ephemeral and t("en", "games.error.stale") in stale.content

    # Ask count: a private list of whom A may ask; the answer is public
    public = table_message(thread)
    assert public is not None
    menu = await alice.click(public, public_button(public, "gj_ask"))
    assert menu.ephemeral and menu.ephemeral_for == alice.id
    asks = [b for b in menu.buttons if verb_of(b.custom_id) == "gj_askt"]
    if asks:
        await alice.click(menu, asks[0].custom_id or "")
        await table.settle()
        assert any("Hai you ji hu?" in line for line in table.session.lines)
    public = table_message(thread)
    assert public is not None
    stranger = await carol.click(public, public_button(public, "gj_ask"))
    assert stranger.ephemeral and t("en", "games.error.not_seated") in stranger.content

    # Team: with ten cards or fewer A shows his hand; only his partners see it
    await table.play_until(lambda: 0 < table.state.counts[0] <= 10)
    public = table_message(thread)
    assert public is not None
    team = await alice.click(public, public_button(public, "gj_team"))
    assert team.ephemeral and team.ephemeral_for == alice.id
    await table.click_panel(0, team, button(team, "gj_show") or "")
    await table.settle()
    assert any("showed their cards to their partners" in line for line in table.session.lines)
    shown = grouped_hand(table.state.hands[0])
    public = table_message(thread)
    assert public is not None
    partner = await bob.click(public, public_button(public, "gj_team"))
    assert partner.ephemeral_for == bob.id and "shows you:" in partner.content
    assert shown.split("×")[0] in partner.content

    # Tiao Pai: on his turn, with ten cards or fewer, A lays his hand face up for everybody
    await table.play_until(lambda: table.waiting_people() == [0] and table.state.phase == "play")
    assert 0 < table.state.counts[0] <= 10
    public = table_message(thread)
    assert public is not None
    team = await alice.click(public, public_button(public, "gj_team"))
    await table.click_panel(0, team, button(team, "gj_expose") or "")
    await table.settle()
    assert table.state.exposed[0] and any("Tiao Pai" in line for line in table.session.lines)

    # Endgame (Luan Zan): a person among the candidates decides; computers wait for him
    choices: list[int] = []

    def endgame_choice() -> bool:
        state = table.state
        if state.turn < 0 and any(c in (0, 4) for c in state.candidates):
            choices.append(state.version)
        return state.finished or final_summary(thread) is not None or bool(choices)

    await table.play_until(endgame_choice)
    assert choices, "this seed reaches an endgame slot with a person among the candidates"
    banner = t("en", "gouji.ui.banner.team_choose", team="ACE", who="").split(":")[0]
    await table_showing(table, banner)
    chooser = next(c for c in table.state.candidates if c in (0, 4))
    panel = await table.panel(table.people[chooser])
    others = [c for c in table.state.candidates if c != chooser]
    assert {arg_of(b.custom_id) for b in panel.buttons if verb_of(b.custom_id) == "gj_choose"} == {
        str(c) for c in others}
    version = table.version()
    await table.settle()
    assert table.version() == version  # computer candidates leave the slot to the person
    await table.click_panel(chooser, panel, button(panel, "gj_choose", str(others[0])) or "")
    names = [seat.name for seat in table.session.seats]
    let = t("en", "gouji.event.team_choose", player=names[chooser], target="")
    assert any(line.startswith(let.split(" lets ")[0]) and " lets " in line for line in table.session.lines)
    assert mean(table.log.calls_per_move) <= CALLS_PER_MOVE, extra_calls(double)


async def test_R4_5_pair_of_threes_asked_and_shown_when_the_clock_runs_out(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = double["alice"], double["bob"]
    options: dict[str, Any] = {"session_hands": 1, "threes_claim": "ask"}
    state = gouji.new_game(6, THREES_SEED, options)
    assert [e[0] for e in state.threes_order][:2] == [3, 0]  # D and A were dealt a pair; D comes first
    thread = await seat_game(double, monkeypatch, THREES_SEED, "session_hands=1 threes_claim=ask",
                             {0: alice, 2: bob})
    table = GoujiTable(double, bot, thread, {0: alice, 2: bob})
    await table.settle()
    assert table.state.phase == "threes" and table.waiting_people() == [0, 2]
    await table_showing(table, t("en", "gouji.ui.banner.threes"))
    old = await table.panel(alice)
    assert pre_hand_buttons(old) == {t("en", "gouji.action.show_threes"), t("en", "gouji.action.keep_threes")}
    await table.panel(alice)  # a newer panel is the live one: this one keeps its buttons
    panel = await table.panel(bob)
    assert pre_hand_buttons(panel) == {t("en", "gouji.action.keep_threes")}  # bob has no pair: only his panel says so
    await table.click_panel(2, panel, t("en", "gouji.action.keep_threes"))
    double.clock.advance(table.session.turn_timeout + 1)  # alice is silent: an eligible player shows
    await table.settle()
    assert table.state.phase == "revolution" and table.state.threes_seat == 3  # the first in deal order leads
    stale = await alice.click(old, t("en", "gouji.action.keep_threes"))
    assert stale.ephemeral and t("en", "games.error.stale") in stale.content


async def test_13_3_a_ready_made_set_plays_in_one_pick_and_a_forged_pick_changes_nothing(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #47: the panel's first row lists legal sets (at most 25); one pick plays one. A pick naming no
    legal set (an old or forged message) is answered privately and changes nothing."""
    alice = double["alice"]
    thread = await seat_game(double, monkeypatch, RANG_SEED, "session_hands=1", {0: alice})
    table = GoujiTable(double, bot, thread, {0: alice})
    table.typed_every = 0
    await table.play_until(lambda: table.waiting_people() == [0] and table.state.phase == "play")
    panel = await table.panel(alice)
    quick = select(panel, "gj_quick")
    assert quick is not None and 0 < len(quick.options) <= 25
    assert t("en", "gouji.ui.quick.empty") in panel.content
    legal = gouji.legal_actions(table.state, 0)
    assert all(parse_play(value) in legal for value in quick.values)
    version = table.version()
    record = await alice.begin_forged_component(panel, quick.custom_id or "", ["5-6"])  # two ranks: no set
    refused = await double.wait(record)
    assert refused is not None and refused.ephemeral and table.version() == version
    chosen = quick.values[-1]
    await table.pick_quick(0, panel, quick, parse_play(chosen))
    assert (0, chosen) in [(seat, text) for seat, text in table.session.log]


async def test_13_3_a_restart_keeps_a_draft_and_the_composer_plays_it(
        double: DiscordDouble, teahouse: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A draft lives on the game's session and is saved with it (issue #21): after a restart the
    half-composed set is still there, and OK plays it."""
    alice = double["alice"]
    async with teahouse(computer_delay_seconds=0.0) as bot:
        thread = await seat_game(double, monkeypatch, RANG_SEED, "session_hands=1", {0: alice})
        table = GoujiTable(double, bot, thread, {0: alice})
        await table.play_until(lambda: table.waiting_people() == [0] and table.state.phase == "play")
        panel = await table.panel(alice)
        menu = select(panel, "gj_rank")
        assert menu is not None
        panel = await alice.select(panel, menu.custom_id, [menu.values[-1]])
        assert "legal" in panel.content
    async with teahouse(computer_delay_seconds=0.0) as bot:  # a new process
        table = GoujiTable(double, bot, thread, {0: alice})
        version = table.version()
        await table.click_panel(0, panel, button(panel, "gj_ok") or "")
        assert table.version() != version
