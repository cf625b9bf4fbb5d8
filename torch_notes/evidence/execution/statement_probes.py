"""The probes behind the site's general sentences: each tries its edge cases on the installed PyTorch.

A sentence that states how PyTorch behaves in general ("``torch.cat`` needs every other size to
match") can be false while every value its page shows holds: a case the page does not show
refutes it. Such a sentence rests on a probe, ``probes/<section>/<name>.py``, which its entry in
``docs/reviewed_absolutes/<language>.toml`` names (``checks.absolute_statements``). A probe is
plain Python, runnable on its own: its docstring states the behaviour, and each function
``case_<name>()`` tries one edge case and asserts what the sentence says of it; the assertion's
message says what happened instead::

    def case_empty_1d():
        \"\"\"a 1-D empty tensor joined to a 2 × 3 one\"\"\"
        joined = torch.cat([torch.ones(2, 3), torch.empty(0)])
        assert joined.shape == (2, 3), f"gave shape {tuple(joined.shape)}"

A probe that is the one place for an API's behaviour says so: ``API = ("weights_only=True",)``;
every general sentence that names that code must then rest on it (:func:`declared_apis`).

A case that cannot run on this machine (it needs a CUDA device) raises ``unittest.SkipTest``
with the document that states the behaviour there; it is counted as not run, never as holding.
Any other exception refutes the case: the probe could not show what its sentence says.

Each probe runs once per source and PyTorch release, cached on disk like a fragment
(``snippet_runner.run_once``), and its cases are published as facts
``probes.<section>/<name>.<case>``: ``"holds"``, ``"refuted: <what happened>"`` or
``"not run: <why>"``. ``nox -s history`` records the same facts on every release
(``history.probe``), so a sentence is checked on the releases the build does not run.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import inspect
import io
import json
import os
import sys
import tempfile
import traceback
import types
import unittest
import warnings
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

from sphinx.environment import BuildEnvironment

from torch_notes.evidence.execution.recording import seed_everything
from torch_notes.evidence.execution.snippet_runner import run_once
from torch_notes.evidence.model.records import installed_torch
from torch_notes.machine_loggers import quiet_machine_loggers
from torch_notes.paths import PROBES, scratch, shown
from torch_notes.time_limits import TimeLimitExceeded, line_in, time_limit

PROBE_PREFIX = "probes"  # probes.<section>/<name>.<case>: one case of a probe
CASE_PREFIX = "case_"
HOLDS = "holds"
REFUTED = "refuted"
NOT_RUN = "not run"


@dataclass(frozen=True)
class Case:
    """One edge case of a probe, as it ran."""

    name: str  # the function's name without ``case_``
    edge: str  # its docstring: the edge case it tries
    outcome: str  # HOLDS, REFUTED or NOT_RUN
    detail: str = ""  # what refuted it, or why it did not run

    @property
    def fact(self) -> str:
        return self.outcome if self.outcome == HOLDS else f"{self.outcome}: {self.detail}"


@dataclass(frozen=True)
class ProbeRun:
    name: str  # <section>/<name>
    statement: str  # the probe's docstring: the behaviour it tries
    cases: tuple[Case, ...]

    @property
    def refuted(self) -> tuple[Case, ...]:
        return tuple(case for case in self.cases if case.outcome == REFUTED)

    def facts(self) -> dict[str, str]:
        return {f"{PROBE_PREFIX}.{self.name}.{case.name}": case.fact for case in self.cases}

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> ProbeRun:
        data = json.loads(text)
        return cls(data["name"], data["statement"], tuple(Case(**c) for c in data["cases"]))


def probe_path(name: str, folder: Path = PROBES) -> Path:
    path = folder / f"{name}.py"
    if not path.is_file():
        known = ", ".join(all_probes(folder))
        raise LookupError(f"no probe {name!r} in {shown(folder)} (known: {known})")
    return path


def all_probes(folder: Path = PROBES) -> list[str]:
    """Every probe's name, ``<section>/<name>``, in order."""
    return sorted(p.relative_to(folder).with_suffix("").as_posix() for p in folder.rglob("*.py"))


def declared_apis(folder: Path) -> dict[str, str]:
    """``{inline code: probe}``: the APIs whose behaviour a probe states, from its module-level
    ``API = ("weights_only=True", ...)``. A general sentence naming one of them rests on that
    probe, so that two pages cannot state one behaviour two ways (``checks.absolute_statements``).
    Read without running the probe."""
    stamp = tuple((p.name, p.stat().st_mtime_ns) for p in sorted(folder.rglob("*.py")))
    return _declared_apis(folder, stamp)


@cache
def _declared_apis(folder: Path, _stamp: tuple[tuple[str, int], ...]) -> dict[str, str]:
    declared: dict[str, str] = {}
    for name in all_probes(folder):
        tree = ast.parse(probe_path(name, folder).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "API" for t in node.targets
            ):
                for api in ast.literal_eval(node.value):
                    if declared.setdefault(api, name) != name:
                        raise LookupError(
                            f"probes/{name}.py and probes/{declared[api]}.py both state {api!r}"
                        )
    return declared


def case_names(path: Path) -> list[str]:
    """The names of a probe's cases, in order, read without running it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.name.removeprefix(CASE_PREFIX)
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith(CASE_PREFIX)
    ]


def first_line(text: str) -> str:
    """The first paragraph of a docstring, on one line."""
    return " ".join(text.strip().split("\n\n")[0].split())


def failure(error: BaseException) -> str:
    """What an exception says happened: an assertion's message, or the exception itself."""
    if isinstance(error, AssertionError) and error.args:
        return " ".join(str(error.args[0]).split())
    last = "".join(traceback.format_exception_only(error)).strip().splitlines()[-1]
    frames = traceback.extract_tb(error.__traceback__)
    where = f" (line {frames[-1].lineno})" if frames else ""
    if isinstance(error, AssertionError):
        return f"the assertion{where} failed"
    return f"raised {last}{where}"


def run_probe(path: Path, name: str) -> ProbeRun:
    """Run one probe file in a namespace of its own, then each of its cases in order."""
    source = path.read_text(encoding="utf-8")
    # A module of its own, importable while it runs: a class it defines pickles by reference.
    module = types.ModuleType(f"torch_notes_probe_{name.replace('/', '_')}")
    module.__file__ = str(path)
    namespace = module.__dict__
    sys.modules[module.__name__] = module
    seed_everything({}, str(path))
    quiet_machine_loggers()
    cases = []
    cwd = Path.cwd()
    with (
        tempfile.TemporaryDirectory(prefix="probe-", dir=scratch()) as folder,
        warnings.catch_warnings(),
        contextlib.redirect_stdout(io.StringIO()),
        contextlib.redirect_stderr(io.StringIO()),
        time_limit(shown(path), line_in(str(path))),
    ):
        warnings.simplefilter("ignore")  # a case asserts what it needs of a warning itself
        os.chdir(folder)  # a case may save a file
        try:
            # The project's own probe, from this repository.
            exec(compile(source, str(path), "exec"), namespace)  # noqa: S102
            functions = [
                value
                for key, value in namespace.items()
                if key.startswith(CASE_PREFIX) and inspect.isfunction(value)
            ]
            for function in functions:
                case = function.__name__.removeprefix(CASE_PREFIX)
                edge = first_line(function.__doc__ or "")
                seed_everything({}, f"{path}:{case}")  # each case as if it ran alone
                try:
                    function()
                except unittest.SkipTest as skipped:
                    cases.append(Case(case, edge, NOT_RUN, str(skipped)))
                except TimeLimitExceeded:
                    raise  # the build's failure, naming the probe and its line: not an outcome
                except Exception as error:  # noqa: BLE001 - a case that fails refutes
                    cases.append(Case(case, edge, REFUTED, failure(error)))
                else:
                    cases.append(Case(case, edge, HOLDS))
        finally:
            os.chdir(cwd)
            sys.modules.pop(module.__name__, None)
    if not cases:
        raise LookupError(f"{shown(path)} defines no {CASE_PREFIX}* function: a probe tries cases")
    return ProbeRun(name, first_line(namespace.get("__doc__") or ""), tuple(cases))


class ProbeRunner:
    """Runs probes on demand, each once per source and release (both languages share it)."""

    def __init__(self, folder: Path, cache_dir: Path) -> None:
        self.folder = folder
        self.cache_dir = cache_dir

    @classmethod
    def for_env(cls, env: BuildEnvironment) -> ProbeRunner:
        return cls(Path(env.config.evidence_probes_dir), Path(env.srcdir) / "_generated" / "probes")

    def result(self, name: str) -> ProbeRun:
        path = probe_path(name, self.folder)
        source = path.read_text(encoding="utf-8")
        key = hashlib.sha256(f"probe-v1\n{installed_torch()}\n{source}".encode()).hexdigest()[:16]
        cached = self.cache_dir / f"{name.replace('/', '.')}-{key}.json"
        return ProbeRun.from_json(run_once(cached, lambda: run_probe(path, name).to_json()))

    def facts(self, name: str) -> tuple[dict[str, str], Path, ProbeRun]:
        """The fact store's provider for ``probes.<section>/<name>.*``: a record of a release
        is compared with them (``checks.recorded_release``)."""
        run = self.result(name)
        return {case.name: case.fact for case in run.cases}, probe_path(name, self.folder), run


def run_all(folder: Path = PROBES) -> dict[str, str]:
    """The facts of every probe (``history.probe`` records them per release)."""
    facts: dict[str, str] = {}
    for name in all_probes(folder):
        facts |= run_probe(probe_path(name, folder), name).facts()
    return facts
