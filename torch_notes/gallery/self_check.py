"""The check at the end of every downloaded example: does the learner's PyTorch agree?

Each downloaded script and notebook ends with a short cell a learner can read: the values the
site's pages state about the example, each next to the plain expression that computes it in
the script, compared with what the learner's run computes, numbers within a relative 1e-4. It
prints, in the download's language, either that this PyTorch agrees with the site (naming the
release the site ran) or which values differ and what the site recorded; then it exits with
status 1, so that a script run by hand, by a shell or by CI says so too (in a notebook the
cell stops with an error). The message names both causes a learner may meet, another PyTorch
release and an edit of the code, and blames neither.

What goes in: the facts of the example that a page states (a ``{claim}``), whose recording
expression (``facts["k"] = <expression>``, ``execution.fact_code``) uses only names the
learner's script defines and, evaluated at the end of that script on this build's PyTorch,
gives the value the page states. Left out: volatile facts (timings), errors and warnings,
values of no plain type, anything that depends on the machine's devices (an expression
that names a device, CUDA, MPS, an accelerator, a clock, threads or process ids), so that a
GPU reader is never told that the site disagrees, and expressions that change what they read
(an in-place method, ``backward``, ``step``, ``next``), so that each value is the one the
script left, whichever others the check evaluates.

The learner's scripts need only their sources, so they run once per build in a child process
started with the build (:func:`start`), on the second core while the gallery runs; each
expression is evaluated with the random state the script ended with. The build reads the
result when it writes the downloads (:func:`evaluate`), and the second language reads the
first's (the build's scratch folder). Each script runs within the build's time limit.
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
import time
from pathlib import Path
from typing import Any

from sphinx.locale import get_translation

from torch_notes import time_limits
from torch_notes.paths import ROOT, scratch

_ = get_translation("torch_notes")

# Names whose values depend on the machine, not on PyTorch's behaviour.
MACHINE = re.compile(
    r"\b(device|devices|cuda|mps|accelerator|perf_counter|time|timeit|Timer|benchmark|"
    r"get_num_threads|getpid|pids|seconds|sizes)\b"
)
# Calls that change what they read: an in-place method (``add_``), a step, a backward pass.
SIDE_EFFECTS = re.compile(r"\w_\(|\b(backward|step|zero_grad|next|pop|append|update|send)\(")
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


def admissible(code: str) -> bool:
    """Whether an expression may go into the check, judged by its source alone."""
    return bool(code) and not MACHINE.search(code) and not SIDE_EFFECTS.search(code)


def candidates(facts: dict[str, Any], codes: dict[str, str]) -> dict[str, tuple[str, Any]]:
    """``{key: (expression, value)}`` for the facts that may go into the check."""
    return {
        key: (code, value)
        for key, value in facts.items()
        if (code := codes.get(key, "")) and admissible(code) and plain(value)
    }


RUNNER = textwrap.dedent(
    """
    import contextlib, io, json, os, random, sys, tempfile, traceback, types
    os.environ.setdefault("MPLBACKEND", "Agg")
    if hasattr(os, "nice"):
        os.nice(10)  # beside the build, whose gallery and languages wait on each other
    out = sys.argv[1]
    jobs = json.load(sys.stdin)
    try:
        import numpy, torch
        from torch_notes.history.probe import run_cell
        from torch_notes.evidence.execution.gallery_cells import cell_of, script_cells as cells
        from torch_notes.evidence.execution.recording import seed_everything
        from torch_notes.machine_loggers import quiet_machine_loggers
        from torch_notes.time_limits import TimeLimitExceeded, time_limit
        results = {}
        for path, source, expressions in jobs:
            module = types.ModuleType("__main__")
            module.__file__ = path
            sys.modules["__main__"] = module
            seed_everything({}, path)
            quiet_machine_loggers()
            found = {}
            with tempfile.TemporaryDirectory() as scratch, time_limit(path, cell_of(path)):
                os.chdir(scratch)
                try:
                    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                        for cell in cells(source):
                            run_cell(cell, path, module.__dict__)
                        ended = (random.getstate(), numpy.random.get_state(), torch.get_rng_state())
                        for key, expression in expressions.items():
                            random.setstate(ended[0])
                            numpy.random.set_state(ended[1])
                            torch.set_rng_state(ended[2])
                            try:
                                value = eval(expression, module.__dict__)
                            except Exception:
                                continue
                            if hasattr(value, "tolist"):
                                continue  # a tensor or array: no plain value
                            found[key] = value
                except TimeLimitExceeded:
                    raise
                except Exception:
                    found = {}
            results[path] = json.loads(json.dumps(found, default=lambda v: None))
        with open(out + ".part", "w", encoding="utf-8") as file:
            json.dump(results, file)
        os.replace(out + ".part", out)
    except BaseException:
        with open(out + ".failed", "w", encoding="utf-8") as file:
            file.write(traceback.format_exc())
        raise
    """
)

Jobs = list[tuple[Path, str, dict[str, str]]]  # (script, learner's source, {key: expression})


def result_file(jobs: Jobs) -> Path:
    """Where the run of these jobs writes its result, by their content, in the build's scratch."""
    payload = [(str(path), source, expressions) for path, source, expressions in jobs]
    digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]
    return scratch() / "self-check" / f"{digest}.json"


def seconds_for(jobs: Jobs) -> float:
    """How long the learners' scripts may take together: each script's limit, added up."""
    return time_limits.limit_seconds() * max(len(jobs), 1)


class Run:
    """The learners' scripts running in a child process, writing :func:`result_file`."""

    def __init__(self, jobs: Jobs) -> None:
        self.out = result_file(jobs)
        self.scripts = len(jobs)
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.log = self.out.with_suffix(".log")
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
            # One thread: it runs beside the gallery, whose PyTorch has both cores' threads.
            "OMP_NUM_THREADS": "1",
        }
        payload = [(str(path), source, expressions) for path, source, expressions in jobs]
        with self.log.open("w", encoding="utf-8") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-c", RUNNER, str(self.out)],
                stdin=subprocess.PIPE, stdout=log, stderr=log, text=True, env=env, cwd=ROOT,
            )  # fmt: skip
        assert self.process.stdin is not None  # stdin=PIPE
        self.process.stdin.write(json.dumps(payload))
        self.process.stdin.close()
        self.out.with_suffix(".started").write_text(str(self.process.pid), encoding="utf-8")
        self.deadline = time.monotonic() + seconds_for(jobs)

    def finish(self) -> None:
        """Wait for the child (a build that failed early may leave it running) and reap it."""
        try:
            self.process.wait(timeout=max(self.deadline - time.monotonic(), 1))
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start(jobs: Jobs) -> Run:
    """Start the learners' scripts in a child process; :func:`evaluate` of the same jobs, in
    this process or any process of the same build, reads its result."""
    return Run(jobs)


def evaluate(jobs: Jobs) -> dict[str, dict[str, Any]]:
    """Each script's ``{key: value}`` of its expressions at the end of the learner's script:
    ``{path: {key: value}}``. From the run :func:`start` began for the same jobs, waiting for
    it; otherwise a run started here."""
    out = result_file(jobs)
    started = out.with_suffix(".started")
    if not started.is_file():
        start(jobs).finish()
    deadline = time.monotonic() + seconds_for(jobs)
    failed = out.with_suffix(".json.failed")
    pid = int(started.read_text(encoding="utf-8"))
    while not out.is_file():
        if failed.is_file() or not time_limits.process_running(pid) or time.monotonic() > deadline:
            if out.is_file():
                break
            log = out.with_suffix(".log")
            told = failed.read_text(encoding="utf-8") if failed.is_file() else ""
            told += log.read_text(encoding="utf-8") if log.is_file() else ""
            raise RuntimeError(
                "the learners' scripts of the downloads' check did not finish "
                f"({'no result within the time limit' if time_limits.process_running(pid) else 'it ended'}):\n"
                + told[-4000:]
            )
        time.sleep(0.05)
    found: dict[str, dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
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
        "left out. If a value differs, the cell names it and stops with an error (exit status 1)."
    ).format(release=release)
    agree = _("Your PyTorch ({mine}) agrees with the site (PyTorch {site}) on {count} values.")
    differ = _(
        "These values differ from what the site recorded on PyTorch {site}: your PyTorch "
        "({mine}), or an edit of the code above, changed them."
    )
    line = _("  {code}: yours {mine!r}, the site recorded {site!r}")
    rows = "\n".join(f"        ({code!r}, {code}, {value!r})," for code, value in values)
    agree, differ, line = (repr(str(message)) for message in (agree, differ, line))
    columns = _("values: (the code, what your run gives, what the site recorded)")
    # The expressions are evaluated where the call is, at the script's top level, among its
    # names; the functions' own names say what they are for, so that none hides one of them.
    # Its docstring in the reader's language too (a site test fails on one left in English).
    rule = inspect.getsource(agrees_with_site).replace(
        str(agrees_with_site.__doc__),
        str(
            _(
                "Whether your value is the site's: lists item by item, numbers within a relative 1e-4."
            )
        ),
        1,
    )
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
    raise SystemExit(1)


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
