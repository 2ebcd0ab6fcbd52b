"""No hidden card ever shows where it should not, over many complete games of all four kinds.

Every message the bot creates or edits is checked the moment Discord receives it, against the
bot's own game state at that moment (read, never changed): a public message names no card that
is still hidden in a hand, a private one names no card of another player's hand, and every table
picture is exactly the rendering of the public view at the state version it shows: the game is
replayed from its seed and action log, and the picture must equal the public view's picture at
one version no older than the previous table's (never "some older state", never anything else). Every log record is checked the same way,
and none carries the token. One person hosts each game and then lets the turn clock play for
them, so the computers finish the game quickly and every table they produce is checked. Where the
clock moves nobody (Goita §12.10: a leader or a deciding partner is never moved) they type the
first move ``/play`` suggests.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from typing import Any

import pytest

import rendering
from bot.app import TeahouseBot
from bot.games.registry import engine
from bot.i18n import catalog, t
from cogs.table.session import GameSession
from cogs.table.words import names
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Message
from tests.play.driver import FACE_UP_RANKS, final_summary, games_cog, hidden_cards

from .helpers import SHORT, count, move_if_no_clock_will, open_table

GAMES = count("LEAK_GAMES", 12, 200)
#: README's run plays one game of each kind; ``-m slow`` plays GAMES (README's test command stays under 5 minutes)
GAME_COUNTS = [len(SHORT), pytest.param(GAMES, marks=pytest.mark.slow)]
WORDS = re.compile(r"[\s,;:()\[\]|*_`>]+")
# lines whose cards the rules make public although the card then sits in a hand (R2.5: tribute and return
# cards are face up; Gou Ji's tribute likewise)
SHOWN_BY_RULE = [re.compile(re.escape(catalog("en")[key]).replace(r"\{", "{").replace(r"\}", "}")
                            .replace("{player}", ".+?").replace("{target}", ".+?").replace("{receiver}", ".+?")
                            .replace("{card}", "(.+?)").replace("{other}", "(.+?)").replace("{cards}", "(.+?)")
                            .replace("{count}", ".+?"))
                 for key in ("zhengshangyou.event.tribute", "zhengshangyou.event.tribute_taken",
                             "zhengshangyou.event.return", "zhengshangyou.event.return_taken",
                             "gouji.event.tribute_cards")]
REVEALING = [t("en", "games.summary.hand_over", game="").split("**")[-1].strip(),
             t("en", "games.summary.match_over", game="").split("**")[-1].strip()]


class LeakWatch(logging.Handler):
    """Checks messages (as ``double.observers``) and log records (as a handler) while games run."""

    def __init__(self, double: DiscordDouble, bot: TeahouseBot) -> None:
        super().__init__(level=logging.DEBUG)
        self.double, self.bot = double, bot
        self.counts: Counter[str] = Counter()
        self.leaks: list[str] = []
        #: game -> (its hand's first line, plays of that hand seen so far, log entries read)
        self.played: dict[int, tuple[int, set[str], int]] = {}
        #: game -> (replayed state, log entries applied, public view at each version, last version shown)
        self.replays: dict[int, tuple[Any, int, dict[int, Any], int]] = {}

    def sessions(self) -> list[GameSession]:
        return [s for s in games_cog(self.bot).sessions.values() if s.live is not None]

    def hidden(self, session: GameSession) -> set[str]:
        """Cards held and not public. Gou Ji plays four decks: a rank played earlier in the hand (and
        collected since) may still be held by someone else, and a line naming that play is no leak."""
        if session.game not in FACE_UP_RANKS:
            return hidden_cards(session)
        first, played, read = self.played.get(session.id, (-1, set(), 0))
        if first != session.hand_first_line:
            played = set()
        mod = engine(session.game)
        for _seat, text in session.log[read:]:
            if getattr(mod.parse_action(text), "kind", "") == "play":
                played.add(text)
        self.played[session.id] = (session.hand_first_line, played, len(session.log))
        return hidden_cards(session, set(played))

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage() + (logging.Formatter().formatException(record.exc_info)
                                      if record.exc_info else "")
        self.counts["log records"] += 1
        if self.double.token in text:
            self.leaks.append(f"token in log: {text[:200]}")
        words = set(WORDS.split(text))
        for session in self.sessions():
            leaked = words & self.hidden(session)
            if leaked:
                self.leaks.append(f"log record shows hidden {leaked}: {text[:200]}")

    def __call__(self, message: Message) -> None:
        if any(marker and marker in message.content for marker in REVEALING):
            self.counts["revealing summaries"] += 1
            return  # the end of a hand shows the hands, by the rules
        words = set(WORDS.split(message.text))
        shown = {word for line in message.text.splitlines() for pattern in SHOWN_BY_RULE
                 if (found := pattern.search(line)) for group in found.groups() for word in WORDS.split(group)}
        if shown:
            self.counts["cards shown by rule (tribute, return)"] += len(shown)
        words -= shown
        for session in self.sessions():
            if message.channel_id not in (session.thread_id, session.channel_id):
                continue
            hidden = self.hidden(session)
            if message.ephemeral:
                seat = session.seat_of(message.ephemeral_for or 0)
                # what this seat may see: its hand, and its own face-down pieces (Goita: "you played gin …")
                mine = "" if seat is None else str(engine(session.game).view(session.live.state, seat).to_dict())
                hidden = {card for card in hidden if card not in mine}
                self.counts["private messages"] += 1
            else:
                self.counts["public messages"] += 1
            leaked = words & hidden
            if leaked:
                self.leaks.append(f"{'private' if message.ephemeral else 'public'} message shows {leaked}: "
                                  f"{message.content[:1500]}")
            if not message.ephemeral and message.attachments and message.has_button(t("en", "games.button.hand")):
                self.check_picture(session, message)

    def public_views(self, session: GameSession) -> tuple[dict[int, Any], int]:
        """The public view at every version so far, from the seed and the action log (the bot's state is
        only read), and the version the previous table picture showed."""
        mod = engine(session.game)
        state, applied, views, shown = self.replays.get(session.id) or (None, 0, {}, -1)
        if state is None:
            state = mod.new_game(len(session.seats), session.seed, dict(session.options))
            views[state.version] = mod.view(state, None)
        for seat, text in session.log[applied:]:
            mod.apply(state, int(seat), mod.parse_action(str(text)))
            views[state.version] = mod.view(state, None)
        if state.version != session.version:
            self.leaks.append(f"the replay of game {session.id} is at version {state.version}, the game at "
                              f"{session.version} ({len(session.log)} moves)")
        self.replays[session.id] = (state, len(session.log), views, shown)
        return views, shown

    def check_picture(self, session: GameSession, message: Message) -> None:
        """The picture must be the public view's picture at one version, newest first, and never older
        than the one the previous table showed."""
        views, shown = self.public_views(session)
        picture = message.attachments[0].data
        label = names(session, session.lang)
        for version in sorted((v for v in views if v >= shown), reverse=True):
            if rendering.render_table(session.game, views[version], label, lang=session.lang) == picture:
                state, applied, _, _ = self.replays[session.id]
                self.replays[session.id] = (state, applied, views, version)
                self.counts["table pictures matching the public view at their version"] += 1
                return
        self.leaks.append(f"table picture of game {session.id} is the public view at no version "
                          f"from {shown} to {session.version}")


@pytest.mark.parametrize("games", GAME_COUNTS)
async def test_no_hidden_card_in_any_message_picture_or_log_line(double: DiscordDouble, bot: TeahouseBot,
                                                                 games: int) -> None:
    watch = LeakWatch(double, bot)
    double.observers.append(watch)
    root = logging.getLogger()
    root.addHandler(watch)
    old_level = root.level
    root.setLevel(logging.INFO)  # as the bot runs; its own loggers at every level
    ours = logging.getLogger("teahouse")
    ours_level = ours.level
    ours.setLevel(logging.DEBUG)
    alice = double["alice"]
    kinds = sorted(SHORT)
    finished: Counter[str] = Counter()
    try:
        for number in range(games):
            game = kinds[number % len(kinds)]
            options, seats = SHORT[game]
            where, _ = await open_table(double, alice, game, options, computers=seats - 1, turn_seconds=5)
            for _ in range(400):
                await double.settle()
                if final_summary(where) is not None:
                    break
                if await move_if_no_clock_will(bot, where, alice):
                    watch.counts["moves typed where no clock moves"] += 1
                    continue
                double.clock.advance(31)  # alice lets the clock play; pauses between hands end
            assert final_summary(where) is not None, f"{game} did not finish"
            finished[game] += 1
    finally:
        root.removeHandler(watch)
        root.setLevel(old_level)
        ours.setLevel(ours_level)
        double.observers.remove(watch)
    print(f"\nleak check: {dict(finished)} games, {dict(watch.counts)}")
    assert not watch.leaks, watch.leaks[:5]
    assert sum(finished.values()) == games
    assert watch.counts["table pictures matching the public view at their version"] >= games
