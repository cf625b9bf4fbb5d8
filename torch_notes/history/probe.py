"""Run every example and snippet on the installed PyTorch and write what they recorded.

    python -m torch_notes.history.probe OUT.json

Runs inside one release's environment (``record.py`` makes it). A gallery script runs cell by
cell (the ``# %%`` blocks sphinx-gallery shows) in one namespace, as sphinx-gallery runs it,
without its asserts (they hold today's values: an old release that differs is recorded, not
stopped), and a cell that raises does not stop the next one: an API missing in an old release loses the
facts of that cell (and of cells that need its names), never every later fact of the example.
Each snippet runs as the build runs it (``torch_notes.evidence.execution.snippet_runner.run_fragment``).

The result holds the facts under the keys the pages use (``autograd_basics.first_grad``,
``snippets.autograd_retain_variables.error``), the cells that failed with their errors, and
the provenance: release, build kind, Python, date and how long the probe took.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import platform
import re
import sys
import tempfile
import time
import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from torch_notes import sitewide
from torch_notes.evidence.execution.recording import seed_everything
from torch_notes.evidence.execution.snippet_runner import SNIPPET_PREFIX, run_fragment
from torch_notes.evidence.model.records import installed_torch
from torch_notes.evidence.model.values import to_plain
from torch_notes.gallery import quiet_machine_loggers
from torch_notes.paths import GALLERY, SCRATCH, SNIPPETS

_CELL = re.compile(r"^# %%.*$", re.MULTILINE)


def cells(source: str) -> list[str]:
    """The script's blocks, as sphinx-gallery splits them at ``# %%`` lines; each keeps its
    line numbers (earlier lines become blank), so a traceback points into the script."""
    starts = [0] + [m.start() for m in _CELL.finditer(source)]
    ends = [*starts[1:], len(source)]
    return [
        "\n" * source.count("\n", 0, a) + source[a:b] for a, b in zip(starts, ends, strict=True)
    ]


def last_line(error: BaseException) -> str:
    return "".join(traceback.format_exception_only(error)).strip().splitlines()[-1]


def plain_facts(prefix: str, recorded: dict[str, Any]) -> dict[str, Any]:
    found = {}
    for key, value in recorded.items():
        with contextlib.suppress(TypeError):  # a value the build would reject is no fact
            found[f"{prefix}.{key}"] = to_plain(value, f"{prefix}.{key}")
    return found


def run_example(script: Path) -> tuple[dict[str, Any], dict[str, str]]:
    """The facts one gallery script records, and the cells that raised (``name#cell``)."""
    name = sitewide.example_name(script)
    namespace: dict[str, Any] = {"__name__": "__main__", "__file__": str(script)}
    seed_everything({}, str(script))
    quiet_machine_loggers()
    failures = {}
    cwd = Path.cwd()
    SCRATCH.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="example-", dir=SCRATCH) as scratch:
        os.chdir(scratch)  # examples write files (saved models, a worker script)
        try:
            for number, cell in enumerate(cells(script.read_text(encoding="utf-8")), 1):
                output = io.StringIO()
                try:
                    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
                        # The project's own example, from this repository, asserts left out.
                        code = compile(cell, str(script), "exec", optimize=1)
                        exec(code, namespace)  # noqa: S102
                except Exception as error:  # noqa: BLE001 - what a release cannot run is data
                    failures[f"{name}#{number}"] = last_line(error)
        finally:
            os.chdir(cwd)
    recorded = namespace.get("facts")
    return plain_facts(name, recorded if isinstance(recorded, dict) else {}), failures


def run_snippets() -> dict[str, Any]:
    facts: dict[str, Any] = {}
    for path in sorted(SNIPPETS.glob("*.py")):
        run = run_fragment(path.read_text(encoding="utf-8"), str(path))
        facts |= plain_facts(f"{SNIPPET_PREFIX}.{path.stem}", run.facts())
    return facts


def probe() -> dict[str, Any]:
    started = time.perf_counter()
    os.environ.setdefault("MPLBACKEND", "Agg")
    facts: dict[str, Any] = {}
    failures: dict[str, str] = {}
    for script in sorted(GALLERY.glob(f"*/{sitewide.EXAMPLE_PREFIX}*.py")):
        example_facts, example_failures = run_example(script)
        facts |= example_facts
        failures |= example_failures
    facts |= run_snippets()
    torch = installed_torch()
    return {
        "provenance": {
            "release": torch.release,
            "build": torch.kind,
            "python": platform.python_version(),
            "platform": platform.machine(),
            "date": datetime.now(UTC).date().isoformat(),
            "seconds": round(time.perf_counter() - started, 1),
        },
        "failures": failures,
        "facts": facts,
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m torch_notes.history.probe OUT.json", file=sys.stderr)
        return 2
    result = probe()
    Path(argv[0]).write_text(
        json.dumps(result, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(
        f"torch {result['provenance']['release']}: {len(result['facts'])} facts, "
        f"{len(result['failures'])} cells failed, {result['provenance']['seconds']} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
