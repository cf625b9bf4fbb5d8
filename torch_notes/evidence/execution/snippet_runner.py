"""The notes' fragments and the exercise solutions, each run once per source and PyTorch release.

Each fragment runs in a fresh ``__main__`` namespace, with seeded random generators, in a
folder of its own in the build's scratch folder (``paths.scratch``), within the build's time
limit (``torch_notes.time_limits``: a run past it fails the build); memory addresses are masked. Results are cached on disk, and published as facts
``snippets.<name>.<result>``, each of its kind (``model.records``): ``output`` (what it
printed), ``shown`` (what a page shows: its error, or its output), ``error`` (the exception, shown
as ``Type: message``) and ``error_type`` (the exception's class), ``None`` when it ran;
``warnings``; and ``line1``, ``line2`` ... (each printed line, a number where it reads as one).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import json
import os
import tempfile
import time
import traceback
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sphinx.environment import BuildEnvironment

from torch_notes.evidence.execution.recording import seed_everything
from torch_notes.evidence.model.names import defined_names
from torch_notes.evidence.model.records import Printed, Raised, Warned, installed_torch
from torch_notes.evidence.model.text import mask_addresses, printed_text
from torch_notes.machine_loggers import quiet_machine_loggers
from torch_notes.paths import scratch
from torch_notes.time_limits import (
    GRACE_SECONDS,
    TimeLimitExceeded,
    limit_seconds,
    line_in,
    time_limit,
)

SNIPPET_PREFIX = "snippets"  # snippets.<name>.<result>: the facts of a note's code fragment
# The line of an open exercise's solution after which its check block starts: what the page
# shows for the reader to run after their own answer (docs: CONTRIBUTING, "Summary and exercises").
CHECK_MARK = "# -- check: run this after your own"


@dataclass(frozen=True)
class SnippetRun:
    """What one fragment printed, raised and warned."""

    output: str  # stdout and stderr, with the error's last line appended
    raised: Raised | None
    warned: tuple[Warned, ...]
    name: str = ""  # the snippet's name, once the runner knows it

    @property
    def error(self) -> str | None:
        """``Type: message``, as Python prints an exception's last line."""
        return None if self.raised is None else self.raised.message

    def facts(self) -> dict[str, Any]:
        return {
            **printed_lines(self.output),
            "output": Printed(self.output),
            "shown": self.raised or Printed(printed_text(self.output)),
            "error": self.raised,
            "error_type": None if self.raised is None else Raised(self.raised.type),
            "warnings": [f"{w.category}: {w.message}" for w in self.warned],
        }

    def to_json(self) -> str:
        raised = self.raised and {"type": self.raised.type, "message": self.raised.message}
        warned = [{"category": w.category, "message": w.message} for w in self.warned]
        return json.dumps(
            {"output": self.output, "raised": raised, "warned": warned},
            ensure_ascii=False,
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> SnippetRun:
        data = json.loads(text)
        raised = data["raised"] and Raised(data["raised"]["type"], data["raised"]["message"])
        warned = tuple(Warned(w["category"], w["message"]) for w in data["warned"])
        return cls(data["output"], raised, warned)


def printed_lines(output: str) -> dict[str, Any]:
    """``line1``, ``line2`` ...: each printed line, a number where it reads as one."""
    lines: dict[str, Any] = {}
    for number, line in enumerate(printed_text(output).splitlines(), 1):
        try:
            lines[f"line{number}"] = float(line) if line.strip() else Printed(line)
        except ValueError:
            lines[f"line{number}"] = Printed(line)
    return lines


def split_check(source: str) -> tuple[str, str]:
    """``(answer, check block)`` of a solution: the lines before the line holding
    :data:`CHECK_MARK`, and those after it (blank lines in place of the others, so that a
    traceback names the file's own line numbers). ``(source, "")`` without the mark."""
    lines = source.splitlines(keepends=True)
    at = next((i for i, line in enumerate(lines) if CHECK_MARK in line), None)
    if at is None:
        return source, ""
    return "".join(lines[:at]), "\n" * (at + 1) + "".join(lines[at + 1 :])


def run_solution(source: str, filename: str) -> None:
    """Run a fragment; a solution with a check block runs its check block alone, as the reader
    runs it after their own answer: in a namespace of its own holding only the functions and
    classes the answer defines, so that the check's own imports are all it has."""
    answer, check = split_check(source)
    namespace = {"__name__": "__main__"}
    # The notes' own code, and the reference solutions, from this repository: what the page reports on.
    exec(compile(answer, filename, "exec"), namespace)  # noqa: S102
    if check:
        given = {name: namespace[name] for name in defined_names(answer) if name in namespace}
        exec(compile(check, filename, "exec"), {"__name__": "__main__", **given})  # noqa: S102


def run_fragment(source: str, filename: str) -> SnippetRun:
    """Execute one fragment as a fresh ``__main__``; return what it printed and raised."""
    seed_everything({}, filename)
    quiet_machine_loggers()
    out = io.StringIO()
    raised = None
    cwd = Path.cwd()
    with (
        # never the fragment's folder, nor the repository
        tempfile.TemporaryDirectory(prefix="snippet-", dir=scratch()) as folder,
        warnings.catch_warnings(record=True) as caught,
    ):
        warnings.simplefilter("always")
        os.chdir(folder)
        try:
            with (
                contextlib.redirect_stdout(out),
                contextlib.redirect_stderr(out),
                time_limit(filename, line_in(filename)),
            ):
                run_solution(source, filename)
        except TimeLimitExceeded:
            raise  # the build's failure, not what the fragment does
        except Exception as exc:  # noqa: BLE001 - whatever it raises is the fact we report
            last_line = "".join(traceback.format_exception_only(exc)).strip()
            raised = Raised(type(exc).__name__, mask_addresses(last_line))
        finally:
            os.chdir(cwd)
    printed = out.getvalue()
    if raised:
        printed += ("\n" if printed and not printed.endswith("\n") else "") + str(raised) + "\n"
    warned = sorted({(w.category.__name__, str(w.message)) for w in caught})
    return SnippetRun(mask_addresses(printed), raised, tuple(Warned(*w) for w in warned))


def shown_key(name: str) -> str:
    """The fact of what a page shows of a snippet's run (what a row rests on)."""
    return f"{SNIPPET_PREFIX}.{name}.shown"


def age(path: Path) -> float:
    """Seconds since ``path`` was written; 0 when it is gone (its holder has just finished)."""
    try:
        return time.time() - path.stat().st_mtime
    except FileNotFoundError:
        return 0.0


def run_once(cached: Path, produce: Callable[[], str]) -> str:
    """The text ``produce`` writes, computed once into ``cached`` and read from there after.

    Both languages read at once (commands.build_site): the first to need a result computes it,
    holding ``.running``; the other waits for its file, so each fragment or probe runs once."""
    cached.parent.mkdir(parents=True, exist_ok=True)
    running = cached.with_suffix(".running")
    while not cached.is_file():
        try:
            claim = os.open(running, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            if age(running) > limit_seconds() + GRACE_SECONDS:
                running.unlink(missing_ok=True)  # left by a build that was killed
            time.sleep(0.05)
            continue
        try:
            text = produce()
            partial = cached.with_suffix(f".{os.getpid()}.part")
            partial.write_text(text, encoding="utf-8")
            os.replace(partial, cached)
            return text
        finally:
            os.close(claim)
            running.unlink(missing_ok=True)
    return cached.read_text(encoding="utf-8")


class SnippetRunner:
    """Runs fragments on demand, caching results on disk so each runs once per source."""

    def __init__(self, snippets_dir: Path, cache_dir: Path) -> None:
        self.snippets_dir = snippets_dir
        self.cache_dir = cache_dir

    @classmethod
    def for_env(cls, env: BuildEnvironment) -> SnippetRunner:
        return cls(Path(env.config.snippets_dir), Path(env.srcdir) / "_generated" / "snippets")

    def path(self, name: str) -> Path:
        path = self.snippets_dir / f"{name}.py"
        if not path.is_file():
            known = ", ".join(sorted(p.stem for p in self.snippets_dir.glob("*.py")))
            raise LookupError(f"no snippet {name!r} in {self.snippets_dir} (known: {known})")
        return path

    def result(self, name: str) -> SnippetRun:
        source = self.path(name).read_text(encoding="utf-8")
        # The cache layout is part of the key: a stale file of another layout is never read.
        key = hashlib.sha256(f"run-v3\n{installed_torch()}\n{source}".encode()).hexdigest()[:16]
        cached = self.cache_dir / f"{name.replace('/', '.')}-{key}.json"  # one flat folder
        run = lambda: run_fragment(source, str(self.path(name))).to_json()
        return SnippetRun.from_json(run_once(cached, run))

    def facts(self, name: str) -> tuple[dict[str, Any], Path, SnippetRun]:
        """The fact store's provider for ``snippets.<name>.*``."""
        run = dataclasses.replace(self.result(name), name=name)
        return run.facts(), self.path(name), run

    @staticmethod
    def shown(run: SnippetRun) -> str:
        """What a page and the errata table show of a run: its error, or its output."""
        return run.error or printed_text(run.output)
