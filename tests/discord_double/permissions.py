"""Discord's permission arithmetic: guild roles, then channel overwrites (threads use the parent)."""

from __future__ import annotations

import discord

from .model import Channel, Guild

ALL = discord.Permissions.all().value
ADMINISTRATOR = discord.Permissions(administrator=True).value


def flag(name: str) -> int:
    """The bit of a permission by its discord.py name, e.g. `flag("attach_files")`."""
    value = getattr(discord.Permissions, name, None)
    if value is None:
        raise ValueError(f"unknown permission {name!r}")
    return int(discord.Permissions(**{name: True}).value)


def flags(*names: str) -> int:
    out = 0
    for name in names:
        out |= flag(name)
    return out


def guild_permissions(guild: Guild, user_id: int) -> int:
    if user_id == guild.owner_id:
        return ALL
    member = guild.members.get(user_id)
    if member is None:
        return 0
    perms = guild.everyone.permissions
    for role_id in member.role_ids:
        role = guild.roles.get(role_id)
        if role is not None:
            perms |= role.permissions
    return ALL if perms & ADMINISTRATOR else perms


def channel_permissions(guild: Guild, channel: Channel, user_id: int) -> int:
    """What a member may do in a channel or thread."""
    perms = guild_permissions(guild, user_id)
    if perms & ADMINISTRATOR:
        return ALL
    base = guild.channels.get(channel.parent_id) if channel.is_thread and channel.parent_id else channel
    if base is None:
        return perms
    member = guild.members.get(user_id)
    role_ids = set(member.role_ids) if member else set()
    by_target = {(o.type, o.target_id): o for o in base.overwrites}
    everyone = by_target.get((0, guild.id))
    if everyone is not None:
        perms = (perms & ~everyone.deny) | everyone.allow
    deny = allow = 0
    for o in base.overwrites:
        if o.type == 0 and o.target_id in role_ids:
            deny |= o.deny
            allow |= o.allow
    perms = (perms & ~deny) | allow
    own = by_target.get((1, user_id))
    if own is not None:
        perms = (perms & ~own.deny) | own.allow
    return perms


def has(perms: int, *names: str) -> bool:
    need = flags(*names)
    return perms & need == need
