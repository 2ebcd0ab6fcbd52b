"""Settings: read from a TOML file, overridden by environment variables, checked strictly.

A setting that is missing or malformed stops start-up with one line that names it and
says how to fix it (``ConfigError``); the token itself, and the password in a database URL,
never appear in any message.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from .i18n import LANGUAGES
from .storage.url import parse_database_url

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
SYNC_SCOPES = ("global", "guild", "off")
DEFAULT_CONFIG_FILE = Path("config.toml")


class ConfigError(Exception):
    """A setting that cannot be used; ``str()`` is the one line shown to the admin."""

    def __init__(self, setting: str, problem: str) -> None:
        super().__init__(f"setting '{setting}': {problem}")
        self.setting = setting


@dataclass(frozen=True)
class Config:
    """Everything the bot can be told at start-up (see config.example.toml)."""

    token: str = field(default="", repr=False)
    database_path: str = "teahouse.db"
    #: "" = the SQLite file in database_path; else sqlite:///path or postgresql://user:password@host/db.
    database_url: str = field(default="", repr=False)
    command_sync: str = "global"
    dev_guild_id: int | None = None
    turn_timeout_seconds: int = 120
    computer_delay_seconds: float = 1.5
    default_language: str = "en"
    log_level: str = "INFO"
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None


    @property
    def storage_url(self) -> str:
        """What to open: ``database_url`` when set, else the SQLite file ``database_path``."""
        return self.database_url or f"sqlite:///{self.database_path}"


SETTINGS: tuple[str, ...] = tuple(f.name for f in fields(Config))


def env_name(setting: str) -> str:
    """The environment variable that overrides ``setting``."""
    return "DISCORD_TOKEN" if setting == "token" else f"TEAHOUSE_{setting.upper()}"


def _int(setting: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,20}", value.strip()):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(setting, f"must be a whole number, got {type(value).__name__}")
    if not low <= value <= high:
        raise ConfigError(setting, f"must be between {low} and {high}, got {value}")
    return value


def _float(setting: str, value: Any, low: float, high: float) -> float:
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            raise ConfigError(setting, f"must be a number, got {value!r}") from None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(setting, f"must be a number, got {type(value).__name__}")
    if not low <= value <= high:
        raise ConfigError(setting, f"must be between {low} and {high}, got {value}")
    return float(value)


def _choice(setting: str, value: Any, choices: tuple[str, ...], upper: bool = False) -> str:
    text = str(value).strip()
    text = text.upper() if upper else text.lower()
    if text not in choices:
        raise ConfigError(setting, f"must be one of {', '.join(choices)}, got {value!r}")
    return text


def _shard_ids(value: Any) -> tuple[int, ...] | None:
    if isinstance(value, str):
        value = [part for part in value.replace(",", " ").split() if part]
    if not isinstance(value, list):
        raise ConfigError("shard_ids", "must be a list of shard numbers, e.g. [0, 1]")
    ids = tuple(_int("shard_ids", item, 0, 1_000_000) for item in value)
    return ids or None


def _database_url(raw: Mapping[str, Any], path: str) -> str:
    """The checked ``database_url`` ("" when only ``database_path`` is given); a URL that names a
    different database than an explicit ``database_path`` is refused rather than guessed between."""
    value = raw.get("database_url", "")
    if value == "":
        return ""
    if not isinstance(value, str):
        raise ConfigError("database_url", "must be a URL such as \"sqlite:///teahouse.db\" or "
                                          "\"postgresql://user:password@host/teahouse\"")
    try:
        parsed = parse_database_url(value)
    except ValueError as err:
        raise ConfigError("database_url", str(err)) from None
    if "://" not in value:
        raise ConfigError("database_url", "must start with sqlite:/// or postgresql:// (a plain file path goes "
                                          "in database_path)")
    if "database_path" in raw and (parsed.backend != "sqlite" or parsed.target != path):
        raise ConfigError("database_url", f"names {parsed.safe()!r} but database_path names {path!r}: "
                                          "set only one of them (database_url is the newer spelling)")
    return value.strip()


def _check(raw: Mapping[str, Any]) -> Config:
    unknown = sorted(set(raw) - set(SETTINGS))
    if unknown:
        raise ConfigError(unknown[0], f"is not a known setting (known: {', '.join(SETTINGS)})")
    token = raw.get("token", "")
    if not isinstance(token, str) or not token.strip():
        raise ConfigError(
            "token", "is missing: set DISCORD_TOKEN or put token = \"...\" in config.toml "
            "(Discord Developer Portal > your application > Bot > Reset Token)",
        )
    if any(ch.isspace() for ch in token.strip()) or len(token.strip()) < 10:
        raise ConfigError("token", "does not look like a Discord bot token (copy it again from the Developer Portal)")
    db = raw.get("database_path", Config.database_path)
    if not isinstance(db, str) or not db.strip():
        raise ConfigError("database_path", "must be a file path, e.g. \"teahouse.db\"")
    url = _database_url(raw, db.strip())
    if url.startswith("sqlite:///"):
        db = url[len("sqlite:///"):]
    guild = raw.get("dev_guild_id", 0)
    dev_guild_id = _int("dev_guild_id", guild, 0, 2**63 - 1) or None
    sync = _choice("command_sync", raw.get("command_sync", Config.command_sync), SYNC_SCOPES)
    if sync == "guild" and dev_guild_id is None:
        raise ConfigError("dev_guild_id", "is needed when command_sync = \"guild\" (right-click your server > Copy ID)")
    shard_count = _int("shard_count", raw.get("shard_count", 0), 0, 100_000) or None
    shard_ids = _shard_ids(raw.get("shard_ids", []))
    if shard_ids is not None and (shard_count is None or max(shard_ids) >= shard_count):
        raise ConfigError("shard_ids", "needs shard_count set and every id below it")
    return Config(
        token=token.strip(),
        database_path=db.strip(),
        database_url=url,
        command_sync=sync,
        dev_guild_id=dev_guild_id,
        turn_timeout_seconds=_int("turn_timeout_seconds", raw.get("turn_timeout_seconds", 120), 10, 86_400),
        computer_delay_seconds=_float("computer_delay_seconds", raw.get("computer_delay_seconds", 1.5), 0.0, 30.0),
        default_language=_choice("default_language", raw.get("default_language", "en"), LANGUAGES),
        log_level=_choice("log_level", raw.get("log_level", "INFO"), LOG_LEVELS, upper=True),
        shard_count=shard_count,
        shard_ids=shard_ids,
    )


def load_config(path: Path | None = None, env: Mapping[str, str] | None = None) -> Config:
    """Read ``path`` (or ``config.toml`` when present), apply environment overrides, check all.

    An explicit ``path`` that does not exist is an error; the default file is optional.
    """
    env = os.environ if env is None else env
    raw: dict[str, Any] = {}
    file = path if path is not None else (DEFAULT_CONFIG_FILE if DEFAULT_CONFIG_FILE.is_file() else None)
    if file is not None:
        try:
            with open(file, "rb") as fh:
                raw = tomllib.load(fh)
        except FileNotFoundError:
            raise ConfigError("--config", f"file {str(file)!r} does not exist") from None
        except tomllib.TOMLDecodeError as err:
            raise ConfigError("--config", f"{str(file)!r} is not valid TOML ({err})") from None
        except OSError as err:
            raise ConfigError("--config", f"cannot read {str(file)!r} ({err.strerror})") from None
    known = {env_name(setting) for setting in SETTINGS}
    strays = sorted(name for name in env if name.startswith("TEAHOUSE_") and name not in known)
    if strays:  # a misspelt override would otherwise be ignored without a word
        raise ConfigError(strays[0], "is not a known setting (known: "
                                     f"{', '.join(sorted(known - {'DISCORD_TOKEN'}))})")
    for setting in SETTINGS:
        value = env.get(env_name(setting))
        if value is not None and value != "":
            raw[setting] = value
    return _check(raw)
