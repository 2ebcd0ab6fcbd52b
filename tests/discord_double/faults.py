"""Faults a test can switch on: 429s, server errors, slow responses, per route.

A route is named like the recorded calls: `"POST /channels/{channel_id}/messages"`, or
without the method to match any. Each fault fires `times` times (None: until cleared).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from aiohttp import web

from .interactions import RestCall


@dataclass
class Fault:
    route: str
    status: int = 0  # 0: no error response, only a delay
    retry_after: float = 0.0
    global_limit: bool = False
    delay: float = 0.0
    times: int | None = 1
    fired: int = 0

    def matches(self, call: RestCall) -> bool:
        return self.route in (call.key, call.route)

    def response(self) -> web.Response | None:
        if self.status == 429:
            body = {"message": "You are being rate limited.", "retry_after": self.retry_after, "global": self.global_limit}
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(self.retry_after))),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": str(self.retry_after),
                "X-RateLimit-Bucket": "double-" + self.route.replace(" ", "-"),
                "X-RateLimit-Scope": "global" if self.global_limit else "user",
            }
            if self.global_limit:
                headers["X-RateLimit-Global"] = "true"
            return web.Response(body=json.dumps(body).encode(), content_type="application/json", status=429, headers=headers)
        if self.status >= 500:
            body = {"message": "500: Internal Server Error", "code": 0}
            return web.Response(body=json.dumps(body).encode(), content_type="application/json", status=self.status)
        return None


class Faults:
    """The switchboard (`double.faults`)."""

    def __init__(self) -> None:
        self.active: list[Fault] = []

    def rate_limit(self, route: str, *, retry_after: float = 0.25, times: int | None = 1, global_: bool = False) -> Fault:
        """Answer 429 with `retry_after` (as Discord does: JSON body, Via header, X-RateLimit-*)."""
        return self._add(Fault(route, status=429, retry_after=retry_after, times=times, global_limit=global_))

    def server_error(self, route: str, *, status: int = 500, times: int | None = 1) -> Fault:
        """Answer with a 5xx (500/502/504 are retried by discord.py, 503 is raised)."""
        return self._add(Fault(route, status=status, times=times))

    def delay(self, route: str, seconds: float, *, times: int | None = None) -> Fault:
        """Answer normally but only after `seconds` (real time)."""
        return self._add(Fault(route, delay=seconds, times=times))

    def clear(self) -> None:
        self.active.clear()

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
