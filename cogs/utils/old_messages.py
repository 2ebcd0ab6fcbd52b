"""Discord caps edits of messages older than an hour (error 30046: a 429 per channel, about 3 edits
per 6 s). A 429 on a click's answer outlasts the 3 s the answer has, so the person would see
"This interaction failed": for an old message, post a fresh one instead of editing."""

from __future__ import annotations

import time

import discord

EDITABLE_SECONDS = 55 * 60  # an hour, less a margin


def too_old_to_edit(message: discord.Message | None) -> bool:
    """True for a message Discord may refuse to edit (older than an hour, less a margin).

    ``time.time()`` rather than ``utcnow()``: the same wall clock the rest of the bot uses."""
    return message is not None and time.time() - message.created_at.timestamp() > EDITABLE_SECONDS
