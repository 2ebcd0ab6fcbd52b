"""The REST routes the bot uses, answered as Discord answers them.

Every call under `/api/v10` passes `middleware`: it is recorded (with the interaction
that caused it, where that is knowable), faults are injected, and a `DiscordError` from a
handler becomes Discord's JSON error (and a recorded rule violation when it is one).
"""

from __future__ import annotations

import asyncio
import json
import logging
import traceback
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from . import permissions as perms
from .errors import (
    ALREADY_ACKNOWLEDGED,
    DOUBLE_BUG,
    INVALID_FORM_BODY,
    INVALID_WEBHOOK_TOKEN,
    MAX_ACTIVE_THREADS,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    NOT_SERVED,
    THREAD_ALREADY_CREATED,
    THREAD_ARCHIVED,
    UNAUTHORIZED,
    UNKNOWN_APPLICATION,
    UNKNOWN_CHANNEL,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    WRONG_CHANNEL_TYPE,
    DiscordError,
    RuleViolation,
)
from .faults import rate_limited
from .interactions import (
    ACK_DEADLINE,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    InteractionRecord,
    RestCall,
)
from .limits import check_autocomplete, check_commands, check_modal
from .model import EPHEMERAL, PRIVATE_THREAD, PUBLIC_THREAD, Channel, Guild, Message

if TYPE_CHECKING:
    from .double import DiscordDouble

Json = dict[str, Any]
UploadedFile = tuple[str, bytes]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
log = logging.getLogger("discord_double.rest")

API_PREFIX = "/api/v10"
CALLBACK_ROUTE = "/interactions/{interaction_id}/{token}/callback"
WEBHOOK_PREFIX = "/webhooks/{application_id}/{token}"
NOT_VIOLATIONS = {0, 10003, 10008, 50001, 50013}  # unknown things and permissions: faults a bot must handle
CALL = web.RequestKey("discord_double_call", RestCall)


def ok(data: Any, status: int = 200) -> web.Response:
    """JSON exactly as Discord labels it (discord.py wants `application/json` with no charset); Discord answers
    201 Created where it creates a channel (a thread)."""
    return web.Response(body=json.dumps(data).encode(), content_type="application/json", status=status)


def no_content() -> web.Response:
    return web.Response(status=204)


def wrote(request: web.Request, msg: Message) -> Message:
    """The call created, edited or deleted `msg`: its record says which message and whether everyone sees it."""
    call: RestCall = request[CALL]
    call.message_id, call.public = msg.id, not msg.ephemeral
    return msg


class RestApi:
    def __init__(self, double: DiscordDouble) -> None:
        self.d = double

    def routes(self) -> list[web.RouteDef]:
        a = API_PREFIX
        ch = f"{a}/channels/{{channel_id}}"
        app = f"{a}/applications/{{application_id}}"
        hook = f"{a}{WEBHOOK_PREFIX}"
        return [
            web.get(f"{a}/gateway/bot", self.gateway_bot),
            web.get(f"{a}/gateway", self.gateway),
            web.get(f"{a}/users/@me", self.me),
            web.get(f"{a}/users/{{user_id}}", self.user),
            web.get(f"{a}/oauth2/applications/@me", self.application),
            web.get(f"{app}/commands", self.get_commands),
            web.put(f"{app}/commands", self.put_commands),
            web.get(f"{app}/guilds/{{guild_id}}/commands", self.get_commands),
            web.put(f"{app}/guilds/{{guild_id}}/commands", self.put_commands),
            web.get(f"{a}/guilds/{{guild_id}}", self.get_guild),
            web.get(f"{a}/guilds/{{guild_id}}/members/{{user_id}}", self.get_member),
            web.get(ch, self.get_channel),
            web.patch(ch, self.patch_channel),
            web.get(f"{ch}/messages", self.get_messages),
            web.post(f"{ch}/messages", self.post_message),
            web.get(f"{ch}/messages/{{message_id}}", self.get_message),
            web.patch(f"{ch}/messages/{{message_id}}", self.patch_message),
            web.delete(f"{ch}/messages/{{message_id}}", self.delete_message),
            web.post(f"{ch}/messages/{{message_id}}/threads", self.thread_from_message),
            web.post(f"{ch}/threads", self.thread_without_message),
            web.put(f"{ch}/thread-members/{{user_id}}", self.join_thread),
            web.delete(f"{ch}/thread-members/{{user_id}}", self.leave_thread),
            web.post(f"{ch}/typing", self.typing),
            web.post(f"{a}{CALLBACK_ROUTE}", self.callback),
            web.post(hook, self.followup),
            web.get(f"{hook}/messages/{{message_id}}", self.webhook_get),
            web.patch(f"{hook}/messages/{{message_id}}", self.webhook_edit),
            web.delete(f"{hook}/messages/{{message_id}}", self.webhook_delete),
            web.get("/attachments/{attachment_id}/{filename}", self.cdn),
        ]

    # -- the wrapper around every API call -------------------------------------------------------
    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX):
            response: web.StreamResponse = await handler(request)
            return response
        d = self.d
        resource = request.match_info.route.resource
        canonical = resource.canonical if resource is not None else request.path
        route = canonical[len(API_PREFIX) :] if canonical.startswith(API_PREFIX) else canonical
        call = RestCall(request.method, request.path[len(API_PREFIX) :], route, started=d.clock.monotonic())
        record = self._attribute(request, route)
        if record is not None:
            call.interaction_id = record.id
            record.calls.append(call)
        request[CALL] = call
        d.calls.append(call)
        d._inflight += 1
        d.touch()
        d.archive_idle_threads()
        try:
            call.latency = d.latency.draw()
            fault = d.faults.take(call)
            if fault is not None and fault.drop:
                if request.transport is not None:
                    request.transport.close()  # nothing the bot sent is applied, no answer comes back
                call.status = 0
                return web.Response(status=500)  # written to a closed connection: nobody receives it
            faulty = fault.response() if fault is not None else None
            bucket = d.faults.bucket_for(call)
            major = "/".join(request.match_info.get(k, "") for k in ("channel_id", "guild_id", "token"))
            allowance = bucket.hit(major, call.started) if bucket is not None else None
            limited, headers = (None, {}) if bucket is not None else d.rate_limits.admit(call, major, call.started)
            if faulty is not None:
                response = faulty
            elif bucket is not None and allowance is None:
                response = rate_limited(bucket.retry_after(major, call.started), bucket.name, bucket.limit)
            elif limited is not None:
                response = limited
            else:
                response = await self._handle(request, handler, call, record)
                if fault is not None and fault.delay:
                    await asyncio.sleep(fault.delay)
                if bucket is not None and allowance is not None:
                    response.headers.update(bucket.headers(*allowance))
                if response.status != 429:
                    response.headers.update(headers)
            call.status = response.status
            if response.status == 429 and faulty is None:  # a 429 the test injected is no news
                d.rate_limits.limited.append(call)
            return response
        finally:
            call.finished = d.clock.monotonic()
            d._inflight -= 1
            d.hold_for_rate_limit()
            d.touch()

    async def _handle(
        self, request: web.Request, handler: Handler, call: RestCall, record: InteractionRecord | None
    ) -> web.StreamResponse:
        try:
            if not self._authorized(request, call.route):
                raise DiscordError(UNAUTHORIZED, violation=False)
            response: web.StreamResponse = await handler(request)
            return response
        except (web.HTTPNotFound, web.HTTPMethodNotAllowed):
            error = DiscordError(NOT_SERVED, f"{call.method} {call.path}")
        except DiscordError as err:
            error = err
        except Exception:  # a bug in the double: fail loudly, never with a 5xx discord.py would retry
            log.exception("the Discord double failed on %s %s", call.method, call.path)
            error = DiscordError(DOUBLE_BUG, f"{call.method} {call.path}: {traceback.format_exc(limit=3)}")
        call.error_code = error.code
        if error.violation and error.code not in NOT_VIOLATIONS or error.spec in (NOT_SERVED, DOUBLE_BUG):
            violation = RuleViolation(
                error.code, error.status, error.describe(), call.method, call.path, call.interaction_id
            )
            self.d.violations.append(violation)
            if record is not None:
                record.violations.append(violation)
        if error.status == 429:  # 30046: a rate limit with a code, which discord.py waits out and retries
            return rate_limited(error.retry_after, "old-message-edits", error.limit, code=error.code,
                                message=error.describe())
        return web.Response(body=json.dumps(error.body()).encode(), content_type="application/json", status=error.status)

    def _authorized(self, request: web.Request, route: str) -> bool:
        if route.startswith(("/interactions/", "/webhooks/")):
            return True
        return request.headers.get("Authorization") == f"Bot {self.d.token}"

    def _attribute(self, request: web.Request, route: str) -> InteractionRecord | None:
        info = request.match_info
        if route == CALLBACK_ROUTE:
            return self.d.interactions.get(_int(info.get("interaction_id")))
        if route.startswith(WEBHOOK_PREFIX):
            return self.d.interaction_by_token(info.get("token", ""))
        return self.d.active_interaction()

    async def _body(self, request: web.Request) -> tuple[Json, list[UploadedFile]]:
        """The JSON payload and uploaded files (multipart: `payload_json` + `files[n]`)."""
        call: RestCall = request[CALL]
        files: list[UploadedFile] = []
        payload: Json = {}
        if request.content_type.startswith("multipart/"):
            indexed: dict[int, UploadedFile] = {}
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                if not isinstance(part, BodyPartReader):
                    continue
                name = part.name or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())
                elif name.startswith("files["):
                    index = int(name[len("files[") : -1])
                    indexed[index] = (part.filename or f"file{index}", bytes(await part.read(decode=False)))
            files = [indexed[i] for i in sorted(indexed)]
        elif request.can_read_body:
            text = await request.text()
            payload = json.loads(text) if text else {}
        call.body = payload
        call.files = [name for name, _ in files]
        return payload, files

    # -- lookups -------------------------------------------------------------------------------
    def _channel(self, request: web.Request) -> tuple[Guild, Channel]:
        found = self.d.find_channel(_int(request.match_info["channel_id"]))
        if found is None:
            raise DiscordError(UNKNOWN_CHANNEL, violation=False)
        guild, channel = found
        if channel.id in self.d.locked_out or not perms.has(self.d.permissions(channel), "view_channel"):
            raise DiscordError(MISSING_ACCESS, violation=False)
        return guild, channel

    def _message(self, channel: Channel, request: web.Request) -> Message:
        msg = channel.message(_int(request.match_info["message_id"]))
        if msg is None or msg.ephemeral:
            raise DiscordError(UNKNOWN_MESSAGE, violation=False)
        return msg

    def _need(self, channel: Channel, *names: str) -> None:
        if not perms.has(self.d.permissions(channel), *names):
            raise DiscordError(MISSING_PERMISSIONS, ", ".join(names), violation=False)

    # -- identity and gateway ----------------------------------------------------------------
    async def gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 86_400_000, "max_concurrency": 1}
        return ok({"url": self.d.gateway_url, "shards": self.d.shard_count, "session_start_limit": limit})

    async def gateway(self, request: web.Request) -> web.Response:
        return ok({"url": self.d.gateway_url})

    async def me(self, request: web.Request) -> web.Response:
        return ok(self.d.bot_user.to_payload() | {"verified": True, "mfa_enabled": False, "flags": 0})

    async def user(self, request: web.Request) -> web.Response:
        user = self.d.users.get(_int(request.match_info["user_id"]))
        if user is None:
            raise DiscordError((404, 10013, "Unknown User"), violation=False)
        return ok(user.to_payload())

    async def application(self, request: web.Request) -> web.Response:
        bot = self.d.bot_user
        return ok(
            {
                "id": str(bot.id),
                "name": bot.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": self.d.owner_user.to_payload(),
                "team": None,
                "flags": 0,
                "rpc_origins": [],
                "bot": bot.to_payload(),
            }
        )

    # -- application commands ---------------------------------------------------------------
    def _scope(self, request: web.Request) -> int:
        if _int(request.match_info["application_id"]) != self.d.bot_user.id:
            raise DiscordError(UNKNOWN_APPLICATION)
        return _int(request.match_info.get("guild_id", "0"))

    async def get_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        return ok(self.d.guild_commands.get(scope, []) if scope else self.d.global_commands)

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        text = await request.text()
        commands = json.loads(text) if text else []
        request[CALL].body = {"commands": commands}
        problems = check_commands(commands)
        if problems:
            raise DiscordError(INVALID_FORM_BODY, "; ".join(problems))
        old = {(c["name"], int(c.get("type", 1))): c for c in (self.d.guild_commands.get(scope, []) if scope else self.d.global_commands)}
        registered: list[Json] = []
        for cmd in commands:
            previous = old.get((cmd["name"], int(cmd.get("type", 1))))
            entry = dict(cmd)
            entry.setdefault("type", 1)
            entry.setdefault("description", "")
            entry["id"] = previous["id"] if previous else str(self.d.clock.snowflake())
            entry["application_id"] = str(self.d.bot_user.id)
            entry["version"] = str(self.d.clock.snowflake())
            entry.setdefault("default_member_permissions", None)
            entry.setdefault("nsfw", False)
            if scope:
                entry["guild_id"] = str(scope)
            registered.append(entry)
        if scope:
            self.d.guild_commands[scope] = registered
        else:
            self.d.global_commands = registered
        self.d.command_syncs.append(f"guild {scope}" if scope else "global")
        return ok(registered)

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self.d.guilds.get(_int(request.match_info["guild_id"]))
        if guild is None:
            raise DiscordError((404, 10004, "Unknown Guild"), violation=False)
        payload = guild.to_payload(self.d.bot_user.id)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key)
        return ok(payload)

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.d.guilds.get(_int(request.match_info["guild_id"]))
        member = guild.members.get(_int(request.match_info["user_id"])) if guild else None
        if member is None:
            raise DiscordError((404, 10007, "Unknown Member"), violation=False)
        return ok(member.to_payload())

    # -- channels and threads -------------------------------------------------------------------
    async def get_channel(self, request: web.Request) -> web.Response:
        _, channel = self._channel(request)
        return ok(channel.to_payload(self.d.bot_user.id))

    async def patch_channel(self, request: web.Request) -> web.Response:
        guild, channel = self._channel(request)
        payload, _ = await self._body(request)
        if not channel.is_thread:
            self._need(channel, "manage_channels")
            if "name" in payload:
                channel.name = str(payload["name"])
            self.d.gateway.dispatch(guild.id, "CHANNEL_UPDATE", channel.to_payload())
            return ok(channel.to_payload())
        is_owner = channel.owner_id == self.d.bot_user.id
        if ("locked" in payload or not is_owner) and not perms.has(self.d.permissions(channel), "manage_threads"):
            raise DiscordError(MISSING_PERMISSIONS, "manage_threads", violation=False)
        if "name" in payload:
            channel.name = _thread_name(payload["name"])
        if "archived" in payload:
            channel.archived = bool(payload["archived"])
        if "locked" in payload:
            channel.locked = bool(payload["locked"])
        if "auto_archive_duration" in payload:
            channel.auto_archive_duration = int(payload["auto_archive_duration"])
        data = channel.to_payload(self.d.bot_user.id)
        self.d.gateway.dispatch(guild.id, "THREAD_UPDATE", data)
        return ok(data)

    async def thread_from_message(self, request: web.Request) -> web.Response:
        guild, channel = self._channel(request)
        msg = self._message(channel, request)
        payload, _ = await self._body(request)
        if channel.is_thread:
            raise DiscordError(WRONG_CHANNEL_TYPE, "a thread cannot start from a message in a thread")
        self._need(channel, "create_public_threads")
        if msg.thread_id is not None:
            raise DiscordError(THREAD_ALREADY_CREATED)
        thread = self._new_thread(guild, channel, payload, PUBLIC_THREAD, thread_id=msg.id)
        thread.starter_message_id = msg.id
        msg.thread_id, msg.thread = thread.id, thread
        return ok(thread.to_payload(self.d.bot_user.id), status=201)

    async def thread_without_message(self, request: web.Request) -> web.Response:
        guild, channel = self._channel(request)
        payload, _ = await self._body(request)
        if channel.is_thread:
            raise DiscordError(WRONG_CHANNEL_TYPE, "a thread cannot be created inside a thread")
        kind = int(payload.get("type") or PRIVATE_THREAD)
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise DiscordError(INVALID_FORM_BODY, f"type: {kind} is not a thread type")
        self._need(channel, "create_public_threads" if kind == PUBLIC_THREAD else "create_private_threads")
        thread = self._new_thread(guild, channel, payload, kind)
        return ok(thread.to_payload(self.d.bot_user.id), status=201)

    def _new_thread(self, guild: Guild, parent: Channel, payload: Json, kind: int, thread_id: int | None = None) -> Channel:
        active = [t for t in guild.threads if not t.archived]
        if len(active) >= self.d.active_thread_cap:
            raise DiscordError(MAX_ACTIVE_THREADS, f"{len(active)} active threads in the guild", violation=False)
        thread = Channel(
            id=thread_id or self.d.clock.snowflake(),
            guild_id=guild.id,
            name=_thread_name(payload.get("name")),
            type=kind,
            parent_id=parent.id,
            owner_id=self.d.bot_user.id,
            auto_archive_duration=int(payload.get("auto_archive_duration") or 1440),
            created_at=self.d.clock.now(),
            member_ids={self.d.bot_user.id},
        )
        guild.channels[thread.id] = thread
        self.d.gateway.dispatch(guild.id, "THREAD_CREATE", thread.to_payload(self.d.bot_user.id) | {"newly_created": True})
        return thread

    async def join_thread(self, request: web.Request) -> web.Response:
        guild, thread = self._channel(request)
        if not thread.is_thread:
            raise DiscordError(INVALID_FORM_BODY, "not a thread")
        if thread.archived:
            raise DiscordError(THREAD_ARCHIVED, violation=False)
        user_id = request.match_info["user_id"]
        uid = self.d.bot_user.id if user_id == "@me" else _int(user_id)
        if uid not in guild.members:
            raise DiscordError((404, 10007, "Unknown Member"), violation=False)
        thread.member_ids.add(uid)
        return no_content()

    async def leave_thread(self, request: web.Request) -> web.Response:
        _, thread = self._channel(request)
        user_id = request.match_info["user_id"]
        thread.member_ids.discard(self.d.bot_user.id if user_id == "@me" else _int(user_id))
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    # -- channel messages -----------------------------------------------------------------------
    async def get_messages(self, request: web.Request) -> web.Response:
        _, channel = self._channel(request)
        self._need(channel, "read_message_history")
        limit = min(100, int(request.query.get("limit", 50)))
        before = _int(request.query.get("before", str(2**63)))
        after = _int(request.query.get("after", "0"))
        found = [m for m in channel.public_messages if after < m.id < before]
        newest_first = sorted(found, key=lambda m: m.id, reverse="after" not in request.query)
        return ok([m.to_payload() for m in newest_first[:limit]])

    async def get_message(self, request: web.Request) -> web.Response:
        _, channel = self._channel(request)
        self._need(channel, "read_message_history")
        return ok(self._message(channel, request).to_payload())

    async def post_message(self, request: web.Request) -> web.Response:
        _, channel = self._channel(request)
        payload, files = await self._body(request)
        self._need(channel, "send_messages_in_threads" if channel.is_thread else "send_messages")
        if files:
            self._need(channel, "attach_files")
        if channel.is_thread and channel.archived:
            if channel.locked and not perms.has(self.d.permissions(channel), "manage_threads"):
                raise DiscordError(THREAD_ARCHIVED, violation=False)
            channel.archived = False
        msg = wrote(request, self.d.create_message(channel, payload, files))
        return ok(msg.to_payload())

    async def patch_message(self, request: web.Request) -> web.Response:
        _, channel = self._channel(request)
        msg = self._message(channel, request)
        payload, files = await self._body(request)
        if msg.author.id != self.d.bot_user.id:
            raise DiscordError((403, 50005, "Cannot edit a message authored by another user"))
        if channel.is_thread and channel.archived:
            raise DiscordError(THREAD_ARCHIVED, "edit after unarchiving (send a message or edit archived=False)",
                               violation=False)
        if files:
            self._need(channel, "attach_files")
        return ok(wrote(request, self.d.edit_message(msg, payload, files)).to_payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        _, channel = self._channel(request)
        msg = self._message(channel, request)
        if msg.author.id != self.d.bot_user.id:
            self._need(channel, "manage_messages")
        self.d.delete_message(wrote(request, msg))
        return no_content()

    # -- interaction responses ------------------------------------------------------------------
    async def callback(self, request: web.Request) -> web.Response:
        d = self.d
        record = d.interactions.get(_int(request.match_info["interaction_id"]))
        payload, files = await self._body(request)
        if record is None or record.token != request.match_info["token"]:
            raise DiscordError(UNKNOWN_INTERACTION, "no such interaction")
        latency = request[CALL].latency
        elapsed = record.elapsed(d.clock.monotonic(), latency)  # network latency both ways counts
        if record.failed or (not record.responded and elapsed > ACK_DEADLINE):
            record.failed = True
            raise DiscordError(UNKNOWN_INTERACTION, f"acknowledged after {elapsed:.2f} s, network latency "
                               f"{record.delivery_latency + latency:.2f} s included (limit {ACK_DEADLINE:.0f} s)")
        if record.responded:
            raise DiscordError(ALREADY_ACKNOWLEDGED)
        kind = int(payload.get("type", 0))
        data: Json = payload.get("data") or {}
        _check_response_kind(record, kind)
        guild, channel = self._interaction_channel(record)
        resource: Json = {"type": kind}
        if kind == CHANNEL_MESSAGE:
            msg = d.create_message(channel, data, files, interaction=record, ephemeral=bool(int(data.get("flags") or 0) & EPHEMERAL))
            record.original_id = msg.id
            resource["message"] = msg.to_payload()
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            msg = d.create_message(channel, {}, [], interaction=record, ephemeral=ephemeral, loading=True)
            record.original_id = msg.id
            resource["message"] = msg.to_payload()
        elif kind == UPDATE_MESSAGE:
            target = self._component_message(record)
            d.edit_message(target, data, files)
            record.original_id = target.id
            resource["message"] = target.to_payload()
        elif kind == DEFERRED_UPDATE:
            record.original_id = self._component_message(record).id
        elif kind == AUTOCOMPLETE_RESULT:
            choices = list(data.get("choices") or [])
            problems = check_autocomplete(choices)
            if problems:
                raise DiscordError(INVALID_FORM_BODY, "; ".join(problems))
            record.choices = choices
        elif kind == MODAL:
            problems = check_modal(data)
            if problems:
                raise DiscordError(INVALID_FORM_BODY, "; ".join(problems))
            record.modal = data
        record.response_type = kind
        record.responded_at = record.delivered_at + elapsed
        record.acknowledged.set()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        return ok(
            {
                "interaction": {
                    "id": str(record.id),
                    "type": record.type,
                    "response_message_id": str(record.original_id) if record.original_id else None,
                    "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                    "response_message_ephemeral": _is_ephemeral(d, record),
                },
                "resource": resource,
            }
        )

    def _interaction_channel(self, record: InteractionRecord) -> tuple[Guild, Channel]:
        found = self.d.find_channel(record.channel_id)
        if found is None:
            raise DiscordError(UNKNOWN_CHANNEL, violation=False)
        return found

    def _component_message(self, record: InteractionRecord) -> Message:
        msg = self.d.message(record.message_id) if record.message_id else None
        if msg is None:
            raise DiscordError(UNKNOWN_MESSAGE, violation=False)
        return msg

    def _webhook_interaction(self, request: web.Request) -> InteractionRecord:
        d = self.d
        if _int(request.match_info["application_id"]) != d.bot_user.id:
            raise DiscordError(UNKNOWN_WEBHOOK)
        record = d.interaction_by_token(request.match_info["token"])
        if record is None:
            raise DiscordError(UNKNOWN_WEBHOOK)
        latency = request[CALL].latency
        if record.expired(d.clock.monotonic(), latency):
            minutes = record.elapsed(d.clock.monotonic(), latency) / 60
            raise DiscordError(INVALID_WEBHOOK_TOKEN, f"the token is {minutes:.1f} minutes old (lasts 15)")
        if not record.responded:
            raise DiscordError(UNKNOWN_WEBHOOK, "the interaction was not acknowledged (respond or defer first)")
        if record.response_type in (AUTOCOMPLETE_RESULT, MODAL):
            raise DiscordError(UNKNOWN_WEBHOOK, "autocomplete and modal responses have no message")
        return record

    def _webhook_message(self, request: web.Request, record: InteractionRecord) -> Message:
        ref = request.match_info["message_id"]
        message_id = record.original_id if ref == "@original" else _int(ref)
        if message_id is None or (ref != "@original" and message_id not in record.followup_ids and message_id != record.original_id):
            raise DiscordError(UNKNOWN_MESSAGE, violation=False)
        msg = self.d.message(message_id)
        if msg is None:
            raise DiscordError(UNKNOWN_MESSAGE, violation=False)
        return msg

    async def followup(self, request: web.Request) -> web.Response:
        record = self._webhook_interaction(request)
        payload, files = await self._body(request)
        _, channel = self._interaction_channel(record)
        original = self.d.message(record.original_id) if record.original_id else None
        if record.response_type == DEFERRED_CHANNEL_MESSAGE and original is not None and original.loading:
            # The first follow-up after a deferred reply replaces the "thinking..." message.
            msg = self.d.edit_message(original, payload, files)
        else:
            ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
            msg = self.d.create_message(channel, payload, files, interaction=record, ephemeral=ephemeral)
            record.followup_ids.append(msg.id)
        wrote(request, msg)
        if request.query.get("wait") in ("1", "true", "True"):
            return ok(msg.to_payload())
        return no_content()

    async def webhook_get(self, request: web.Request) -> web.Response:
        record = self._webhook_interaction(request)
        return ok(self._webhook_message(request, record).to_payload())

    async def webhook_edit(self, request: web.Request) -> web.Response:
        record = self._webhook_interaction(request)
        msg = self._webhook_message(request, record)
        payload, files = await self._body(request)
        return ok(wrote(request, self.d.edit_message(msg, payload, files)).to_payload())

    async def webhook_delete(self, request: web.Request) -> web.Response:
        record = self._webhook_interaction(request)
        self.d.delete_message(wrote(request, self._webhook_message(request, record)))
        return no_content()

    async def cdn(self, request: web.Request) -> web.Response:
        attachment = self.d.attachment(_int(request.match_info["attachment_id"]))
        if attachment is None:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.content_type or "application/octet-stream")


def _int(value: str | None) -> int:
    try:
        return int(value or "")
    except ValueError:
        raise DiscordError(INVALID_FORM_BODY, f"{value!r} is not a snowflake", violation=False) from None


def _thread_name(name: Any) -> str:
    text = str(name or "").strip()
    if not 1 <= len(text) <= 100:
        raise DiscordError(INVALID_FORM_BODY, "name: Must be between 1 and 100 in length.")
    return text


def _check_response_kind(record: InteractionRecord, kind: int) -> None:
    allowed = {
        APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
        MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
        AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
        MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
    }[record.type]
    if kind not in allowed:
        raise DiscordError(INVALID_FORM_BODY, f"type: response type {kind} is not valid for interaction type {record.type}")
    if kind in (DEFERRED_UPDATE, UPDATE_MESSAGE) and record.message_id is None:
        raise DiscordError(INVALID_FORM_BODY, "type: there is no message to update")


def _is_ephemeral(double: DiscordDouble, record: InteractionRecord) -> bool:
    msg = double.message(record.original_id) if record.original_id else None
    return bool(msg and msg.ephemeral)
