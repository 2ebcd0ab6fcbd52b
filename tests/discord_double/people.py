"""People in the double's world and what they do: run commands, click, select, type.

Each action builds the INTERACTION_CREATE payload Discord's client would cause, checks
first that a real client would allow it (the command exists and the member may use it,
the button is there and enabled, the values are on offer), delivers it over the gateway
and waits until the bot has answered and gone quiet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import permissions as perms
from .errors import UserActionError
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
)
from .limits import check_locale
from .model import Channel, Guild, Message, Role, SelectMenu, User

if TYPE_CHECKING:
    from .double import DiscordDouble

Json = dict[str, Any]

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


@dataclass(frozen=True)
class Choice:
    """An autocomplete suggestion as the user sees it."""

    name: str
    value: str | int | float


class Person:
    """A guild member the test acts as (`alice`, `bob`, ...)."""

    def __init__(self, double: DiscordDouble, user: User, guild: Guild) -> None:
        self.double = double
        self.user = user
        self.guild = guild

    def __repr__(self) -> str:
        return f"<Person {self.name}>"

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def mention(self) -> str:
        return self.user.mention

    @property
    def locale(self) -> str:
        return self.user.locale

    @locale.setter
    def locale(self, value: str) -> None:
        self.user.locale = check_locale(value)

    # -- what this person sees ---------------------------------------------------------------
    @property
    def ephemerals(self) -> list[Message]:
        """Ephemeral messages only this person can see, oldest first."""
        return self.double.ephemerals_for(self.id)

    @property
    def last_ephemeral(self) -> Message:
        found = self.ephemerals
        if not found:
            raise UserActionError(f"{self.name} has no ephemeral message")
        return found[-1]

    @property
    def interactions(self) -> list[InteractionRecord]:
        return [i for i in self.double.interactions.values() if i.user.id == self.id]

    @property
    def last_interaction(self) -> InteractionRecord:
        mine = self.interactions
        if not mine:
            raise UserActionError(f"{self.name} has not interacted yet")
        return mine[-1]

    @property
    def modal(self) -> Json | None:
        """The modal the bot opened in answer to this person's last interaction, if any."""
        mine = self.interactions
        return mine[-1].modal if mine else None

    def can_see(self, message: Message) -> bool:
        return message.ephemeral_for in (None, self.id)

    # -- slash commands -------------------------------------------------------------------------
    async def run(self, command: str, /, *, channel: Channel | str | None = None, locale: str | None = None,
                  **options: Any) -> Message:
        """Run `/name [group] [sub]` with options, e.g. `await alice.run("/lobby create", game="goita")`.

        Returns the response message (for a deferred reply, as it reads once the bot is quiet).
        """
        record = await self.begin_run(command, channel=channel, locale=locale, **options)
        return _message_or_fail(record, await self.double.wait(record))

    async def begin_run(self, command: str, /, *, channel: Channel | str | None = None, locale: str | None = None,
                        **options: Any) -> InteractionRecord:
        """Deliver a command without waiting; finish with `await double.wait(record)`."""
        where = self._channel(channel)
        data = self._command_data(command, where, options, focused=None)
        record = self.double.new_interaction(
            kind=APPLICATION_COMMAND, person=self, channel=where, name=command, data=data, locale=locale
        )
        self.double.deliver(record)
        return record

    async def autocomplete(self, command: str, option: str, typed: str, /, *, channel: Channel | str | None = None,
                           locale: str | None = None, **options: Any) -> list[Choice]:
        """Type `typed` into `option` of a command; returns the suggestions the bot offers."""
        where = self._channel(channel)
        data = self._command_data(command, where, options, focused=(option, typed))
        record = self.double.new_interaction(
            kind=AUTOCOMPLETE, person=self, channel=where, name=f"{command} [{option}]", data=data, locale=locale
        )
        self.double.deliver(record)
        await self.double.wait(record)
        if record.choices is None:
            raise UserActionError(f"the bot answered autocomplete for {command} {option} without choices")
        return [Choice(str(c["name"]), c["value"]) for c in record.choices]

    # -- components --------------------------------------------------------------------------------
    async def click(self, message: Message, button: str, /, *, locale: str | None = None) -> Message:
        """Click the button with this label or custom_id. Returns what the user then looks at."""
        record = await self.begin_click(message, button, locale=locale)
        return _message_or_fail(record, await self.double.wait(record))

    async def begin_click(self, message: Message, button: str, /, *, locale: str | None = None) -> InteractionRecord:
        current = self._visible(message)
        target = current.button(button)
        if target.disabled:
            raise UserActionError(f"button {button!r} on message {message.id} is disabled")
        if target.custom_id is None:
            raise UserActionError(f"button {button!r} is a link button: clicking it opens {target.url}")
        data = {"custom_id": target.custom_id, "component_type": 2}
        return self._deliver_component(current, data, f"click {button!r}", locale)

    async def select(self, message: Message, menu: str, values: Sequence[str] | str, /, *,
                     locale: str | None = None) -> Message:
        """Pick `values` (option values or labels) in the select menu with this placeholder or custom_id."""
        record = await self.begin_select(message, menu, values, locale=locale)
        return _message_or_fail(record, await self.double.wait(record))

    async def begin_select(self, message: Message, menu: str, values: Sequence[str] | str, /, *,
                           locale: str | None = None) -> InteractionRecord:
        current = self._visible(message)
        target = current.select(menu)
        chosen = _select_values(target, [values] if isinstance(values, str) else list(values))
        data: Json = {"custom_id": target.custom_id, "component_type": target.type, "values": chosen}
        if target.type in (5, 6):  # user / role select: Discord resolves the picked ids
            data["resolved"] = self._resolved_users(chosen) if target.type == 5 else {}
        return self._deliver_component(current, data, f"select {menu!r}", locale)

    async def begin_forged_component(self, message: Message, custom_id: str, values: Sequence[str] | None = None,
                                     /, *, locale: str | None = None) -> InteractionRecord:
        """A click on a component with any `custom_id` (and select `values`), as if `message` carried it:
        a message posted by an older or buggy version of the bot. (Discord itself only delivers
        clicks on components a message really has.) For fuzz tests."""
        current = self._visible(message)
        where = self.double.find_channel(current.channel_id)
        if where is None:
            raise UserActionError(f"the channel of message {message.id} is gone")
        data: Json = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        component: Json = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
        if values is not None:
            data["values"] = list(values)
            component = {"type": 3, "custom_id": custom_id, "min_values": 1, "max_values": max(1, len(values)),
                         "options": [{"label": v[:100] or "?", "value": v} for v in values]}
        record = self.double.new_interaction(kind=MESSAGE_COMPONENT, person=self, channel=where[1],
                                             name=f"forged {custom_id!r}", data=data, message=current, locale=locale)
        shown = record.payload["message"]
        shown["components"] = [*shown.get("components", [])[:4], {"type": 1, "components": [component]}]
        self.double.deliver(record)
        return record

    async def submit(self, fields: dict[str, str], /, *, locale: str | None = None) -> Message | None:
        """Fill in and submit the modal the bot just opened for this person."""
        origin = self.last_interaction
        modal = origin.modal
        if modal is None:
            raise UserActionError(f"no modal is open for {self.name}")
        rows = []
        for comp in _modal_inputs(modal):
            custom_id = str(comp["custom_id"])
            if comp.get("required", True) and not fields.get(custom_id):
                raise UserActionError(f"the modal field {custom_id!r} is required")
            rows.append({"type": 1, "components": [{"type": 4, "custom_id": custom_id, "value": fields.get(custom_id, "")}]})
        unknown = set(fields) - {str(c["custom_id"]) for c in _modal_inputs(modal)}
        if unknown:
            raise UserActionError(f"the modal has no fields {sorted(unknown)}")
        message = self.double.message(origin.message_id) if origin.message_id else None
        where = self.double.find_channel(origin.channel_id)
        assert where is not None
        record = self.double.new_interaction(
            kind=MODAL_SUBMIT, person=self, channel=where[1], name=f"modal {modal['custom_id']!r}",
            data={"custom_id": modal["custom_id"], "components": rows}, message=message, locale=locale,
        )
        self.double.deliver(record)
        return await self.double.wait(record)

    # -- messages ------------------------------------------------------------------------------------
    def say(self, channel: Channel, text: str) -> Message:
        """Post a plain message in ``channel`` as this person (chat that scrolls a game's table up).
        Bots with the Guild Messages intent get MESSAGE_CREATE, without the content."""
        need = "send_messages_in_threads" if channel.is_thread else "send_messages"
        if not perms.has(self.double.permissions(channel, self.user), need):
            raise UserActionError(f"{self.name} may not send messages in {channel.name}")
        message = Message(id=self.double.clock.snowflake(), channel_id=channel.id, guild_id=channel.guild_id,
                          author=self.user, created_at=self.double.clock.now(), content=text)
        channel.messages.append(message)
        self.double.gateway.dispatch(channel.guild_id, "MESSAGE_CREATE", message.to_payload())
        return message

    def delete(self, message: Message) -> None:
        """Delete a message as Discord's client allows: one's own, or anyone's with Manage Messages in
        its channel (a moderator). Bots with the Guild Messages intent get MESSAGE_DELETE; settle to let
        them answer."""
        current = self._visible(message)
        if current.ephemeral:
            raise UserActionError(f"ephemeral message {message.id} can only be dismissed, not deleted")
        where = self.double.find_channel(current.channel_id)
        if where is None:
            raise UserActionError(f"the channel of message {message.id} is gone")
        if current.author.id != self.id and not perms.has(self.double.permissions(where[1], self.user),
                                                          "manage_messages"):
            raise UserActionError(f"{self.name} may not delete {current.author.name}'s message: "
                                  "Manage Messages is needed")
        self.double.delete_message(current)

    # -- helpers ---------------------------------------------------------------------------------------
    def _channel(self, channel: Channel | str | None) -> Channel:
        if channel is None:
            where = self.double.default_channel
        else:
            where = self.double.channel(channel) if isinstance(channel, str) else channel
        if where.guild_id != self.guild.id:
            raise UserActionError(f"{self.name} is not a member of the server of #{where.name}")
        return where

    def _visible(self, message: Message) -> Message:
        """The message as it is now (tests may hold an old reference), if this person can see it."""
        current = self.double.message(message.id)
        if current is None:
            raise UserActionError(f"message {message.id} is gone")
        if not self.can_see(current):
            raise UserActionError(f"{self.name} cannot see ephemeral message {message.id}")
        return current

    def _deliver_component(self, message: Message, data: Json, name: str, locale: str | None) -> InteractionRecord:
        where = self.double.find_channel(message.channel_id)
        if where is None:
            raise UserActionError(f"the channel of message {message.id} is gone")
        record = self.double.new_interaction(
            kind=MESSAGE_COMPONENT, person=self, channel=where[1], name=name, data=data, message=message, locale=locale
        )
        self.double.deliver(record)
        return record

    def _command_data(self, command: str, channel: Channel, options: dict[str, Any],
                      focused: tuple[str, str] | None) -> Json:
        words = command.strip().lstrip("/").split()
        if not words:
            raise UserActionError("empty command")
        registered = self.double.command(words[0], channel.guild_id)
        if registered is None:
            raise UserActionError(f"/{words[0]} is not registered; commands: {self.double.command_names}")
        self._check_may_use(registered, channel)
        data: Json = {"id": registered["id"], "name": registered["name"], "type": 1}
        if registered.get("guild_id"):
            data["guild_id"] = registered["guild_id"]
        schema: list[Json] = registered.get("options") or []
        target: list[Json] = []
        data["options"] = target
        for word in words[1:]:
            sub = next((o for o in schema if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
            if sub is None:
                raise UserActionError(f"/{command.strip('/')}: {word!r} is not a subcommand")
            nested: list[Json] = []
            target.append({"type": sub["type"], "name": word, "options": nested})
            target, schema = nested, sub.get("options") or []
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema):
            raise UserActionError(f"{command!r} needs a subcommand: {[o['name'] for o in schema]}")
        resolved: Json = {}
        target.extend(self._option_values(command, schema, options, focused, resolved))
        if resolved:
            data["resolved"] = resolved
        return data

    def _check_may_use(self, registered: Json, channel: Channel) -> None:
        needed = registered.get("default_member_permissions")
        if needed is None:
            return
        have = self.double.permissions(channel, self.user)
        if int(needed) == 0 or have & int(needed) != int(needed):
            raise UserActionError(f"{self.name} may not use /{registered['name']} (needs permissions {needed})")

    def _option_values(self, command: str, schema: list[Json], given: dict[str, Any],
                       focused: tuple[str, str] | None, resolved: Json) -> list[Json]:
        by_name = {o["name"]: o for o in schema}
        unknown = set(given) - set(by_name)
        if unknown:
            raise UserActionError(f"{command}: no options {sorted(unknown)}; options: {sorted(by_name)}")
        out: list[Json] = []
        for name, spec in by_name.items():
            if focused is not None and name == focused[0]:
                out.append({"type": spec["type"], "name": name, "value": focused[1], "focused": True})
                continue
            if name not in given:
                if spec.get("required") and focused is None:
                    raise UserActionError(f"{command}: option {name!r} is required")
                continue
            out.append({"type": spec["type"], "name": name, "value": self._option_value(command, spec, given[name], resolved)})
        if focused is not None and focused[0] not in by_name:
            raise UserActionError(f"{command}: no option {focused[0]!r} to autocomplete")
        return out

    def _option_value(self, command: str, spec: Json, value: Any, resolved: Json) -> Any:
        kind, name = spec["type"], spec["name"]
        where = f"{command} {name}"
        if kind in (USER, MENTIONABLE) and not isinstance(value, Role):
            user_id = value.id if isinstance(value, Person | User) else int(value)
            for key, data in self._resolved_users([str(user_id)]).items():
                resolved.setdefault(key, {}).update(data)
            return str(user_id)
        if kind in (ROLE, MENTIONABLE):
            role = value if isinstance(value, Role) else self.guild.roles.get(int(value))
            if role is None:
                raise UserActionError(f"{where}: no role {value!r} in {self.guild.name}")
            resolved.setdefault("roles", {})[str(role.id)] = role.to_payload()
            return str(role.id)
        if kind == CHANNEL:
            channel = value if isinstance(value, Channel) else self.double.channel(value)
            perms_here = str(self.double.permissions(channel, self.user))
            resolved.setdefault("channels", {})[str(channel.id)] = channel.to_payload() | {"permissions": perms_here}
            return str(channel.id)
        if kind == INTEGER and not (isinstance(value, int) and not isinstance(value, bool)):
            raise UserActionError(f"{where}: expects a whole number, got {value!r}")
        if kind == NUMBER and not isinstance(value, int | float):
            raise UserActionError(f"{where}: expects a number, got {value!r}")
        if kind == BOOLEAN and not isinstance(value, bool):
            raise UserActionError(f"{where}: expects true/false, got {value!r}")
        if kind == STRING:
            value = str(value)
            low, high = spec.get("min_length"), spec.get("max_length")
            if (low is not None and len(value) < low) or (high is not None and len(value) > high):
                raise UserActionError(f"{where}: length must be within {low}..{high}")
        if kind in (INTEGER, NUMBER):
            low, high = spec.get("min_value"), spec.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise UserActionError(f"{where}: must be within {low}..{high}")
        choices = spec.get("choices") or []
        if choices and value not in [c["value"] for c in choices]:
            by_name = {c["name"]: c["value"] for c in choices}  # the user picked the shown name
            if value not in by_name:
                raise UserActionError(f"{where}: {value!r} is not one of {[c['value'] for c in choices]}")
            value = by_name[value]
        return value

    def _resolved_users(self, ids: list[str]) -> Json:
        users: Json = {}
        members: Json = {}
        for raw in ids:
            member = self.guild.members.get(int(raw))
            if member is None:
                raise UserActionError(f"user {raw} is not in {self.guild.name}")
            users[raw] = member.user.to_payload()
            data = member.to_payload()
            data.pop("user")
            data["permissions"] = str(perms.guild_permissions(self.guild, member.user.id))
            members[raw] = data
        return {"users": users, "members": members}


def _message_or_fail(record: InteractionRecord, message: Message | None) -> Message:
    if message is None:
        raise UserActionError(
            f"{record.name!r} produced no message (response type {record.response_type}); "
            "use begin_*() and double.wait() to inspect it"
        )
    return message


def _select_values(menu: SelectMenu, wanted: list[str]) -> list[str]:
    if menu.disabled:
        raise UserActionError(f"select {menu.placeholder or menu.custom_id!r} is disabled")
    if not menu.min_values <= len(wanted) <= menu.max_values:
        raise UserActionError(f"select {menu.custom_id!r} takes {menu.min_values}..{menu.max_values} values, got {len(wanted)}")
    if menu.type != 3:
        return wanted
    out = []
    for w in wanted:
        option = next((o for o in menu.options if w in (o.value, o.label)), None)
        if option is None:
            raise UserActionError(f"{w!r} is not offered by select {menu.custom_id!r}: {menu.labels}")
        out.append(option.value)
    return out


def _modal_inputs(modal: Json) -> list[Json]:
    out: list[Json] = []
    for row in modal.get("components", []):
        for comp in [*row.get("components", []), row.get("component") or {}]:
            if comp.get("type") == 4:
                out.append(comp)
    return out
