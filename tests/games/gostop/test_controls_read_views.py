"""Issue #44: Go-Stop's Discord controls and its renderer read views only and import only the engine's public
package; no file of them in ``cogs/`` is over 400 lines; the engine package has one file per concern and no import circle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
COGS = sorted(ROOT.glob("cogs/table/controls/gostop*.py"))
DISCORD_SIDE = [*COGS, ROOT / "rendering/gostop.py"]
PACKAGE = ROOT / "bot/games/gostop"


@pytest.mark.parametrize("path", DISCORD_SIDE, ids=lambda p: p.name)
def test_reads_no_state_and_imports_only_the_public_engine(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"\.state\b", text), f"{path.name} reads a state"
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.startswith("bot.games.gostop."), f"{path.name} imports {node.module}"
        if isinstance(node, ast.Import):
            assert not any(a.name.startswith("bot.games.gostop.") for a in node.names), path.name


@pytest.mark.parametrize("path", COGS, ids=lambda p: p.name)
def test_no_discord_file_is_over_400_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 400


def test_one_file_per_concern_and_no_import_circle() -> None:
    names = {p.stem for p in PACKAGE.glob("*.py")}
    assert {"views", "timing", "scoring", "notation", "ai"} <= names
    imports: dict[str, set[str]] = {}
    for stem in names - {"__init__"}:
        tree = ast.parse((PACKAGE / f"{stem}.py").read_text(encoding="utf-8"))
        imports[stem] = {node.module for node in ast.walk(tree)  # function-level imports count too
                         if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module in names}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(m == goal or (m not in seen and reaches(m, goal, seen | {m})) for m in imports.get(start, ()))

    assert not [stem for stem in imports if reaches(stem, stem, set())]
