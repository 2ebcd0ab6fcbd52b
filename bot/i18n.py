"""Every text shown to people, looked up by key in one catalog per language.

Catalogs live in ``bot/locales/<lang>/*.toml``; nested tables flatten to dotted
keys (``[gouji.event] play = "..."`` is ``gouji.event.play``) and values are
``str.format`` templates. A missing key in a language falls back to English; a
key missing in English too is a bug, shown as the key itself rather than a crash.

>>> t("en", "core.not_your_turn")
'It is not your turn.'
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

LOCALES_DIR = Path(__file__).parent / "locales"
DEFAULT_LANG = "en"
LANGUAGES = ("en", "fa", "ru")


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for name, value in table.items():
        key = f"{prefix}.{name}" if prefix else name
        if isinstance(value, dict):
            _flatten(key, value, out)
        else:
            out[key] = str(value)


@cache
def catalog(lang: str) -> dict[str, str]:
    """All keys of one language (empty for a language we do not ship)."""
    out: dict[str, str] = {}
    folder = LOCALES_DIR / lang
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            with path.open("rb") as fh:
                _flatten("", tomllib.load(fh), out)
    return out


def language_of(locale: str | None) -> str:
    """Our language for a Discord locale such as ``"ru"``, ``"en-US"`` or ``"fa"``."""
    if not locale:
        return DEFAULT_LANG
    base = str(locale).split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANG


def t(lang: str, key: str, **params: Any) -> str:
    """The text for ``key`` in ``lang``, placeholders filled."""
    template = catalog(language_of(lang)).get(key) or catalog(DEFAULT_LANG).get(key)
    if template is None:
        return key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def has(key: str) -> bool:
    """True when English has this key."""
    return key in catalog(DEFAULT_LANG)
