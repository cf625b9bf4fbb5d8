"""Where a full build's time goes, phase by phase, per language.

    python -m benchmarks.build_phases      # runs torch_notes.commands.build_site, timed

Times Sphinx's events in each language's build (build_site forks one per language, and the
hooks set here travel with the fork): start (Sphinx, extensions, configuration), gallery
(``builder-inited``: sphinx-gallery runs the examples, in English), read (parsing; snippets and
solutions run, in English; translations, in Chinese), write (resolving, HTML, search index),
finish (``build-finished``: the extensions' last passes, assets, index files).
"""

from __future__ import annotations

import sys
import time

import sphinx.events

from torch_notes.commands import build_site

PHASES = ("start", "gallery", "read", "write", "finish")
_emit = sphinx.events.EventManager.emit
marks: dict[str, float] = {}


def emit(self, name, *args, **kwargs):
    marks.setdefault(f"{name}>", time.perf_counter())
    try:
        return _emit(self, name, *args, **kwargs)
    finally:
        marks[f"{name}<"] = time.perf_counter()


def phases(start: float, end: float) -> dict[str, float]:
    edges = [
        start,
        marks["builder-inited>"],
        marks["builder-inited<"],
        marks["env-updated<"],
        marks["build-finished>"],
        end,
    ]
    return {name: edges[i + 1] - edges[i] for i, name in enumerate(PHASES)}


def timed_build_main(argv: list[str]) -> int:
    marks.clear()
    start = time.perf_counter()
    status = _build_main(argv)
    seconds = phases(start, time.perf_counter())
    language = next(a.split("=", 1)[1] for a in argv if a.startswith("language="))
    print(
        f"PHASES {language} " + " ".join(f"{k}={v:.2f}" for k, v in seconds.items()),
        flush=True,
    )
    return status


_build_main = build_site.build_main
sphinx.events.EventManager.emit = emit
build_site.build_main = timed_build_main

if __name__ == "__main__":
    sys.exit(build_site.build(sys.argv[1:]))
