"""``database_url``: which database to use, read without ever showing its password.

``sqlite:///teahouse.db`` (a relative path; ``sqlite:////srv/teahouse.db`` is absolute,
``sqlite:///:memory:`` is in memory) or ``postgresql://user:password@host:5432/dbname``. A bare
path with no scheme is a SQLite file, as ``database_path`` always was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import unquote, urlsplit

Backend = Literal["sqlite", "postgresql"]
POSTGRES_SCHEMES = ("postgresql", "postgres")
MASK = "***"


@dataclass(frozen=True)
class DatabaseUrl:
    """A parsed database setting. ``target`` is the SQLite path or the PostgreSQL DSN (with its password)."""

    backend: Backend
    target: str = field(repr=False)

    @property
    def password(self) -> str | None:
        """The password in a PostgreSQL URL (as written and decoded), to scrub it from logs."""
        return password_of(self.target) if self.backend == "postgresql" else None

    def safe(self) -> str:
        """The URL with its password masked: the only form that may appear in a message or a log."""
        return redact(self.target) if self.backend == "postgresql" else f"sqlite:///{self.target}"

    def __str__(self) -> str:
        return self.safe()


def password_of(url: str) -> str | None:
    try:
        password = urlsplit(url).password
    except ValueError:
        return None
    return password or None


def redact(url: str) -> str:
    """``url`` with any password replaced by ``***`` (whatever else is wrong with it)."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return "<a database URL that cannot be read>"
    if not password:
        return url
    user = parts.username or ""
    host = parts.netloc.rsplit("@", 1)[1]
    return parts._replace(netloc=f"{user}:{MASK}@{host}").geturl()


def secrets_of(url: str) -> list[str]:
    """The strings to scrub from logs for this URL: its password, raw and percent-decoded."""
    password = password_of(url)
    if not password:
        return []
    raw = urlsplit(url).netloc.rsplit("@", 1)[0].split(":", 1)[1]
    return sorted({password, raw, unquote(raw)}, key=len, reverse=True)


def parse_database_url(text: str) -> DatabaseUrl:
    """Read a ``database_url`` (or a plain SQLite path); ``ValueError`` says what is wrong, password masked."""
    text = text.strip()
    if not text:
        raise ValueError("is empty; use sqlite:///teahouse.db or postgresql://user:password@host/dbname")
    scheme = text.split(":", 1)[0].lower() if "://" in text else ""
    if scheme == "sqlite":
        if not text.lower().startswith("sqlite:///") or not text[len("sqlite:///"):].strip():
            raise ValueError(f"{text!r} is not a SQLite URL: write sqlite:///relative/path.db or "
                             "sqlite:////absolute/path.db")
        return DatabaseUrl("sqlite", text[len("sqlite:///"):])
    if scheme in POSTGRES_SCHEMES:
        try:
            parts = urlsplit(text)
            parts.port  # noqa: B018  (raises ValueError for a port that is not a number)
        except ValueError:
            raise ValueError(f"{redact(text)!r} is not a valid PostgreSQL URL "
                             "(postgresql://user:password@host:5432/dbname)") from None
        if not parts.hostname or not parts.path.strip("/"):
            raise ValueError(f"{redact(text)!r} needs a host and a database name "
                             "(postgresql://user:password@host:5432/dbname)")
        return DatabaseUrl("postgresql", text)
    if scheme:
        raise ValueError(f"{redact(text)!r}: unknown database type {scheme!r}; use sqlite:/// or postgresql://")
    return DatabaseUrl("sqlite", text)
