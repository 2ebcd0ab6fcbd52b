"""Regenerate the CJK subset fonts (a dev tool; needs fontTools, never run by the bot).

    /work/venv/bin/python -m rendering.fonts.make_cjk_subset /usr/share/fonts/opentype/noto

Cuts Noto Sans CJK (OFL, Debian ``fonts-noto-cjk``) down to the glyphs the images need:
every CJK character in our catalogs and art, kana, the 2350 common Hangul syllables of
KS X 1001 and the 3755 common hanzi of GB 2312 level 1, so that most CJK player names render
(the kanji of JIS X 0208 level 1 would cost 0.6 MB more, past the 2 MB each font may weigh). The OpenType layout is kept whole, so each character keeps
its Chinese, Japanese and Korean forms (``locl``), which the renderer picks by the picture's language.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
#: Characters the art and labels use, whatever the catalogs say.
NEEDED = (
    "王玉飛角金銀馬香し親なし五光壽够级争上游ごいた고스톱광열띠피쌍피쓰리피뻑홍단청단초단"
    "续行配り直攻め受け伏せ一二三四五六七八九十百千万円年月日点局番手"
)


def _decode_range(encoding: str, lead: range, trail: range) -> str:
    out = []
    for a in lead:
        for b in trail:
            with contextlib.suppress(UnicodeDecodeError):
                out.append(bytes([a, b]).decode(encoding))
    return "".join(out)


def charset() -> str:
    """All characters to keep, sorted and unique."""
    chars = set(NEEDED)
    chars.update(chr(c) for c in range(0x3000, 0x3100))  # CJK punctuation, hiragana, katakana
    chars.update(chr(c) for c in range(0xFF01, 0xFF5F))  # full-width forms
    chars.update(_decode_range("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF)))  # hanzi level 1
    chars.update(_decode_range("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF)))  # common Hangul
    for toml in (HERE.parent.parent / "bot" / "locales").rglob("*.toml"):
        chars.update(ch for ch in toml.read_text(encoding="utf-8") if ord(ch) >= 0x2E80)
    return "".join(sorted(chars))


def labels() -> str:
    """The set the bold face needs: art, labels, kana and the common Hangul (seat names are bold, and a
    Korean name in regular beside bold words reads as a different kind of text)."""
    chars = set(NEEDED)
    chars.update(chr(c) for c in range(0x3040, 0x3100))
    chars.update(_decode_range("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF)))  # common Hangul
    for toml in (HERE.parent.parent / "bot" / "locales").rglob("*.toml"):
        chars.update(ch for ch in toml.read_text(encoding="utf-8") if ord(ch) >= 0x2E80)
    return "".join(sorted(chars))


def main(src_dir: str) -> None:
    # Regular (SC face): names and labels; Bold (JP face): Goita pieces and headings.
    for weight, index, text in (("Regular", 2, charset()), ("Bold", 0, labels())):
        chars_file = HERE / f"cjk_chars_{weight.lower()}.txt"
        chars_file.write_text(text, encoding="utf-8")
        src = Path(src_dir) / f"NotoSansCJK-{weight}.ttc"
        subprocess.run(
            [sys.executable, "-m", "fontTools.subset", str(src), f"--font-number={index}",
             f"--text-file={chars_file}", "--layout-features=*", "--no-hinting",
             f"--output-file={HERE / f'NotoSansCJK-{weight}-subset.otf'}"],
            check=True,
        )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/noto")
