"""Text in images: shipped fonts, per-character fallback, bidi, Arabic shaping, ellipsis.

Pillow draws one font per call and has no fallback, so a string is cut into runs, each drawn
with the first shipped font whose cmap holds its characters. Characters no font covers (emoji,
joiners, selectors) are removed before layout, so a missing glyph never shows as a box.
Right-to-left text is ordered with a small bidi pass; runs are shaped by raqm when Pillow has it
and otherwise by the pure-Python joining step below, which maps Arabic letters to their
presentation forms (the table comes from ``unicodedata``, so no package is needed).

Han characters are drawn in the forms of the picture's language: one Noto Sans CJK face holds the
Chinese, Japanese and Korean forms of a character (直, 角, 骨 differ), and raqm picks them by the
language tag (the font's ``locl`` feature) that :func:`language` sets for a picture.
"""

from __future__ import annotations

import contextlib
import math
import struct
import unicodedata
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, features

from .kept import forget, kept

FONT_DIR = Path(__file__).parent / "fonts"
HAS_RAQM: bool = bool(features.check("raqm"))
ELLIPSIS = "…"

#: face name -> file; the order of each chain below is the fallback order.
FACE_FILES: dict[str, str] = {
    "latin": "DejaVuSans.ttf",
    "latin_bold": "DejaVuSans-Bold.ttf",
    "arabic": "NotoSansArabic-Regular.ttf",
    "arabic_bold": "NotoSansArabic-Bold.ttf",
    "cjk": "NotoSansCJK-Regular-subset.otf",
    "cjk_bold": "NotoSansCJK-Bold-subset.otf",
}
CHAINS: dict[bool, tuple[str, ...]] = {
    False: ("latin", "arabic", "cjk"),
    True: ("latin_bold", "arabic_bold", "cjk_bold", "cjk"),
}
_ARABIC_FIRST: dict[bool, tuple[str, ...]] = {
    False: ("arabic", "latin", "cjk"),
    True: ("arabic_bold", "latin_bold", "cjk_bold", "cjk"),
}
_DROP = {0x200D, 0x2060, 0xFEFF, 0x20E3}  # joiners and keycap: meaningless once emoji are gone
#: direction marks and isolates that ``bot.i18n.t`` adds for Discord: layout here does that job; only a
#: left-to-right isolate (LRI … PDI, which the catalogs put around "×۲" or "+۳") is kept for the bidi pass
LRI, PDI = "\u2066", "\u2069"
_DROP |= {0x200E, 0x200F, 0x061C, *range(0x202A, 0x202F), 0x2067, 0x2068}


#: the OpenType language of the picture being drawn, for raqm's ``locl`` (see :func:`language`)
_LANGUAGE: ContextVar[str | None] = ContextVar("teahouse_text_language", default=None)
#: our language -> the tag raqm is given: Han characters in that language's forms
LANGUAGE_TAGS = {"ko": "ko", "zh": "zh-Hans", "ja": "ja"}


@contextlib.contextmanager
def language(lang: str) -> Iterator[None]:
    """Draw the text of one picture for a reader of ``lang``: Korean, Chinese and Japanese get the Han
    forms of their language (a Japanese 直 is not a Chinese 直). Other languages keep the face's own
    (Simplified Chinese) forms, which is what a name in CJK characters gets in an English picture."""
    token = _LANGUAGE.set(LANGUAGE_TAGS.get(lang))
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def _is_arabic(cp: int) -> bool:
    return 0x0600 <= cp <= 0x08FF or 0xFB50 <= cp <= 0xFDFF or 0xFE70 <= cp <= 0xFEFF


def _read_cmap(path: Path) -> frozenset[int]:
    """Code points a TrueType/OpenType font maps (formats 4 and 12), read with ``struct``."""
    data = path.read_bytes()
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap_off = None
    for i in range(num_tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_off = offset
    if cmap_off is None:
        return frozenset()
    count = struct.unpack_from(">H", data, cmap_off + 2)[0]
    points: set[int] = set()
    for i in range(count):
        platform, encoding, sub_off = struct.unpack_from(">HHI", data, cmap_off + 4 + 8 * i)
        if platform not in (0, 3):
            continue
        base = cmap_off + sub_off
        fmt = struct.unpack_from(">H", data, base)[0]
        if fmt == 4:
            seg2 = struct.unpack_from(">H", data, base + 6)[0]
            ends = struct.unpack_from(f">{seg2 // 2}H", data, base + 14)
            starts = struct.unpack_from(f">{seg2 // 2}H", data, base + 16 + seg2)
            deltas = struct.unpack_from(f">{seg2 // 2}h", data, base + 16 + 2 * seg2)
            ro_pos = base + 16 + 3 * seg2
            ranges = struct.unpack_from(f">{seg2 // 2}H", data, ro_pos)
            for seg, (start, end) in enumerate(zip(starts, ends, strict=True)):
                for cp in range(start, end + 1):
                    if cp == 0xFFFF:
                        continue
                    if ranges[seg] == 0:
                        glyph = (cp + deltas[seg]) & 0xFFFF
                    else:
                        at = ro_pos + 2 * seg + ranges[seg] + 2 * (cp - start)
                        glyph = struct.unpack_from(">H", data, at)[0]
                        glyph = (glyph + deltas[seg]) & 0xFFFF if glyph else 0
                    if glyph:
                        points.add(cp)
        elif fmt == 12:
            groups = struct.unpack_from(">I", data, base + 12)[0]
            for g in range(groups):
                start, end, first_glyph = struct.unpack_from(">III", data, base + 16 + 12 * g)
                points.update(range(start if first_glyph else start + 1, end + 1))
    return frozenset(points)


@cache
def coverage(face: str) -> frozenset[int]:
    """The code points ``face`` can draw."""
    return _read_cmap(FONT_DIR / FACE_FILES[face])


@lru_cache(maxsize=256)
def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """A loaded font; raqm layout when Pillow has it."""
    engine = ImageFont.Layout.RAQM if HAS_RAQM else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(FONT_DIR / FACE_FILES[face]), size, layout_engine=engine)


def face_for(ch: str, bold: bool) -> str | None:
    """The first face in the fallback chain that has ``ch``; ``None`` when none has it."""
    cp = ord(ch)
    chain = _ARABIC_FIRST[bold] if _is_arabic(cp) else CHAINS[bold]
    for face in chain:
        if cp in coverage(face):
            return face
    return None


@lru_cache(maxsize=4096)
def clean(text: str) -> str:
    """``text`` with control characters, emoji and anything no shipped font has removed.

    Whitespace runs become one space; ZWNJ stays (Persian needs it); at most two combining
    marks are kept on one letter.
    """
    out: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", str(text)):
        cp = ord(ch)
        if unicodedata.combining(ch):
            marks += 1
            if marks > 2:  # stacked marks ("zalgo") would grow into the line above or below
                continue
        else:
            marks = 0
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if cp in _DROP or unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn"):
            continue
        if cp == 0x200C or ch in (LRI, PDI) or face_for(ch, False) is not None:
            out.append(ch)
    return "".join(out).strip()


# --- pure-Python Arabic joining (used only when raqm is missing) ---------------------------

def _build_forms() -> tuple[dict[int, dict[str, int]], dict[tuple[int, int], dict[str, int]]]:
    forms: dict[int, dict[str, int]] = {}
    ligatures: dict[tuple[int, int], dict[str, int]] = {}
    for cp in range(0xFB50, 0xFF00):
        decomposition = unicodedata.decomposition(chr(cp)).split()
        if len(decomposition) < 2 or decomposition[0] not in ("<isolated>", "<final>", "<initial>", "<medial>"):
            continue
        tag = decomposition[0][1:-1]
        bases = [int(x, 16) for x in decomposition[1:]]
        if len(bases) == 1:
            forms.setdefault(bases[0], {}).setdefault(tag, cp)
        elif len(bases) == 2 and bases[0] == 0x0644 and bases[1] in (0x0622, 0x0623, 0x0625, 0x0627):
            ligatures.setdefault((bases[0], bases[1]), {}).setdefault(tag, cp)
    return forms, ligatures


_FORMS, _LIGATURES = _build_forms()


def _joins_forward(cp: int) -> bool:
    """True when the letter connects to the following one (dual-joining)."""
    return "initial" in _FORMS.get(cp, {}) or cp == 0x0640


def _joins(cp: int) -> bool:
    return cp in _FORMS or cp == 0x0640


def reshape(text: str) -> str:
    """Arabic letters replaced by their contextual presentation forms (logical order kept)."""
    cps = [ord(c) for c in text if unicodedata.category(c) != "Mn"]
    out: list[int] = []
    i = 0
    while i < len(cps):
        cp = cps[i]
        prev_joins = bool(out) and i > 0 and _joins_forward(cps[i - 1])
        lig = _LIGATURES.get((cp, cps[i + 1])) if i + 1 < len(cps) else None
        if lig:
            out.append(lig.get("final" if prev_joins else "isolated", cp))
            i += 2
            continue
        table = _FORMS.get(cp)
        if not table:
            out.append(cp)
            i += 1
            continue
        next_joins = i + 1 < len(cps) and _joins(cps[i + 1]) and _joins_forward(cp)
        if prev_joins and next_joins:
            tag = "medial"
        elif prev_joins:
            tag = "final"
        elif next_joins:
            tag = "initial"
        else:
            tag = "isolated"
        out.append(table.get(tag) or table.get("isolated") or cp)
        i += 1
    return "".join(chr(c) for c in out)


_MIRROR = str.maketrans("()[]{}<>«»", ")(][}{><»«")


# --- bidi and runs -------------------------------------------------------------------------

def _strength(ch: str) -> str:
    """``R`` right-to-left letter, ``L`` left-to-right letter, ``D`` digit, ``N`` neutral."""
    kind = unicodedata.bidirectional(ch)
    if kind in ("R", "AL"):
        return "R"
    if kind == "L":
        return "L"
    if kind in ("EN", "AN"):
        return "D"
    return "N"


def base_rtl(text: str) -> bool:
    """Paragraph direction: that of the first strong letter."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


@dataclass(frozen=True)
class Run:
    """A piece of text drawn in one call: one face, one direction, in visual order."""

    text: str
    face: str
    rtl: bool
    width: float


def _directional_runs(text: str, rtl_base: bool) -> list[tuple[str, bool]]:
    """Runs of one direction in visual (left-to-right) order: a small Unicode bidi pass.

    Digits after a left-to-right letter count as that text (W7); otherwise they count as
    right-to-left for the spaces and signs around them (N1), so "گو 1 = 10" reads right to left
    with each number left to right. Levels (I1-I2) and the reversal of runs (L2) follow the standard.
    """
    kinds = [_strength(c) for c in text]
    depth = 0
    for i, ch in enumerate(text):  # inside a left-to-right isolate, digits and signs read left to right
        depth = max(0, depth + (ch == LRI) - (ch == PDI))
        if depth > 0 and kinds[i] != "R" and ch != LRI:
            kinds[i] = "L"
    for i in range(len(kinds) - 1):  # a sign before a number belongs to it (W4/W5): "-12", "+2"
        sign = kinds[i] == "N" and unicodedata.bidirectional(text[i]) in ("ES", "ET")
        if sign and kinds[i + 1] == "D" and (i == 0 or kinds[i - 1] != "D"):
            kinds[i] = "D"
    last = "R" if rtl_base else "L"
    for i, kind in enumerate(kinds):
        if kind in ("L", "R"):
            last = kind
        elif kind == "D" and last == "L":
            kinds[i] = "L"
    strong = ["N" if k == "N" else ("L" if k == "L" else "R") for k in kinds]
    base = "R" if rtl_base else "L"
    resolved: list[str] = []
    for i, kind in enumerate(kinds):
        if kind != "N":
            resolved.append(kind)
            continue
        before = next((k for k in reversed(strong[:i]) if k != "N"), None)
        after = next((k for k in strong[i + 1:] if k != "N"), None)
        if text[i] == ELLIPSIS and before is not None:
            resolved.append(before)  # a cut marks the end of the text it cuts, in its direction
        else:
            resolved.append(before if before is not None and before == after else base)
    base_level = 1 if rtl_base else 0
    runs: list[tuple[str, int]] = []
    for ch, kind in zip(text, resolved, strict=True):
        if kind == "R":
            level = 1
        elif kind == "L":
            level = base_level + base_level % 2  # 0 in a left-to-right paragraph, 2 in a right-to-left one
        else:
            level = 2
        if runs and runs[-1][1] == level:
            runs[-1] = (runs[-1][0] + ch, level)
        else:
            runs.append((ch, level))
    top = max((level for _, level in runs), default=0)
    for level in range(top, 0, -1):  # L2: reverse every stretch at this level or higher
        i = 0
        while i < len(runs):
            if runs[i][1] < level:
                i += 1
                continue
            j = i
            while j < len(runs) and runs[j][1] >= level:
                j += 1
            runs[i:j] = runs[i:j][::-1]
            i = j
    return [(chunk, level % 2 == 1) for chunk, level in runs]


def _face_runs(text: str, bold: bool) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for ch in text:
        face = face_for(ch, bold)
        if face is None:
            if ord(ch) == 0x200C and out:
                out[-1] = (out[-1][0] + ch, out[-1][1])
            continue
        if out and (out[-1][1] == face or ord(ch) in coverage(out[-1][1]) and not ch.isalnum()):
            out[-1] = (out[-1][0] + ch, out[-1][1])
        else:
            out.append((ch, face))
    return out


def _measure(text: str, face: str, size: int, rtl: bool) -> float:
    f = font(face, size)
    if HAS_RAQM:
        return float(f.getlength(text, direction="rtl" if rtl else "ltr"))
    return float(f.getlength(text))


def _shape_for_basic(text: str, rtl: bool) -> str:
    if not rtl:
        return text
    return reshape(text).replace("\u200c", "")[::-1].translate(_MIRROR)


@lru_cache(maxsize=4096)
def layout(text: str, size: int, bold: bool = False, rtl: bool | None = None) -> tuple[Run, ...]:
    """Runs in visual (left-to-right) order for already cleaned ``text``.

    ``rtl`` sets the paragraph direction (a sentence of a right-to-left language); ``None``
    takes it from the first strong letter, which suits a bare name.
    """
    rtl_base = base_rtl(text) if rtl is None else rtl
    runs: list[Run] = []
    directional = _directional_runs(text, rtl_base)
    for chunk, rtl in directional:
        pieces = _face_runs(chunk, bold)
        if rtl:
            pieces.reverse()
        for piece, face in pieces:
            drawn = piece if HAS_RAQM else _shape_for_basic(piece, rtl)
            runs.append(Run(drawn, face, rtl, _measure(drawn, face, size, rtl)))
    return tuple(runs)


def width(text: str, size: int, bold: bool = False) -> float:
    """Drawn width of ``text`` (after cleaning) in pixels."""
    return sum(run.width for run in layout(clean(text), size, bold))


# --- where a line may be cut ---------------------------------------------------------------

#: characters that never start a line (closing brackets and stops, small kana, the long-vowel mark,
#: iteration marks: kinsoku shori) and never end one (opening brackets)
_NO_LINE_START = frozenset(
    ")]}»”’、。，．・：；？！）］｝〉》」』】〕〗〙〛ゝゞ々ー〜～ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
    "ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ!%,.:;?…‥")
_NO_LINE_END = frozenset("([{«“‘（［｛〈《「『【〔〖〘〚")


def is_cjk_ideographic(ch: str) -> bool:
    """True for a character a Chinese or Japanese line may break before or after: Han, kana and CJK
    punctuation. Hangul is not among them: Korean is written in words with spaces between them, and
    a Korean line breaks between words (``keep-all``), never inside one."""
    cp = ord(ch)
    return (0x2E80 <= cp <= 0x2FDF or 0x3000 <= cp <= 0x30FF or 0x31F0 <= cp <= 0x31FF
            or 0x3400 <= cp <= 0x4DBF or 0x4E00 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF
            or 0xFF00 <= cp <= 0xFF65 or 0x20000 <= cp <= 0x3FFFF)


def break_opportunities(text: str) -> list[int]:
    """The positions ``i`` (0 < i < len) where ``text`` may be cut into ``text[:i]`` and ``text[i:]``
    without cutting a word: after a space or a hyphen, and between two characters of which one is Han,
    kana or CJK punctuation, except before a closing mark or after an opening one. A Latin word, a
    number and a Korean word are never cut.

    >>> [("囲碁と将棋"[:i]) for i in break_opportunities("囲碁と将棋")]
    ['囲', '囲碁', '囲碁と', '囲碁と将']
    >>> break_opportunities("Go-Stop 게임")
    [3, 8]
    """
    out: list[int] = []
    for i in range(1, len(text)):
        before, after = text[i - 1], text[i]
        if after in _NO_LINE_START or before in _NO_LINE_END or after.isspace():
            continue
        hyphen = before == "-" and i > 1 and text[i - 2].isalpha() and after.isalpha()
        if before.isspace() or hyphen or is_cjk_ideographic(before) or is_cjk_ideographic(after):
            out.append(i)
    return out


@lru_cache(maxsize=4096)
def fit(text: str, size: int, max_width: float, bold: bool = False, rtl: bool | None = None) -> str:
    """Cleaned ``text``, cut and ended with an ellipsis when it is wider than ``max_width``.

    A text with Korean, Chinese or Japanese in it is cut where a line could break
    (:func:`break_opportunities`): between words, or between two Chinese or Japanese characters, never
    inside a Korean or Latin word; only a first word too wide on its own is cut inside. Other text is
    cut after the last character that fits, as before (a Latin name keeps more of itself that way;
    where words may be cut in English, Persian and Russian is the table-polish issue's to settle).
    """
    cleaned = clean(text)
    if sum(r.width for r in layout(cleaned, size, bold, rtl)) <= max_width:
        return cleaned

    def fits(end: int) -> bool:
        candidate = cleaned[:end].rstrip() + ELLIPSIS
        return sum(r.width for r in layout(candidate, size, bold, rtl)) <= max_width

    cjk = any(is_cjk_ideographic(ch) or 0xAC00 <= ord(ch) <= 0xD7A3 or 0x1100 <= ord(ch) <= 0x11FF
              or 0x3130 <= ord(ch) <= 0x318F for ch in cleaned)
    cuts = [i for i in break_opportunities(cleaned) if cleaned[:i].strip()] if cjk else []
    lo, hi = 0, len(cuts)
    while lo < hi:  # the last break that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if fits(cuts[mid - 1]):
            lo = mid
        else:
            hi = mid - 1
    if lo:
        return cleaned[:cuts[lo - 1]].rstrip() + ELLIPSIS
    lo, hi = 0, len(cleaned)
    while lo < hi:  # no break fits (or none is looked for): the longest prefix that does
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return ELLIPSIS if width(ELLIPSIS, size, bold) <= max_width else ""
    return cleaned[:lo].rstrip() + ELLIPSIS


#: Discord shows a picture in the channel scaled to about this width (its preview)
PREVIEW_WIDTH = 520
#: the thinnest stroke, in preview pixels, that survives the scaling (a thinner one blends into the
#: background: "Round 1" read "Rouno 1", "individual" lost its dots)
MIN_PREVIEW_STROKE = 1.0


@cache
def stroke_width(size: int, bold: bool) -> float:
    """The measured width in pixels of a vertical stroke (the stem of "l") at ``size``."""
    f = font(CHAINS[bold][0], size)
    img = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(img).text((size // 2, size // 4), "l", font=f, fill=255)
    box = img.getbbox()
    if box is None:
        return 0.0
    middle = (box[1] + box[3]) // 2
    return sum(img.getpixel((x, middle)) for x in range(img.width)) / 255  # type: ignore[misc]


def legible(size: int, bold: bool, image_width: int) -> tuple[int, bool]:
    """The size and weight to draw with so the strokes stay at least ``MIN_PREVIEW_STROKE`` wide when
    an ``image_width`` picture is shown at Discord's preview width: regular text too thin becomes
    bold, and bold text still too thin grows (a picture at most the preview width is unchanged)."""
    scale = min(1.0, PREVIEW_WIDTH / max(1, image_width))
    if stroke_width(size, bold) * scale >= MIN_PREVIEW_STROKE:
        return size, bold
    bold = True
    while stroke_width(size, True) * scale < MIN_PREVIEW_STROKE and size < 96:
        size += 1
    return size, bold


@kept
def _mask(shown: str, size: int, bold: bool, rtl: bool | None,
          tag: str | None = None) -> tuple[Image.Image | None, int, int, float]:
    """The text drawn once as a coverage mask cropped to its ink, the ink's offset from the text's
    top-left corner, and the text's width; reused by every call (blending cost grows with the area).
    ``tag`` is the OpenType language CJK runs are drawn in (raqm only)."""
    runs = layout(shown, size, bold, rtl)
    total = sum(r.width for r in runs)
    ascent, descent = font(CHAINS[bold][0], size).getmetrics()
    pad = size // 2 + 2
    mask = Image.new("L", (math.ceil(total) + 2 * pad, ascent + descent + 2 * pad), 0)
    draw = ImageDraw.Draw(mask)
    x = float(pad)
    for run in runs:
        kwargs: dict[str, object] = {"direction": "rtl" if run.rtl else "ltr"} if HAS_RAQM else {}
        if HAS_RAQM and tag and run.face.startswith("cjk"):
            kwargs["language"] = tag
        draw.text((x, pad + ascent), run.text, font=font(run.face, size), fill=255, anchor="ls", **kwargs)  # type: ignore[arg-type]
        x += run.width
    box = mask.getbbox()
    if box is None:
        return None, 0, 0, total
    return mask.crop(box), box[0] - pad, box[1] - pad, total


@dataclass(frozen=True)
class Drawn:
    """One text as a picture drew it: what was asked, what was drawn, where, and whether it was shortened.

    Every picture keeps these (``texts_of``), so a test can check that no text but a name was cut, that
    each fits its room and that no two overlap (the gallery test), and how big a figure a player needs is.
    """

    text: str  #: the cleaned text asked for
    shown: str  #: the text drawn (``text`` itself unless it was shortened)
    size: int
    bold: bool
    box: tuple[float, float, float, float]  #: the ink's box on the picture
    width: float  #: the drawn width (the layout's advance)
    max_width: float | None
    name: bool  #: a person's name (the only text that may be shortened)
    role: str  #: what a player reads it for ("turn", "count", "score", "play", "pile", ...) or ""

    @property
    def shortened(self) -> bool:
        return self.shown != self.text


#: the key of an image's ``info`` holding the ``Drawn`` texts of every ``draw_text`` on its draw handle
TEXTS = "teahouse.texts"


def texts_of(img: Image.Image) -> list[Drawn]:
    """The texts drawn on ``img`` through its draw handle (including those of its cached background)."""
    return list(img.info.get(TEXTS, ()))


#: a text too wide for its room is drawn smaller, down to this share of its size, before anything is cut
SHRINK = 0.72


def _fits(text: str, size: int, bold: bool, rtl: bool | None, room: float) -> bool:
    return sum(r.width for r in layout(text, size, bold, rtl)) <= room


@lru_cache(maxsize=4096)
def prepare(text: str, size: int, bold: bool, image_width: int, max_width: float | None = None,
            rtl: bool | None = None, name: bool = False) -> tuple[str, int, bool]:
    """What ``draw_text`` draws for ``text`` in ``max_width`` on a picture ``image_width`` wide: (text, size,
    bold). The size and weight are first made legible (:func:`legible`); a person's name (``name``) too wide
    is shortened with an ellipsis; any other text is drawn smaller (down to ``SHRINK`` of its size, never
    below a legible size) and cut only when even that does not fit (a layout fault the gallery test finds).
    """
    size, bold = legible(size, bold, image_width)
    cleaned = clean(text)
    if max_width is None or _fits(cleaned, size, bold, rtl, max_width):
        return cleaned, size, bold
    if name:
        return fit_name(cleaned, size, max_width, bold, rtl), size, bold
    floor = math.ceil(size * SHRINK)
    for smaller in range(size - 1, floor - 1, -1):
        s, b = legible(smaller, bold, image_width)
        if s > smaller:  # smaller is no longer legible on this picture
            break
        if _fits(cleaned, s, b, rtl, max_width):
            return cleaned, s, b
    return fit(cleaned, size, max_width, bold, rtl), size, bold


@lru_cache(maxsize=1024)
def fit_name(name: str, size: int, max_width: float, bold: bool = False, rtl: bool | None = None) -> str:
    """A person's name fitted to ``max_width``: a note in brackets at its end ("Bob (computer plays)") stays
    whole while it takes at most half the room, and the name before it is shortened; otherwise as ``fit``."""
    cleaned = clean(name)
    cut = cleaned.rfind(" (")
    if cut > 0 and cleaned.endswith(")"):
        note = cleaned[cut:]
        note_width = sum(r.width for r in layout(note, size, bold, rtl))
        if note_width <= max_width / 2:
            return fit(cleaned[:cut], size, max_width - note_width - 2, bold, rtl) + note
    return fit(cleaned, size, max_width, bold, rtl)


def name_in(template: Callable[[str], str], name: str, size: int, max_width: float, bold: bool = False,
            rtl: bool | None = None, image_width: int = PREVIEW_WIDTH) -> str:
    """``template(name)``, with ``name`` shortened as much as needed (and no more) for the whole sentence to
    fit ``max_width`` at ``size``: a sentence around a name is never cut, the name is (its full form is in
    the message text)."""
    size, bold = legible(size, bold, image_width)
    whole = clean(template(name))
    if _fits(whole, size, bold, rtl, max_width):
        return whole
    room = max_width - sum(r.width for r in layout(clean(template("")), size, bold, rtl))
    for _ in range(8):  # the name's neighbours (spacing, direction marks) can take a pixel or two more
        sentence = template(fit_name(name, size, max(0.0, room), bold))
        if _fits(clean(sentence), size, bold, rtl, max_width):
            break
        room -= 4
    return sentence


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: str | tuple[int, ...],
    *,
    bold: bool = False,
    max_width: float | None = None,
    align: str = "left",
    rtl: bool | None = None,
    name: bool = False,
    role: str = "",
) -> float:
    """Draw ``text`` with its top-left (or top-centre / top-right, by ``align``) at ``xy``.

    Returns the drawn width. The text is cleaned, fitted to ``max_width`` (:func:`prepare`: a ``name`` is
    shortened, other text drawn smaller), laid out bidirectionally and drawn run by run on one baseline
    (through a cached mask), in a weight that stays readable when Discord shows the picture at its preview
    width (:func:`legible`). On a picture's draw handle (one with a ``texts`` list) it notes a ``Drawn``.
    """
    shown, size, bold = prepare(text, size, bold, draw.im.size[0], max_width, rtl, name)
    if not shown:
        return 0.0
    mask, dx, dy, total = _mask(shown, size, bold, rtl, _LANGUAGE.get())
    x, y = xy
    if align == "center":
        x -= total / 2
    elif align == "right":
        x -= total
    if mask is not None:
        draw.bitmap((round(x) + dx, round(y) + dy), mask, fill=fill)
    texts = getattr(draw, "texts", None)
    if texts is not None:
        box = ((round(x) + dx, round(y) + dy, round(x) + dx + mask.width, round(y) + dy + mask.height)
               if mask is not None else (x, y, x, y))
        texts.append(Drawn(clean(text), shown, size, bold, box, total, max_width, name, role))
    return total


def draw_lines(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
               fill: str | tuple[int, ...], *, max_width: float, lines: int = 2, bold: bool = False,
               align: str = "left", rtl: bool | None = None, role: str = "") -> int:
    """Draw ``text`` in at most ``lines`` lines of ``max_width``, broken between words
    (:func:`break_opportunities`); returns the number of lines drawn. What does not fit on the last line is
    left to ``draw_text`` (drawn smaller)."""
    size, bold = legible(size, bold, draw.im.size[0])
    rest = clean(text)
    drawn = 0
    x, y = xy
    while rest and drawn < lines:
        line = rest
        if drawn < lines - 1 and not _fits(rest, size, bold, rtl, max_width):
            cuts = [i for i in break_opportunities(rest) if _fits(rest[:i].rstrip(), size, bold, rtl, max_width)]
            if cuts:
                line = rest[:cuts[-1]].rstrip()
        draw_text(draw, (x, y), line, size, fill, bold=bold, max_width=max_width, align=align, rtl=rtl, role=role)
        rest = rest[len(line):].strip()
        drawn += 1
        y += line_height(size)
    return drawn


def use_raqm(enabled: bool | None) -> None:
    """Choose the layout path: raqm (``True``), pure Python (``False``), or what Pillow has (``None``).

    The pure-Python path is what a machine without libraqm gets; tests and benchmarks use this to
    exercise it here.
    """
    global HAS_RAQM
    HAS_RAQM = bool(features.check("raqm")) if enabled is None else bool(enabled and features.check("raqm"))
    for cached in (font, layout, fit, fit_name, prepare, stroke_width):
        cached.cache_clear()
    forget()  # the text masks, with every other kept picture


def line_height(size: int) -> int:
    """Vertical advance for one line at ``size``."""
    return round(size * 1.25)
