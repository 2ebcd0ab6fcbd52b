"""Interactions as the double tracks them, and the REST calls it records.

An `InteractionRecord` follows one click or command from delivery over the gateway to
its acknowledgement, every REST call it caused and the messages it produced.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from .errors import RuleViolation
from .model import User

Json = dict[str, Any]

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9

ACK_DEADLINE = 3.0
BOT, INTERACTION = "bot", "interaction"  # route kinds (``RestCall.kind``)
TOKEN_LIFETIME = 15 * 60.0


@dataclass
class RestCall:
    """One HTTP request the bot made (interaction callbacks and webhooks included)."""

    method: str
    path: str
    route: str
    started: float
    interaction_id: int | None = None
    finished: float | None = None
    status: int | None = None
    error_code: int | None = None
    body: Json | None = None
    files: list[str] = field(default_factory=list)
    latency: float = 0.0  # simulated network delay of the answer (charged, never slept)
    message_id: int | None = None  # the message it created, edited or deleted (when it succeeded)
    public: bool = False  # ... and that message is one everyone sees (not ephemeral)

    @property
    def key(self) -> str:
        """`"POST /channels/{channel_id}/messages"`: the route without ids."""
        return f"{self.method} {self.route}"

    @property
    def kind(self) -> str:
        """`"interaction"` for interaction endpoints (the callback and the token's webhook routes: not under the
        bot's global limit), `"bot"` for every route called with the bot's token."""
        return INTERACTION if self.route.startswith(("/interactions/", "/webhooks/")) else BOT

    @property
    def is_interaction_response(self) -> bool:
        return self.route == "/interactions/{interaction_id}/{token}/callback"

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300

    def __repr__(self) -> str:
        return f"<RestCall {self.method} {self.path} -> {self.status}>"


@dataclass
class InteractionRecord:
    """One interaction from a user: what was sent to the bot and everything that followed."""

    id: int
    token: str
    type: int
    user: User
    guild_id: int
    channel_id: int
    name: str
    payload: Json
    delivered_at: float
    message_id: int | None = None
    delivery_latency: float = 0.0  # simulated delay of INTERACTION_CREATE reaching the bot (charged, never slept)
    response_type: int | None = None
    responded_at: float | None = None
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    failed: bool = False
    choices: list[Json] | None = None
    modal: Json | None = None
    calls: list[RestCall] = field(default_factory=list)
    violations: list[RuleViolation] = field(default_factory=list)
    acknowledged: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def responded(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    @property
    def ack_seconds(self) -> float | None:
        """How long the bot took to acknowledge (on the double's clock)."""
        return None if self.responded_at is None else self.responded_at - self.delivered_at

    @property
    def other_calls(self) -> list[RestCall]:
        """Calls this interaction caused besides the interaction response itself."""
        return [c for c in self.calls if not c.is_interaction_response]

    @property
    def calls_beyond_answer(self) -> list[RestCall]:
        """``other_calls`` without the answer itself. An interaction acknowledged bare (a handler that was slow,
        on a busy machine, defers first: ``bot.replies``) gets its answer in its token's first call, an edit of
        ``@original`` or a follow-up: that call is the answer, not one the interaction cost besides."""
        calls = self.other_calls
        if self.deferred:
            for i, call in enumerate(calls):
                if call.route.startswith("/webhooks/"):
                    return calls[:i] + calls[i + 1:]
        return calls

    @property
    def latency(self) -> float | None:
        """Seconds from delivery to the end of the last REST call this interaction caused (network
        latency of the event and of that call included)."""
        ends = [c.finished + c.latency for c in self.calls if c.finished is not None]
        return max(ends) - self.delivered_at + self.delivery_latency if ends else None

    def elapsed(self, now: float, latency: float = 0.0) -> float:
        """Seconds since Discord sent the interaction, for a request the bot makes at `now` (double's
        clock) whose trip takes `latency`: the event's own delay counts too."""
        return now - self.delivered_at + self.delivery_latency + latency

    def expired(self, now: float, latency: float = 0.0) -> bool:
        return self.elapsed(now, latency) > TOKEN_LIFETIME

    def __repr__(self) -> str:
        return f"<Interaction {self.id} type={self.type} {self.name!r} by {self.user.name} response={self.response_type}>"
