"""One gallery run for every language of a build: the others wait for it, then reuse it.

    TORCH_NOTES_GALLERY_RUN_BY="<pid> <doctrees folder>"      (set by commands.build_site)

``commands.build_site`` starts the Chinese build while the English one is still running the
gallery, so that Sphinx's start-up and the extensions' set-up happen beside it. This handler
holds the Chinese build at ``builder-inited``, before the gallery's hygiene and
sphinx-gallery look at the examples, until the English build has read its first page (it has
then run every example and written its outputs, which sphinx-gallery finds current), or has
ended. Without the variable (a build of one language, the books, the test projects) it does
nothing.

While it waits, a child of the Chinese build runs what both builds read next and the gallery
does not: note fragments, exercise solutions and probes, in order, until the gallery has run
(:func:`run_beside_the_gallery`). Each runs once per invocation whoever asks first
(``snippet_runner.run_once``); a run that ends without a result (past its time limit) is run
again by the page that needs it, which reports it. The English build, reading its pages after
the gallery, finds most of them done and runs the rest itself. The child runs at the lowest
priority (``nice`` 19): an example that trains a model runs PyTorch on every core, and any
other work on one of them stalls it (each parallel step waits for its slowest thread:
measured, 3.3 to 5 times slower beside one busy Python process at normal priority). At nice
19 the child weighs 15 against 1,024 for each of the gallery's threads: it gets the time the
gallery leaves idle and about 1.5 % of a core a gallery thread wants, which still slows the
finest parallel steps a little (a review measured 1.13-1.35 times, with
``torch_notes.openmp_spin``'s short spinning). The build that started the child waits for it
when the build ends, and ends it first if the build failed (:func:`end_beside_the_gallery`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from torch_notes import priorities
from torch_notes.evidence.execution.snippet_runner import SnippetRunner
from torch_notes.evidence.execution.statement_probes import ProbeRunner, all_probes
from torch_notes.time_limits import limit_seconds, process_running

VARIABLE = "TORCH_NOTES_GALLERY_RUN_BY"
LOWEST_PRIORITY = 19  # os.nice: a weight of 15 against 1,024 at the normal priority
# The child started beside the gallery (its process id), until the build waits for it.
_beside: list[int] = []


def has_run_the_gallery(doctrees: Path) -> bool:
    """Whether a build has run every example: sphinx-gallery does so when the builder starts,
    before Sphinx reads the first page and saves its doctree."""
    return any(doctrees.glob("*.doctree"))


def wait_for_the_gallery(app: Sphinx) -> None:
    told = os.environ.get(VARIABLE, "")
    if not told:
        return
    pid, doctrees = told.split(" ", 1)

    def gallery_ran() -> bool:
        return has_run_the_gallery(Path(doctrees))

    _beside.append(start_beside_the_gallery(app, until=gallery_ran))
    try:
        deadline = time.monotonic() + limit_seconds() * 10
        while not gallery_ran():
            # The other build ended without reading a page (its error is printed), or has not
            # read one in ten times the time limit.
            if not process_running(int(pid)):
                raise ExtensionError(
                    f"the {Path(doctrees).name} build (process {pid}) runs the gallery for this "
                    "one, and it ended before running it: its error is above"
                )
            if time.monotonic() > deadline:
                raise ExtensionError(
                    f"the {Path(doctrees).name} build (process {pid}) runs the gallery for this "
                    f"one, and has not run it in {limit_seconds() * 10:.0f} s"
                )
            time.sleep(0.05)
    except BaseException:
        end_beside_the_gallery(stop=True)
        raise


def end_beside_the_gallery(stop: bool) -> None:
    """Wait for the child that ran beside the gallery, ending it first when ``stop`` (the
    build failed): ``commands.build_site`` calls this as a language's build ends, however it
    ends, so that no child outlives its build or holds the build's report pipe open."""
    while _beside:
        child = _beside.pop()
        if stop:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGTERM)
        os.waitpid(child, 0)


def start_beside_the_gallery(app: Sphinx, until: Callable[[], bool]) -> int:
    """Start :func:`run_beside_the_gallery` in a child at the lowest priority; its process id.
    Only a build that ``commands.build_site`` forked waits for the gallery, so ``fork`` is
    there."""
    sys.stdout.flush()
    sys.stderr.flush()
    child = os.fork()
    if child == 0:  # the child: run, and leave without the build's cleanup
        try:
            os.nice(LOWEST_PRIORITY)
            run_beside_the_gallery(app, until)
        finally:
            os._exit(0)  # what failed is run again by the page that needs it, and reported
    return child


def run_beside_the_gallery(app: Sphinx, until: Callable[[], bool] = lambda: False) -> None:
    """Run every fragment, solution and probe of the build, into the caches both builds
    read, or as many as run before ``until()``."""
    snippets = Path(app.config.snippets_dir) if app.config.snippets_dir else None
    if snippets is not None and snippets.is_dir():
        runner = SnippetRunner.for_env(app.env)
        for path in sorted(snippets.rglob("*.py")):
            if until():
                return
            runner.result(path.relative_to(snippets).with_suffix("").as_posix())
    if app.config.evidence_probes_dir:
        probes = ProbeRunner.for_env(app.env)
        for name in all_probes(Path(app.config.evidence_probes_dir)):
            if until():
                return
            probes.result(name)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", wait_for_the_gallery, priority=priorities.FIRST_ON_BUILDER)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
