"""Playing a whole match as people do: read the table, open the hand, pick a move, repeat.

The driver only uses what a player sees and can click. Between steps it checks what
a spectator sees against the engine's hidden information (the oracle is the bot's own
game state, read, never changed): no public message shows a card still hidden in a
hand, and the table picture is exactly the picture of the public view.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import mean
from typing import Any, Generic, TypeVar, cast

import pytest

from bot.app import TeahouseBot
from bot.games.live import LiveGame
from bot.games.registry import engine
from bot.i18n import catalog, t
from cogs.games import Games
from cogs.table import pictures
from cogs.table.session import GameSession
from tests.discord_double import DiscordDouble
from tests.discord_double.errors import UserActionError
from tests.discord_double.model import Channel, Message
from tests.discord_double.people import Person

MENTION = re.compile(r"<@!?(\d+)>")
NAV_LABELS = {"◀", "▶"}
# Games whose cards are named by rank alone (four decks): a play is public and names no particular card.
FACE_UP_RANKS = {"gouji"}
WILD_READING = re.compile(r"(?<=BJ|RJ)\([^)]*\)")
StateT = TypeVar("StateT")


def extra_calls(double: DiscordDouble) -> list[tuple[str, list[str]]]:
    """Interactions that caused more than two calls, with their routes: what to look at when the average slips."""
    return [(rec.name, [call.key for call in rec.calls_beyond_answer]) for rec in double.interactions.values()
            if len(rec.calls_beyond_answer) > 2]


@dataclass
class MatchLog:
    """What happened in a driven match, for the test's assertions."""

    human_moves: int = 0
    typed_moves: int = 0
    selects: int = 0
    clicks: int = 0
    next_hands: int = 0
    calls_per_move: list[int] = field(default_factory=list)
    checked_messages: int = 0
    checked_images: int = 0
    final: Message | None = None
    shown: set[str] = field(default_factory=set)  # public views of the current hand (see hidden_cards)
    shown_hand: int = -1
    plays_seen: int = 0  # how much of the session's action log check_public has read


def games_cog(bot: TeahouseBot) -> Games:
    """The running game cog (loaded as an extension, so a module of its own: not isinstance-comparable)."""
    cog: Any = bot.get_cog("Games")
    assert cog is not None and type(cog).__name__ == "Games"
    return cast(Games, cog)


def session_in(bot: TeahouseBot, thread: Channel) -> GameSession | None:
    for session in games_cog(bot).sessions.values():
        if thread.id in (session.thread_id, session.channel_id):
            return session
    return None


def table_message(thread: Channel, lang: str = "en") -> Message | None:
    label = t(lang, "games.button.hand")
    for message in reversed(thread.public_messages):
        if message.has_button(label):
            return message
    return None


def to_move(message: Message, lang: str = "en") -> set[int]:
    prefix = t(lang, "games.table.turn", who="")
    for line in message.content.splitlines():
        if line.startswith(prefix.strip()):
            return {int(uid) for uid in MENTION.findall(line)}
    return set()


def final_summary(thread: Channel, lang: str = "en") -> Message | None:
    marker = t(lang, "games.summary.match_over", game="").split("**")[-1].strip()
    for message in thread.public_messages:
        if marker and marker in message.content:
            return message
    return None


#: first-deal announcements that show a card to everybody (Gou Ji R4.3: the Kai Pai draw, put back in the pack)
SHOWN_AT_DEAL = frozenset({"kai_pai", "kai_pai_joker"})


def hidden_cards(session: GameSession, shown: set[str] | None = None) -> set[str]:
    """Every card or piece that some hand holds and the public may not see, as notation text.

    ``shown`` collects the public view's text of this hand so far: where several cards share
    one notation (Gou Ji plays four decks), a rank seen on the table earlier in the hand may
    still be held by someone else, and naming it again is no leak.
    """
    mod = engine(session.game)
    public = str(mod.view(session.live.state, None).to_dict())
    if shown is not None:
        shown.add(public)
        public = " ".join(shown)
    hidden: set[str] = set()
    for seat in range(len(session.seats)):
        hand = mod.view(session.live.state, seat).to_dict().get("hand") or []
        for card in hand:
            text = str(card)
            if len(text) >= 2 and text not in public:
                hidden.add(text)
    return hidden


def check_public(double: DiscordDouble, bot: TeahouseBot, thread: Channel, log: MatchLog, seen: set[int],
                 lang: str = "en") -> None:
    """No public message shows a hidden card; the table picture is the public view's picture."""
    session = session_in(bot, thread)
    if session is None or session.live is None:
        return
    if log.shown_hand != session.hand_first_line:
        log.shown_hand, log.shown = session.hand_first_line, set()
        if getattr(session.live.state, "deal_no", 0) == 1:  # cards the first deal showed to all (Gou Ji's Kai Pai draw)
            _, dealt = LiveGame.start(session.game, len(session.seats), session.seed, session.options)
            log.shown |= {str(e.data["card"]) for e in dealt if e.kind in SHOWN_AT_DEAL and "card" in e.data}
    if session.game in FACE_UP_RANKS:  # plays made and collected between two checks were public too
        for _seat, text in session.log[log.plays_seen:]:
            if getattr(engine(session.game).parse_action(text), "kind", "") == "play":
                log.shown.add(text)
    log.plays_seen = len(session.log)
    hidden = hidden_cards(session, log.shown)
    hand_over = t(lang, "games.summary.hand_over", game="").split("**")[-1].strip()
    for message in [*thread.public_messages, *double.default_channel.public_messages]:
        key = hash((message.id, message.content, len(message.edits)))
        if key in seen:
            continue
        seen.add(key)
        if hand_over in message.content:
            continue  # it shows the hand that just ended, whose card ids are already dealt again
        log.checked_messages += 1
        text = WILD_READING.sub("", message.text)  # "BJ(5♣)": the joker stands for a 5♣, it is not one
        words = set(re.split(r"[\s,;:()\[\]]+", text))
        leaked = words & hidden
        assert not leaked, f"public message shows hidden cards {leaked}: {message.content[:200]}"
    table = table_message(thread, lang)
    mod = engine(session.game)
    quiet = not any(session.seats[s].computer_plays for s in mod.to_act(session.live.state))
    if table is not None and table.attachments and quiet and games_cog(bot).table.wanted == set():
        expected = pictures.table_picture(session, session.lang)
        if expected is not None and session.table_message_id == table.id and not session.table_summary:
            assert table.attachments[0].data == expected, "table picture differs from the public view's picture"
            log.checked_images += 1


async def choose(person: Person, panel: Message, rng: random.Random, log: MatchLog, lang: str = "en") -> bool:
    """Pick one of the moves the panel offers; False when it offers none, or when ``panel`` is not a private
    panel (a click the bot never answered, killed meanwhile, leaves the person looking at the table: a random
    click there could press Gou Ji's team Pause, which no random player would Resume)."""
    if not panel.ephemeral:
        return False
    selects = [s for s in panel.selects if s.options]
    buttons = [b for b in panel.buttons if b.label not in NAV_LABELS and b.label != t(lang, "games.button.refresh")
               and not b.disabled]
    if selects and (not buttons or rng.random() < 0.8):
        menu = rng.choice(selects)
        option = rng.choice(menu.options)
        await person.select(panel, menu.custom_id, [option.value])
        log.selects += 1
        return True
    if buttons:
        await person.click(panel, rng.choice(buttons).custom_id or "")
        log.clicks += 1
        return True
    return False


async def play_match(double: DiscordDouble, bot: TeahouseBot, thread: Channel, people: list[Person],
                     seed: int = 1, typed_every: int = 7, max_steps: int = 4000, lang: str = "en") -> MatchLog:
    """Play until the match-over summary appears; every seated person moves when pinged."""
    rng = random.Random(seed)
    log = MatchLog()
    seen: set[int] = set()
    by_id = {p.id: p for p in people}
    idle_rounds = 0
    for _ in range(max_steps):
        await double.settle()
        check_public(double, bot, thread, log, seen, lang)
        log.final = final_summary(thread, lang)
        if log.final is not None:
            return log
        table = table_message(thread, lang)
        if table is None:
            idle_rounds += 1
            assert idle_rounds < 200, "no table message appeared"
            await asyncio.sleep(0.02)
            continue
        if table.has_button(t(lang, "games.button.next_hand")):
            with contextlib.suppress(UserActionError):
                await rng.choice(people).click(table, t(lang, "games.button.next_hand"))
                log.next_hands += 1
            continue
        movers = [by_id[uid] for uid in sorted(to_move(table, lang)) if uid in by_id]
        if not movers:
            idle_rounds += 1
            assert idle_rounds < 400, f"the game is stuck: {table.content[:300]}"
            await asyncio.sleep(0.02)
            continue
        idle_rounds = 0
        person = rng.choice(movers)
        if typed_every and (log.human_moves + 1) % typed_every == 0 and await typed_move(person, thread, rng, log, lang):
            continue
        try:
            panel = await person.click(table, t(lang, "games.button.hand"))
        except UserActionError:  # the table was re-posted between reading and clicking: read again
            continue
        session = session_in(bot, thread)
        version = session.version if session is not None else -1
        chosen = await choose(person, panel, rng, log, lang)
        if chosen and (session is None or session.version != version):
            log.human_moves += 1
            log.calls_per_move.append(len(person.last_interaction.calls_beyond_answer))
    raise AssertionError("the match did not end")


async def play_one_step(where: Channel, people: Sequence[Person], rng: random.Random) -> bool:
    """One move by whichever of ``people`` is to act (or Next hand); True once the match is over."""
    if final_summary(where) is not None:
        return True
    table = table_message(where)
    if table is None:
        return False
    if table.has_button(t("en", "games.button.next_hand")):
        await rng.choice(list(people)).click(table, t("en", "games.button.next_hand"))
        return False
    movers = [p for p in people if p.id in to_move(table)]
    if movers:
        person = rng.choice(movers)
        panel = await person.click(table, t("en", "games.button.hand"))
        await choose(person, panel, rng, MatchLog())
    return False


async def typed_move(person: Person, thread: Channel, rng: random.Random, log: MatchLog, lang: str = "en") -> bool:
    """``/play`` in the game's thread with what autocomplete suggests, as a person who types would."""
    choices = await person.autocomplete("/play", "move", "", channel=thread)
    if not choices:
        return False
    choice = rng.choice(choices)
    reply = await person.run("/play", channel=thread, move=str(choice.value))
    if catalog(lang)["games.played"].split("{")[0] not in reply.content:
        return False
    log.human_moves += 1
    log.typed_moves += 1
    log.calls_per_move.append(len(person.last_interaction.calls_beyond_answer))
    return True


async def open_game(double: DiscordDouble, host: Person, game: str, options: str = "", joiners: tuple[Person, ...] = (),
                    computers: int = 0, level: str = "easy", lang: str = "en", **extra: Any) -> Channel:
    """Open a lobby, let people join, add computers, start; returns the game's thread."""
    kwargs: dict[str, Any] = {"game": game, **extra}
    if options:
        kwargs["options"] = options
    before = {c.id for c in double.threads}
    lobby = await host.run("/game new", **kwargs)
    for person in joiners:
        lobby = await person.click(lobby, t(lang, "games.button.join"))
    for _ in range(computers):
        lobby = await host.select(lobby, t(lang, "games.add_computer_placeholder"), [level])
    await host.click(lobby, t(lang, "games.button.start"))
    await double.settle()
    new = [c for c in double.threads if c.id not in before]
    assert new, "the game did not open a thread"
    return new[-1]


async def until(double: DiscordDouble, predicate: Callable[[], bool], what: str, tries: int = 300) -> None:
    """Settle until ``predicate()`` holds (the bot works in bursts); fail naming ``what`` if it never does."""
    for _ in range(tries):
        await double.settle()
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


def fix_deal(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """The next game's seed (the cog's dice, ``secrets.randbits(48)``) is ``seed``: its deal and seat draw are known.

    Other draws (discord.py's 64-bit nonces) stay random.
    """
    real = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda bits: seed if bits == 48 else real(bits))


class Table(Generic[StateT]):
    """One game in a thread as the test sees it: the bot's session and state read as an oracle (never
    changed), the public leak check at every settle, and the calls each person's move cost.

    A game's tests subclass it with that game's moves; ``calls_per_move`` is the average they may cost,
    and ``summary_calls``, when set, what the move that ends the match may cost instead (it also posts the
    match summary).
    """

    calls_per_move = 2.0
    summary_calls: int | None = None

    def __init__(self, double: DiscordDouble, bot: TeahouseBot, thread: Channel) -> None:
        self.double, self.bot, self.thread = double, bot, thread
        self.log = MatchLog()
        self.seen: set[int] = set()  # public messages check_public has read

    @property
    def session(self) -> GameSession:
        session = session_in(self.bot, self.thread)
        assert session is not None, "the game is over"
        return session

    @property
    def state(self) -> StateT:
        return cast(StateT, self.session.live.state)

    def version(self) -> int:
        """The state's version; -1 once the match is over (the game has left the cog)."""
        session = session_in(self.bot, self.thread)
        return -1 if session is None else int(session.version)

    def seat(self, person: Person) -> int:
        seat = self.session.seat_of(person.id)
        assert seat is not None
        return seat

    async def settle(self) -> None:
        await self.double.settle()
        check_public(self.double, self.bot, self.thread, self.log, self.seen)

    async def wait(self, done: Callable[[], bool], what: str, tries: int = 300) -> None:
        """Settle until ``done()`` holds (the bot works in bursts, the table edits are coalesced)."""
        for _ in range(tries):
            await self.settle()
            if done():
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"never happened: {what}")

    async def shown(self, text: str, tries: int = 300) -> None:
        """Wait until ``text`` is on a public message."""
        await self.wait(lambda: text in self.public_text(), f"shown: {text}", tries)

    def public_text(self) -> str:
        """Every public message of the thread, with what each said before its edits."""
        return "\n".join(v for m in self.thread.messages if not m.ephemeral
                         for v in [m.content, *(e.content for e in m.edits)])

    def table(self) -> Message:
        message = table_message(self.thread)
        assert message is not None
        return message

    async def panel(self, person: Person) -> Message:
        """The person's private panel, opened with the table's hand button."""
        for _ in range(5):
            try:
                panel = await person.click(self.table(), t("en", "games.button.hand"))
            except UserActionError:  # the table was re-posted between reading and clicking
                await self.double.settle()
                continue
            assert panel.ephemeral and panel.ephemeral_for == person.id
            return panel
        raise AssertionError("no table to click")

    def moved(self, person: Person) -> None:
        """Count a move the person just made, with the calls it cost."""
        self.log.human_moves += 1
        self.log.calls_per_move.append(len(person.last_interaction.calls_beyond_answer))

    async def refuses_stale(self, person: Person, old_panel: Message, control: str,
                            values: list[str] | None = None) -> None:
        """A click (or, with ``values``, a pick) on a panel of an earlier state changes nothing and is answered
        on that panel, to that person only."""
        version = self.version()
        if values is None:
            reply = await person.click(old_panel, control)
        else:
            reply = await person.select(old_panel, control, values)
        assert reply.ephemeral and reply.ephemeral_for == person.id
        assert t("en", "games.error.stale" if version >= 0 else "games.error.game_over") in reply.content
        assert self.version() == version
        assert all(reply not in p.ephemerals for p in self.double.people.values() if p.id != person.id)

    def finish_checks(self) -> None:
        """The leak check read messages, and the people's moves cost no more calls than they should."""
        assert self.log.checked_messages > 0
        calls = self.log.calls_per_move
        if self.summary_calls is not None and calls and final_summary(self.thread) is not None:
            assert calls[-1] <= self.summary_calls, extra_calls(self.double)
            calls = calls[:-1]
        if calls:
            assert mean(calls) <= self.calls_per_move, (calls, extra_calls(self.double))
