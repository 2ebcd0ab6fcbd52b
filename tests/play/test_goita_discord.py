"""Goita played in Discord through the double, as people play it (rules §12).

Each special decision gets a deal that produces it: the test searches seeds with the pure
engine, every seat following the computer's own choice (the same choice the bot makes for a
computer seat or for a person whose time ran out), so the bot's game follows the search while
people click or type those moves, and the person at the decision makes it. The seed is the only
thing fixed from outside: the cog's dice (``secrets.randbits``) return it. The seat draw uses
that seed too, so the search knows who sits where. Searches start from a seed known to
work, so they cost nothing while the engine deals the same way, and still find one if it changes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.app import TeahouseBot
from bot.games.core import rng_for
from bot.games.goita import (
    Action,
    Decide,
    Pass,
    Play,
    State,
    apply,
    choose_action,
    drawn_order,
    format_action,
    legal_actions,
    new_game_with_events,
    to_act,
    view,
)
from bot.games.goita.pieces import GYOKU, IDS, OU, SHI, TYPE, VALUE
from bot.i18n import t
from cogs.table.components import custom_id
from cogs.table.words import action_label
from cogs.table.words import names as seat_names
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import Table, final_summary, fix_deal, games_cog, open_game, table_message, to_move

TURN_SECONDS = 120
# where each search starts: a seed known to produce its situation (found by the same search from 1)
SEED_LEAD, SEED_KING, SEED_BLOCK, SEED_DOUBLE, SEED_R5_7, SEED_PAWNS = 4, 4, 1, 55, 4899, 29
CALLS_PER_MOVE = 2.0
Pred = Callable[[State, list[int]], bool]


# ---------------------------------------------------------------- the pure engine: seats and seeds

def seating(seed: int) -> list[int]:
    """Lobby position of the person in each seat after the draw (the bot's own draw, from the seed)."""
    return drawn_order(seed)


def policy(state: State, seat: int, seed: int) -> Action:
    """What the bot's computer plays for ``seat`` now (also for a person whose time ran out)."""
    return choose_action(view(state, seat), legal_actions(state, seat), "easy",
                         rng_for(seed, "computer", state.version, seat))


def search(pred: Pred, options: dict[str, int], start: int, people: int = 1, steps: int = 400,
           limit: int = 60_000) -> int:
    """The first seed from ``start`` whose game, everyone following ``policy``, reaches ``pred``.

    ``pred(state, seats_of_people)`` is asked before every move; the computers decide before the
    people when several seats may act (the bot drives computers at once, people act when asked).
    """
    for seed in range(start, start + limit):
        order = seating(seed)
        humans = [order.index(i) for i in range(people)]
        state, _ = new_game_with_events(4, seed, options)
        for _ in range(steps):
            if pred(state, humans):
                return seed
            waiting = sorted(to_act(state), key=lambda s: (s in humans, s))
            if not waiting:
                break
            apply(state, waiting[0], policy(state, waiting[0], seed))
    raise AssertionError("no seed produces the situation")


# ---------------------------------------------------------------- a table as its people see it

class GoitaTable(Table[State]):
    """One Goita game in a thread: people read the table, open their pieces and click or type."""

    calls_per_move = CALLS_PER_MOVE

    def __init__(self, double: DiscordDouble, bot: TeahouseBot, thread: Channel, people: list[Person]) -> None:
        super().__init__(double, bot, thread)
        self.people = people

    def cid(self, verb: str, arg: str) -> str:
        return custom_id(self.session.id, verb, arg, self.session.version)

    async def turn_of(self, who: set[Person] | None = None, tries: int = 400) -> Person | None:
        """Wait until the table names one of ``who`` (default: anybody seated) to act; None at match end."""
        wanted = {p.id: p for p in (who or set(self.people))}
        for _ in range(tries):
            await self.settle()
            if final_summary(self.thread) is not None:
                return None
            table = table_message(self.thread)
            if table is not None and table.has_button(t("en", "games.button.next_hand")):
                await self.people[0].click(table, t("en", "games.button.next_hand"))
                continue
            if table is not None and games_cog(self.bot).table.wanted == set():
                named = [wanted[uid] for uid in sorted(to_move(table)) if uid in wanted]
                if named and any(self.seat(p) in to_act(self.state) for p in named):
                    return next(p for p in named if self.seat(p) in to_act(self.state))
            await asyncio.sleep(0.02)
        raise AssertionError(f"nobody was asked to move: {self.public_text()[-300:]}")

    async def play(self, person: Person, action: Action, typed: bool = False) -> Message:
        """Make ``action`` as the person would: two clicks on the panel (or one for a pass), or ``/play``."""
        session = self.session  # the game leaves the cog when this move ends it
        version = session.version
        if typed:
            reply = await person.run("/play", channel=self.thread, move=format_action(action))
            label = action_label("goita", action, format_action(action), "en")
            assert reply.ephemeral and t("en", "games.played", move=label) in reply.content
            self.log.typed_moves += 1
        else:
            reply = await self.panel(person)
            if isinstance(action, Pass):
                reply = await person.click(reply, self.cid("go", "P"))
            elif isinstance(action, Decide):
                reply = await person.click(reply, self.cid("decide", action.kind))
            else:
                assert isinstance(action, Play)
                reply = await person.click(reply, self.cid("pick", str(action.first)))
                kind = "L" if action.lead else "B"
                reply = await person.click(reply, self.cid("go", f"{kind}{action.first}{action.attack}"))
            self.log.clicks += 1
        assert session.version > version, reply.content
        self.moved(person)
        return reply

    async def follow(self, person: Person) -> Message:
        """The move the computer would make for this person, clicked."""
        return await self.play(person, policy(self.state, self.seat(person), self.session.seed))

    async def until(self, pred: Pred) -> Person:
        """Everyone follows the computers' choices until ``pred`` holds at a person's turn."""
        for _ in range(300):
            person = await self.turn_of()
            assert person is not None, "the match ended first"
            if pred(self.state, [self.seat(p) for p in self.people]):
                return person
            await self.follow(person)
        raise AssertionError("the situation never came")

    def decides_alone(self, seat: int) -> bool:
        """§12.10: a partner's Play/Redeal choice is never moved when the time runs out (a responder is
        passed, a leader's move made by the computer): read from what everybody sees (the phase)."""
        return self.state.phase == "decide"

    def others_seated(self, seat: int) -> bool:
        """Another person plays at this table (who could abort a stalled game)."""
        return any(info.user_id is not None and not info.left and s != seat
                   for s, info in enumerate(self.session.seats))

    async def time_out(self, person: Person) -> bool:
        """The person does nothing past the deadline (§12.10, revised), as the table says it: a responder is
        passed ("the timeout rule moved for them"); a leader's move is made by the easy computer ("the
        computer moved for them") and the seat shows (away); a deciding partner is never moved: the table
        says nobody moves for them and offers the other players "Abort game" (no offer when nobody else
        plays). One expiry never hands the seat to the computer. True when somebody moved for them."""
        session, seat = self.session, self.seat(person)
        version, deal, missed = session.version, session.live.state.deal_no, session.seats[seat].timeouts
        name = seat_names(session, "en")[seat]
        abort = t("en", "clock.button.abort")
        stalls = self.decides_alone(seat)
        leads = self.state.phase == "play" and bool(view(self.state, None).leading)
        self.double.clock.advance(TURN_SECONDS + 1)
        if not stalls:
            moves = len(session.log)
            await self.wait(lambda: session.version > version and session.seats[seat].timeouts == missed + 1,
                            "the timeout rule passed at the deadline")
            if not leads:
                assert tuple(session.log[moves]) == (seat, format_action(Pass()))  # never the computer's block
            else:
                assert session.log[moves][0] == seat
            moved = "computer" if leads else "rules"
            if session.live.state.deal_no == deal:  # the line is on the table unless that move ended the round
                await self.shown(t("en", "games.timed_out", player=name) + " " + t("en", f"clock.moved.{moved}"))
        else:
            offered = self.others_seated(seat)
            wait = "wait" if offered else "wait_alone"
            await self.shown(t("en", "games.timed_out", player=name) + " " + t("en", f"clock.moved.{wait}"))
            if offered:
                await self.wait(lambda: self.table().has_button(abort), "the Abort game offer")
            await self.settle()
            assert session.version == version and session.seats[seat].timeouts == missed + 1  # nobody moved
            assert session.deadline is None and seat in to_act(session.live.state)
            assert self.table().has_button(abort) == offered
        assert not session.seats[seat].computer_plays
        return not stalls

    async def stale_click(self, person: Person, old_panel: Message) -> None:
        """A move button from a panel of an earlier state is refused on that panel, to that person only."""
        version = self.session.version
        ids = [b.custom_id for b in old_panel.buttons if b.custom_id and not b.disabled]
        button = next(c for c in ids if c.split(":")[3] in ("go", "pick", "decide"))
        assert button.split(":")[2] != str(version)
        await self.refuses_stale(person, old_panel, button)

    async def finish_with_a_time_out(self, person: Person, stale_panel: Message | None = None) -> None:
        """How a decision test ends: the panel opened before the move (if any) is refused, then at the
        person's next turn the time runs out (a responder is passed, the computer leads for a leader); then the leak
        and call checks."""
        if stale_panel is not None:
            await self.stale_click(person, stale_panel)
        assert await self.turn_of() is person
        if not await self.time_out(person):
            await self.follow(person)
            await self.wait(lambda: not self.table().has_button(t("en", "clock.button.abort")),
                            "the offer ending with the move")
        self.finish_checks()


async def sit_down(double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch, seed: int,
                   options: str = "", people: tuple[str, ...] = ("alice",)) -> GoitaTable:
    """Open a Goita game whose dice are ``seed``; the people sit in the lobby in the given order."""
    fix_deal(monkeypatch, seed)
    persons = [double[name] for name in people]
    thread = await open_game(double, persons[0], "goita", options, joiners=tuple(persons[1:]),
                             computers=4 - len(persons), turn_seconds=TURN_SECONDS)
    table = GoitaTable(double, bot, thread, persons)
    assert table.session.seed == seed
    assert [table.seat(p) for p in persons] == [seating(seed).index(i) for i in range(len(persons))]
    return table


def piece(code: int | str) -> str:
    return t("en", f"goita.piece.{IDS[code] if isinstance(code, int) else code}")


def attack_word(code: int) -> str:
    return t("en", f"goita.attack.{IDS[code]}")


# ---------------------------------------------------------------- situations

def alice_leads_first(state: State, seats: list[int]) -> bool:
    return state.phase == "play" and state.turn == seats[0] == state.attacker and not state.history


def alice_leads_with_one_king(state: State, seats: list[int]) -> bool:
    h = state.hands[seats[0]]
    return (alice_leads_first(state, seats) and h[OU] + h[GYOKU] == 1 and state.faceup_kings == 0
            and any(h[p] for p in range(GYOKU + 1, SHI + 1)))


def alice_can_block(state: State, seats: list[int]) -> bool:
    """Alice responds and holds a block; nobody can go out in the next turns (so the round's table shows them)."""
    return (state.phase == "play" and state.turn == seats[0] != state.attacker and min(state.sizes) >= 4
            and state.sizes[seats[0]] >= 6
            and any(isinstance(a, Play) for a in legal_actions(state, seats[0])))


def alice_can_double(state: State, seats: list[int]) -> bool:
    """Alice leads with her last two pieces, of one type: going out doubles (R7.3)."""
    h = state.hands[seats[0]]
    pairs = [p for p in range(SHI + 1) if h[p]]
    return (state.phase == "play" and state.round_no == 1 and state.turn == seats[0] == state.attacker
            and state.sizes[seats[0]] == 2
            and len({TYPE[p] for p in pairs}) == 1 and (h[OU] + h[GYOKU] != 1))


def double_play(state: State, seat: int) -> Play:
    h = state.hands[seat]
    pieces = [p for p in range(SHI + 1) for _ in range(h[p])]
    play = next(a for a in legal_actions(state, seat) if isinstance(a, Play) and
                sorted((a.first, a.attack)) == sorted(pieces))
    return play


def pawn_hand_at_the_first_deal(state: State, seats: list[int]) -> bool:
    return state.round_no == 2 and state.last_round is not None and state.last_round["reason"] == "pawns"


def opposing_fives_asked_of_people(state: State, seats: list[int]) -> bool:
    """R5.7: two opponents show five pawns and both asked partners are people."""
    return state.phase == "decide" and len(state.deciders) == 2 and set(state.deciders) <= set(seats)


# ---------------------------------------------------------------- a whole match

async def test_a_complete_match_two_people_two_computers(double: DiscordDouble, bot: TeahouseBot,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    table = await sit_down(double, bot, monkeypatch, 7, "target_score=40", ("alice", "bob"))
    alice, bob = table.people
    session = table.session
    start = next(m for m in double.default_channel.public_messages if t("en", "goita.name") in m.content)
    names = seat_names(table.session, "en")
    # the start message tells the draw: who drew which piece, where they sit, partners opposite
    assert t("en", "goita.ui.first_dealer", player=names[0]) in start.content
    assert t("en", "goita.ui.partners", ns=f"{names[0]} & {names[2]}", ew=f"{names[1]} & {names[3]}") \
        in start.content
    assert piece("ou") in start.content and piece("gyoku") in start.content

    timed_out = stale = False
    moves = 0
    while (person := await table.turn_of()) is not None:
        moves += 1
        if moves == 4 and not timed_out:
            await table.time_out(person)
            timed_out = True
            continue
        spare = await table.panel(person) if moves == 6 else None
        action = policy(table.state, table.seat(person), table.session.seed)
        await table.play(person, action, typed=moves % 3 == 0 and not isinstance(action, Decide))
        if spare is not None:
            await table.stale_click(person, spare)
            stale = True
    assert timed_out and stale and table.log.typed_moves > 0 and table.log.clicks > 0
    assert table.log.checked_images > 0  # the table picture was the public view's picture

    final = final_summary(table.thread)
    assert final is not None and t("en", "goita.name") in final.content
    scores = session.live.state.scores
    assert max(scores) >= 40 and min(scores) < 40
    winners = {seat_names(session, "en")[s] for s in range(4) if (s % 2) == (0 if scores[0] >= 40 else 1)}
    first = t("en", "games.summary.place", place=1)
    assert all(any(first in line and name in line for line in final.content.splitlines()) for name in winners)
    assert t("en", "games.summary.points", points=max(scores)) in final.content
    table.finish_checks()
    history = await bot.storage.history(double.guild.id)
    assert history and history[0].game == "goita" and history[0].rated
    rows = await bot.storage.leaderboard(double.guild.id, "goita")
    assert {row.user_id for row in rows} >= {alice.id, bob.id}


# ---------------------------------------------------------------- the special decisions

async def test_R5_7_both_partners_decide_and_nobody_sees_a_choice_until_both_are_in(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    seed = search(opposing_fives_asked_of_people, {}, start=SEED_R5_7, people=3, steps=1)
    table = await sit_down(double, bot, monkeypatch, seed, "", ("alice", "bob", "dave"))
    await table.settle()
    state = table.state
    first, second = (next(p for p in table.people if table.seat(p) == d) for d in state.deciders)
    other = next(p for p in table.people if p not in (first, second))
    names = seat_names(table.session, "en")
    text = table.public_text()
    for holder in [(d + 2) % 4 for d in state.deciders]:
        assert t("en", "goita.event.goshi", player=names[holder]) in text  # R5.1: five pawns shown to all
    board = table.table()
    assert board.has_button(t("en", "goita.action.continue")) and board.has_button(t("en", "goita.action.redeal"))
    assert to_move(board) == {first.id, second.id}

    refused = await other.click(board, t("en", "goita.action.redeal"))  # not asked: refused privately
    assert refused.ephemeral and refused.ephemeral_for == other.id
    assert t("en", "goita.ui.only_partner", who=f"{names[state.deciders[0]]}, {names[state.deciders[1]]}") \
        in refused.content
    spare = await table.panel(first)
    panel = await table.panel(first)
    answer = await first.click(panel, table.cid("decide", "redeal"))
    assert answer.ephemeral and answer.ephemeral_for == first.id
    assert t("en", "goita.event.decision_private", choice=t("en", "goita.choice.redeal")) in answer.content
    await table.settle()
    text = table.public_text()
    assert t("en", "goita.event.decided", player=names[table.seat(first)]) in text
    for word in ("chose_redeal", "chose_continue"):  # nobody knows what was chosen yet
        assert t("en", f"goita.event.{word}", player=names[table.seat(first)]) not in text
    private = t("en", "goita.event.decision_private", choice=t("en", "goita.choice.redeal"))
    assert private not in text
    second_panel = await table.panel(second)
    assert private not in second_panel.content
    await table.stale_click(first, spare)
    # the second partner lets the time run out: nobody decides for him (§12.10), the others may abort
    assert not await table.time_out(second)
    await table.play(second, Decide(redeal=False))  # he decides after all (either Redeal redeals)
    await table.shown(t("en", "goita.event.chose_redeal", player=names[table.seat(first)]))
    text = table.public_text()
    assert t("en", "goita.event.chose_redeal", player=names[table.seat(first)]) in text
    assert t("en", "goita.event.redeal", player=names[table.state.dealer]) in text  # either Redeal redeals
    assert table.state.deal_no == 2 and table.state.scores == [0, 0]


async def test_R5_2_a_pawn_hand_of_the_first_deal_is_shown_with_its_score(
        double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch) -> None:
    seed = search(pawn_hand_at_the_first_deal, {}, start=SEED_PAWNS, steps=1)
    table = await sit_down(double, bot, monkeypatch, seed)
    session = table.session
    last = session.live.state.last_round
    assert last is not None
    winner, shown = last["winner_seat"], last["shown"]
    names = seat_names(session, "en")
    others = " ".join(piece(p) for p in shown if p != "shi")
    await table.shown(t("en", "goita.ui.last_round_pawns", round=1, player=names[winner], pawns=shown.count("shi"),
                        pieces=others, points=last["points"], team=t("en", f"goita.team_{winner % 2}")))
    assert session.live.state.scores[winner % 2] == last["points"] and session.live.state.scores[1 - winner % 2] == 0
    assert session.live.state.dealer == winner  # R5.8: the pawn hand's holder deals the next round


async def test_R6_2_face_down_lead_in_two_clicks_shows_only_the_back(double: DiscordDouble, bot: TeahouseBot,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    seed = search(alice_leads_first, {}, start=SEED_LEAD, steps=1)
    table = await sit_down(double, bot, monkeypatch, seed)
    alice = table.people[0]
    assert await table.turn_of() is alice
    seat = table.seat(alice)
    action = policy(table.state, seat, seed)
    assert isinstance(action, Play) and action.lead
    spare = await table.panel(alice)
    panel = await table.panel(alice)
    assert t("en", "goita.ui.lead_prompt") in panel.content
    assert not panel.has_button(t("en", "goita.action.pass"))  # R6.3: the leader cannot pass
    step = await alice.click(panel, table.cid("pick", str(action.first)))
    assert t("en", "goita.ui.lead_attack_prompt", piece=piece(action.first)) in step.content
    back = await alice.click(step, table.cid("back", ""))  # Back returns to the first step
    assert t("en", "goita.ui.lead_prompt") in back.content
    step = await alice.click(back, table.cid("pick", str(action.first)))
    done = await alice.click(step, table.cid("go", f"L{action.first}{action.attack}"))
    table.moved(alice)
    assert t("en", "goita.ui.your_face_down", pieces=piece(action.first)) in done.content
    name = seat_names(table.session, "en")[seat]
    await table.shown(t("en", "goita.event.lead", player=name, attack=attack_word(action.attack)))
    assert table.state.table[seat] == [(action.first, True, action.attack)]
    assert view(table.state, None).table[seat][0].first is None  # the public sees only a back
    await table.finish_with_a_time_out(alice, spare)


async def test_R6_9_a_king_attack_not_allowed_yet_is_a_disabled_button(double: DiscordDouble, bot: TeahouseBot,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    seed = search(alice_leads_with_one_king, {}, start=SEED_KING, steps=1)
    table = await sit_down(double, bot, monkeypatch, seed)
    alice = table.people[0]
    assert await table.turn_of() is alice
    hand = table.state.hands[table.seat(alice)]
    king = OU if hand[OU] else GYOKU
    down = next(p for p in range(GYOKU + 1, SHI + 1) if hand[p])
    spare = await table.panel(alice)
    panel = await table.panel(alice)
    assert t("en", "goita.ui.king_rule") in panel.content
    step = await alice.click(panel, table.cid("pick", str(down)))
    label = t("en", "goita.ui.pick_attack_king", piece=piece(king), count=1)
    king_button = next(b for b in step.buttons if b.label == label)  # §12.5: disabled, "not allowed yet"
    assert king_button.disabled
    assert all(not b.disabled for b in step.buttons if b.label != label)
    assert await table.time_out(alice)  # she thinks too long: the computer leads for her (§12.10)
    await table.stale_click(alice, spare)
    await table.play(alice, policy(table.state, table.seat(alice), seed)) if await table.turn_of() is alice else None
    table.finish_checks()


async def test_R6_7_block_and_attack_in_two_clicks(double: DiscordDouble, bot: TeahouseBot,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    seed = search(alice_can_block, {}, start=SEED_BLOCK)
    table = await sit_down(double, bot, monkeypatch, seed)
    alice = await table.until(alice_can_block)
    seat = table.seat(alice)
    state = table.state
    attack, attacker = state.attack, state.attacker
    block = next(a for a in legal_actions(state, seat) if isinstance(a, Play))
    names = seat_names(table.session, "en")
    spare = await table.panel(alice)
    panel = await table.panel(alice)
    assert t("en", "goita.ui.respond_prompt", piece=piece(attack), player=names[attacker]) in panel.content
    assert panel.has_button(t("en", "goita.action.pass"))
    step = await alice.click(panel, table.cid("pick", str(block.first)))
    assert t("en", "goita.ui.block_attack_prompt", piece=piece(block.first)) in step.content
    await alice.click(step, table.cid("go", f"B{block.first}{block.attack}"))
    table.moved(alice)
    await table.shown(t("en", "goita.event.block", player=names[seat], block=attack_word(block.first),
                        attack=attack_word(block.attack)))
    assert table.state.table[seat][-1] == (block.first, False, block.attack)
    await table.finish_with_a_time_out(alice, spare)


async def test_R6_10_pass_with_the_pass_button_and_with_slash_pass(double: DiscordDouble, bot: TeahouseBot,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    seed = search(alice_can_block, {}, start=SEED_BLOCK)
    table = await sit_down(double, bot, monkeypatch, seed)
    alice = await table.until(alice_can_block)
    names = seat_names(table.session, "en")
    spare = await table.panel(alice)
    await table.play(alice, Pass())  # she could block, and passes anyway (R6.10)
    await table.shown(t("en", "goita.event.pass", player=names[table.seat(alice)]))
    await table.stale_click(alice, spare)
    for _ in range(40):  # her next turn as a responder: /pass typed
        assert await table.turn_of() is alice
        if table.state.turn != table.state.attacker:
            version = table.session.version
            reply = await alice.run("/pass", channel=table.thread)
            assert reply.ephemeral and t("en", "games.played", move="")[:10] in reply.content
            assert table.session.version > version
            break
        refused = await alice.run("/pass", channel=table.thread)  # a leader cannot pass
        assert refused.ephemeral and t("en", "games.error.cannot_pass") in refused.content
        await table.follow(alice)
    await table.finish_with_a_time_out(alice)


async def test_R7_3_going_out_with_a_matching_face_down_piece_doubles(double: DiscordDouble, bot: TeahouseBot,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    seed = search(alice_can_double, {}, start=SEED_DOUBLE)
    table = await sit_down(double, bot, monkeypatch, seed)
    alice = table.people[0]
    timed_out = False
    while True:
        assert await table.turn_of() is alice
        if alice_can_double(table.state, [table.seat(alice)]):
            break
        if not timed_out:
            await table.time_out(alice)
            timed_out = True
            continue
        await table.follow(alice)
    seat = table.seat(alice)
    team = seat % 2
    before = list(table.state.scores)
    play = double_play(table.state, seat)
    spare = await table.panel(alice)
    session = table.session
    round_no = session.live.state.round_no
    await table.play(alice, play)
    points = 2 * VALUE[play.attack]
    scores = session.live.state.scores
    assert scores[team] == before[team] + points and scores[1 - team] == before[1 - team]
    names = seat_names(session, "en")
    name = names[seat]
    # R7.3: the face-down piece is shown with the doubled score on the table of the next round
    await table.shown(t("en", "goita.ui.last_round_double", round=round_no, player=name, points=points,
                        team=t("en", f"goita.team_{team}"), hidden=piece(play.first), attack=piece(play.attack)))
    text = table.public_text()
    banner = t("en", "goita.ui.scores", ns=scores[0], ew=scores[1], target=150,
               ns_names=f"{names[0]} & {names[2]}", ew_names=f"{names[1]} & {names[3]}")
    assert banner in text
    await table.stale_click(alice, spare)
    table.finish_checks()
