"""The check at the end of every downloaded example: does the learner's PyTorch agree?

Each downloaded script and notebook ends with a short cell a learner can read: the values the
site's pages state about the example, each next to the plain expression that computes it in
the script, compared with what the learner's run computes, numbers within a relative 1e-4. It
prints, in the download's language, either that this PyTorch agrees with the site (naming the
release the site ran) or which values differ and what the site recorded.

What goes in: the facts of the example that a page states (a ``{claim}``), whose recording
expression (``facts["k"] = <expression>``, ``execution.fact_code``) uses only names the
learner's script defines and, evaluated at the end of that script on this build's PyTorch,
gives the value the page states. Left out: volatile facts (timings), errors and warnings,
values of no plain type, and anything that depends on the machine's devices (an expression
that names a device, CUDA, MPS, an accelerator, a clock, threads or process ids), so that a
GPU reader is never told that the site disagrees. The learner's scripts run once per build,
in a child process; the second language reads the first's results (``_build/scratch``).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import math
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from sphinx.locale import get_translation

from torch_notes.paths import ROOT, SCRATCH

_ = get_translation("torch_notes")

# Names whose values depend on the machine, not on PyTorch's behaviour.
MACHINE = re.compile(
    r"\b(device|devices|cuda|mps|accelerator|perf_counter|time|timeit|Timer|benchmark|"
    r"get_num_threads|getpid|pids|seconds|sizes)\b"
)
RELATIVE_TOLERANCE = 1e-4
CHECK_MARK = "check_against_the_site"  # the function the check cell defines


def plain(value: Any) -> bool:
    if isinstance(value, bool | int | float | str):
        return not (isinstance(value, float) and not math.isfinite(value))
    if isinstance(value, list):
        return all(plain(item) for item in value)
    return False


# The check cell holds this very source (check_cell): it is the learner's rule as well as the
# build's, so it keeps to what every Python that runs PyTorch 2.6 understands.
def agrees_with_site(mine: object, site: object) -> bool:
    """Whether your value is the site's: lists item by item, numbers within a relative 1e-4."""
    if isinstance(site, list) or isinstance(mine, list):
        return (
            isinstance(mine, list)
            and isinstance(site, list)
            and len(mine) == len(site)
            and all(agrees_with_site(mine[i], site[i]) for i in range(len(site)))
        )
    if isinstance(site, float) or isinstance(mine, float):
        if isinstance(mine, bool) or isinstance(site, bool):
            return False
        if not isinstance(mine, (int, float)) or not isinstance(site, (int, float)):
            return False
        return math.isclose(mine, site, rel_tol=RELATIVE_TOLERANCE, abs_tol=1e-12)
    return type(mine) is type(site) and mine == site


def candidates(facts: dict[str, Any], codes: dict[str, str]) -> dict[str, tuple[str, Any]]:
    """``{key: (expression, value)}`` for the facts that may go into the check."""
    return {
        key: (code, value)
        for key, value in facts.items()
        if (code := codes.get(key)) and plain(value) and not MACHINE.search(code)
    }


RUNNER = textwrap.dedent(
    """
    import contextlib, io, json, os, sys, tempfile, types
    os.environ.setdefault("MPLBACKEND", "Agg")
    jobs = json.load(sys.stdin)
    from torch_notes.history.probe import cells, run_cell
    from torch_notes.evidence.execution.recording import seed_everything
    from torch_notes.gallery import quiet_machine_loggers
    results = {}
    for path, source, expressions in jobs:
        module = types.ModuleType("__main__")
        module.__file__ = path
        sys.modules["__main__"] = module
        seed_everything({}, path)
        quiet_machine_loggers()
        found = {}
        with tempfile.TemporaryDirectory() as scratch:
            os.chdir(scratch)
            try:
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                    for cell in cells(source):
                        run_cell(cell, path, module.__dict__)
                    for key, expression in expressions.items():
                        try:
                            value = eval(expression, module.__dict__)
                        except Exception:
                            continue
                        if hasattr(value, "tolist"):
                            continue  # a tensor or array: no plain value
                        found[key] = value
            except Exception:
                found = {}
        results[path] = json.loads(json.dumps(found, default=lambda v: None))
    print(json.dumps(results))
    """
)


def evaluate(jobs: list[tuple[Path, str, dict[str, str]]]) -> dict[str, dict[str, Any]]:
    """Run each learner script and evaluate the expressions at its end: ``{path: {key: value}}``.

    Cached by content under ``_build/scratch``, so the second language reads the first's."""
    payload = [(str(path), source, expressions) for path, source, expressions in jobs]
    digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]
    cache = SCRATCH / "self-check" / f"{digest}.json"
    if cache.is_file():
        cached: dict[str, dict[str, Any]] = json.loads(cache.read_text(encoding="utf-8"))
        return cached
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    result = subprocess.run(
        [sys.executable, "-c", RUNNER],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
        timeout=900,
    )
    found: dict[str, dict[str, Any]] = json.loads(result.stdout.strip().splitlines()[-1])
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(found), encoding="utf-8")
    return found


MOST = 15  # a check a learner reads at a glance


def kept(
    candidates_: dict[str, tuple[str, Any]], computed: dict[str, Any], source: str = ""
) -> list[tuple[str, Any]]:
    """``(expression, value)`` of the candidates whose end-of-script value is the page's, in
    the order the script first writes each expression, at most :data:`MOST`."""
    found: dict[str, Any] = {}
    for key, (code, value) in candidates_.items():
        if key in computed and agrees_with_site(computed[key], value) and code not in found:
            found[code] = value
    order = sorted(found, key=lambda code: (source.find(code) % (len(source) + 1), code))
    return [(code, found[code]) for code in order[:MOST]]


def check_cell(values: list[tuple[str, Any]], release: str) -> tuple[str, str]:
    """The check as (text, code): the text in reStructuredText for the script's comment block
    (Markdown in a notebook reads it the same), the code with messages in the page's language."""
    text = _(
        "Does your PyTorch agree with this page?\n"
        "----------------------------------------\n"
        "The site ran this example on PyTorch {release} and its pages state the values below. "
        "Run this cell after the others: it compares each with what your run computed "
        "(numbers within a relative 1e-4). Timings and values that depend on your devices are "
        "left out."
    ).format(release=release)
    agree = _("Your PyTorch ({mine}) agrees with the site (PyTorch {site}) on {count} values.")
    differ = _("Your PyTorch ({mine}) differs from the site (PyTorch {site}) in:")
    line = _("  {code}: yours {mine!r}, the site recorded {site!r}")
    rows = "\n".join(f"        ({code!r}, {code}, {value!r})," for code, value in values)
    agree, differ, line = (repr(str(message)) for message in (agree, differ, line))
    columns = _("values: (the code, what your run gives, what the site recorded)")
    # The expressions are evaluated where the call is, at the script's top level, among its
    # names; the functions' own names say what they are for, so that none hides one of them.
    rule = inspect.getsource(agrees_with_site)
    code = f"""import math

RELATIVE_TOLERANCE = {RELATIVE_TOLERANCE}


{rule}

def {CHECK_MARK}(values, site_release):
    # {columns}
    differ = [(code, mine, site) for code, mine, site in values if not agrees_with_site(mine, site)]
    if not differ:
        message = {agree}
        print(message.format(mine=torch.__version__, site=site_release, count=len(values)))
        return
    print({differ}.format(mine=torch.__version__, site=site_release))
    for code, mine, site in differ:
        print({line}.format(code=code, mine=mine, site=site))


{CHECK_MARK}(
    [
{rows}
    ],
    site_release={release!r},
)
"""
    return text, code


def as_script_cell(text: str, code: str) -> str:
    lines = [
        wrapped
        for paragraph in text.splitlines()
        for wrapped in (textwrap.wrap(paragraph, 86, break_on_hyphens=False) or [""])
    ]
    comment = "\n".join(f"# {line}".rstrip() for line in lines)
    return f"\n\n# %%\n{comment}\n\n{code}"


def as_notebook_cells(text: str, code: str) -> list[dict[str, Any]]:
    title, _underline, *rest = text.splitlines()
    markdown = f"## {title}\n" + "\n".join(rest)
    return [
        {"cell_type": "markdown", "metadata": {}, "source": markdown},
        {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {"collapsed": False},
            "outputs": [],
            "source": code.rstrip("\n"),
        },
    ]
