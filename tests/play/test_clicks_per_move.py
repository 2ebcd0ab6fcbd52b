"""Clicks per human move, through the Discord double (issue #47): how many picks and presses a person needs
on the panel to make the move he wants, over a whole Gou Ji hand, a Zheng Shangyou game, three Go-Stop rounds
and a Goita match (enough moves for a figure).

The person (Alice, computers in the other seats) wants what the easy computer would play on her own view
(``LiveGame.choose`` at level "easy"), and makes it by clicking only what her panel shows: the shortest
way a person who reads the panel would take (a ready-made option when one names the move, else the
step-by-step controls). Opening the panel ("My hand") and "Next hand" are not counted: they make no move,
and a live panel stays open between moves. Each deal is fixed by its seed, so a figure is the same every run.

The issue measured a Gou Ji play at 1.8–2.1 clicks per move before the ready-made sets (this Gou Ji hand:
1.59 with the step-by-step composer alone, 1.00 now), and the other games at Go-Stop 1.14, Zheng Shangyou
1.08 and Goita 1.5 (here: 1.00, 1.00, 1.38). ``python -m pytest -s`` prints the figures.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from typing import Any

import pytest

from bot.app import TeahouseBot
from bot.i18n import t
from cogs.table.session import GameSession
from tests.discord_double import DiscordDouble
from tests.discord_double.errors import UserActionError
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person
from tests.play.driver import final_summary, fix_deal, open_game, session_in, table_message

#: clicks per human move today (issue #47), and Gou Ji's goal
TODAY = {"gostop": 1.14, "zhengshangyou": 1.08, "goita": 1.5}
GOUJI_GOAL = 1.4
#: what Alice plays of each game: (options, computers, seed)
HANDS: dict[str, tuple[str, int, int]] = {
    "gouji": ("session_hands=1", 5, 11),
    "gostop": ("rounds=3", 2, 3),
    "zhengshangyou": ("", 3, 5),
    "goita": ("target_score=150", 3, 4),
}


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


def menu(message: Message, verb: str) -> Any:
    return next((s for s in message.selects if verb_of(s.custom_id) == verb), None)


@dataclass
class Clicker:
    """Alice's hand on her panel: every pick and press she makes, counted."""

    person: Person
    clicks: int = 0

    async def press(self, message: Message, custom_id: str) -> Message:
        self.clicks += 1
        return await self.person.click(message, custom_id)

    async def pick(self, message: Message, select: Any, value: str | list[str]) -> Message:
        self.clicks += 1
        return await self.person.select(message, select.custom_id, [value] if isinstance(value, str) else value)

    async def generic(self, panel: Message, index: int) -> Message | None:
        """The spine's list of legal actions: a button, or an option of one of its selects (paged)."""
        for _ in range(10):
            custom = button(panel, "do", str(index))
            if custom is not None:
                return await self.press(panel, custom)
            for select in panel.selects:
                if verb_of(select.custom_id) == "do" and str(index) in select.values:
                    return await self.pick(panel, select, str(index))
            forward = button(panel, "page")
            pages = [b.custom_id for b in panel.buttons if verb_of(b.custom_id) == "page" and not b.disabled]
            if not pages or forward is None:
                return None
            panel = await self.press(panel, pages[-1] or "")
        return None


# ------------------------------------------------------------------ each game's panel, as a person reads it

async def gouji_move(hand: Clicker, session: GameSession, seat: int, panel: Message, action: Any,
                     legal: list[Any]) -> Message | None:
    from bot.games.gouji import Choose, Play, Return, ShaoPai

    if isinstance(action, Play | ShaoPai):
        play = action.play if isinstance(action, ShaoPai) else action
        quick = menu(panel, "gj_quick")
        if quick is not None and str(play) in quick.values:
            return await hand.pick(panel, quick, str(play))
        ranks = menu(panel, "gj_rank")
        if ranks is not None and str(play.rank) in ranks.values:
            panel = await hand.pick(panel, ranks, str(play.rank))
            quick = menu(panel, "gj_quick")
            if quick is not None and str(play) in quick.values:
                return await hand.pick(panel, quick, str(play))
        for verb, value in (("gj_nat", str(play.naturals)), ("gj_two", str(play.twos)),
                            ("gj_jok", f"{play.bj}.{play.rj}"), ("gj_wild", f"{play.twos}.{play.bj}.{play.rj}")):
            select = menu(panel, verb)
            if select is not None and [o.value for o in select.options if o.default] != [value]:
                panel = await hand.pick(panel, select, value)
        ok = button(panel, "gj_ok")
        return None if ok is None else await hand.press(panel, ok)
    if isinstance(action, Return):
        lowest = button(panel, "gj_rlow")
        if lowest is not None and action == session.live.timeout_action(seat, legal):
            return await hand.press(panel, lowest)
        for slot, rank in enumerate(action.ranks):
            select = next(s for s in panel.selects if verb_of(s.custom_id) == "gj_ret" and arg_of(s.custom_id) == str(slot))
            panel = await hand.pick(panel, select, str(rank))
        ok = button(panel, "gj_rok")
        return None if ok is None else await hand.press(panel, ok)
    if action.kind in ("pass", "rang_accept", "rang_decline") and button(panel, "gj_pass", action.kind):
        return await hand.press(panel, button(panel, "gj_pass", action.kind) or "")
    if isinstance(action, Choose) and button(panel, "gj_choose", str(action.target)):
        return await hand.press(panel, button(panel, "gj_choose", str(action.target)) or "")
    return await hand.generic(panel, legal.index(action))


async def gostop_move(hand: Clicker, session: GameSession, seat: int, panel: Message, action: Any,
                      legal: list[Any]) -> Message | None:
    from bot.games.gostop import IDS, format_action

    if action.kind == "play":
        cards = menu(panel, "card")
        if cards is not None and IDS[action.card] in cards.values:
            panel = await hand.pick(panel, cards, IDS[action.card])
            take = button(panel, "act", format_action(action))  # two targets: which one to take
            return panel if take is None else await hand.press(panel, take)
    text = format_action(action)
    custom = button(panel, "act", text)
    if custom is not None:
        return await hand.press(panel, custom)
    for select in panel.selects:
        if verb_of(select.custom_id) == "act" and text in select.values:
            return await hand.pick(panel, select, text)
    return await hand.generic(panel, legal.index(action))


async def zhengshangyou_move(hand: Clicker, session: GameSession, seat: int, panel: Message, action: Any,
                             legal: list[Any]) -> Message | None:
    from bot.games.zhengshangyou import Pass, Play

    if isinstance(action, Play | Pass):
        quick = menu(panel, "zs_quick")
        index = str(legal.index(action))
        if quick is not None and index in quick.values:
            return await hand.pick(panel, quick, index)
        if isinstance(action, Pass):
            custom = button(panel, "zs_pass")
            return None if custom is None else await hand.press(panel, custom)
        cards = menu(panel, "zs_cards")
        panel = await hand.pick(panel, cards, [card.ascii for card in action.cards])
        reading = menu(panel, "zs_as")
        if reading is not None:
            panel = await hand.pick(panel, reading, action.as_ or "-")
        custom = button(panel, "zs_play", "as" if reading is not None else "")
        return None if custom is None else await hand.press(panel, custom)
    return await hand.generic(panel, legal.index(action))


async def goita_move(hand: Clicker, session: GameSession, seat: int, panel: Message, action: Any,
                     legal: list[Any]) -> Message | None:
    from bot.games.goita import Decide, Pass, Play

    if isinstance(action, Pass) and button(panel, "go", "P"):
        return await hand.press(panel, button(panel, "go", "P") or "")
    if isinstance(action, Decide) and button(panel, "decide", action.kind):
        return await hand.press(panel, button(panel, "decide", action.kind) or "")
    if isinstance(action, Play) and button(panel, "pick", str(action.first)):
        panel = await hand.press(panel, button(panel, "pick", str(action.first)) or "")
        go = button(panel, "go", f"{'L' if action.lead else 'B'}{action.first}{action.attack}")
        return None if go is None else await hand.press(panel, go)
    return await hand.generic(panel, legal.index(action))


MOVERS = {"gouji": gouji_move, "gostop": gostop_move, "zhengshangyou": zhengshangyou_move, "goita": goita_move}


@dataclass
class Figure:
    """What one hand cost: the moves Alice made from her panel and the clicks they took."""

    game: str
    moves: int = 0
    clicks: int = 0

    @property
    def per_move(self) -> float:
        return self.clicks / self.moves if self.moves else 0.0


async def clicks_in_a_hand(double: DiscordDouble, bot: TeahouseBot, monkeypatch: pytest.MonkeyPatch,
                           game: str) -> Figure:
    """Alice plays one hand of ``game`` from her panel, as the easy computer would; the clicks it took."""
    options, computers, seed = HANDS[game]
    fix_deal(monkeypatch, seed)
    alice = double["alice"]
    thread: Channel = await open_game(double, alice, game, options, computers=computers)
    hand, figure = Clicker(alice), Figure(game)
    mover = MOVERS[game]
    idle = 0
    for _ in range(3000):
        await double.settle()
        if final_summary(thread) is not None:
            return figure
        session = session_in(bot, thread)
        table = table_message(thread)
        if session is None or table is None or session.live is None:
            idle += 1
            assert idle < 300, "the game never showed its table"
            await asyncio.sleep(0.02)
            continue
        if session.paused_until is not None or table.has_button(t("en", "games.button.next_hand")):
            if table.has_button(t("en", "games.button.next_hand")):
                with _quiet():
                    await alice.click(table, t("en", "games.button.next_hand"))
            else:
                double.clock.advance(31)  # Gou Ji's pause between hands
            continue
        seat = session.seat_of(alice.id)
        if seat is None or seat not in session.live.to_act():
            idle += 1
            assert idle < 500, f"the game is stuck: {table.content[:300]}"
            await asyncio.sleep(0.02)
            continue
        idle = 0
        version, legal = session.version, session.live.legal(seat)
        action = session.live.choose(seat, legal, "easy", random.Random(version))
        try:
            panel = await alice.click(table, t("en", "games.button.hand"))
        except UserActionError:  # the table was posted again meanwhile
            continue
        before = hand.clicks
        await mover(hand, session, seat, panel, action, legal)
        await double.settle()
        assert session.version != version, f"{game}: {action} was not made from the panel"
        figure.moves += 1
        figure.clicks += hand.clicks - before
        assert hand.clicks > before
    raise AssertionError("the hand did not end")


class _quiet:
    """Pressing "Next hand" may race the table being posted again: a lost click is simply made again."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, *_: Any) -> bool:
        return kind is not None and issubclass(kind, UserActionError)


def _report(figure: Figure) -> None:
    print(f"\nclicks per human move, {figure.game}: {figure.per_move:.2f} ({figure.clicks} clicks, "
          f"{figure.moves} moves)")


async def test_a_gou_ji_hand_takes_at_most_1_4_clicks_per_move(double: DiscordDouble, bot: TeahouseBot,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #47: a Gou Ji play took 1.8–2.1 clicks; with the ready-made sets at most 1.4 per move."""
    figure = await clicks_in_a_hand(double, bot, monkeypatch, "gouji")
    _report(figure)
    assert figure.moves >= 10
    assert figure.per_move <= GOUJI_GOAL, figure


@pytest.mark.slow  # a whole game of each of the other three: with ``pytest -m slow`` (README's test command stays under 5 minutes)
@pytest.mark.parametrize("game", sorted(TODAY))
async def test_no_other_game_takes_more_clicks_per_move_than_before(double: DiscordDouble, bot: TeahouseBot,
                                                                     monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    figure = await clicks_in_a_hand(double, bot, monkeypatch, game)
    _report(figure)
    assert figure.moves >= 3
    assert figure.per_move <= TODAY[game], figure

