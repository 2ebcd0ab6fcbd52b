"""The shape #44 asks of Zheng Shangyou: one file per concern whose imports point one way only (no circle,
not even inside a function), and a Discord side (controls, renderer) that reads views through the public
package and never touches a state."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "bot" / "games" / "zhengshangyou"
#: each module may import only those before it (``__init__`` is the public face, above them all)
LAYERS = ["glossary", "actions", "combos", "scoring", "views", "counting", "notation", "engine", "reasons", "ai", "timing"]
DISCORD_SIDE = [*sorted((ROOT / "cogs").rglob("zhengshangyou*.py")), ROOT / "rendering" / "zhengshangyou.py"]


def _imports(path: Path) -> list[tuple[int, str | None, int]]:
    """(level, module, line) of every ``from ... import`` and ``import`` anywhere in the file."""
    found: list[tuple[int, str | None, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module, node.lineno))
        elif isinstance(node, ast.Import):
            found += [(0, alias.name, node.lineno) for alias in node.names]
    return found


def test_the_engine_files_are_the_common_names_and_import_downwards_only() -> None:
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    assert modules == set(LAYERS)
    assert {"views", "timing", "scoring", "notation", "ai"} <= modules  # the same names in every game
    for name in LAYERS:
        allowed = set(LAYERS[:LAYERS.index(name)])
        for level, module, line in _imports(PACKAGE / f"{name}.py"):
            if level == 1:
                assert module in allowed, f"{name}.py:{line} imports .{module}"
            elif level == 0 and module and module.startswith("bot.games.zhengshangyou"):
                raise AssertionError(f"{name}.py:{line} imports {module}")


def test_the_discord_side_reads_views_through_the_public_package() -> None:
    assert len(DISCORD_SIDE) >= 2
    for path in DISCORD_SIDE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for level, module, line in _imports(path):
            if level == 0 and module and module.startswith("bot.games."):
                assert module in ("bot.games.zhengshangyou", "bot.games.core", "bot.games.live") or (
                    module.startswith("bot.games.core.")), f"{path.name}:{line} imports {module}"
        reads = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "state"]
        assert not reads, f"{path.name} reads .state on lines {reads}"
