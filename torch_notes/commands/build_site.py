"""Build the bilingual site from scratch into ``_build/site/`` and check it.

    python -m torch_notes.commands.build_site [extra sphinx-build options]      (what `nox -s docs` runs)

Every generated output is removed first, so nothing stale survives from an earlier run.
What the build runs (gallery scripts, snippets, solutions, notebooks) writes its files in a
short scratch folder of the system's temporary directory, made for this build and removed
after it (``paths.build_scratch``: sockets of multiprocessing must fit in 108 bytes, whatever
the checkout's path); the build points ``TMPDIR`` there. A file that appears in the checkout,
untracked and not ignored by git, is recorded in ``.build-info.json``
(``written_outside_build``) and fails the build. Every run has a time limit
(``torch_notes.time_limits``, ``TORCH_NOTES_TIME_LIMIT``).

Both cores work: the Chinese build starts at once beside the English one; a child of it
runs the snippets and probes, at the lowest priority, while English runs the gallery; it
waits at its builder's start until the gallery has run (``gallery.shared_run``), then reuses
its outputs (sphinx-gallery sees unchanged checksums) while English reads and writes. Once
English has ended, this process reads the pages Chinese has written for the site's checks
while Chinese writes the rest. PyTorch's idle OpenMP threads spin briefly before they sleep
(``openmp_spin``), which leaves the gallery's unused processor time to the work beside it.
A fragment both need runs in the first to ask while the other waits for its result, so each
example and fragment runs once per invocation (a run past its time limit leaves no result, and
the page that needs it runs it again and reports it). Sphinx's own ``-j`` is refused
(:func:`refuse_parallel_read`). Both builds use ``-W --keep-going``: every problem is listed,
and any of them fails the run.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import importlib
import io
import json
import logging
import os
import platform
import select
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import Any, TextIO

from sphinx.cmd.build import build_main

from torch_notes import openmp_spin, sitewide
from torch_notes.commands import check_site, hosting
from torch_notes.evidence.execution.statement_probes import all_probes, case_names, probe_path
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.model.verdicts import Verdict
from torch_notes.gallery import shared_run
from torch_notes.history.merge import named_cells
from torch_notes.legs import torch_release
from torch_notes.paths import BUILD, CACHE, DOCS, GALLERY, HISTORY, ROOT, SITE, build_scratch
from torch_notes.release_list import version as release_version

VERDICTS = tuple(verdict.value for verdict in Verdict)  # in the summary's order
CHECK_LABELS = {
    CheckKind.CLAIM: "claims",
    CheckKind.FACT: "inserted facts",
    CheckKind.QUOTE: "note quotes",
    CheckKind.SNIPPET: "snippets",
    CheckKind.ERRATUM: "errata",
    CheckKind.NOTE_CLAIM: "note claims refuted",
    CheckKind.OUTPUT: "output blocks",
    CheckKind.CODE: "Python blocks that ran",
    CheckKind.HISTORY: "statements of history backed",
    CheckKind.ABSOLUTE: "general statements backed (claim, bound, probe)",
    CheckKind.WORDING: "Chinese pages in the glossary's words",
    CheckKind.RUNNABLE: "code blocks runnable as shown",
}
GENERATED = (DOCS / "auto_examples", DOCS / "_generated", BUILD / "doctrees", SITE)
# Everything a build reads; its hash tells the tests whether a built site is current.
SOURCES = (
    "docs",
    "gallery",
    "snippets",
    "notes",
    "torch_notes",
    "locks",
    "pyproject.toml",
)
BUILD_INFO = ".build-info.json"
PAGE_POLL_SECONDS = 0.5  # how often the last build's new pages are looked for


def source_files() -> list[Path]:
    files = []
    for name in SOURCES:
        path = ROOT / name
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        files += [
            p
            for p in candidates
            if p.is_file()
            and not any(g in p.parents for g in GENERATED)
            and "__pycache__" not in p.parts
            and p.suffix != ".mo"
        ]
    return files


def source_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in source_files():
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def clean() -> None:
    for path in GENERATED:
        shutil.rmtree(path, ignore_errors=True)


def sphinx_command(srcdir: Path, outdir: Path, *options: str, builder: str = "html") -> list[str]:
    """The strict build every caller uses (HTML unless told): any warning fails it, all listed."""
    return [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", builder,
            *options, str(srcdir), str(outdir)]  # fmt: skip


# Imported once by the process that forks each language's build, before the first:
# libraries that use no Sphinx translation (so nothing they define is fixed in one language).
PRELOAD = ("torch", "matplotlib.pyplot", "jupyter_cache", "nbclient", "nbformat")


def preload() -> None:
    """Import the heavy libraries once, and freeze them so that no collection walks them.
    PyTorch's OpenMP threads are told to spin briefly before it loads (``openmp_spin``)."""
    openmp_spin.spin_briefly()
    for name in PRELOAD:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    gc.collect()
    gc.freeze()


def preload_chinese_search() -> None:
    """Load jieba's dictionary once, while the English build runs (only Chinese needs it):
    Sphinx's Chinese search loads it in every build, and rebuilds its cache when the cache is
    not where it was left."""
    with contextlib.suppress(ImportError):
        jieba = importlib.import_module("jieba")
        jieba.dt.tmp_dir = str(CACHE / "jieba")  # kept between builds: it depends on jieba only
        # Its progress lines ("Building prefix dict ...") say nothing a maintainer acts on.
        jieba.setLogLevel(logging.WARNING)
        Path(jieba.dt.tmp_dir).mkdir(parents=True, exist_ok=True)
        jieba.initialize()
    gc.collect()
    gc.freeze()


def language_command(language: str, extra: list[str]) -> list[str]:
    return sphinx_command(
        DOCS, SITE / language, "-D", f"language={language}",
        "-d", str(doctrees(language)), *extra,
    )  # fmt: skip


def doctrees(language: str) -> Path:
    return BUILD / "doctrees" / language


def start_language(
    language: str, extra: list[str], gallery_run_by: LanguageBuild | None = None
) -> LanguageBuild:
    """Start one language's build in a child forked from this process, as ``python -m sphinx``
    would run it (``sphinx.cmd.build.build_main``): a fresh Sphinx, message catalogs included
    (Sphinx keeps them in globals, and a module imported during one language's build keeps
    that language's strings), but PyTorch, matplotlib and the rest of ``PRELOAD`` are imported
    already. Without ``os.fork`` (Windows), a process of its own, run to its end here.
    ``gallery_run_by``: the build that runs the gallery, which this one waits for
    (``gallery.shared_run``).
    """
    command = language_command(language, extra)
    print(f"\n$ {' '.join(command)}", flush=True)
    if not hasattr(os, "fork"):
        return LanguageBuild(language, status=sphinx_process(command))
    sys.stdout.flush()
    sys.stderr.flush()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: build, report, and leave without running the parent's cleanup
        status, warnings = 1, 0
        try:
            os.close(read)
            if gallery_run_by is not None:
                os.environ[shared_run.VARIABLE] = (
                    f"{gallery_run_by.pid} {doctrees(gallery_run_by.language)}"
                )
            counter = WarningCounter(sys.stderr)
            with contextlib.chdir(ROOT), contextlib.redirect_stderr(counter):
                status = build_main(command[3:])  # what follows ``python -m sphinx``
            warnings = counter.count()
        finally:
            shared_run.end_beside_the_gallery(stop=status != 0)
            sys.stdout.flush()
            sys.stderr.flush()
            os.write(write, f"{status} {warnings}".encode())
            os._exit(0)
    os.close(write)
    return LanguageBuild(language, pid=pid, report=read)


class LanguageBuild:
    """One language's build: running in a child (``pid``), or already finished (``status``)."""

    def __init__(
        self, language: str, pid: int = 0, report: int = -1, status: tuple[int, int] = (1, 0)
    ) -> None:
        self.language, self.pid, self.report, self.status = language, pid, report, status
        self.started = time.perf_counter()
        self.seconds = 0.0

    def running(self, seconds: float) -> bool:
        """Whether the build has neither reported nor ended within ``seconds``: its report
        pipe has no answer and is still open (in it, and in any child that shares it)."""
        if not self.pid:
            return False
        ended, _, _ = select.select([self.report], [], [], seconds)
        return not ended

    def wait(self) -> tuple[int, int]:
        if self.pid:
            self.collect()
        return self.status

    def collect(self) -> None:
        with os.fdopen(self.report) as report:
            answer = report.read().split()
        os.waitpid(self.pid, 0)
        self.pid = 0
        self.seconds = time.perf_counter() - self.started
        # A child that died before reporting has printed why (a traceback, a time limit).
        self.status = (int(answer[0]), int(answer[1])) if len(answer) == 2 else (1, 0)


def build_languages(extra: list[str]) -> list[LanguageBuild]:
    """The source language runs the gallery; each other one starts at once beside it, and
    waits at its builder's start until the gallery has run (``gallery.shared_run``), then
    reuses its outputs while the source language reads and writes. A fragment that both need
    runs once, in the first to ask (``SnippetRunner.result``)."""
    first, *others = sitewide.LANGUAGE_CODES
    source = start_language(first, extra)
    preload_chinese_search()
    builds = [source, *(start_language(language, extra, source) for language in others)]
    for each in builds:
        # The last build to end writes its pages while a core is free: the site's checks read
        # them as they are written (a page written again is read again).
        while each is builds[-1] and each.running(PAGE_POLL_SECONDS):
            check_site.read_pages(SITE / each.language, settled_for=PAGE_POLL_SECONDS)
        each.wait()  # the source first: the others see it end, should it fail in the gallery
        if each.status[0] == 0:
            check_site.read_pages(SITE / each.language)  # while the others still build
    return builds


def refuse_parallel_read(extra: list[str]) -> str | None:
    """Why ``-j``/``--jobs`` is refused, or None: Sphinx's parallel read forks worker processes
    from a build in which PyTorch has run on several threads, and GNU OpenMP (PyTorch's thread
    pool on Linux) is not safe across ``fork``: a worker that runs PyTorch waits forever."""
    if not any(arg == "--jobs" or arg.startswith(("-j", "--jobs=")) for arg in extra):
        return None
    return (
        "sphinx-build's -j/--jobs is refused: Sphinx's parallel read forks workers after "
        "PyTorch has run its OpenMP threads in the build's process, and a forked worker that "
        "runs PyTorch then waits forever (GNU OpenMP is not fork-safe). The build already uses "
        "two cores: the Chinese build runs the snippets and probes beside the English gallery, "
        "and reads and writes beside the rest of the English build."
    )


def sphinx_process(command: list[str]) -> tuple[int, int]:
    process = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None  # stderr=PIPE
    counter = WarningCounter(sys.stderr)
    for line in process.stderr:
        counter.write(line)
    return process.wait(), counter.count()


class WarningCounter(io.TextIOBase):
    """Stands in for stderr during a build: passes everything on and counts the warnings."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.pending = ""
        self.warnings = 0

    def write(self, text: str) -> int:
        self.stream.write(text)
        *lines, self.pending = (self.pending + text).split("\n")
        self.warnings += sum(map(is_warning, lines))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def count(self) -> int:
        return self.warnings + is_warning(self.pending)  # a last line without its newline too


def is_warning(line: str) -> bool:
    return ": WARNING: " in line or line.startswith("WARNING: ")


def untracked() -> dict[str, int] | None:
    """The checkout's untracked files that git does not ignore, with their modification times
    (None outside a git checkout)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--others", "--exclude-standard", "-z"],
            cwd=ROOT, capture_output=True, check=True,
        ).stdout  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return None
    names = [name for name in listed.decode().split("\0") if name]
    return {name: (ROOT / name).stat().st_mtime_ns for name in names if (ROOT / name).is_file()}


def written_outside_build(before: dict[str, int] | None, extra: list[str]) -> list[str] | None:
    """Untracked, not ignored files that appeared or changed while the site was built: code
    that saved a file beside itself instead of in its scratch folder. Accepting outputs
    (``-D evidence_accept_outputs=1``) may write new expected outputs."""
    after = untracked()
    if before is None or after is None:
        return None
    accepting = any(arg.startswith("evidence_accept_outputs=") and not arg.endswith("=0")
                    for arg in extra)  # fmt: skip
    return sorted(
        name
        for name, mtime in after.items()
        if before.get(name) != mtime
        and not (accepting and name.endswith((".expected.txt", "verdicts.toml")))
    )


def check_counts(language: str) -> dict[str, int]:
    """What the language's build checked, by kind (torch_notes.evidence.model.records.CheckKind)."""
    report = BUILD / "doctrees" / language / "checks.json"
    checks = [c for page in json.loads(report.read_text(encoding="utf-8")).values() for c in page]
    kinds = [c["kind"] for c in checks]
    return {
        "checks": len(checks),
        "hold": sum(c["holds"] for c in checks),
        **{label: kinds.count(kind.value) for kind, label in CHECK_LABELS.items()},
    }


GENERAL_BACKINGS = ("claim", "bound", "probe", "site", "none")


def general_statements(language: str) -> dict[str, dict[str, int]]:
    """Per page, its general statements by how each is backed: a claim, a bound to the example
    or to releases, a probe, a site check, or none (which fails the build)."""
    report = BUILD / "doctrees" / language / "checks.json"
    pages = json.loads(report.read_text(encoding="utf-8"))
    counts = {}
    for docname, checks in sorted(pages.items()):
        found = [c["detail"] for c in checks if c["kind"] == CheckKind.ABSOLUTE.value]
        if found:
            counts[docname] = {b: found.count(b) for b in GENERAL_BACKINGS if found.count(b)}
    return counts


def unrecorded_probes() -> dict[str, list[str]]:
    """``{release: [probe, ...]}``: the statement probes whose cases, as they are today, the
    record of a supported release (the floor's on, ``history/``) does not all hold
    (``nox -s history -- --only=probes``)."""
    floor = release_version(torch_release("floor"))
    cases = {name: case_names(probe_path(name)) for name in all_probes()}
    missing = {}
    for path in sorted(HISTORY.glob("torch-*.json"), key=lambda p: release_version(p.stem[6:])):
        release = path.stem.removeprefix("torch-")
        if release_version(release)[:2] < floor[:2]:
            continue
        facts = json.loads(path.read_text(encoding="utf-8"))["facts"]
        absent = [
            name
            for name, names in cases.items()
            if any(f"probes.{name}.{case}" not in facts for case in names)
        ]
        if absent:
            missing[release] = absent
    return missing


def unrecorded_cells(history: Path = HISTORY, gallery: Path = GALLERY) -> dict[str, list[str]]:
    """``{release: [example.cell, ...]}``: the named cells of today's gallery that a release's
    record (``history/``) does not hold yet: a new cell before the "Release history" workflow,
    or ``nox -s history -- --only=<example> <release>``, records it. The build passes; the
    summary says what is missing and the command."""
    cells = named_cells(gallery)
    missing = {}
    for path in sorted(history.glob("torch-*.json"), key=lambda p: release_version(p.stem[6:])):
        outputs = json.loads(path.read_text(encoding="utf-8")).get("outputs", {})
        if absent := sorted(cells - outputs.keys()):
            missing[path.stem.removeprefix("torch-")] = absent
    return missing


def verdict_counts(language: str) -> dict[str, int]:
    """How the notes fare today, by computed verdict (torch_notes/evidence/reports/errata_table.py)."""
    report = BUILD / "doctrees" / language / "errata.json"
    if not report.is_file():
        return {}
    counts = json.loads(report.read_text(encoding="utf-8"))["verdicts"]
    return {verdict: counts.get(verdict, 0) for verdict in VERDICTS}


def evidence_counts(language: str) -> dict[str, int]:
    """Rows of the errata table by kind of evidence: executed in this build, cited."""
    report = BUILD / "doctrees" / language / "errata.json"
    counts = json.loads(report.read_text(encoding="utf-8"))["evidence"] if report.is_file() else {}
    return {"executed": counts.get("executed", 0), "cited": counts.get("cited", 0)}


def never_ran(language: str) -> int:
    report = BUILD / "doctrees" / language / "checks.json"
    checks = [c for page in json.loads(report.read_text(encoding="utf-8")).values() for c in page]
    return sum(c["kind"] == CheckKind.CODE.value and not c["holds"] for c in checks)


def torch_build_kind() -> str:
    """``cpu``, ``cuda`` or ``rocm``, as the build's records say (torch.version, read in Sphinx)."""
    report = BUILD / "doctrees" / sitewide.SOURCE_LANGUAGE.code / "errata.json"
    kind: str = json.loads(report.read_text(encoding="utf-8"))["torch"]["kind"]
    return kind


def build(extra: list[str] | None = None) -> int:
    extra = extra or []
    refused = refuse_parallel_read(extra)
    if refused:
        print(f"FAILED: {refused}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    before = untracked()
    clean()
    preload()
    with build_scratch() as scratch:
        try:
            builds = build_languages(extra)
        finally:
            keep_crash_logs(scratch)
    seconds = {each.language: each.seconds for each in builds}
    warnings = sum(each.status[1] for each in builds)
    failed = [each for each in builds if each.status[0]]
    if failed:
        for each in failed:
            print(
                f"\nFAILED: the {each.language} build reported the problems listed above "
                "(each names its file).",
                file=sys.stderr,
            )
        return failed[0].status[0]
    shutil.copytree(DOCS / "_root", SITE, dirs_exist_ok=True)
    published = hosting.publish(SITE)
    problems = check_site.check(SITE)
    written = written_outside_build(before, extra)
    problems += [
        f"{name}: written into the checkout during the build (code the build runs writes in its scratch folder, TMPDIR)"
        for name in written or []
    ]
    info = {
        "fingerprint": source_fingerprint(),
        "built_utc": datetime.now(UTC).isoformat(timespec="seconds"),
        "torch": version("torch"),
        "torch_build": torch_build_kind(),
        "python": platform.python_version(),
        "seconds": {k: round(v, 1) for k, v in seconds.items()},
        "examples_executed": len(list((DOCS / "auto_examples").rglob("*.py.md5"))),
        "snippets_executed": len(snippet_runs("*.json")) - len(snippet_runs("exercises.*.json")),
        "solutions_executed": len(snippet_runs("exercises.*.json")),
        "notebooks_executed": len(list((DOCS / "_generated" / "jupyter-cache").rglob("*.ipynb"))),
        "warnings": warnings,
        "checks": {language: check_counts(language) for language in sitewide.LANGUAGE_CODES},
        "unrecorded_probes": unrecorded_probes(),
        "unrecorded_cells": unrecorded_cells(),
        "general_statements": {
            language: general_statements(language) for language in sitewide.LANGUAGE_CODES
        },
        "hosting": published,
        "verdicts": {language: verdict_counts(language) for language in sitewide.LANGUAGE_CODES},
        "evidence": {language: evidence_counts(language) for language in sitewide.LANGUAGE_CODES},
        "never_ran": {language: never_ran(language) for language in sitewide.LANGUAGE_CODES},
        "written_outside_build": written,  # None: not a git checkout, so not checked
        # Each topic page with the examples and snippets it uses, as the build found them.
        "topics": json.loads(
            (BUILD / "doctrees" / sitewide.SOURCE_LANGUAGE.code / "topics.json").read_text(
                encoding="utf-8"
            )
        ),
        "problems": problems,
    }
    (SITE / BUILD_INFO).write_text(json.dumps(info, indent=1), encoding="utf-8")
    print_summary(info, time.perf_counter() - started)
    return 1 if problems else 0


def keep_crash_logs(scratch: Path) -> None:
    """Sphinx saves a crash's whole traceback in TMPDIR and names the file; the scratch folder
    goes with the build, so the file is kept in ``_build/`` under the same name."""
    for log in scratch.glob("sphinx-err-*.log"):
        BUILD.mkdir(exist_ok=True)
        shutil.copy(log, BUILD / log.name)
        print(
            f"(the traceback Sphinx saved in {log} is kept in {BUILD / log.name})", file=sys.stderr
        )


def snippet_runs(pattern: str) -> list[Path]:
    """The cached runs (evidence.execution.snippet_runner): a solution's name is exercises.<name>, a fragment's flat."""
    return list((DOCS / "_generated" / "snippets").glob(pattern))


def print_summary(info: dict[str, Any], total: float) -> None:
    print("\n== torch-notes build ==")
    print(
        f"torch {info['torch']} ({info['torch_build']} build) · Python {info['python']} · {info['built_utc']}"
    )
    print(
        f"ran once:  {info['examples_executed']} gallery examples, "
        f"{info['snippets_executed']} note snippets, {info['solutions_executed']} exercise "
        f"solutions, {info['notebooks_executed']} notebooks"
    )
    for language, counts in info["checks"].items():
        details = ", ".join(
            f"{v} {k}" for k, v in counts.items() if k not in ("checks", "hold") and v
        )
        print(f"checked:   {language:>5} {counts['hold']}/{counts['checks']} hold ({details})")
    cells = info["unrecorded_cells"]
    if cells:
        names = sorted({cell for missing in cells.values() for cell in missing})
        examples = sorted({cell.split(".")[0] for cell in names})
        print(
            f"records:   {len(names)} cells not yet recorded on {len(cells)} releases "
            f"({', '.join(names)}); the Release history workflow records them, or "
            f"nox -s history -- --only={','.join(examples)} {' '.join(cells)}"
        )
    else:
        print("records:   every cell of the gallery is recorded on every release of history/")
    unrecorded = info["unrecorded_probes"]
    print(
        f"probes:    {len(all_probes())} statement probes"
        + (
            "; not yet recorded on "
            + ", ".join(f"{r} ({len(names)})" for r, names in unrecorded.items())
            + ": nox -s history -- --only=probes "
            + " ".join(unrecorded)
            if unrecorded
            else ", each recorded on every supported release"
        )
    )
    for language, pages in info["general_statements"].items():
        totals = {b: sum(page.get(b, 0) for page in pages.values()) for b in GENERAL_BACKINGS}
        unreviewed = sorted(page for page, counts in pages.items() if counts.get("none"))
        print(
            f"general:   {language:>5} {sum(totals.values())} statements on {len(pages)} pages: "
            f"{totals['claim']} claims, {totals['bound']} bound to the example or releases, "
            f"{totals['probe']} probed, {totals['site']} enforced by the site's checks"
            + (
                f", {totals['none']} with no evidence (on {', '.join(unreviewed)})"
                if unreviewed
                else ""
            )
        )
    for language, verdicts in info["verdicts"].items():
        rows = sum(verdicts.values())
        differ = rows - verdicts.get("holds", 0)
        details = ", ".join(f"{v} {k}" for k, v in verdicts.items() if k != "holds")
        print(
            f"vs notes:  {language:>5} {rows} rows, {verdicts.get('holds', 0)} hold, "
            f"{differ} differ: {details}"
        )
        evidence = info["evidence"][language]
        print(
            f"evidence:  {language:>5} {evidence['executed']} rows executed, "
            f"{evidence['cited']} cite a document; "
            f"Python blocks that never ran: {info['never_ran'][language]}"
        )
    shown = {
        page: (topic["claims_shown"], topic["claims"])
        for page, topic in info["topics"].items()
        if topic.get("claims")
    }
    if shown:
        least = min(shown, key=lambda page: shown[page][0] / shown[page][1])
        seen, claims = map(sum, zip(*shown.values(), strict=True))
        print(
            f"in place:  code shown for {seen}/{claims} claims of {len(shown)} topic pages; "
            f"least {shown[least][0]}/{shown[least][1]} ({least})"
        )
    print(f"warnings:  {info['warnings']}")
    written = info["written_outside_build"]
    if written is not None:
        print(f"written:   {len(written)} files outside _build/ (untracked, not ignored)")
    times = ", ".join(
        f"{language} {seconds:.1f} s" for language, seconds in info["seconds"].items()
    )
    print(f"time:      {times}, total {total:.1f} s -> {SITE.relative_to(ROOT)}/<lang>/index.html")
    for line in info["hosting"]:
        print(f"hosting:   {line}")
    for problem in info["problems"]:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    print("site checks: " + ("FAILED" if info["problems"] else "all passed"))


if __name__ == "__main__":
    sys.exit(build(sys.argv[1:]))
