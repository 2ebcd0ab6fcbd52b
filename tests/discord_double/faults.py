"""Faults a test can switch on: 429s, server errors, slow responses, per route; and
rate-limit buckets that behave like Discord's.

A route is named like the recorded calls: `"POST /channels/{channel_id}/messages"`, or
without the method to match any. Each fault fires `times` times (None: until cleared).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from aiohttp import web

from .interactions import RestCall


def rate_limited(retry_after: float, bucket: str, limit: int, *, global_limit: bool = False,
                 code: int | None = None, message: str = "You are being rate limited.") -> web.Response:
    """A 429 as Discord sends it: JSON with retry_after, a `Via` header (else discord.py suspects a
    Cloudflare ban and gives up), X-RateLimit-*."""
    body: dict[str, object] = {"message": message, "retry_after": round(retry_after, 3), "global": global_limit}
    if code is not None:
        body["code"] = code
    headers = {
        "Via": "1.1 google",
        "Retry-After": str(max(1, round(retry_after))),
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset-After": f"{retry_after:.3f}",
        "X-RateLimit-Bucket": bucket,
        "X-RateLimit-Scope": "global" if global_limit else "user",
    }
    if global_limit:
        headers["X-RateLimit-Global"] = "true"
    return web.Response(body=json.dumps(body).encode(), content_type="application/json", status=429, headers=headers)


@dataclass
class Bucket:
    """`limit` requests per `per` seconds for each channel/guild/token on a route (a fixed window,
    as Discord's buckets reset), announced in X-RateLimit-* headers on every answer."""

    route: str
    limit: int
    per: float
    windows: dict[str, tuple[float, int]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return "double-" + self.route.replace(" ", "-")

    def hit(self, major: str, now: float) -> tuple[int, float] | None:
        """Count one request; (remaining, reset_after) if allowed, None if over the limit."""
        start, used = self.windows.get(major, (now, 0))
        if now - start >= self.per:
            start, used = now, 0
        reset_after = max(0.0, start + self.per - now)
        if used >= self.limit:
            return None
        self.windows[major] = (start, used + 1)
        return self.limit - used - 1, reset_after

    def retry_after(self, major: str, now: float) -> float:
        start, _ = self.windows.get(major, (now, 0))
        return max(0.001, start + self.per - now)

    def headers(self, remaining: int, reset_after: float) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": self.name,
        }


@dataclass
class Fault:
    route: str
    status: int = 0  # 0: no error response, only a delay
    retry_after: float = 0.0
    global_limit: bool = False
    delay: float = 0.0
    times: int | None = 1
    fired: int = 0
    code: int = 0  # with a 4xx status: a Discord error (e.g. 50027 Invalid Webhook Token)
    message: str = ""
    drop: bool = False  # the connection is closed without an answer (the bot sees "server disconnected")

    def matches(self, call: RestCall) -> bool:
        """A route (`"PATCH /webhooks/{application_id}/{token}/messages/{message_id}"`) or one exact call
        (`"PATCH /webhooks/1/tok/messages/2"`: one token's edits of one message)."""
        return self.route in (call.key, call.route, f"{call.method} {call.path}")

    def response(self) -> web.Response | None:
        if self.code and self.status < 500:
            body = {"message": self.message or f"{self.status}: Discord error", "code": self.code}
            return web.Response(body=json.dumps(body).encode(), content_type="application/json", status=self.status)
        if self.status == 429:
            return rate_limited(self.retry_after, "double-" + self.route.replace(" ", "-"), 5,
                                global_limit=self.global_limit)
        if self.status >= 500:
            body = {"message": "500: Internal Server Error", "code": 0}
            return web.Response(body=json.dumps(body).encode(), content_type="application/json", status=self.status)
        return None


class Faults:
    """The switchboard (`double.faults`)."""

    def __init__(self) -> None:
        self.active: list[Fault] = []
        self.buckets: list[Bucket] = []

    def bucket(self, route: str, *, limit: int, per: float) -> Bucket:
        """Rate-limit a route like Discord: headers tell discord.py to pace itself, and a
        request over the limit gets a 429 (so a test can assert the bot never hits one)."""
        bucket = Bucket(route, limit, per)
        self.buckets.append(bucket)
        return bucket

    def bucket_for(self, call: RestCall) -> Bucket | None:
        return next((b for b in self.buckets if b.route in (call.key, call.route)), None)

    def rate_limit(self, route: str, *, retry_after: float = 0.25, times: int | None = 1, global_: bool = False) -> Fault:
        """Answer 429 with `retry_after` (as Discord does: JSON body, Via header, X-RateLimit-*)."""
        return self._add(Fault(route, status=429, retry_after=retry_after, times=times, global_limit=global_))

    def server_error(self, route: str, *, status: int = 500, times: int | None = 1) -> Fault:
        """Answer with a 5xx (500/502/504 are retried by discord.py, 503 is raised)."""
        return self._add(Fault(route, status=status, times=times))

    def error(self, route: str, *, status: int, code: int, message: str = "", times: int | None = 1) -> Fault:
        """Answer with a Discord error, e.g. ``error(CALLBACK, status=401, code=50027)`` for a token
        that expired; not a rule violation (the bot did nothing wrong), a state it must handle."""
        return self._add(Fault(route, status=status, code=code, message=message, times=times))

    def disconnect(self, route: str, *, times: int | None = 1) -> Fault:
        """Close the connection without answering, as a network or a proxy may."""
        return self._add(Fault(route, drop=True, times=times))

    def delay(self, route: str, seconds: float, *, times: int | None = None) -> Fault:
        """Answer normally but only after `seconds` (real time)."""
        return self._add(Fault(route, delay=seconds, times=times))

    def clear(self) -> None:
        self.active.clear()
        self.buckets.clear()

    def _add(self, fault: Fault) -> Fault:
        self.active.append(fault)
        return fault

    def take(self, call: RestCall) -> Fault | None:
        for fault in self.active:
            if fault.matches(call):
                fault.fired += 1
                if fault.times is not None and fault.fired >= fault.times:
                    self.active.remove(fault)
                return fault
        return None
