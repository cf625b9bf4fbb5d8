"""Run every example and snippet on the installed PyTorch and write what they recorded.

    python -m torch_notes.history.probe OUT.json

Runs inside one release's environment (``record.py`` makes it). A gallery script runs cell by
cell (the ``# %%`` blocks sphinx-gallery shows) in one namespace, as sphinx-gallery runs it,
without its asserts (they hold today's values: an old release that differs is recorded, not
stopped), and a cell that raises does not stop the next one: an API missing in an old release loses the
facts of that cell (and of cells that need its names), never every later fact of the example.
Each snippet and each exercise solution runs as the build runs it
(``torch_notes.evidence.execution.snippet_runner.run_fragment``), and so does each statement
probe (``execution.statement_probes``: ``probes.<section>/<name>.<case>``). With
``--only=probes,resume_training`` an existing record keeps everything but the named parts,
recorded again (:func:`record_again`). Each example and each
fragment runs within the build's time limit (``torch_notes.time_limits``); one past it stops
the probe, naming the file and the cell, and nothing is recorded. So does a cell that fails in
the example's own code, a ``NameError`` raised by one of its lines (``execution.own_code``):
that is the example's bug, not what the release does.

The result holds the facts under the keys the pages use (``autograd_basics.first_grad``,
``snippets.autograd_retain_variables.error``, ``snippets.exercises/autograd_graph_walk.line1``),
the cells that failed with their errors, what each named cell printed
(``outputs``: ``draw_graph.grad_fn_names`` -> its output, normalised by the rules the build
compares outputs with, ``model.text.comparable``, the value of a cell's last expression
included as sphinx-gallery shows it), and the provenance: release, build kind, Python, date
and how long the probe took.
"""

from __future__ import annotations

import ast
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
import types
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from torch_notes import sitewide
from torch_notes.evidence.execution import statement_probes
from torch_notes.evidence.execution.gallery_cells import SETUP, cell_of, script_cells
from torch_notes.evidence.execution.own_code import is_own_code
from torch_notes.evidence.execution.recording import seed_everything
from torch_notes.evidence.execution.snippet_runner import SNIPPET_PREFIX, run_fragment
from torch_notes.evidence.model.records import installed_torch
from torch_notes.evidence.model.text import comparable
from torch_notes.evidence.model.values import to_plain
from torch_notes.machine_loggers import quiet_machine_loggers
from torch_notes.paths import GALLERY, SNIPPETS, scratch, shown
from torch_notes.time_limits import TimeLimitExceeded, time_limit

_NAME = re.compile(r"^# ?%%(.*)$", re.MULTILINE)


def cell_name(cell: str) -> str:
    """The name on the cell's ``# %% <name>`` line; the code before the first is ``setup``."""
    match = _NAME.search(cell)
    return match[1].strip() if match else SETUP


def run_cell(cell: str, script: Path, namespace: dict[str, Any]) -> str:
    """Run one cell as sphinx-gallery does; return the ``repr`` of the value of a last bare
    expression ("" when there is none, or it is None), which the gallery shows after what
    the cell printed."""
    tree = ast.parse(cell, str(script))
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        tree.body.pop()
    exec(compile(tree, str(script), "exec", optimize=1), namespace)  # noqa: S102
    if isinstance(last, ast.Expr):
        expression = ast.Expression(last.value)
        value = eval(compile(expression, str(script), "eval", optimize=1), namespace)
        if value is not None:
            return repr(value)
    return ""


class OwnCodeFailed(Exception):
    """A cell failed in the example's own code (``execution.own_code``): a failed recording."""


def raising_line(error: BaseException, script: Path) -> int:
    """The line of ``script`` that raised ``error`` when the innermost frame is the script's
    own (0 when it was raised inside a library, or the script only called in)."""
    frames = traceback.extract_tb(error.__traceback__)
    return frames[-1].lineno or 0 if frames and frames[-1].filename == str(script) else 0


def last_line(error: BaseException) -> str:
    return "".join(traceback.format_exception_only(error)).strip().splitlines()[-1]


def plain_facts(prefix: str, recorded: dict[str, Any]) -> dict[str, Any]:
    found = {}
    for key, value in recorded.items():
        with contextlib.suppress(TypeError):  # a value the build would reject is no fact
            found[f"{prefix}.{key}"] = to_plain(value, f"{prefix}.{key}")
    return found


def run_example(
    script: Path, volatile: set[str] | None = None
) -> tuple[dict[str, Any], dict[str, str], dict[str, str]]:
    """The facts one gallery script records, the cells that raised (``name#cell``), and what
    each named cell printed (``name.cell``); ``volatile``, if given, receives the keys of the
    facts the script lists as changing on every run (``volatile_facts``: timings)."""
    name = sitewide.example_name(script)
    # The example's module is __main__ while it runs, as in sphinx-gallery: what it defines
    # pickles by reference (a Dataset sent to worker processes).
    module = types.ModuleType("__main__")
    module.__file__ = str(script)
    namespace: dict[str, Any] = module.__dict__
    main_module = sys.modules["__main__"]
    sys.modules["__main__"] = module
    seed_everything({}, str(script))
    quiet_machine_loggers()
    failures = {}
    failed: list[str] = []  # the code of the cells that raised, in order
    outputs = {}
    cwd = Path.cwd()
    with (
        tempfile.TemporaryDirectory(prefix="example-", dir=scratch()) as folder,
        time_limit(shown(script), cell_of(script.name)),
    ):
        os.chdir(folder)  # examples write files (saved models, a worker script)
        try:
            for number, cell in enumerate(script_cells(script.read_text(encoding="utf-8")), 1):
                output = io.StringIO()
                value = ""
                try:
                    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
                        # The project's own example, from this repository, asserts left out.
                        value = run_cell(cell, script, namespace)
                except TimeLimitExceeded:
                    raise  # a failed recording, not what this release does
                except Exception as error:  # what a release cannot run is data
                    line = raising_line(error, script)
                    if line and is_own_code(last_line(error), failed):
                        raise OwnCodeFailed(
                            f"{shown(script)}, cell {cell_name(cell) or number} (line {line}): "
                            f"{last_line(error)}: the example's own code failed, not PyTorch; "
                            "fix the example and record again"
                        ) from error
                    failures[f"{name}#{number}"] = last_line(error)
                    failed.append(cell)
                # A warning names the script it came from: by its name, not this machine's path.
                printed = output.getvalue().replace(str(script), script.name)
                if value:  # after a blank line, as sphinx-gallery shows it
                    printed += ("\n" if printed else "") + value
                label = cell_name(cell) if number > 1 else SETUP
                if label:  # a block without a name holds text only (checks.cell_names)
                    outputs[f"{name}.{label}"] = comparable(printed)
        finally:
            os.chdir(cwd)
            sys.modules["__main__"] = main_module
    recorded = namespace.get("facts")
    if volatile is not None:
        volatile |= {f"{name}.{key}" for key in namespace.get("volatile_facts", ())}
    return plain_facts(name, recorded if isinstance(recorded, dict) else {}), failures, outputs


def runs(gallery: Path, snippets: Path) -> tuple[list[Path], list[Path]]:
    """What the probe runs: the gallery's examples, then the fragments and solutions."""
    examples = sorted(gallery.glob(f"*/{sitewide.EXAMPLE_PREFIX}*.py"))
    return examples, sorted(snippets.glob("*.py")) + sorted(snippets.glob("exercises/*.py"))


def run_snippets() -> dict[str, Any]:
    """The facts of every note fragment and exercise solution, keyed as pages name them."""
    facts: dict[str, Any] = {}
    for path in runs(GALLERY, SNIPPETS)[1]:
        run = run_fragment(path.read_text(encoding="utf-8"), str(path))
        name = path.relative_to(SNIPPETS).with_suffix("").as_posix()
        facts |= plain_facts(f"{SNIPPET_PREFIX}.{name}", run.facts())
    return facts


def probe() -> dict[str, Any]:
    started = time.perf_counter()
    os.environ.setdefault("MPLBACKEND", "Agg")
    facts: dict[str, Any] = {}
    failures: dict[str, str] = {}
    outputs: dict[str, str] = {}
    for script in runs(GALLERY, SNIPPETS)[0]:
        example_facts, example_failures, example_outputs = run_example(script)
        facts |= example_facts
        failures |= example_failures
        outputs |= example_outputs
    facts |= run_snippets()
    facts |= statement_probes.run_all()
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
        "outputs": outputs,
    }


ONLY_PROBES = "probes"  # --only=probes: the statement probes (not the folder, paths.PROBES)


def volatile_outputs(script: Path) -> set[str]:
    """The output keys (``name.cell``) of the script's cells marked volatile (a timing)."""
    name = sitewide.example_name(script)
    cells = script_cells(script.read_text(encoding="utf-8"))
    return {
        f"{name}.{cell_name(cell) if number > 1 else SETUP}"
        for number, cell in enumerate(cells, 1)
        if sitewide.VOLATILE_MARK.search(cell)
    }


def record_again(out: Path, only: list[str], gallery: Path = GALLERY) -> dict[str, Any]:
    """The record in ``out`` with only the named parts recorded again: ``probes`` (the
    statement probes) or an example (``resume_training``: its facts, failures and outputs).
    Everything else stays byte for byte, and so do an example's volatile facts and the output of
    its cells marked volatile (timings) that the record already holds: a one-cell change is a
    diff of that cell's entries."""
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    examples = {sitewide.example_name(s): s for s in runs(gallery, SNIPPETS)[0]}
    unknown = [name for name in only if name != ONLY_PROBES and name not in examples]
    if unknown:
        raise LookupError(
            f"--only: no example {', '.join(unknown)} (known: {ONLY_PROBES}, {', '.join(examples)})"
        )
    for name in only:
        if name == ONLY_PROBES:
            prefix = f"{statement_probes.PROBE_PREFIX}."
            kept = {k: v for k, v in result["facts"].items() if not k.startswith(prefix)}
            result["facts"] = kept | statement_probes.run_all()
            continue
        volatile: set[str] = set()
        facts, failures, outputs = run_example(examples[name], volatile)
        old = result["facts"]
        facts |= {key: old[key] for key in volatile if key in old and key in facts}

        def others(table: dict[str, Any], separator: str, name: str = name) -> dict[str, Any]:
            return {k: v for k, v in table.items() if not k.startswith(name + separator)}

        old_outputs = result["outputs"]
        outputs |= {
            key: old_outputs[key]
            for key in volatile_outputs(examples[name])
            if key in old_outputs and key in outputs
        }
        result["facts"] = others(result["facts"], ".") | facts
        result["failures"] = others(result["failures"], "#") | failures
        result["outputs"] = others(result["outputs"], ".") | outputs
    return result


def main(argv: list[str]) -> int:
    only = [n for a in argv if a.startswith("--only=") for n in a[7:].split(",") if n]
    paths = [a for a in argv if not a.startswith("--only=")]
    if len(paths) != 1:
        print(
            "usage: python -m torch_notes.history.probe OUT.json [--only=probes,EXAMPLE,...]",
            file=sys.stderr,
        )
        return 2
    out = Path(paths[0])
    try:
        result = record_again(out, only) if only and out.is_file() else probe()
    except OwnCodeFailed as failed:
        print(f"torch {installed_torch().release}: nothing recorded: {failed}", file=sys.stderr)
        return 1
    except LookupError as unknown:
        print(unknown, file=sys.stderr)
        return 2
    out.write_text(
        json.dumps(result, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(
        f"torch {result['provenance']['release']}: {len(result['facts'])} facts, "
        f"{len(result['failures'])} cells failed"
        + (
            f" (recorded again: {', '.join(only)})"
            if only
            else f", {result['provenance']['seconds']} s"
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
