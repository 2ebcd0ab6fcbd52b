"""Table edits a second by route kind, against Discord's global limit, read from the double's request log.

Bot-token routes (``/channels/...``) share Discord's global limit of 50 requests a second per bot, across
all its processes; interaction routes (``/interactions/...`` and the follow-up webhooks ``/webhooks/...``)
are not bound by it. A table is a public message in a game's thread: its posts and edits by the bot token
(``POST``/``PATCH /channels/{channel_id}/messages``) or through an interaction's token (a follow-up posted
with ``POST /webhooks/{application_id}/{token}`` or edited with ``PATCH .../messages/{message_id}``).
Private panels go through the same webhook routes; they are told apart by the message being ephemeral.

The double tells each call's kind (``RestCall.kind``) and whether the message it wrote is public.
"""

from __future__ import annotations

from collections.abc import Iterable

from tests.discord_double import DiscordDouble
from tests.discord_double.interactions import BOT, RestCall

GLOBAL_LIMIT_PER_S = 50
BOT_TOKEN, WEBHOOK = "bot_token", "webhook"
_BOT_TABLE = {"PATCH /channels/{channel_id}/messages/{message_id}", "POST /channels/{channel_id}/messages"}
_WEBHOOK_TABLE = {"PATCH /webhooks/{application_id}/{token}/messages/{message_id}",
                  "POST /webhooks/{application_id}/{token}"}


def under_global_limit(call: RestCall) -> bool:
    """A call Discord counts against the bot's global limit (interaction answers and webhooks are exempt)."""
    return call.kind == BOT


def table_kind(call: RestCall) -> str | None:
    """``BOT_TOKEN`` or ``WEBHOOK`` for a post or edit of a public message (a table), else None."""
    if call.key in _BOT_TABLE:
        return BOT_TOKEN
    return WEBHOOK if call.key in _WEBHOOK_TABLE and call.public else None


def busiest_second(times: Iterable[float]) -> int:
    """The most of ``times`` within any one second (a sliding window)."""
    ordered = sorted(times)
    most, first = 0, 0
    for last, when in enumerate(ordered):
        while when - ordered[first] >= 1.0:
            first += 1
        most = max(most, last - first + 1)
    return most


def route_numbers(double: DiscordDouble, since: float, until: float) -> dict[str, float]:
    """Table edits a second by route kind (mean over the play, and the busiest second), every call under the
    global limit in its busiest second, and how far that is from Discord's line (``global_limit_headroom``:
    50 minus the busiest second; negative: over the line)."""
    calls = [c for c in double.calls if since <= c.started <= until]
    wall = max(until - since, 1e-9)
    by_kind: dict[str, list[float]] = {BOT_TOKEN: [], WEBHOOK: []}
    for call in calls:
        kind = table_kind(call)
        if kind is not None:
            by_kind[kind].append(call.started)
    out: dict[str, float] = {}
    for kind, times in by_kind.items():
        out[f"table_edits_per_s_{kind}"] = round(len(times) / wall, 2)
        out[f"table_edits_busiest_s_{kind}"] = float(busiest_second(times))
    paced = busiest_second(c.started for c in calls if under_global_limit(c))
    out["global_limit_busiest_s"] = float(paced)
    out["global_limit_headroom"] = float(GLOBAL_LIMIT_PER_S - paced)
    return out


def route_lines(double: DiscordDouble, since: float, until: float) -> str:
    """The same, as one line for the report (with the calls by route kind)."""
    numbers = route_numbers(double, since, until)
    kinds = double.calls_by_kind(since, until)
    return (f"table edits a second: bot token {numbers['table_edits_per_s_bot_token']} "
            f"(busiest second {numbers['table_edits_busiest_s_bot_token']:g}), interaction webhook "
            f"{numbers['table_edits_per_s_webhook']} (busiest {numbers['table_edits_busiest_s_webhook']:g}); "
            f"all calls under the global limit: busiest second {numbers['global_limit_busiest_s']:g} of "
            f"{GLOBAL_LIMIT_PER_S}; calls by route kind: {dict(kinds)}")
