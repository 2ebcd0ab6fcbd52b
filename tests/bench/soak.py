"""The soak run: games back to back through the double for an hour, with faults, and the bot killed and restarted.

    python -m tests.bench.soak [--minutes 60] [--games 100] [--kill-every 10] [--fault-every 5]
                               [--think 1,3] [--seed 1]

Not part of README's test command (it takes as long as it is told to). ``--games`` tables play at once, each a
person against computers, one short match after another (the resilience tests' short options) until the time is
up; a match that ends is followed by a new one in a new channel. Meanwhile, every ``--fault-every`` seconds on
average, one fault at random: a 5xx (500, 502 or 503) or a 429 on a table or panel route, or the gateway dropped
(the bot resumes); and every ``--kill-every`` minutes the bot process is killed with SIGKILL and started again on
the same database (its games resume from their snapshots). ``--minutes 10`` makes a short run.

Reported: the bot's RSS over time (sampled every 30 s, its picture process included; a restarted bot starts low
again, so "flat" is judged within each life: ``rss_growth_last_life_mb`` is its last life's last sample less its
sample a quarter of the way in), stalled games (0 wanted: a person who waited a minute for their turn; a game
whose opening was cut by a kill is opened again and counted in ``opens_retried``), and whether
every finished match is recorded exactly once: one row in ``games`` per match its person saw end, none other, and
each person's totals count each of their finished matches once (``recorded_wrong`` 0 wanted); and finished matches
whose thread still offers "Next hand" (``next_hand_left_after_end``, 0 wanted: the final table replaces the last
hand's); and ``stale_answers``, clicks on a panel older than the game (after a kill) that the bot answered with the
current panel (the person composes on from it: no move was made). A person whose match's end is said stops there,
also when it came while they thought (their old table may still show "Next hand" for a moment). A stalled game's
bot log and database are kept (their folder is printed).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bot.i18n import t
from tests.bench.bot_process import BotProcess
from tests.bench.players import GAMES, Game, Players, Watcher
from tests.discord_double import DiscordDouble
from tests.discord_double.model import Guild

# short matches (as ``tests/resilience/helpers.SHORT``): game, options, computers
SOAK_GAMES = (("zhengshangyou", "mode=individual target_score=2", 3), ("gouji", "session_hands=1 cpu_shao_wait_s=0", 5),
              ("gostop", "rounds=1", 2), ("goita", "target_score=10", 3))
FAULT_ROUTES = ("PATCH /channels/{channel_id}/messages/{message_id}", "POST /channels/{channel_id}/messages",
                "PATCH /webhooks/{application_id}/{token}/messages/{message_id}")
RSS_EVERY = 30.0
TABLES_PER_GUILD = 10
NEXT_HAND = t("en", "games.button.next_hand")  # the button a finished match must no longer offer


class Soak:
    """One soak run: the double, the bot process, the tables and what happened to them."""

    def __init__(self, games: int, minutes: float, kill_every: float, fault_every: float,
                 think: tuple[float, float], seed: int) -> None:
        self.size, self.seconds = games, minutes * 60
        self.kill_every, self.fault_every = kill_every * 60, fault_every
        self.think, self.rng, self.seed = think, random.Random(seed), seed
        self.double = DiscordDouble(skip_rate_limit_waits=False)
        self.finished: list[Game] = []  # matches whose person saw the end
        self.stalled: list[Game] = []
        self.unopened: list[Game] = []  # /game new or Start sent while the bot was down: opened again
        self.played: list[Game] = []
        self.rss: list[tuple[float, float, int]] = []  # (seconds in, MiB, bot life)
        self.faults: Counter[str] = Counter()
        self.kills = 0
        self.kill_marks: list[tuple[int, int, float, float]] = []  # killed, ready again: snowflakes, then monotonic
        self.began = self.deadline = 0.0  # time.monotonic() when the play began, and when it ends

    async def run(self) -> dict[str, float]:
        await self.double.start()
        # ten tables a server: Discord allows 1,000 active threads a server, and finished games' threads stay active
        # for a day, so one server of 100 tables reached it after about 24 minutes (its next games played in the
        # channel, which the scripted people do not follow); each server here stays far below it for an hour
        guilds = [self.double.add_guild(f"Teahouse Soak {n}") for n in range(-(-self.size // TABLES_PER_GUILD))]
        watcher = Watcher(self.double)
        players = self.players = Players(self.double, watcher, self.think)
        players.games = SOAK_GAMES
        players.answer_timeout = 10.0
        players.expect(10**9)  # nobody stops for the others: each plays its matches until the time is up
        with tempfile.TemporaryDirectory(prefix="teahouse-soak-") as folder:
            self.bot = BotProcess(self.double, Path(folder))
            try:
                await self.bot.start()
                watcher.start()
                began = self.began = time.monotonic()
                self.deadline = began + self.seconds
                helpers = [asyncio.create_task(self._sample_rss(began)), asyncio.create_task(self._faults()),
                           asyncio.create_task(self._kills())]
                await asyncio.gather(*(self._slot(i, guilds[i // TABLES_PER_GUILD], players, watcher)
                                       for i in range(self.size)))
                for task in helpers:
                    task.cancel()
                await asyncio.gather(*helpers, return_exceptions=True)
                self.double.faults.clear()
                await self.double.settle(window=1.0, timeout=60)
            finally:
                await watcher.stop()
                await self.bot.stop()
                errors = self.bot.errors()
            recorded = _recorded(Path(folder) / "teahouse.db")
            if self.stalled or self._next_hand_left():  # the bot's log and database, to find why
                kept = Path(tempfile.mkdtemp(prefix="teahouse-soak-stalled-"))
                for name in ("bot.log", "teahouse.db"):
                    with contextlib.suppress(OSError):
                        shutil.copy(Path(folder) / name, kept / name)
                print(f"  the bot's log and database, kept: {kept}", file=sys.stderr)
        await self.double.stop()
        return self._numbers(recorded, errors)

    async def _slot(self, index: int, guild: Guild, players: Players, watcher: Watcher) -> None:
        """One table: matches back to back (each in a channel of its own) until the time is up."""
        kinds = [g[0] for g in GAMES]
        person = self.double.add_person(f"soak{index:03d}", guild)
        sem = asyncio.Semaphore(1)
        number = 0
        await asyncio.sleep(self.rng.uniform(0, min(30.0, self.seconds / 4)))  # not all at once
        while time.monotonic() < self.deadline:
            channel = self.double.add_channel(guild, f"soak-{index:03d}-{number}")
            game = Game(index, kinds[(index + number) % len(kinds)], person, channel,
                        rng=random.Random(f"{self.seed}/{index}/{number}"))
            number += 1
            watcher.add(game)
            self.played.append(game)
            try:
                await players.open(game, sem)
            except AssertionError:  # the lobby or the table did not come: the bot was killed meanwhile
                game.outcome = "not opened"
            if game.outcome != "not opened":
                await self._play(game, players)
            if game.outcome == "match over":
                self.finished.append(game)
                continue
            if game.outcome == "not opened":
                self.unopened.append(game)
            else:
                self.stalled.append(game)
                print(f"  stalled (game id {game.opened_id}): {game.stall}", file=sys.stderr)
            with contextlib.suppress(Exception):  # as a person would: close what is left before a new game
                await person.run("/game abandon", channel=game.thread or channel)

    async def _play(self, game: Game, players: Players) -> None:
        """Play the match to its end (its person's moves, for as long as it takes, past the deadline too)."""
        await players.play(game, 10**9)

    async def _sample_rss(self, began: float) -> None:
        while True:
            with contextlib.suppress(OSError, ProcessLookupError):
                self.rss.append((time.monotonic() - began, self.bot.rss_mb(), self.kills))
                print(f"  {self.rss[-1][0]:.0f} s: bot RSS {self.rss[-1][1]:.0f} MiB, {len(self.finished)} matches "
                      f"finished, {len(self.stalled)} stalled, {len(self.played)} begun", file=sys.stderr, flush=True)
            await asyncio.sleep(RSS_EVERY)

    async def _faults(self) -> None:
        """One fault at random every ``fault_every`` seconds on average, until the time is up (the matches then
        under way finish without)."""
        while time.monotonic() < self.deadline:
            await asyncio.sleep(self.rng.expovariate(1 / self.fault_every))
            kind = self.rng.choice(("5xx", "429", "gateway drop"))
            route = self.rng.choice(FAULT_ROUTES)
            if kind == "5xx":
                self.double.faults.server_error(route, status=self.rng.choice((500, 502, 503)))
            elif kind == "429":
                self.double.faults.rate_limit(route, retry_after=round(self.rng.uniform(0.2, 2.0), 2))
            else:
                await self.double.gateway.drop(resumable=True)
            self.faults[kind] += 1

    async def _kills(self) -> None:
        """SIGKILL the bot every ``kill_every`` seconds and start it again on the same database (until the time
        is up)."""
        while True:
            await asyncio.sleep(self.kill_every)
            if time.monotonic() >= self.deadline:
                return
            proc = self.bot.proc
            if proc is None or proc.returncode is not None:
                continue
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
            killed = self.double.clock.snowflake(), self.double.clock.monotonic()
            self.kills += 1
            # the run's seconds, as the RSS lines count them; the double's clock, as the stall notes do
            print(f"  bot killed (SIGKILL) at {time.monotonic() - self.began:.0f} s (the double's clock {killed[1]:.1f}) "
                  f"and started again: {self.kills}", file=sys.stderr, flush=True)
            await self.bot.start(settle=False)  # never quiet among live games: that wait timed out and ended the kills
            self.kill_marks.append((killed[0], self.double.clock.snowflake(), killed[1], self.double.clock.monotonic()))

    def _numbers(self, recorded: dict[str, object], errors: list[str]) -> dict[str, float]:
        rows: dict[str, int] = recorded["rows"]  # type: ignore[assignment]
        totals: dict[int, int] = recorded["totals"]  # type: ignore[assignment]
        seen_end = {str(g.opened_id) for g in self.finished}
        missing = seen_end - set(rows)
        twice = [g for g, n in rows.items() if n != 1]
        unexplained = set(rows) - {str(g.opened_id) for g in self.played}
        # each person's totals count each of their recorded games once (a game its person gave up on as stalled
        # may still have ended in the bot, and is then recorded: counted by its row, not by what they saw), but not
        # one they abandoned: it is recorded without a result, in nobody's totals
        abandoned: set[str] = recorded["abandoned"]  # type: ignore[assignment]
        counted = set(rows) - abandoned
        per_person = Counter(g.person.id for g in self.played if str(g.opened_id) in counted)
        miscounted = [uid for uid, n in per_person.items() if totals.get(uid, 0) != n]
        # a finished match whose thread still offers "Next hand" (its final table never replaced the last hand's)
        left = self._next_hand_left()
        for game in left[:5]:
            print(f"  next hand left after the end: game {game.index} ({game.kind}, id {game.opened_id})",
                  file=sys.stderr)
            self._diagnose(game)
        for line in errors[:5]:
            print(f"  bot log: {line[:300]}", file=sys.stderr)
        lives: dict[int, list[tuple[float, float]]] = {}
        for at, mb, life in self.rss:
            lives.setdefault(life, []).append((at, mb))
        print("  bot RSS over time (s: MiB): " + ", ".join(f"{at:.0f}: {mb:.0f}" + (" (restarted)" if i and
              life != self.rss[i - 1][2] else "") for i, (at, mb, life) in enumerate(self.rss)), file=sys.stderr)
        last = lives.get(max(lives), []) if lives else []
        growth = last[-1][1] - last[len(last) // 4][1] if len(last) >= 4 else 0.0
        return {
            "minutes": round(self.seconds / 60, 1), "tables": float(self.size),
            "matches_played": float(len(self.played)), "matches_finished": float(len(self.finished)),
            "stalled_games": float(len(self.stalled)), "opens_retried": float(len(self.unopened)),
            "kills": float(self.kills),
            "faults_5xx": float(self.faults["5xx"]), "faults_429": float(self.faults["429"]),
            "faults_gateway_drop": float(self.faults["gateway drop"]),
            "recorded_rows": float(len(rows)), "recorded_missing": float(len(missing)),
            "recorded_twice": float(len(twice)), "recorded_unexplained": float(len(unexplained)),
            "totals_miscounted_people": float(len(miscounted)),
            "recorded_wrong": float(len(missing) + len(twice) + len(miscounted)),
            "next_hand_left_after_end": float(len(left)),
            "rss_max_mb": round(max((mb for _, mb, _ in self.rss), default=0.0), 1),
            "rss_growth_last_life_mb": round(growth, 1),
            "bot_errors": float(len(errors)),
            "http_429_organic": float(len(self.double.rate_limits.limited)),
            "stale_answers": float(self.players.stale_answers),
        }

    def _next_hand_left(self) -> list[Game]:
        """Finished matches whose thread still offers "Next hand" (the final table never replaced the last hand's)."""
        return [g for g in self.finished if g.thread is not None and any(
            m.has_button(NEXT_HAND) for m in g.thread.messages if not m.ephemeral and not m.deleted)]

    def _diagnose(self, game: Game) -> None:
        """What a finished match's thread shows and the calls on it, beside the kills (message ids are snowflakes:
        their order is time's)."""
        assert game.thread is not None
        kills = ", ".join(f"killed {k} ({km:.2f}) started {r} ({rm:.2f})" for k, r, km, rm in self.kill_marks)
        print(f"    kills (snowflakes): {kills}", file=sys.stderr)
        ids = {m.id for m in game.thread.messages}
        for m in game.thread.messages:
            if not m.ephemeral:
                print(f"    [{m.id}{' next' if m.has_button(NEXT_HAND) else ''}{' deleted' if m.deleted else ''}] "
                      f"{m.content[-160:]!r}", file=sys.stderr)
        for c in self.double.calls:
            if c.message_id in ids or str(game.thread.id) in c.path:
                print(f"    call {c.method} {c.route} {c.status} {c.error_code} message {c.message_id} "
                      f"at {c.started:.2f}", file=sys.stderr)


def _recorded(database: Path) -> dict[str, object]:
    """The finished games in the bot's database (rows per game id), those abandoned (recorded without a result, so
    in no one's totals) and each person's finished-game count."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        games = db.execute("SELECT game_id, summary FROM games").fetchall()  # one read of the rows serves both
        totals = dict(db.execute("SELECT user_id, SUM(games) FROM player_totals GROUP BY user_id").fetchall())
    rows = dict(Counter(game_id for game_id, _ in games))
    abandoned = {game_id for game_id, summary in games if json.loads(summary).get("abandoned")}
    return {"rows": rows, "abandoned": abandoned, "totals": totals}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--games", type=int, default=100, help="tables playing at once")
    parser.add_argument("--kill-every", type=float, default=10.0, help="minutes between SIGKILLs of the bot")
    parser.add_argument("--fault-every", type=float, default=5.0, help="seconds between faults, on average")
    parser.add_argument("--think", default="1,3", help="a person's thinking time range in seconds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    low, high = (float(x) for x in args.think.split(","))
    numbers = asyncio.run(Soak(args.games, args.minutes, args.kill_every, args.fault_every, (low, high),
                               args.seed).run())
    print(json.dumps(numbers), file=sys.stderr)
    width = max(len(k) for k in numbers)
    for key, value in numbers.items():
        print(f"soak.{key:<{width}}  {value:g}")


if __name__ == "__main__":
    main()
