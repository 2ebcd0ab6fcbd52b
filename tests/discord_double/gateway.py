"""The gateway websocket, speaking Discord's protocol as discord.py uses it.

HELLO -> IDENTIFY -> READY + GUILD_CREATE, heartbeats answered with ACK, RESUME replays
what was missed (or INVALID_SESSION when the test makes the session unresumable), and
zlib-stream compression (one compressor per connection, Z_SYNC_FLUSH per message).
"""

from __future__ import annotations

import asyncio
import json
import logging
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

Json = dict[str, Any]
log = logging.getLogger("discord_double.gateway")

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 3, 4, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41_250

# Intent bits deciding which events a session receives.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MESSAGES = 1 << 9
EVENT_INTENTS = {
    "MESSAGE_CREATE": INTENT_GUILD_MESSAGES,
    "MESSAGE_UPDATE": INTENT_GUILD_MESSAGES,
    "MESSAGE_DELETE": INTENT_GUILD_MESSAGES,
    "THREAD_CREATE": INTENT_GUILDS,
    "THREAD_UPDATE": INTENT_GUILDS,
    "THREAD_DELETE": INTENT_GUILDS,
    "THREAD_MEMBERS_UPDATE": INTENT_GUILDS,
    "CHANNEL_UPDATE": INTENT_GUILDS,
}


class Connection:
    """One websocket connection; writes go through a queue so frames keep their order."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.compressed = compress
        self._compressor = zlib.compressobj() if compress else None
        self._queue: asyncio.Queue[Json | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop(), name="discord-double-gateway-writer")
        self.session: Session | None = None

    def send(self, payload: Json) -> None:
        self._queue.put_nowait(payload)

    async def _write_loop(self) -> None:
        while (payload := await self._queue.get()) is not None:
            if self.ws.closed:
                return
            data = json.dumps(payload)
            try:
                if self._compressor is None:
                    await self.ws.send_str(data)
                else:
                    chunk = self._compressor.compress(data.encode()) + self._compressor.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(chunk)
            except (ConnectionError, RuntimeError):
                return

    def stop(self) -> None:
        """Stop writing (the socket is gone)."""
        self._queue.put_nowait(None)

    async def close(self, code: int) -> None:
        self.stop()
        await self._writer
        await self.ws.close(code=code)


@dataclass
class Session:
    """A gateway session (one shard); survives a dropped connection until resumed."""

    id: str
    shard_id: int
    shard_count: int
    intents: int
    seq: int = 0
    connection: Connection | None = None
    sent: list[Json] = field(default_factory=list)
    resumable: bool = True

    def dispatch(self, event: str, data: Json) -> None:
        need = EVENT_INTENTS.get(event, 0)
        if need and not self.intents & need:
            return
        self.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.sent.append(payload)
        if self.connection is not None:
            self.connection.send(payload)


@dataclass
class GatewayHooks:
    """What the gateway needs from the rest of the double."""

    check_token: Callable[[str], bool]
    ready_payload: Callable[[Session], Json]
    guild_payloads: Callable[[Session], list[Json]]
    member_chunk: Callable[[int, str | None], Json]
    on_activity: Callable[[], None]


class Gateway:
    def __init__(self, hooks: GatewayHooks) -> None:
        self.hooks = hooks
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.identifies = 0
        self.resumes = 0
        self.connects = 0
        self._ready_events: dict[int, asyncio.Event] = {}
        self._counter = 0

    # -- what the rest of the double calls ------------------------------------------------
    def session_for_guild(self, guild_id: int) -> Session | None:
        live = [s for s in self.sessions.values() if s.resumable]
        for s in live:
            if (guild_id >> 22) % s.shard_count == s.shard_id:
                return s
        return None

    def dispatch(self, guild_id: int, event: str, data: Json) -> bool:
        """Send an event to the shard that owns the guild; False if no bot is connected."""
        session = self.session_for_guild(guild_id)
        if session is None:
            return False
        session.dispatch(event, data)
        self.hooks.on_activity()
        return True

    @property
    def connected(self) -> bool:
        return any(s.connection is not None for s in self.sessions.values() if s.resumable)

    async def wait_ready(self, shard_id: int = 0, timeout: float = 10.0) -> None:
        """Until a shard has received READY (after IDENTIFY) or RESUMED."""
        event = self._ready_events.setdefault(shard_id, asyncio.Event())
        await asyncio.wait_for(event.wait(), timeout)

    async def drop(self, *, resumable: bool = True, code: int = 4000) -> None:
        """Close every connection as a network failure would; the bot should come back."""
        for event in self._ready_events.values():
            event.clear()
        for session in self.sessions.values():
            session.resumable = session.resumable and resumable
            conn, session.connection = session.connection, None
            if conn is not None:
                await conn.close(code)

    def reconnect(self) -> None:
        """Op 7 RECONNECT, as Discord sends before moving a session: the bot closes, connects again
        and RESUMEs; events meanwhile are replayed. `wait_ready()` returns once it has resumed."""
        for event in self._ready_events.values():
            event.clear()
        for session in self.sessions.values():
            if session.connection is not None and session.resumable:
                session.connection.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    async def close(self) -> None:
        for conn in list(self.connections):
            await conn.close(1001)

    # -- the websocket handler ------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress") == "zlib-stream"
        conn = Connection(ws, compress)
        self.connections.append(conn)
        self.connects += 1
        conn.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._receive(conn, json.loads(msg.data))
                elif msg.type is WSMsgType.ERROR:
                    break
        finally:
            self.connections.remove(conn)
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
                if ws.close_code == 1000:  # the bot logged off: Discord ends the session
                    conn.session.resumable = False
            conn.stop()
        return ws

    async def _receive(self, conn: Connection, msg: Json) -> None:
        op, data = msg.get("op"), msg.get("d")
        if op == HEARTBEAT:
            conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            await self._identify(conn, data or {})
        elif op == RESUME:
            await self._resume(conn, data or {})
        elif op == REQUEST_MEMBERS and conn.session is not None:
            request = data or {}
            chunk = self.hooks.member_chunk(int(request["guild_id"]), request.get("nonce"))
            conn.session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
        elif op in (PRESENCE, VOICE):
            return
        else:
            log.warning("gateway op %s not handled by the double", op)

    async def _identify(self, conn: Connection, data: Json) -> None:
        if not self.hooks.check_token(str(data.get("token", ""))):
            await conn.close(4004)
            return
        shard_id, shard_count = data.get("shard") or [0, 1]
        for old in [s for s in self.sessions.values() if s.shard_id == shard_id]:
            old.resumable = False
        self._counter += 1
        session = Session(
            id=f"session-{self._counter}", shard_id=shard_id, shard_count=shard_count, intents=int(data.get("intents", 0))
        )
        self.sessions[session.id] = session
        session.connection = conn
        conn.session = session
        self.identifies += 1
        session.dispatch("READY", self.hooks.ready_payload(session))
        for guild in self.hooks.guild_payloads(session):
            session.dispatch("GUILD_CREATE", guild)
        self._ready_events.setdefault(shard_id, asyncio.Event()).set()

    async def _resume(self, conn: Connection, data: Json) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or not session.resumable or not self.hooks.check_token(str(data.get("token", ""))):
            conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        seq = int(data.get("seq") or 0)
        session.connection = conn
        conn.session = session
        for payload in session.sent:
            if payload["s"] > seq:
                conn.send(payload)
        self.resumes += 1
        session.dispatch("RESUMED", {})
        self._ready_events.setdefault(session.shard_id, asyncio.Event()).set()
