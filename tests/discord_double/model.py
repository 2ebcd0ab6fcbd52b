"""The double's in-memory world: users, guilds, channels, threads, messages.

Objects here hold state and render it as Discord JSON payloads; the rules about who may
change what live in `rest.py` and `limits.py`.
"""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .clock import iso
from .errors import UserActionError

if TYPE_CHECKING:
    from PIL import Image

Json = dict[str, Any]

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

TEXT_CHANNEL = 0
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)


@dataclass
class User:
    """A Discord account (a person or the bot)."""

    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_payload(self) -> Json:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if self.bot else self.name.capitalize(),
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
        }


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    def to_payload(self) -> Json:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class GuildMember:
    user: User
    role_ids: list[int]
    joined_at: datetime

    def to_payload(self) -> Json:
        return {
            "user": self.user.to_payload(),
            "nick": None,
            "avatar": None,
            "roles": [str(r) for r in self.role_ids],
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }


@dataclass
class Overwrite:
    """A channel permission overwrite; type 0 targets a role, 1 a member."""

    target_id: int
    type: int
    allow: int = 0
    deny: int = 0

    def to_payload(self) -> Json:
        return {"id": str(self.target_id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass
class Attachment:
    """A file on a message, kept as bytes so tests can open it."""

    id: int
    filename: str
    data: bytes
    base_url: str
    content_type: str | None = None
    description: str | None = None
    _dimensions: tuple[int, int] | None = field(default=None, repr=False, compare=False)

    @property
    def url(self) -> str:
        return f"{self.base_url}/attachments/{self.id}/{self.filename}"

    @property
    def size(self) -> int:
        return len(self.data)

    def image(self) -> Image.Image:
        """The attachment decoded with Pillow (fails the test if it is not an image)."""
        from PIL import Image

        img = Image.open(io.BytesIO(self.data))
        img.load()
        return img

    def to_payload(self) -> Json:
        out: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            out["content_type"] = self.content_type
        if self.description is not None:
            out["description"] = self.description
        if self.data.startswith(b"\x89PNG"):
            out["content_type"] = "image/png"
            if self._dimensions is None:  # decoded once: a message is sent in every answer that shows it
                with contextlib.suppress(Exception):  # a broken PNG is reported by the test that opens it
                    self._dimensions = self.image().size
            if self._dimensions is not None:
                out["width"], out["height"] = self._dimensions
        return out


@dataclass(frozen=True)
class Button:
    """A button as the user sees it."""

    label: str | None
    custom_id: str | None
    style: int
    disabled: bool
    emoji: str | None
    url: str | None

    @classmethod
    def from_payload(cls, data: Json) -> Button:
        emoji = data.get("emoji")
        emoji_text = None if not emoji else (emoji.get("name") or str(emoji.get("id")))
        return cls(
            label=data.get("label"),
            custom_id=data.get("custom_id"),
            style=int(data.get("style", 1)),
            disabled=bool(data.get("disabled", False)),
            emoji=emoji_text,
            url=data.get("url"),
        )


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None
    default: bool


@dataclass(frozen=True)
class SelectMenu:
    """A select menu as the user sees it (type 3 string select, 5-8 entity selects)."""

    type: int
    custom_id: str
    placeholder: str | None
    options: tuple[SelectOption, ...]
    min_values: int
    max_values: int
    disabled: bool

    @property
    def values(self) -> list[str]:
        return [o.value for o in self.options]

    @property
    def labels(self) -> list[str]:
        return [o.label for o in self.options]

    @classmethod
    def from_payload(cls, data: Json) -> SelectMenu:
        return cls(
            type=int(data["type"]),
            custom_id=str(data.get("custom_id", "")),
            placeholder=data.get("placeholder"),
            options=tuple(
                SelectOption(
                    label=str(o.get("label", "")),
                    value=str(o.get("value", "")),
                    description=o.get("description"),
                    default=bool(o.get("default", False)),
                )
                for o in data.get("options", [])
            ),
            min_values=int(data.get("min_values", 1)),
            max_values=int(data.get("max_values", 1)),
            disabled=bool(data.get("disabled", False)),
        )


SELECT_TYPES = (3, 5, 6, 7, 8)


def walk_components(components: list[Json]) -> list[Json]:
    """Every component in a tree (action rows, containers, sections), depth first."""
    out: list[Json] = []
    for comp in components:
        out.append(comp)
        out.extend(walk_components(comp.get("components", [])))
        accessory = comp.get("accessory")
        if isinstance(accessory, dict):
            out.append(accessory)
    return out


@dataclass(frozen=True)
class Version:
    """One past state of an edited message."""

    content: str
    embeds: list[Json]
    components: list[Json]
    attachments: list[Attachment]
    flags: int
    at: datetime


@dataclass
class Message:
    """A message in a channel or thread; ephemeral ones are visible to one user only."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    created_at: datetime
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    tts: bool = False
    edited_at: datetime | None = None
    ephemeral_for: int | None = None
    interaction_id: int | None = None
    interaction_user: User | None = None
    interaction_type: int | None = None
    interaction_name: str = ""  # the command's name (the deprecated ``interaction`` field still carries it)
    interacted_message_id: int | None = None  # a component interaction's: the message whose component was used
    original_response_id: int | None = None  # a follow-up's: its interaction's own response
    mentioned: list[User] = field(default_factory=list)  # the users it notified (``mentions``)
    webhook_id: int | None = None
    allowed_mentions: Json | None = None
    reference_id: int | None = None
    thread_id: int | None = None
    #: the thread started from this message: Discord sends it whole (a channel object) with the message
    thread: Channel | None = field(default=None, compare=False, repr=False)
    deleted: bool = False
    edits: list[Version] = field(default_factory=list)
    pinged_user_ids: list[int] = field(default_factory=list)
    pinged_role_ids: list[int] = field(default_factory=list)
    pinged_everyone: bool = False

    # -- reading it like a user -------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still showing "is thinking..."."""
        return bool(self.flags & LOADING)

    @property
    def embed(self) -> Json | None:
        return self.embeds[0] if self.embeds else None

    @property
    def text(self) -> str:
        """Everything readable: content, then embed titles, descriptions and fields."""
        parts = [self.content] if self.content else []
        for e in self.embeds:
            for key in ("title", "description"):
                if e.get(key):
                    parts.append(str(e[key]))
            for f in e.get("fields", []):
                parts.append(f"{f.get('name', '')}: {f.get('value', '')}")
            if e.get("footer", {}).get("text"):
                parts.append(str(e["footer"]["text"]))
        parts.extend(str(c["content"]) for c in walk_components(self.components) if c.get("type") == 10)
        return "\n".join(parts)

    @property
    def buttons(self) -> list[Button]:
        return [Button.from_payload(c) for c in walk_components(self.components) if c.get("type") == 2]

    @property
    def selects(self) -> list[SelectMenu]:
        return [SelectMenu.from_payload(c) for c in walk_components(self.components) if c.get("type") in SELECT_TYPES]

    def button(self, label_or_id: str) -> Button:
        """The button with this label (or custom_id); fails listing what is there."""
        for b in self.buttons:
            if label_or_id in (b.label, b.custom_id):
                return b
        found = [b.label or b.custom_id for b in self.buttons]
        raise UserActionError(f"no button {label_or_id!r} on message {self.id}; buttons: {found}")

    def select(self, placeholder_or_id: str) -> SelectMenu:
        """The select menu with this placeholder (or custom_id)."""
        for s in self.selects:
            if placeholder_or_id in (s.placeholder, s.custom_id):
                return s
        found = [s.placeholder or s.custom_id for s in self.selects]
        raise UserActionError(f"no select {placeholder_or_id!r} on message {self.id}; selects: {found}")

    def has_button(self, label_or_id: str) -> bool:
        return any(label_or_id in (b.label, b.custom_id) for b in self.buttons)

    @property
    def images(self) -> list[Image.Image]:
        return [a.image() for a in self.attachments if a.data.startswith(b"\x89PNG")]

    @property
    def allows_mass_mention(self) -> bool:
        """Could text in this message ping @everyone/@here or a role? (no allowed_mentions = yes)."""
        am = self.allowed_mentions
        if am is None:
            return True
        parse = am.get("parse", [])
        return "everyone" in parse or "roles" in parse

    # -- changing it -------------------------------------------------------------------
    def snapshot(self) -> Version:
        return Version(
            content=self.content,
            embeds=list(self.embeds),
            components=list(self.components),
            attachments=list(self.attachments),
            flags=self.flags,
            at=self.edited_at or self.created_at,
        )

    def to_payload(self) -> Json:
        out: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_payload(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None,
            "tts": self.tts,
            "mention_everyone": self.pinged_everyone,
            "mentions": [u.to_payload() for u in self.mentioned],
            "mention_roles": [str(r) for r in self.pinged_role_ids],
            "attachments": [a.to_payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            out["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            out["webhook_id"] = str(self.webhook_id)
            out["application_id"] = str(self.webhook_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            out["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type or 2,
                "user": self.interaction_user.to_payload(),
                "authorizing_integration_owners": {"0": str(self.guild_id)} if self.guild_id else {},
            }
            if self.interacted_message_id is not None:
                out["interaction_metadata"]["interacted_message_id"] = str(self.interacted_message_id)
            if self.original_response_id is not None:
                out["interaction_metadata"]["original_response_message_id"] = str(self.original_response_id)
            out["interaction"] = {  # deprecated, and still sent by Discord beside interaction_metadata
                "id": str(self.interaction_id),
                "type": self.interaction_type or 2,
                "name": self.interaction_name,
                "user": self.interaction_user.to_payload(),
            }
        if self.reference_id is not None:
            out["message_reference"] = {
                "type": 0,
                "message_id": str(self.reference_id),
                "channel_id": str(self.channel_id),
            }
        if self.thread is not None:  # the whole thread channel, with the bot's thread member (it created it)
            out["thread"] = self.thread.to_payload(self.thread.owner_id)
        return out

    def __repr__(self) -> str:
        kind = f"ephemeral for {self.ephemeral_for}" if self.ephemeral else "public"
        return f"<Message {self.id} {kind} by {self.author.name}: {self.content[:40]!r}>"


MENTION_USER = re.compile(r"<@!?(\d+)>")
MENTION_ROLE = re.compile(r"<@&(\d+)>")


@dataclass
class Channel:
    """A guild text channel or a thread under one."""

    id: int
    guild_id: int
    name: str
    type: int = TEXT_CHANNEL
    parent_id: int | None = None
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)  # public and ephemeral, in order
    # threads only
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    created_at: datetime | None = None
    last_activity: datetime | None = None  # the last message in the thread (archiving counts from it)
    member_ids: set[int] = field(default_factory=set)
    starter_message_id: int | None = None
    # message id -> message, for the first ``_indexed`` of ``messages`` (only ever appended to)
    _by_id: dict[int, Message] = field(default_factory=dict, repr=False, compare=False)
    _indexed: int = field(default=0, repr=False, compare=False)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def public_messages(self) -> list[Message]:
        """What everyone in the channel sees, oldest first."""
        return [m for m in self.messages if not m.ephemeral and not m.deleted]

    @property
    def last_message(self) -> Message | None:
        public = self.public_messages
        return public[-1] if public else None

    def message(self, message_id: int) -> Message | None:
        """One of this channel's messages by id (not deleted). Indexed: at 300 games the double spent most
        of its time looking through every message for one."""
        if len(self.messages) < self._indexed:  # not expected (append only), but never a stale answer
            self._by_id, self._indexed = {}, 0
        for m in self.messages[self._indexed:]:
            self._by_id[m.id] = m
        self._indexed = len(self.messages)
        found = self._by_id.get(message_id)
        return found if found is not None and not found.deleted else None

    def to_payload(self, bot_id: int | None = None) -> Json:
        out: Json = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [o.to_payload() for o in self.overwrites],
            "nsfw": False,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "rate_limit_per_user": 0,
            "last_message_id": str(self.messages[-1].id) if self.messages else None,
            "flags": 0,
        }
        if not self.is_thread:
            out["topic"] = None
            return out
        created = self.created_at
        out.update(
            {
                "owner_id": str(self.owner_id) if self.owner_id else None,
                "message_count": len(self.public_messages),
                "member_count": len(self.member_ids),
                "total_message_sent": len(self.public_messages),
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso(created) if created else None,
                    "locked": self.locked,
                    "invitable": True,
                    "create_timestamp": iso(created) if created else None,
                },
            }
        )
        out.pop("permission_overwrites")
        out.pop("position")
        if bot_id is not None and bot_id in self.member_ids and created is not None:
            out["member"] = {"id": str(self.id), "user_id": str(bot_id), "join_timestamp": iso(created), "flags": 0}
        return out


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    created_at: datetime
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, GuildMember] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    locale: str = "en-US"

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    @property
    def text_channels(self) -> list[Channel]:
        return [c for c in self.channels.values() if not c.is_thread]

    @property
    def threads(self) -> list[Channel]:
        return [c for c in self.channels.values() if c.is_thread]

    def role(self, name: str) -> Role:
        for r in self.roles.values():
            if r.name == name:
                return r
        raise KeyError(f"no role {name!r} in {self.name}")

    def to_payload(self, bot_id: int) -> Json:
        """The full GUILD_CREATE payload."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": "",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "application_id": None,
            "preferred_locale": self.locale,
            "features": [],
            "roles": [r.to_payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "soundboard_sounds": [],
            "joined_at": iso(self.created_at),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "max_members": 500000,
            "members": [m.to_payload() for m in self.members.values()],
            "channels": [c.to_payload(bot_id) for c in self.text_channels],
            "threads": [c.to_payload(bot_id) for c in self.threads if not c.archived],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
        }
