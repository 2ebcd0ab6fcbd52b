"""Every text shown to people, looked up by key in one catalog per language.

Catalogs live in ``bot/locales/<lang>/*.toml``; nested tables flatten to dotted
keys (``[gouji.event] play = "..."`` is ``gouji.event.play``) and values are
``str.format`` templates. A missing key in a language falls back to English; a
key missing in English too is a bug, shown as the key itself rather than a crash.

Three things happen at the root here, so that no template has to do them by hand:

- numbers filled in are written by :func:`number` (Persian digits in ``fa``);
- a counted noun is written ``{n:#card}``: :func:`plural` picks the CLDR plural form (Babel's
  rules) from the catalog's ``plural.card`` entry, e.g. ``"one=# card|other=# cards"``;
- in Persian every line starts with a right-to-left mark and every filled-in value is wrapped
  in first-strong isolation (U+2068 … U+2069), so a Latin name or a signed number at the start
  of a sentence does not turn the line left to right; a Discord relative time (``<t:…:R>``),
  which Discord shows in the client's language, is written in Persian words instead.

>>> t("en", "core.not_your_turn")
'It is not your turn.'
"""

from __future__ import annotations

import re
import string
import time
import tomllib
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale

LOCALES_DIR = Path(__file__).parent / "locales"
DEFAULT_LANG = "en"
LANGUAGES = ("en", "fa", "ru", "ko", "zh", "ja")
RTL_LANGUAGES = frozenset({"fa"})
#: languages written without spaces between words, in CJK characters (a line may break between any two)
CJK_LANGUAGES = frozenset({"ko", "zh", "ja"})
#: Discord locales read in another language's catalog. Discord sends ``zh-TW`` (Traditional Chinese)
#: and ``zh-CN``; both read the one Simplified catalog. Gou Ji and Zheng Shangyou are mainland games
#: whose players write their words in Simplified characters (够级, 争上游, 进贡), and most Traditional
#: readers read Simplified; a Traditional catalog would mean a second copy of every value and Traditional
#: characters in the font subsets. docs/glossary/zh.md gives each term's Traditional form for that day.
_LOCALE_LANGUAGE = {"zh-tw": "zh", "zh-cn": "zh", "zh-hk": "zh"}

RLM = "\u200f"
FSI = "\u2068"
PDI = "\u2069"
#: the invisible direction controls t() may add (the renderer drops them before drawing)
BIDI_CONTROLS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_PERSIAN_DIGITS = str.maketrans("0123456789.", "۰۱۲۳۴۵۶۷۸۹٫")
_LATIN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
_DISCORD_TIME = re.compile(r"<t:(-?\d+):R>")
#: markdown a Discord line may start with; the mark goes after it so lists and quotes still work
_LINE_PREFIX = re.compile(r"^(\s*(?:#{1,3} |-# |>>> |> |[-*•] |\d+\. )*)")


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


@lru_cache(maxsize=256)
def language_of(locale: str | None) -> str:
    """Our language for a Discord locale such as ``"ru"``, ``"en-US"`` or ``"fa"`` (cached: every text asks).

    >>> [language_of(code) for code in ("ko", "zh-CN", "zh-TW", "ja", "pt-BR")]
    ['ko', 'zh', 'zh', 'ja', 'en']
    """
    if not locale:
        return DEFAULT_LANG
    code = str(locale).replace("_", "-").lower()
    if code in _LOCALE_LANGUAGE:
        return _LOCALE_LANGUAGE[code]
    base = code.split("-")[0]
    return base if base in LANGUAGES else DEFAULT_LANG


def is_rtl(lang: str) -> bool:
    """True for a language written right to left."""
    return language_of(lang) in RTL_LANGUAGES


def is_cjk(lang: str) -> bool:
    """True for Korean, Chinese and Japanese: text that may break between any two CJK characters."""
    return language_of(lang) in CJK_LANGUAGES


def digits(lang: str, text: str) -> str:
    """``text`` with its ASCII digits in the language's own digits (Persian digits in ``fa``)."""
    return text.translate(_PERSIAN_DIGITS) if language_of(lang) == "fa" else text


def number(lang: str, value: float | int | str, *, signed: bool = False, spec: str = "") -> str:
    """One number as a reader of ``lang`` writes it: the one helper for messages and pictures.

    Persian gets Persian digits, the Persian decimal separator and a true minus sign (which
    keeps to the left of the digits in right-to-left text); ``signed`` writes ``+`` for gains.
    """
    if isinstance(value, str):
        raw = value
        try:
            value = float(raw) if "." in raw else int(raw)
        except ValueError:
            return digits(lang, raw)
    if isinstance(value, float) and not spec and value.is_integer():
        value = int(value)
    if "+" in spec:
        signed, spec = True, spec.replace("+", "")
    text = format(abs(value), spec) if spec else str(abs(value))
    sign = "-" if value < 0 else ("+" if signed and value > 0 else "")
    if language_of(lang) == "fa":
        return ("\u2212" if sign == "-" else sign) + text.translate(_PERSIAN_DIGITS)
    if language_of(lang) == "ru" and "." in text:
        text = text.replace(".", ",")
    return sign + text


#: the separator of a list's items where it is not ", "
_LIST_SEPARATORS = {"fa": "، ", "zh": "、", "ja": "、"}


def join(lang: str, items: Any) -> str:
    """Items in a list as the language writes it: the Persian comma "، " in ``fa``, the ideographic
    enumeration comma "、" in ``zh`` and ``ja``.

    >>> join("ja", ["王", "玉"])
    '王、玉'
    """
    return _LIST_SEPARATORS.get(language_of(lang), ", ").join(str(item) for item in items)


@cache
def _plural_rule(lang: str) -> Locale:
    return Locale.parse(language_of(lang))


def plural_category(lang: str, count: float | int) -> str:
    """The CLDR plural category of ``count`` in ``lang`` (``one``, ``few``, ``many``, ``other``).

    Korean, Chinese and Japanese have only ``other``: a count reads with its counter (``# 장``).
    """
    return str(_plural_rule(lang).plural_form(abs(count)))


def _forms(lang: str, noun: str) -> dict[str, str]:
    template = catalog(language_of(lang)).get(f"plural.{noun}") or catalog(DEFAULT_LANG).get(f"plural.{noun}", "")
    forms: dict[str, str] = {}
    for part in template.split("|"):
        name, _, form = part.partition("=")
        if form:
            forms[name.strip()] = form.strip()
    return forms


def plural(lang: str, count: float | int | str, noun: str) -> str:
    """``count`` with ``noun`` in the form ``lang``'s plural rules ask for: ``3 cards``, ``3 карты``.

    The forms are the catalog's ``plural.<noun>`` entry (``#`` stands for the number); this is the
    only place a counted noun is chosen, so no template or caller writes ``if n == 1``.
    """
    try:
        value: float | int = count if isinstance(count, int | float) else float(str(count).translate(_LATIN_DIGITS))
    except ValueError:
        value = 0
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    forms = _forms(lang, noun)
    form = forms.get(plural_category(lang, value)) or forms.get("other") or f"# {noun}"
    shown = number(lang, count) if isinstance(count, int | float) else digits(lang, str(count))
    return form.replace("#", shown)


def persian_relative_time(when: float, now: float | None = None) -> str:
    """A Discord relative time written in Persian words: ``۳۰ ثانیه دیگر``, ``۲ دقیقه پیش``."""
    delta = round(when - (time.time() if now is None else now))
    size = abs(delta)
    if size < 60:
        amount, unit = max(size, 1), "ثانیه"
    elif size < 3600:
        amount, unit = round(size / 60), "دقیقه"
    elif size < 86400:
        amount, unit = round(size / 3600), "ساعت"
    else:
        amount, unit = round(size / 86400), "روز"
    return f"{number('fa', amount)} {unit} {'دیگر' if delta >= 0 else 'پیش'}"


class _Formatter(string.Formatter):
    """``str.format`` with numbers through :func:`number`, ``{n:#noun}`` through :func:`plural`,
    and, for a right-to-left language, every filled-in value isolated."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.rtl = is_rtl(lang)

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("#") and len(format_spec) > 1:
            text = plural(self.lang, value, format_spec[1:])
        elif isinstance(value, int | float) and not isinstance(value, bool):
            text = number(self.lang, value, spec=format_spec)
        else:
            text = super().format_field(value, format_spec)
            if self.lang == "fa":
                text = _DISCORD_TIME.sub(lambda m: persian_relative_time(int(m.group(1))), text)
        return text

    def vformat(self, format_string: str, args: Any, kwargs: Any) -> str:
        """``string.Formatter.vformat`` over the template's cached parse (parsing every time was most of the
        cost of a message's words); for a right-to-left language each filled-in value is isolated."""
        out: list[str] = []
        in_code = False
        for literal, name, spec, conversion in _parsed(format_string):
            out.append(literal)
            if self.rtl:
                in_code ^= literal.count("`") % 2 == 1
            if name is None:
                continue
            obj, _ = self.get_field(name, args, kwargs)
            if spec and "{" in spec:
                spec = self.vformat(spec, args, kwargs)
            text = self.format_field(self.convert_field(obj, conversion), spec or "")
            isolate = self.rtl and text and not in_code and "://" not in text and "\n" not in text
            out.append(f"{FSI}{text}{PDI}" if isolate else text)
        return "".join(out)


@lru_cache(maxsize=4096)
def _parsed(template: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """A template's literal parts and fields, as ``string.Formatter.parse`` gives them (raises on a bad one)."""
    return tuple(string.Formatter().parse(template))


def rtl_lines(text: str) -> str:
    """Each line (outside code blocks) starting with a right-to-left mark, after any list or quote
    markdown, so Discord lays it out right to left whatever its first word is."""
    lines = text.split("\n")
    fenced = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or not line.strip():
            continue
        prefix = _LINE_PREFIX.match(line)
        at = prefix.end() if prefix else 0
        if not line[at:].startswith(RLM):
            lines[i] = line[:at] + RLM + line[at:]
    return "\n".join(lines)


def fill(lang: str, template: str, **params: Any) -> str:
    """``template`` with its placeholders filled the way :func:`t` fills them (raises on a bad one)."""
    lang = language_of(lang)
    text = _formatter(lang).format(template, **params)
    return rtl_lines(text) if is_rtl(lang) else text


@cache
def _formatter(lang: str) -> _Formatter:
    """One formatter per language: it keeps nothing between calls."""
    return _Formatter(lang)


#: texts already filled, by language, key and values: a panel or table is mostly the same words as a moment
#: before, and a move fills some 120 texts at about 10 us each (#48). Plain values only (a string, a number),
#: never a Discord relative time, which Persian writes out as of now; bounded by count (short texts)
_FILLED: dict[tuple[str, str, tuple[tuple[str, Any], ...]], str] = {}
FILLED_MAX = 4096
_PLAIN = (str, int, float, type(None))


def t(lang: str, key: str, **params: Any) -> str:
    """The text for ``key`` in ``lang``, placeholders filled (see the module notes for what else)."""
    memo = None
    if all(type(value) in _PLAIN and not (type(value) is str and "<t:" in value) for value in params.values()):
        memo = (lang, key, tuple(params.items()))
        text = _FILLED.get(memo)
        if text is not None:
            return text
    text = _t(lang, key, params)
    if memo is not None:
        if len(_FILLED) >= FILLED_MAX:
            _FILLED.clear()  # the words in use now are filled again at once
        _FILLED[memo] = text
    return text


def _t(lang: str, key: str, params: dict[str, Any]) -> str:
    lang = language_of(lang)
    template = catalog(lang).get(key) or catalog(DEFAULT_LANG).get(key)
    if template is None:
        return key
    if "{" not in template and "}" not in template:  # nothing to fill: what fill would give, quicker
        return rtl_lines(template) if is_rtl(lang) else template
    try:
        return fill(lang, template, **params)
    except (KeyError, IndexError, ValueError, AttributeError):
        return rtl_lines(template) if is_rtl(lang) else template


def has(key: str) -> bool:
    """True when English has this key."""
    return key in catalog(DEFAULT_LANG)
