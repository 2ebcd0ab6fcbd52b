"""One benchmark command: ``python -m tests.bench [--quick] [--parts a,b] [--json PATH]``.

Each part is a module ``tests/bench/<part>.py`` with ``run(quick: bool) -> dict[str, float]``.
The command prints one table of every number and writes the same numbers as JSON, with
the machine they were measured on, so runs can be compared. ``--quick`` is the smoke run
CI executes (no thresholds: numbers are reported, never asserted).

Every timed thing has wall-clock and CPU-time percentiles side by side (``..._ms`` and
``...cpu_..._ms``) and its sample count (``...n`` or ``..._count``); the table marks a p99 standing
on fewer than 600 samples (then it is one of the 5 worst). On a shared machine the wall-clock figures include waiting for a core:
compare CPU times.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

from tests.bench.timing import P99_MIN_SAMPLES, sample_count

PARTS = ("zhengshangyou", "gouji", "gostop", "goita", "hints", "rendering", "replay", "storage", "memory", "e2e")


def machine() -> dict[str, Any]:
    """What the numbers were measured on."""
    mem_kb = 0
    model = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem_kb = int(line.split()[1])
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name") and not model:
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
            "memory_gib": round(mem_kb / 1024 / 1024, 1),
            "processor": model or platform.processor() or platform.machine()}


def run_parts(parts: list[str], quick: bool) -> dict[str, dict[str, Any]]:
    results: dict[str, dict[str, Any]] = {}
    for part in parts:
        started = time.perf_counter()
        try:
            module = importlib.import_module(f"tests.bench.{part}")
            numbers = dict(module.run(quick))
        except ModuleNotFoundError as err:
            numbers = {"error": f"missing: {err.name}"}
        except Exception as err:  # a broken part is reported, the others still run
            numbers = {"error": f"{type(err).__name__}: {err}"}
        numbers["bench_seconds"] = round(time.perf_counter() - started, 2)
        results[part] = numbers
        print(f"  {part}: done in {numbers['bench_seconds']} s", file=sys.stderr, flush=True)
    return results


def table(results: dict[str, dict[str, Any]]) -> str:
    rows = [(part, key, value) for part, numbers in results.items() for key, value in numbers.items()]
    width_part = max([len("part"), *(len(r[0]) for r in rows)])
    width_key = max([len("measure"), *(len(r[1]) for r in rows)])
    lines = [f"{'part':<{width_part}}  {'measure':<{width_key}}  value", "-" * (width_part + width_key + 20)]
    for part, key, value in rows:
        shown = f"{value:,.3f}" if isinstance(value, float) else str(value)
        shown = f"{shown:>12}"
        count = sample_count(results[part], key)
        if count == 0:
            shown = f"{shown}  (no samples)"
        elif count is not None:  # a p99 says how many samples it stands on
            shown = f"{shown}  (n={count:.0f}{', p99 is one of the 5 worst' if count < P99_MIN_SAMPLES else ''})"
        lines.append(f"{part:<{width_part}}  {key:<{width_key}}  {shown}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a fast smoke run (seconds, not minutes)")
    parser.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated, from: {', '.join(PARTS)}")
    parser.add_argument("--json", default="bench-results/latest.json", help="where to write the numbers")
    args = parser.parse_args(argv)
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        parser.error(f"unknown part(s): {', '.join(unknown)}")
    info = machine()
    print(f"machine: {info['cpus']} cpus ({info['processor']}), {info['memory_gib']} GiB, Python {info['python']}, "
          f"{info['platform']}")
    results = run_parts(parts, args.quick)
    print(table(results))
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"machine": info, "quick": args.quick, "results": results}, indent=2))
    print(f"\nJSON written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
