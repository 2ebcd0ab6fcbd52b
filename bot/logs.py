"""Logging set-up: one readable line per event, and the token scrubbed from everything."""

from __future__ import annotations

import logging

SECRET_MASK = "[redacted]"


class RedactSecrets(logging.Filter):
    """Replaces any of the given secrets in a record's final text, whatever logged it."""

    def __init__(self, secrets: list[str]) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        changed = False
        for secret in self.secrets:
            if secret in message:
                message = message.replace(secret, SECRET_MASK)
                changed = True
            if record.exc_text and secret in record.exc_text:
                record.exc_text = record.exc_text.replace(secret, SECRET_MASK)
        if changed:
            record.msg, record.args = message, None
        return True


def setup_logging(level: str, secrets: list[str]) -> None:
    """Configure the root logger once: ``2026-11-30 12:00:00 INFO teahouse.lobby: game 12 started``."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S"))
    handler.addFilter(RedactSecrets(secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(level)))
    # aiosqlite's debug lines carry every statement's values: whole saved games, hidden hands included
    logging.getLogger("aiosqlite").setLevel(max(logging.INFO, logging.getLevelName(level)))
    # the bot never joins voice: discord.py's notes about missing voice libraries are noise for admins
    logging.getLogger("discord.client").addFilter(lambda record: "voice will NOT" not in record.getMessage())
