"""Discord's error codes as the double answers them, and the errors a test sees.

A `RuleViolation` is the bot breaking a Discord limit; it is recorded, answered with the
status and code real Discord uses, and raised in the test that caused it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# (HTTP status, Discord JSON error code, message) for every error the double produces.
UNKNOWN_CHANNEL = (404, 10003, "Unknown Channel")
UNKNOWN_MESSAGE = (404, 10008, "Unknown Message")
UNKNOWN_WEBHOOK = (404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = (404, 10062, "Unknown interaction")
UNKNOWN_APPLICATION = (404, 10002, "Unknown Application")
UNAUTHORIZED = (401, 0, "401: Unauthorized")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")
MISSING_ACCESS = (403, 50001, "Missing Access")  # the bot cannot see the channel (or was removed from it)
WRONG_CHANNEL_TYPE = (400, 50024, "Cannot execute action on this channel type")  # e.g. a thread in a thread
MAX_ACTIVE_THREADS = (400, 160006, "Maximum number of active threads reached")
ALREADY_ACKNOWLEDGED = (400, 40060, "Interaction has already been acknowledged.")
INVALID_WEBHOOK_TOKEN = (401, 50027, "Invalid Webhook Token")
INVALID_FORM_BODY = (400, 50035, "Invalid Form Body")
EMPTY_MESSAGE = (400, 50006, "Cannot send an empty message")
ENTITY_TOO_LARGE = (413, 40005, "Request entity too large")
OLD_MESSAGE_EDIT_CAP = (
    429,
    30046,
    "Maximum number of edits to messages older than 1 hour reached. Try again later.",
)
THREAD_ARCHIVED = (400, 50083, "Thread is archived")
THREAD_ALREADY_CREATED = (400, 160004, "A thread has already been created for this message")
NOT_SERVED = (404, 0, "404: Not Found (route not served by the Discord double)")
DOUBLE_BUG = (400, 0, "The Discord double itself failed (a bug in tests/discord_double)")

ErrorSpec = tuple[int, int, str]


@dataclass
class DiscordError(Exception):
    """Raised inside a route handler; becomes a JSON error response."""

    spec: ErrorSpec
    detail: str = ""
    errors: dict[str, Any] = field(default_factory=dict)
    violation: bool = True
    retry_after: float = 0.0  # a 429 (30046): seconds until the next try may pass
    limit: int = 0

    @property
    def status(self) -> int:
        return self.spec[0]

    @property
    def code(self) -> int:
        return self.spec[1]

    def describe(self) -> str:
        """The message with the double's detail: what a violation reports."""
        return self.spec[2] if not self.detail else f"{self.spec[2]}: {self.detail}"

    def body(self) -> dict[str, Any]:
        """The JSON Discord answers. A form error (50035) says only "Invalid Form Body" and puts what is wrong
        under ``errors``, nested by the field's path (``form_errors``), as Discord does."""
        errors = self.errors or (form_errors(self.detail) if self.code == INVALID_FORM_BODY[1] else {})
        message = self.spec[2] if errors else self.describe()
        out: dict[str, Any] = {"message": message, "code": self.code}
        if errors:
            out["errors"] = errors
        return out

    def __str__(self) -> str:
        return f"{self.status} (code {self.code}) {self.describe()}"


def form_errors(detail: str) -> dict[str, Any]:
    """Problems as the double words them (``"embeds.0.title: Must be 256 or fewer in length."``, joined by
    ``"; "``) in Discord's nested form: ``{"embeds": {"0": {"title": {"_errors": [{"code", "message"}]}}}}``; a
    problem without a field path goes to the top level's ``_errors``."""
    out: dict[str, Any] = {}
    for problem in filter(None, (p.strip() for p in detail.split("; "))):
        path, _, message = problem.partition(": ")
        if not message or " " in path:
            path, message = "", problem
        node = out
        for key in filter(None, path.split(".")):
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": _form_code(message), "message": message})
    return out


def _form_code(message: str) -> str:
    """Discord's code for a form problem, from its wording."""
    if "or fewer in length" in message:
        return "BASE_TYPE_MAX_LENGTH"
    if "between" in message and "length" in message:
        return "BASE_TYPE_BAD_LENGTH"
    if "duplicated" in message:
        return "COMPONENT_CUSTOM_ID_DUPLICATED"
    if message.startswith("Invalid emoji"):
        return "BUTTON_COMPONENT_INVALID_EMOJI"
    return "BASE_TYPE_INVALID"


@dataclass(frozen=True)
class RuleViolation:
    """One time the bot broke a Discord rule: what it did and what Discord answered."""

    code: int
    status: int
    message: str
    method: str
    path: str
    interaction_id: int | None

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status} (code {self.code}): {self.message}"


class DiscordRuleBroken(AssertionError):
    """The bot broke one or more Discord rules during what the test just did."""

    def __init__(self, violations: list[RuleViolation]) -> None:
        self.violations = violations
        lines = "\n  ".join(str(v) for v in violations)
        super().__init__(f"the bot broke Discord's rules:\n  {lines}")


class InteractionFailed(AssertionError):
    """The user would see "This interaction failed": no acknowledgement within 3 s."""


class UserActionError(AssertionError):
    """The test asked a user to do something Discord's client would not let them do."""
