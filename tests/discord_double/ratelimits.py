"""Discord's rate limits and network latency, on by default.

Rate limits: a bucket per route and channel (or guild, or interaction token) announced in
`X-RateLimit-*` headers on every answer, a global 50 requests/s per bot (interaction endpoints
exempt), and 429 + `retry_after` over a limit. Edits of messages older than an hour share a small
per-channel allowance and are answered 429 with code 30046.

discord.py paces itself from the headers: after the last request a bucket allows it sleeps until
the bucket resets, inside the call that used it up. So that the suite does not wait in real
time, the double remembers until when it told the bot to wait (`waiting_until`), and when the
bot has gone quiet meanwhile, it moves its clock there (`FakeClock.advance`, which also brings
the bot's pending sleeps forward): the wait costs no real time, and everything timed on the
double's clock saw it pass.

Latency: every gateway event and REST call is charged a delay drawn from a seeded generator
(50–250 ms by default). Nothing sleeps; the delays count against Discord's deadlines, so an
acknowledgement arrives at (time the bot took) + (event's latency) + (response's latency).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from aiohttp import web

from .faults import Bucket, rate_limited
from .interactions import RestCall

# (limit, seconds) per route and major parameter, as Discord's buckets are observed; other routes get OTHER.
ROUTE_LIMITS: dict[str, tuple[int, float]] = {
    "POST /channels/{channel_id}/messages": (5, 5.0),
    "PATCH /channels/{channel_id}/messages/{message_id}": (5, 5.0),
    "DELETE /channels/{channel_id}/messages/{message_id}": (5, 1.0),
    "POST /channels/{channel_id}/messages/{message_id}/threads": (10, 10.0),
    "POST /channels/{channel_id}/threads": (10, 10.0),
    "PATCH /channels/{channel_id}": (5, 10.0),
}
OTHER = (50, 1.0)
INTERACTION_LIMIT = (30, 2.0)  # per interaction: its callback
#: per interaction token, one bucket for all its webhook routes (follow-ups, their edits and deletes, @original):
#: Discord says "Interactions webhooks share the same rate limit properties as normal webhooks"; it publishes no
#: figure, and webhooks are observed at 5 requests per 2 s (discord.py keeps one bucket per webhook and token too)
WEBHOOK_LIMIT = (5, 2.0)
WEBHOOK_BUCKET = "/webhooks/{application_id}/{token}"
GLOBAL_LIMIT = (50, 1.0)
OLD_EDIT_LIMIT = (3, 6.0)  # edits of messages older than 1 h, per channel (30046)
INTERACTION_PREFIXES = ("/interactions/", "/webhooks/")


@dataclass(frozen=True)
class Latency:
    """Network delay per gateway event and REST call: uniform in [low, high] seconds, from `seed`."""

    low: float = 0.05
    high: float = 0.25
    seed: int = 30


DEFAULT_LATENCY = Latency()


class LatencyModel:
    def __init__(self, latency: Latency | None) -> None:
        self.latency = latency
        self._rng = random.Random(latency.seed if latency else 0)

    def draw(self) -> float:
        """One delay (0 when latency is off)."""
        if self.latency is None:
            return 0.0
        return self._rng.uniform(self.latency.low, self.latency.high)


@dataclass
class RateLimits:
    """Discord's limits as the double applies them (`double.rate_limits`); `enabled=False` switches
    every one off (say why in the test)."""

    enabled: bool = True
    buckets: dict[str, Bucket] = field(default_factory=dict)
    global_bucket: Bucket = field(default_factory=lambda: Bucket("global", *GLOBAL_LIMIT))
    old_edits: Bucket = field(default_factory=lambda: Bucket("old-message-edits", *OLD_EDIT_LIMIT))
    waiting_until: float | None = None  # on the double's clock: until when the bot was told to wait
    limited: list[RestCall] = field(default_factory=list)  # every call answered 429
    exhausted: dict[str, int] = field(default_factory=dict)  # route -> times a bucket was used up (a wait)
    skipped: float = 0.0  # seconds of rate-limit waits the clock skipped

    def bucket(self, call: RestCall) -> Bucket:
        key = WEBHOOK_BUCKET if call.route.startswith("/webhooks/") else call.key
        found = self.buckets.get(key)
        if found is None:
            if key == WEBHOOK_BUCKET:
                limit, per = WEBHOOK_LIMIT
            elif call.route.startswith(INTERACTION_PREFIXES):
                limit, per = INTERACTION_LIMIT
            else:
                limit, per = ROUTE_LIMITS.get(call.key, OTHER)
            found = self.buckets[key] = Bucket(key, limit, per)
        return found

    def admit(self, call: RestCall, major: str, now: float) -> tuple[web.Response | None, dict[str, str]]:
        """(a 429 to answer instead, or None) and the headers for the answer."""
        if not self.enabled:
            return None, {}
        exempt = call.route.startswith(INTERACTION_PREFIXES)  # interaction endpoints skip the global limit
        if not exempt and self.global_bucket.hit("", now) is None:
            retry = self.global_bucket.retry_after("", now)
            self.wait(now + retry)
            return rate_limited(retry, "global", GLOBAL_LIMIT[0], global_limit=True), {}
        bucket = self.bucket(call)
        allowance = bucket.hit(major, now)
        if allowance is None:
            retry = bucket.retry_after(major, now)
            self.wait(now + retry)
            return rate_limited(retry, bucket.name, bucket.limit), {}
        remaining, reset_after = allowance
        if remaining == 0:
            self.exhausted[call.key] = self.exhausted.get(call.key, 0) + 1
            self.wait(now + reset_after)  # discord.py sleeps this long before its next request on the bucket
        return None, bucket.headers(remaining, reset_after)

    def old_edit(self, channel_id: int, now: float) -> float | None:
        """Count an edit of a message older than 1 h; seconds to wait if it is over the allowance."""
        if not self.enabled:
            return None
        if self.old_edits.hit(str(channel_id), now) is not None:
            return None
        retry = self.old_edits.retry_after(str(channel_id), now)
        self.wait(now + retry)
        return retry

    def wait(self, until: float) -> None:
        self.waiting_until = until if self.waiting_until is None else max(self.waiting_until, until)
