"""`DiscordDouble`: a small Discord on 127.0.0.1 for the real bot to talk to.

It owns the world (guilds, channels, people, messages), serves REST and the gateway,
records every REST call, and lets a test act as users. Everything runs in the test's
event loop; `settle()` waits until the bot has gone quiet.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import secrets
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

import discord
import yarl
from aiohttp import web

from . import permissions as perms
from .clock import FakeClock
from .errors import (
    EMPTY_MESSAGE,
    ENTITY_TOO_LARGE,
    INVALID_FORM_BODY,
    OLD_MESSAGE_EDIT_CAP,
    DiscordError,
    DiscordRuleBroken,
    InteractionFailed,
    RuleViolation,
    UserActionError,
)
from .faults import Faults
from .gateway import Gateway, GatewayHooks, Session
from .interactions import (
    ACK_DEADLINE,
    DEFERRED_UPDATE,
    MODAL,
    UPDATE_MESSAGE,
    InteractionRecord,
    RestCall,
)
from .limits import DEFAULT_ATTACHMENT_SIZE_LIMIT, check_files, check_locale, check_message, oversize_files
from .model import (
    COMPONENTS_V2,
    EPHEMERAL,
    LOADING,
    MENTION_ROLE,
    MENTION_USER,
    Attachment,
    Channel,
    Guild,
    GuildMember,
    Message,
    Overwrite,
    Role,
    User,
)
from .people import Person
from .ratelimits import DEFAULT_LATENCY, Latency, LatencyModel, RateLimits
from .rest import API_PREFIX, RestApi

Json = dict[str, Any]
UploadedFile = tuple[str, bytes]

# Exactly the permissions README.md's invite link asks for: the bot has these and no more (@everyone
# holds only these too; what people have beyond them comes from the guild's "Members" role).
INVITE_PERMISSIONS = perms.flags(
    "view_channel", "send_messages", "send_messages_in_threads", "create_public_threads", "embed_links",
    "attach_files", "read_message_history",
)
EVERYONE_PERMISSIONS = INVITE_PERMISSIONS
MEMBER_PERMISSIONS = EVERYONE_PERMISSIONS | perms.flags(
    "create_private_threads", "add_reactions", "use_external_emojis", "use_application_commands", "connect",
    "speak", "change_nickname",
)
BOT_PERMISSIONS = INVITE_PERMISSIONS
ADMIN_PERMISSIONS = MEMBER_PERMISSIONS | perms.flags("manage_guild")
ACTIVE_THREAD_CAP = 1000  # active (unarchived) threads per guild
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12  # a "silent" message: mentions notify nobody
SKIP_ACK_ROOM = 1.5  # seconds after an unanswered interaction arrived that a rate-limit skip may reach (see _skip_room)
EDITABLE_FLAGS = SUPPRESS_EMBEDS  # the only flag an edit may change
CREATE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
OLD_MESSAGE_SECONDS = 3600.0
STANDARD_PEOPLE = ("alice", "bob", "carol", "dave", "erin", "frank")


class _ErrorLog(logging.Handler):
    """Collects ERROR records (e.g. "Ignoring exception in command") so a crash fails the test."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not record.name.startswith("discord_double"):
            self.records.append(record)


class _CountingExecutor(ThreadPoolExecutor):
    """The loop's default executor, counting work in flight: `asyncio.to_thread` (e.g. rendering
    a PNG) keeps the bot busy without any REST call, and `settle()` must wait for it.

    The count drops when the awaiting coroutine's future has its result, in the loop (not when the
    thread ends): between the two, the result is on its way back and the loop may look idle."""

    def __init__(self, loop: asyncio.AbstractEventLoop, on_done: Callable[[], None]) -> None:
        super().__init__(thread_name_prefix="double-default-executor")
        self.pending = 0
        self._on_done = on_done
        self._loop = loop
        real = loop.run_in_executor

        def run_in_executor(executor: Any, func: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
            future = real(executor, func, *args)
            self.pending += 1
            future.add_done_callback(self._finished)
            return future

        loop.run_in_executor = run_in_executor  # type: ignore[method-assign]

    def forget_loop(self) -> None:
        """The double stops: the loop's own `run_in_executor` again."""
        with contextlib.suppress(AttributeError):
            del self._loop.run_in_executor  # type: ignore[attr-defined]

    def _finished(self, _: asyncio.Future[Any]) -> None:
        self.pending -= 1
        self._on_done()


#: A timer of the bot's due sooner than this is work under way (a retry, a short pause between steps);
#: a later one is a deliberate wait (a turn clock, a panel's pacing, a heartbeat) that settle() does not
#: wait out. The one timing assumption left in settle().
SOON = 0.05


class DiscordDouble:
    """A loopback Discord: `await start()` (which also points discord.py at it), build or
    `add_standard_world()`, run the bot with `async with double.running(client)`, then act
    as people: `await double["alice"].run("/help")`."""

    def __init__(
        self,
        *,
        token: str = "double.bot.token-0123456789",
        bot_name: str = "Teahouse",
        settle_window: float = 0.05,
        attachment_size_limit: int = DEFAULT_ATTACHMENT_SIZE_LIMIT,
        shard_count: int = 1,
        latency: Latency | None = DEFAULT_LATENCY,
        rate_limits: bool = True,
        skip_rate_limit_waits: bool = True,
    ) -> None:
        self.clock = FakeClock()
        self.token = token
        self.settle_window = settle_window
        self.attachment_size_limit = attachment_size_limit
        self.shard_count = shard_count
        self.bot_user = User(id=self.clock.snowflake(), name=bot_name, bot=True)
        self.owner_user = User(id=self.clock.snowflake(), name="owner")
        self.guilds: dict[int, Guild] = {}
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner_user.id: self.owner_user}
        self.people: dict[str, Person] = {}
        self.global_commands: list[Json] = []
        self.guild_commands: dict[int, list[Json]] = {}
        self.command_syncs: list[str] = []
        self.interactions: dict[int, InteractionRecord] = {}
        self.calls: list[RestCall] = []
        self._message_channels: dict[int, Channel] = {}  # message id -> its channel, as found
        self._archive_checked: datetime | None = None  # when idle threads were last looked at
        self.violations: list[RuleViolation] = []
        self.faults = Faults()
        self.active_thread_cap = ACTIVE_THREAD_CAP  # beyond it, creating a thread answers 160006
        self.locked_out: set[int] = set()  # channels/threads the bot lost access to (50001)
        # network delay charged to every gateway event and REST call (None: none), and Discord's rate limits
        self.latency = LatencyModel(latency)
        self.rate_limits = RateLimits(enabled=rate_limits)
        self.skip_rate_limit_waits = skip_rate_limit_waits  # False: the bot waits in real time (benchmarks)
        self._skipper: asyncio.Task[None] | None = None
        self._holding = False  # a rate-limit wait counts as a call in flight until it is skipped
        self._limited_seen = 0
        # called with every message the bot creates or edits, at that moment (leak checks)
        self.observers: list[Callable[[Message], None]] = []
        self._by_token: dict[str, InteractionRecord] = {}
        self._reported: set[int] = set()
        self._active: list[InteractionRecord] = []
        self._inflight = 0
        self._last_activity = 0.0
        # other work of the bot's that the loop cannot see (a database thread): settle() waits while any says busy
        self.busy_checks: list[Callable[[], bool]] = []
        self._waiting: set[asyncio.Task[Any]] = set()  # test tasks inside settle() or awaiting an answer
        self._attachments: dict[int, Attachment] = {}
        self._default_channel: Channel | None = None
        self._errors = _ErrorLog()
        self._errors_seen = 0
        self._runner: web.AppRunner | None = None
        self._executor: _CountingExecutor | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self.port = 0
        self.rest = RestApi(self)
        self.gateway = Gateway(
            GatewayHooks(
                check_token=lambda token: token == self.token,
                ready_payload=self._ready_payload,
                guild_payloads=self._guild_payloads,
                member_chunk=self._member_chunk,
                on_activity=self.touch,
            )
        )

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> DiscordDouble:
        """Serve on a random loopback port and point discord.py at it."""
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=1024**3)
        app.add_routes(self.rest.routes())
        app.router.add_get("/", self.gateway.handle)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self.install()
        logging.getLogger().addHandler(self._errors)
        loop = asyncio.get_running_loop()
        self._executor = _CountingExecutor(loop, self.touch)
        loop.set_default_executor(self._executor)
        if self.skip_rate_limit_waits:
            self._skipper = asyncio.create_task(self._skip_rate_limit_waits(), name="discord-double-rate-limit-skipper")
        self.touch()
        return self

    async def stop(self) -> None:
        logging.getLogger().removeHandler(self._errors)
        self._report_rate_limits()
        self._release_rate_limit_hold()
        if self._skipper is not None:
            self._skipper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._skipper
            self._skipper = None
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._executor is not None:
            self._executor.forget_loop()
        self.uninstall()

    async def __aenter__(self) -> DiscordDouble:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @contextlib.asynccontextmanager
    async def running(self, client: discord.Client, *, timeout: float = 10.0) -> AsyncIterator[discord.Client]:
        """Run `client.start(token)` against the double: READY and quiet inside, closed after."""
        task = asyncio.create_task(client.start(self.token), name="bot-under-test")
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task in done:
                task.result()  # re-raise why the bot died
            await client.close()
            raise TimeoutError(f"the bot was not READY within {timeout} s")
        await self.settle()
        try:
            yield client
        finally:
            await client.close()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout)

    def install(self) -> None:
        """Point discord.py's REST base and default gateway at this double."""
        if self._saved is None:
            self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def uninstall(self) -> None:
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    # -- building the world -----------------------------------------------------------------
    def add_guild(self, name: str, *, locale: str = "en-US") -> Guild:
        """A server with @everyone, the bot (with its own role) and an owner."""
        gid = self.clock.snowflake()
        guild = Guild(id=gid, name=name, owner_id=self.owner_user.id, created_at=self.clock.now(),
                      locale=check_locale(locale))
        guild.roles[gid] = Role(id=gid, name="@everyone", permissions=EVERYONE_PERMISSIONS)
        bot_role = Role(id=self.clock.snowflake(), name=self.bot_user.name, permissions=BOT_PERMISSIONS, position=2)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = GuildMember(self.bot_user, [bot_role.id], self.clock.now())
        guild.members[self.owner_user.id] = GuildMember(self.owner_user, [], self.clock.now())
        members = Role(id=self.clock.snowflake(), name="Members", permissions=MEMBER_PERMISSIONS, position=1)
        guild.roles[members.id] = members
        self.guilds[gid] = guild
        return guild

    def add_guild_on_shard(self, name: str, shard_id: int, shard_count: int, *, locale: str = "en-US") -> Guild:
        """A server whose events go to gateway shard ``shard_id`` of ``shard_count`` (Discord's
        ``(guild_id >> 22) % shard_count``), for tests that run shards in several bot processes."""
        if not 0 <= shard_id < shard_count:
            raise UserActionError(f"shard {shard_id} does not exist among {shard_count} shards")
        while True:  # an id is a timestamp: try again until one lands on the shard (1 ms apart, so soon)
            guild = self.add_guild(name, locale=locale)
            if (guild.id >> 22) % shard_count == shard_id:
                return guild
            del self.guilds[guild.id]

    def add_role(self, guild: Guild, name: str, *permission_names: str, permissions: int | None = None) -> Role:
        value = perms.flags(*permission_names) if permissions is None else permissions
        role = Role(id=self.clock.snowflake(), name=name, permissions=value, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(id=self.clock.snowflake(), guild_id=guild.id, name=name, position=len(guild.channels))
        guild.channels[channel.id] = channel
        return channel

    def add_person(
        self, name: str, guild: Guild | None = None, *, roles: Iterable[Role] = (), locale: str = "en-US"
    ) -> Person:
        """A user who is a member of `guild` (the first guild by default)."""
        guild = guild or self.guild
        user = User(id=self.clock.snowflake(), name=name, locale=check_locale(locale))
        self.users[user.id] = user
        members = [r.id for r in guild.roles.values() if r.name == "Members"]
        guild.members[user.id] = GuildMember(user, members + [r.id for r in roles], self.clock.now())
        person = Person(self, user, guild)
        self.people[name] = person
        return person

    @property
    def guild(self) -> Guild:
        """The first guild (tests usually have just one)."""
        if not self.guilds:
            raise UserActionError("the double has no guild yet: call add_guild()")
        return next(iter(self.guilds.values()))

    def add_standard_world(self) -> None:
        """The world every Discord-level test starts from: "Teahouse Test" with #games,
        alice, bob, carol, dave, erin and frank, and `admin` with Manage Server."""
        guild = self.add_guild("Teahouse Test")
        self.default_channel = self.add_channel(guild, "games")
        for name in STANDARD_PEOPLE:
            self.add_person(name, guild)
        moderators = self.add_role(guild, "Moderators", permissions=ADMIN_PERMISSIONS)
        self.add_person("admin", guild, roles=[moderators])

    @property
    def default_channel(self) -> Channel:
        """Where commands run unless a test says otherwise (the first text channel)."""
        if self._default_channel is not None:
            return self._default_channel
        channels = self.guild.text_channels
        if not channels:
            raise UserActionError("the guild has no text channel: call add_channel()")
        return channels[0]

    @default_channel.setter
    def default_channel(self, channel: Channel) -> None:
        self._default_channel = channel

    def person(self, name: str) -> Person:
        return self.people[name]

    def __getitem__(self, name: str) -> Person:
        return self.people[name]

    def channel(self, name_or_id: str | int) -> Channel:
        """A channel or thread by name ("games", "#games") or id."""
        for guild in self.guilds.values():
            for channel in guild.channels.values():
                if channel.id == name_or_id or channel.name == str(name_or_id).lstrip("#"):
                    return channel
        raise KeyError(f"no channel {name_or_id!r}")

    def find_channel(self, channel_id: int) -> tuple[Guild, Channel] | None:
        for guild in self.guilds.values():
            channel = guild.channels.get(channel_id)
            if channel is not None:
                return guild, channel
        return None

    @property
    def threads(self) -> list[Channel]:
        return [t for g in self.guilds.values() for t in g.threads]

    def thread(self, name: str) -> Channel:
        for t in self.threads:
            if t.name == name:
                return t
        raise KeyError(f"no thread {name!r}; threads: {[t.name for t in self.threads]}")

    def message(self, message_id: int) -> Message | None:
        known = self._message_channels.get(message_id)
        if known is not None:
            return known.message(message_id)
        for guild in self.guilds.values():
            for channel in guild.channels.values():
                found = channel.message(message_id)
                if found is not None:
                    self._message_channels[message_id] = channel  # a message never changes channel
                    return found
        return None

    def lock_out(self, channel: Channel) -> None:
        """The bot loses access to this one channel or thread (removed from a private thread, a
        moderator's overwrite on it): every call about it answers 403/50001 Missing Access."""
        self.locked_out.add(channel.id)

    def deny(self, channel: Channel, *permission_names: str, user: User | None = None) -> None:
        """Take permissions away from a user (the bot by default) in a channel and its threads."""
        self._overwrite(channel, user or self.bot_user, deny=perms.flags(*permission_names))

    def allow(self, channel: Channel, *permission_names: str, user: User | None = None) -> None:
        self._overwrite(channel, user or self.bot_user, allow=perms.flags(*permission_names))

    def _overwrite(self, channel: Channel, user: User, *, allow: int = 0, deny: int = 0) -> None:
        target = self.channel(channel.parent_id) if channel.is_thread and channel.parent_id else channel
        for o in target.overwrites:
            if o.type == 1 and o.target_id == user.id:
                o.allow = (o.allow | allow) & ~deny
                o.deny = (o.deny | deny) & ~allow
                break
        else:
            target.overwrites.append(Overwrite(user.id, 1, allow=allow, deny=deny))
        guild = self.guilds[target.guild_id]
        self.gateway.dispatch(guild.id, "CHANNEL_UPDATE", target.to_payload())

    def permissions(self, channel: Channel, user: User | None = None) -> int:
        guild = self.guilds[channel.guild_id]
        return perms.channel_permissions(guild, channel, (user or self.bot_user).id)

    # -- commands -------------------------------------------------------------------------
    @property
    def command_names(self) -> list[str]:
        """Names of every registered command, global and guild."""
        names = [c["name"] for c in self.global_commands]
        names += [c["name"] for cmds in self.guild_commands.values() for c in cmds]
        return names

    def command(self, name: str, guild_id: int | None) -> Json | None:
        """A registered chat-input command as the user's client would offer it."""
        for cmd in self.guild_commands.get(guild_id or 0, []) + self.global_commands:
            if cmd["name"] == name and int(cmd.get("type", 1)) == 1:
                return cmd
        return None

    # -- what happened ---------------------------------------------------------------------
    def ephemerals_for(self, user_id: int) -> list[Message]:
        out = [
            m
            for g in self.guilds.values()
            for c in g.channels.values()
            for m in c.messages
            if m.ephemeral_for == user_id and not m.deleted
        ]
        return sorted(out, key=lambda m: m.id)

    @property
    def messages(self) -> list[Message]:
        """Every message the bot sent anywhere (public and ephemeral), oldest first."""
        every = [m for g in self.guilds.values() for c in g.channels.values() for m in c.messages if not m.deleted]
        return sorted(every, key=lambda m: m.id)

    def mass_mention_risks(self) -> list[Message]:
        """Messages whose allowed_mentions would let text ping @everyone/@here or roles."""
        return [m for m in self.messages if m.allows_mass_mention]

    def calls_to(self, key: str) -> list[RestCall]:
        """Calls to a route, e.g. `"POST /channels/{channel_id}/messages"` (method optional)."""
        return [c for c in self.calls if key in (c.key, c.route)]

    def calls_by_kind(self, since: float | None = None, until: float | None = None, *,
                      public_messages: bool = False) -> Counter[str]:
        """REST calls by route kind, `"bot"` (the bot's token: under the 50/s global limit) and `"interaction"`
        (the callback and the token's webhook routes: exempt), started in [since, until) on the double's clock.
        `public_messages`: only successful calls that created, edited or deleted a message everyone sees (tables,
        lobbies, notices; not private panels), e.g. table edits a second by route kind:
        `double.calls_by_kind(t0, t1, public_messages=True)["interaction"] / (t1 - t0)`."""
        return Counter(c.kind for c in self.calls
                       if (since is None or c.started >= since) and (until is None or c.started < until)
                       and (not public_messages or (c.public and c.ok)))

    def take_violations(self) -> list[RuleViolation]:
        """Hand over every recorded rule violation (for tests that provoke them on purpose)."""
        out = [v for v in self.violations if id(v) not in self._reported]
        self._reported.update(id(v) for v in out)
        return out

    def take_bot_errors(self) -> list[logging.LogRecord]:
        """Hand over ERROR log records (tracebacks from the bot) seen so far."""
        out = self._errors.records[self._errors_seen :]
        self._errors_seen = len(self._errors.records)
        return out

    def take_rate_limited(self) -> list[RestCall]:
        """Hand over the calls answered 429 since the last take (for tests that provoke them on purpose)."""
        out = self.rate_limits.limited[self._limited_seen :]
        self._limited_seen = len(self.rate_limits.limited)
        return out

    def check(self) -> None:
        """Fail if a rule was broken, Discord answered 429, or the bot logged an error that no test took
        (fixtures call this)."""
        violations = self.take_violations()
        if violations:
            raise DiscordRuleBroken(violations)
        limited = self.take_rate_limited()
        if limited:
            raise AssertionError(f"the bot was rate limited (429) {len(limited)} times: {limited[:10]}")
        errors = self.take_bot_errors()
        if errors:
            raise AssertionError("the bot logged errors:\n" + "\n".join(_format(r) for r in errors))
        unanswered = self.unanswered()
        if unanswered:
            raise AssertionError(f"interactions never acknowledged within {ACK_DEADLINE:.0f} s "
                                 f"(Discord shows 'This interaction failed'): {unanswered[:10]}")

    def unanswered(self) -> list[InteractionRecord]:
        """Interactions the bot never acknowledged although their 3 s are over, that no test awaited
        (an awaited one raises `InteractionFailed` there) or took on purpose (``record.failed = True``)."""
        now = self.clock.monotonic()
        return [r for r in self.interactions.values()
                if not r.responded and not r.failed and now - r.delivered_at > ACK_DEADLINE]

    # -- quiet -----------------------------------------------------------------------------
    def touch(self) -> None:
        self._last_activity = asyncio.get_running_loop().time()

    def quiet(self, window: float | None = None) -> bool:
        """No REST call or thread work in flight, and then:

        - ``window`` 0 (the tests' bot, in the test's loop): the double *knows* the bot is at rest, with
          nothing to do until a person acts or a deliberate wait of its own ends (`_loop_at_rest`);
        - a ``window`` in seconds (a bot in another process, whose work the loop cannot see, or a benchmark
          whose hundreds of games never all rest at once): nothing happened for that long.
        """
        window = self.settle_window if window is None else window
        busy = self._inflight or (self._executor is not None and self._executor.pending) \
            or any(check() for check in self.busy_checks)
        if busy:
            return False
        if window <= 0:
            return self._loop_at_rest()
        return asyncio.get_running_loop().time() - self._last_activity >= window

    def _loop_at_rest(self) -> bool:
        """Nothing in the test's event loop can run before a deliberate wait ends: no callback queued,
        no socket with data to read, no timer due within `SOON` (but the double's own pollers)."""
        loop = asyncio.get_running_loop()
        if loop._ready:  # type: ignore[attr-defined]
            return False
        selector = getattr(loop, "_selector", None)
        if selector is not None and selector.select(0):  # level-triggered: the loop still sees them
            return False
        now = loop.time()
        return not any(not handle.cancelled() and handle.when() - now < SOON and not self._polls(handle)
                       for handle in loop._scheduled)  # type: ignore[attr-defined]

    def _polls(self, handle: asyncio.TimerHandle) -> bool:
        """The timer wakes the double's own rate-limit poller or a test waiting on the double (a settle, an
        answer awaited): their short sleeps are not the bot's work."""
        args = getattr(handle, "_args", ())
        callbacks = getattr(args[0], "_callbacks", None) if args else None
        return any(getattr(callback, "__self__", None) in self._waiting or
                   getattr(callback, "__self__", None) is self._skipper for callback, _ in callbacks or ())

    @contextlib.contextmanager
    def _test_waits(self) -> Iterator[None]:
        """The current task (a test's) waits on the double: other settles do not count its sleeps as work."""
        task = asyncio.current_task()
        if task is None or task in self._waiting:
            yield
            return
        self._waiting.add(task)
        try:
            yield
        finally:
            self._waiting.discard(task)

    async def settle(self, window: float | None = None, timeout: float = 60.0) -> None:
        """Wait until the bot is `quiet`: at rest (``window`` 0), or with nothing in flight and nothing
        done for ``window`` seconds. ``timeout`` only catches a bot that never goes quiet: it returns as soon as
        the bot is quiet, and a starved machine (CI beside other work) took more than 10 s for a whole game's burst."""
        loop = asyncio.get_running_loop()
        window = self.settle_window if window is None else window
        deadline = loop.time() + timeout
        self.touch()  # a full quiet window from now: timers woken by a clock jump get to run
        calm = 0
        with self._test_waits():
            while calm < 2:  # quiet twice, a loop turn apart: what the first look ran into has had its turn
                if loop.time() > deadline:
                    raise TimeoutError(f"the bot did not go quiet within {timeout} s")
                idle = loop.time() - self._last_activity
                await asyncio.sleep(0 if calm else max(0.001, min(window - idle, window)))
                calm = calm + 1 if self.quiet(window) else 0
        self._active.clear()

    def _report_rate_limits(self) -> None:
        """With DOUBLE_RATE_REPORT=<file>, append one JSON line per test: used-up buckets, 429s, waits skipped."""
        path = os.environ.get("DOUBLE_RATE_REPORT")
        limits = self.rate_limits
        if not path or not (limits.exhausted or limits.limited):
            return
        line = {"test": os.environ.get("PYTEST_CURRENT_TEST", "?"), "exhausted": limits.exhausted,
                "limited": [c.key for c in limits.limited], "skipped_s": round(limits.skipped, 2),
                "calls": len(self.calls)}
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")

    # -- rate-limit waits cost no real time ------------------------------------------------------
    async def _skip_rate_limit_waits(self) -> None:
        """When Discord told the bot to wait (a bucket used up, a 429) and the bot has gone quiet,
        jump the clock to the end of the wait (see ratelimits.py): discord.py's sleep ends now."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(0.005)
            until = self.rate_limits.waiting_until
            if until is None or not self.skip_rate_limit_waits:  # a test may pause skipping for a while
                continue
            ahead = until - self.clock.monotonic()
            others = self._inflight - self._holding or (self._executor is not None and self._executor.pending)
            if ahead > 0 and (others or loop.time() - self._last_activity < 0.01):
                continue  # the bot is busy otherwise: its other work goes on in real time
            room = self._skip_room()
            if ahead > room:  # an unanswered interaction: the bot's own timer must fire before its 3 s are over
                if room > 0.01:
                    self.rate_limits.skipped += room
                    self.clock.advance(room)
                    self.touch()
                continue
            self.rate_limits.waiting_until = None
            if ahead > 0:
                self.rate_limits.skipped += ahead
                self.clock.advance(ahead + 0.001)
            self._release_rate_limit_hold()
            self.touch()  # the bot wakes now: settle() waits a full quiet window from here

    def _skip_room(self) -> float:
        """How far the clock may jump without making an unanswered interaction late by the jump alone.

        A real bot waiting out a rate limit still answers a click meanwhile (it defers within about a
        second); a jump over that second would charge the bot for time it never had. So a jump stops
        ``SKIP_ACK_ROOM`` seconds after the oldest unanswered interaction arrived, and real time takes
        over until the bot has answered it."""
        now = self.clock.monotonic()
        waiting = [r.delivered_at for r in self.interactions.values() if not r.responded and not r.failed
                   and now - r.delivered_at <= ACK_DEADLINE]
        return math.inf if not waiting else min(waiting) + SKIP_ACK_ROOM - now

    def hold_for_rate_limit(self) -> None:
        """Discord just told the bot to wait: until the wait is skipped, count it as a call in flight,
        so `settle()` does not call a bot idle that is only waiting for a rate limit."""
        if self.skip_rate_limit_waits and self.rate_limits.waiting_until is not None and not self._holding:
            self._holding = True
            self._inflight += 1

    def _release_rate_limit_hold(self) -> None:
        if self._holding:
            self._holding = False
            self._inflight -= 1

    # -- gateway payloads --------------------------------------------------------------------
    def _ready_payload(self, session: Session) -> Json:
        return {
            "v": 10,
            "user": self.bot_user.to_payload() | {"verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self._guilds_of(session)],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "shard": [session.shard_id, session.shard_count],
            "application": {"id": str(self.bot_user.id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "_trace": ["discord-double"],
        }

    def _guilds_of(self, session: Session) -> list[Guild]:
        return [g for g in self.guilds.values() if (g.id >> 22) % session.shard_count == session.shard_id]

    def _guild_payloads(self, session: Session) -> list[Json]:
        return [g.to_payload(self.bot_user.id) for g in self._guilds_of(session)]

    def _member_chunk(self, guild_id: int, nonce: str | None) -> Json:
        guild = self.guilds[guild_id]
        out: Json = {
            "guild_id": str(guild_id),
            "members": [m.to_payload() for m in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if nonce is not None:
            out["nonce"] = nonce
        return out

    # -- messages (called by the REST layer) ---------------------------------------------------
    def validate(self, payload: Json, files: list[UploadedFile]) -> None:
        problems = check_message(payload) + check_files(files)
        if problems:
            raise DiscordError(INVALID_FORM_BODY, "; ".join(problems))
        too_big = oversize_files(files, self.attachment_size_limit)
        if too_big:
            raise DiscordError(ENTITY_TOO_LARGE, "; ".join(too_big))

    def create_message(
        self,
        channel: Channel,
        payload: Json,
        files: list[UploadedFile],
        *,
        interaction: InteractionRecord | None = None,
        ephemeral: bool = False,
        loading: bool = False,
    ) -> Message:
        """A new message by the bot (from a channel send, an interaction response or a follow-up)."""
        self.validate(payload, files)
        flags = int(payload.get("flags") or 0) & CREATE_FLAGS & ~EPHEMERAL
        if ephemeral:
            flags |= EPHEMERAL
        if loading:
            flags |= LOADING
        msg = Message(
            id=self.clock.snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            created_at=self.clock.now(),
            flags=flags,
            tts=bool(payload.get("tts", False)),
            type=20 if interaction is not None and interaction.type == 2 else 0,
        )
        if interaction is not None:
            msg.interaction_id = interaction.id
            msg.interaction_user = interaction.user
            msg.interaction_type = interaction.type
            msg.interaction_name = interaction.name.lstrip("/") if interaction.type == 2 else ""
            msg.interacted_message_id = interaction.message_id
            if interaction.original_id is not None and interaction.original_id != msg.id:
                msg.original_response_id = interaction.original_id
            msg.webhook_id = self.bot_user.id
            if ephemeral:
                msg.ephemeral_for = interaction.user.id
        reference = payload.get("message_reference")
        if isinstance(reference, dict) and reference.get("message_id"):
            msg.reference_id = int(reference["message_id"])
        self._apply(msg, payload, files)
        if not loading and _is_empty(msg):
            raise DiscordError(EMPTY_MESSAGE)
        channel.messages.append(msg)
        if channel.is_thread:
            channel.last_activity = msg.created_at
            if channel.archived and not ephemeral:  # a new message wakes an archived (unlocked) thread
                channel.archived = False
                self.gateway.dispatch(channel.guild_id, "THREAD_UPDATE", channel.to_payload(self.bot_user.id))
        if not ephemeral:
            self._record_pings(msg)
            self.gateway.dispatch(channel.guild_id, "MESSAGE_CREATE", msg.to_payload())
        self._observe(msg)
        return msg

    def edit_message(self, msg: Message, payload: Json, files: list[UploadedFile]) -> Message:
        """Apply an edit, keeping the previous version in `msg.edits`."""
        self._check_old_edit(msg)
        self.validate(payload, files)
        was_loading = msg.loading
        before = msg.snapshot()
        self._apply(msg, payload, files, editing=True)
        if _is_empty(msg):
            raise DiscordError(EMPTY_MESSAGE)
        if was_loading:
            msg.flags &= ~LOADING
        else:
            msg.edits.append(before)
            msg.edited_at = self.clock.now()
        if not msg.ephemeral:
            self.gateway.dispatch(msg.guild_id or 0, "MESSAGE_UPDATE", msg.to_payload())
        self._observe(msg)
        return msg

    def _observe(self, msg: Message) -> None:
        """Show a new or edited message to the test's observers (``double.observers``), as it is sent."""
        for observer in self.observers:
            observer(msg)

    def archive_idle_threads(self) -> None:
        """Archive threads idle longer than their auto_archive_duration, as Discord does. Looked at once per
        second of the double's clock at most (it is asked at every request; the shortest duration is an hour)."""
        now = self.clock.now()
        if self._archive_checked is not None and 0 <= (now - self._archive_checked).total_seconds() < 1.0:
            return
        self._archive_checked = now
        for guild in self.guilds.values():
            for thread in guild.threads:
                since = thread.last_activity or thread.created_at
                if thread.archived or since is None:
                    continue
                if (now - since).total_seconds() > thread.auto_archive_duration * 60:
                    thread.archived = True
                    self.gateway.dispatch(guild.id, "THREAD_UPDATE", thread.to_payload(self.bot_user.id))

    def archive_thread(self, thread: Channel, *, locked: bool = False) -> None:
        """A moderator archives (and maybe locks) a thread: edits fail with 50083; a new message
        wakes it unless it is locked."""
        thread.archived, thread.locked = True, locked
        self.gateway.dispatch(thread.guild_id, "THREAD_UPDATE", thread.to_payload(self.bot_user.id))

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes a channel or thread: every call about it answers 10003 Unknown Channel.
        Its messages stay readable in the test through the `Channel` object."""
        guild = self.guilds[channel.guild_id]
        guild.channels.pop(channel.id, None)
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        data = {"id": str(channel.id), "guild_id": str(guild.id), "type": channel.type,
                "parent_id": str(channel.parent_id) if channel.parent_id else None}
        self.gateway.dispatch(guild.id, event, data)

    def delete_message(self, msg: Message) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id), "guild_id": str(msg.guild_id)}
            self.gateway.dispatch(msg.guild_id or 0, "MESSAGE_DELETE", data)

    def _check_old_edit(self, msg: Message) -> None:
        """Edits of messages older than an hour share a small allowance per channel (ephemeral ones
        too, whichever route edits them); over it, Discord answers 429 with code 30046."""
        age = (self.clock.now() - msg.created_at).total_seconds()
        if age <= OLD_MESSAGE_SECONDS:
            return
        retry = self.rate_limits.old_edit(msg.channel_id, self.clock.monotonic())
        if retry is not None:
            raise DiscordError(OLD_MESSAGE_EDIT_CAP, f"message {msg.id} is {age / 60:.0f} minutes old",
                               violation=False, retry_after=retry, limit=self.rate_limits.old_edits.limit)

    def _apply(self, msg: Message, payload: Json, files: list[UploadedFile], *, editing: bool = False) -> None:
        if "content" in payload:
            msg.content = str(payload["content"] or "")
        if "embeds" in payload:
            msg.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            msg.components = list(payload["components"] or [])
        if editing and payload.get("flags") is not None:
            msg.flags = (msg.flags & ~EDITABLE_FLAGS) | (int(payload["flags"]) & EDITABLE_FLAGS)
        if "allowed_mentions" in payload:
            msg.allowed_mentions = payload["allowed_mentions"]
        if "attachments" in payload or files:
            msg.attachments = self._attachments_for(msg, payload.get("attachments"), files, editing)

    def _attachments_for(
        self, msg: Message, listed: list[Json] | None, files: list[UploadedFile], editing: bool
    ) -> list[Attachment]:
        uploads = [self._new_attachment(name, data) for name, data in files]
        if listed is None:
            return (msg.attachments if editing else []) + uploads
        keep = {a.id: a for a in msg.attachments}
        out: list[Attachment] = []
        for entry in listed:
            ref = int(entry.get("id", -1))
            if 0 <= ref < len(uploads):
                attachment = uploads[ref]
            elif ref in keep:
                attachment = keep[ref]
            else:
                raise DiscordError(INVALID_FORM_BODY, f"attachments: unknown attachment id {ref}")
            if entry.get("filename"):
                attachment.filename = str(entry["filename"])
            if entry.get("description") is not None:
                attachment.description = str(entry["description"])
            out.append(attachment)
        return out

    def _new_attachment(self, filename: str, data: bytes) -> Attachment:
        attachment = Attachment(id=self.clock.snowflake(), filename=filename, data=data, base_url=self.base_url)
        self._attachments[attachment.id] = attachment
        return attachment

    def attachment(self, attachment_id: int) -> Attachment | None:
        return self._attachments.get(attachment_id)

    def _record_pings(self, msg: Message) -> None:
        """Who this new message notifies; mentions added by later edits notify nobody."""
        if msg.flags & SUPPRESS_NOTIFICATIONS:
            return
        am = msg.allowed_mentions
        parse = {"users", "roles", "everyone"} if am is None else set(am.get("parse", []))
        users = {int(u) for u in (am or {}).get("users", [])}
        roles = {int(r) for r in (am or {}).get("roles", [])}
        guild = self.guilds.get(msg.guild_id or 0)
        channel = self.find_channel(msg.channel_id)
        can_everyone = channel is not None and perms.has(self.permissions(channel[1]), "mention_everyone")
        mentioned_users = dict.fromkeys(int(u) for u in MENTION_USER.findall(msg.content))
        mentioned_roles = dict.fromkeys(int(r) for r in MENTION_ROLE.findall(msg.content))
        msg.pinged_user_ids = [u for u in mentioned_users if "users" in parse or u in users]
        msg.mentioned = [guild.members[u].user for u in msg.pinged_user_ids if guild is not None and u in guild.members]
        msg.pinged_role_ids = [
            r for r in mentioned_roles if guild is not None and r in guild.roles and ("roles" in parse or r in roles)
        ]
        mass = "@everyone" in msg.content or "@here" in msg.content
        msg.pinged_everyone = mass and "everyone" in parse and can_everyone

    # -- interactions -----------------------------------------------------------------------
    def new_interaction(
        self,
        *,
        kind: int,
        person: Person,
        channel: Channel,
        name: str,
        data: Json,
        message: Message | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """Build an INTERACTION_CREATE payload as Discord sends it."""
        guild = self.guilds[channel.guild_id]
        iid = self.clock.snowflake()
        token = f"aW50ZXJhY3Rpb246{iid}:{secrets.token_urlsafe(24)}"
        member = guild.members[person.user.id].to_payload()
        member["permissions"] = str(self.permissions(channel, person.user))
        payload: Json = {
            "id": str(iid),
            "application_id": str(self.bot_user.id),
            "type": kind,
            "data": data,
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "guild_id": str(guild.id),
            "channel_id": str(channel.id),
            "channel": channel.to_payload(self.bot_user.id) | {"permissions": member["permissions"]},
            "member": member,
            "token": token,
            "version": 1,
            "app_permissions": str(self.permissions(channel)),
            "locale": check_locale(locale or person.user.locale),
            "guild_locale": guild.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": self.attachment_size_limit,
        }
        if message is not None:
            payload["message"] = message.to_payload()
        record = InteractionRecord(
            id=iid,
            token=token,
            type=kind,
            user=person.user,
            guild_id=guild.id,
            channel_id=channel.id,
            name=name,
            payload=payload,
            delivered_at=self.clock.monotonic(),
            message_id=message.id if message is not None else None,
        )
        self.interactions[iid] = record
        self._by_token[token] = record
        return record

    def deliver(self, record: InteractionRecord) -> None:
        """Send INTERACTION_CREATE to the bot; the 3 s clock starts now."""
        record.delivered_at = self.clock.monotonic()
        record.delivery_latency = self.latency.draw()
        self.archive_idle_threads()
        self._active.append(record)
        if not self.gateway.dispatch(record.guild_id, "INTERACTION_CREATE", record.payload):
            raise UserActionError("no bot is connected to the double's gateway")

    @property
    def last_interaction(self) -> InteractionRecord:
        """The most recent interaction by anyone."""
        if not self.interactions:
            raise UserActionError("nobody has interacted yet")
        return next(reversed(self.interactions.values()))

    def interaction_by_token(self, token: str) -> InteractionRecord | None:
        return self._by_token.get(token)

    def active_interaction(self) -> InteractionRecord | None:
        """The interaction a REST call belongs to when exactly one is being handled."""
        return self._active[0] if len(self._active) == 1 else None

    async def wait(self, record: InteractionRecord) -> Message | None:
        """Wait for the bot's answer and for it to go quiet; fail as Discord would.

        Raises `InteractionFailed` if there is no acknowledgement within 3 s (on the fake
        clock), `DiscordRuleBroken` if the bot broke a rule meanwhile, and re-raises a
        crash the bot logged. Returns the message the user now looks at (see `response_message`).
        """
        try:
            with self._test_waits():
                await self._wait_ack(record)
            await self.settle()
        finally:
            if record in self._active:
                self._active.remove(record)
        self._raise_problems(record)
        return self.response_message(record)

    async def _wait_ack(self, record: InteractionRecord) -> None:
        loop = asyncio.get_running_loop()
        while not record.responded:
            remaining = ACK_DEADLINE - record.elapsed(self.clock.monotonic())
            if remaining <= 0 or record.failed:
                record.failed = True
                self._raise_problems(record)
                raise InteractionFailed(
                    f"{record.user.name}'s {record.name!r} failed: no response within {ACK_DEADLINE:.0f} s "
                    f"(network latency {record.delivery_latency:.2f} s to the bot included) "
                    f"(Discord shows 'This interaction failed'; defer() before slow work). "
                    f"REST calls meanwhile: {record.calls}"
                )
            if self.quiet() and loop.time() - self._last_activity > 0.2:
                self._raise_problems(record)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(record.acknowledged.wait(), min(remaining, 0.02))

    def _raise_problems(self, record: InteractionRecord) -> None:
        mine = [v for v in record.violations if id(v) not in self._reported]
        if mine:
            self._reported.update(id(v) for v in mine)
            raise DiscordRuleBroken(mine)
        errors = self.take_bot_errors()
        if errors:
            raise AssertionError(f"the bot crashed handling {record.name!r}:\n" + "\n".join(_format(r) for r in errors))

    @staticmethod
    def _updated_later(record: InteractionRecord) -> bool:
        """A deferred update whose clicked message the bot then edited (``@original``): the person looks at that
        message, whatever public follow-ups (a table) the interaction also carried."""
        return any(c.ok and c.method == "PATCH" and c.path.endswith("/messages/@original") for c in record.calls)

    def response_message(self, record: InteractionRecord) -> Message | None:
        """What the user looks at after the interaction.

        The response message for a reply or deferred reply; the clicked message for an
        update; the last follow-up when the bot only deferred an update and followed up.
        """
        if record.response_type == DEFERRED_UPDATE and record.followup_ids and not self._updated_later(record):
            return self.message(record.followup_ids[-1])
        if record.response_type in (UPDATE_MESSAGE, DEFERRED_UPDATE, MODAL):
            return self.message(record.message_id) if record.message_id else None
        if record.original_id is not None:
            return self.message(record.original_id)
        return None


def _is_empty(msg: Message) -> bool:
    return not (msg.content or msg.embeds or msg.components or msg.attachments)


def _format(record: logging.LogRecord) -> str:
    text = f"{record.name}: {record.getMessage()}"
    if record.exc_info:
        text += "\n" + logging.Formatter().formatException(record.exc_info)
    return text
