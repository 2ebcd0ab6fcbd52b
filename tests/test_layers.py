"""The shape DESIGN.md agreed on, checked in the code itself, so a new module that breaks it fails here.

* The Discord layer reads views only: no module in ``cogs/`` reads a ``.state`` (the engine's state is
  behind ``bot.games.live.LiveGame``), and ``cogs/`` and ``rendering/`` import from an engine only its
  public package (``bot.games.<id>``), never its internals (``bot.games.<id>.engine``).
* No file in ``cogs/`` is over 400 lines: a file that grows past it is split by job.
* No import circle in ``bot/``, ``cogs/`` or ``rendering/``, function-level and type-checking imports included.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from bot.games import GAME_IDS

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("bot", "cogs", "rendering")
MAX_COG_LINES = 400


def _modules() -> dict[str, Path]:
    """Every module of the three layers by its dotted name (a package by its own name)."""
    out: dict[str, Path] = {}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """The modules ``name`` imports, as dotted names of ours (``from pkg import sub`` names ``pkg.sub``
    when ``sub`` is a module), with the line of each import."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield (sub if sub in MODULES else base), node.lineno


def _graph() -> dict[str, set[str]]:
    return {name: {target for target, _ in _imports(name, path) if target in MODULES and target != name}
            for name, path in MODULES.items()}


def _stored(node: ast.expr) -> bool:
    """A stored snapshot's ``state`` (its saved JSON, which ``persistence.py`` hands to ``LiveGame``)."""
    return isinstance(node, ast.Name) and node.id == "snapshot"


def test_no_module_of_cogs_reads_an_engine_state() -> None:
    reads = [f"{path.relative_to(ROOT)}:{node.lineno}"
             for name, path in MODULES.items() if name.startswith("cogs")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Attribute) and node.attr == "state" and not _stored(node.value)]
    assert not reads, reads


def test_cogs_and_rendering_import_an_engine_only_through_its_public_package() -> None:
    internals = sorted({f"{path.relative_to(ROOT)}:{line} imports {target}"
                 for name, path in MODULES.items() if name.startswith(("cogs", "rendering"))
                 for target, line in _imports(name, path)
                 if any(target.startswith(f"bot.games.{game}.") for game in GAME_IDS)})
    assert not internals, internals


def test_no_file_in_cogs_is_over_400_lines() -> None:
    long = {str(path.relative_to(ROOT)): count for name, path in MODULES.items() if name.startswith("cogs")
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_COG_LINES}
    assert not long, long


def test_no_import_circle() -> None:
    graph = _graph()
    circles: list[list[str]] = []
    done: set[str] = set()

    def visit(node: str, path: list[str], on_path: set[str]) -> None:
        for target in sorted(graph[node]):
            if target in on_path:
                circle = path[path.index(target):]
                if min(circle) == circle[0]:  # each circle once, from its smallest name
                    circles.append([*circle, target])
            elif target not in done:
                visit(target, [*path, target], on_path | {target})
        done.add(node)

    for start in sorted(graph):
        if start not in done:
            visit(start, [start], {start})
    assert not circles, [" -> ".join(circle) for circle in circles]


def test_the_checks_see_what_they_look_for() -> None:
    """The import reader resolves relative imports and submodules: a check that reads nothing passes nothing."""
    targets = {target for target, _ in _imports("cogs.table.moves", MODULES["cogs.table.moves"])}
    assert {"cogs.table.persistence", "cogs.table.session", "bot.games.core"} <= targets
    assert "bot.games.live" in _graph()["cogs.table.session"]
