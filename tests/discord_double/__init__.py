"""A Discord test double: the real bot talks to a small Discord on 127.0.0.1.

Start a `DiscordDouble`, start the bot with `bot.start(token)`, then act as people::

    msg = await double["alice"].run("/help")
    assert msg.ephemeral and "Goita" in msg.content

See README.md in this folder for the guide.
"""

from .clock import FakeClock
from .double import DiscordDouble
from .errors import DiscordRuleBroken, InteractionFailed, RuleViolation, UserActionError
from .faults import Bucket, Fault, Faults
from .interactions import InteractionRecord, RestCall
from .model import Attachment, Button, Channel, Guild, Message, Role, SelectMenu, SelectOption, User, Version
from .people import Choice, Person
from .ratelimits import Latency, LatencyModel, RateLimits

__all__ = [
    "Attachment",
    "Bucket",
    "Button",
    "Channel",
    "Choice",
    "DiscordDouble",
    "DiscordRuleBroken",
    "FakeClock",
    "Fault",
    "Faults",
    "Guild",
    "InteractionFailed",
    "InteractionRecord",
    "Latency",
    "LatencyModel",
    "Message",
    "Person",
    "RateLimits",
    "RestCall",
    "Role",
    "RuleViolation",
    "SelectMenu",
    "SelectOption",
    "User",
    "UserActionError",
    "Version",
]
