"""What the bilingual build costs on each leg, compared with running the examples by hand.

    .venv/bin/python -m benchmarks.bench_docs                # the pin (nox -s docs), from the repository
    .venv/bin/python -m benchmarks.bench_docs floor newest   # other legs (nox -s docs-floor, ...)

It starts nox, so it runs with the Python that has nox (the README's ``.venv``).

Measured in one run, on this machine, per leg: the leg's session is installed first (not
timed), then timed with its environment reused: both languages, every check; then every
gallery script runs once as its own process with that leg's Python, as a learner would, from
a scratch folder. The target is a ratio of at most 2 on every leg: each example runs once per
build, and the two languages with all their checks add less than the examples cost.

Then the floor (benchmarks/floor.py): every example, snippet and exercise solution once, in
one process, ``import torch`` included; the build's target is at most 2 times that (issue 42),
measured as the median of three runs on 2 cores. Last, the
build once more with its phases timed per language (benchmarks/build_phases.py).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from torch_notes import paths

ROOT = paths.ROOT


def timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def floor(python: str) -> tuple[float, int]:
    """Seconds for every script once in one process, and how many scripts."""
    out = subprocess.run(
        [python, "-m", "benchmarks.floor"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split()
    return float(out[0]), int(out[1])


def build_phases(python: str) -> list[str]:
    """The phase lines of one more timed build (benchmarks/build_phases.py)."""
    run = subprocess.run(
        [python, "-m", "benchmarks.build_phases"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )  # fmt: skip
    return [
        line.removeprefix("PHASES ")
        for line in run.stdout.splitlines()
        if line.startswith("PHASES ")
    ]


def measure(leg: str) -> tuple[float, float, int]:
    session = "docs" if leg == "pin" else f"docs-{leg}"
    nox = [sys.executable, "-m", "nox", "-s", session, "--reuse-existing-virtualenvs"]
    subprocess.run([*nox, "--install-only"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    build = timed(nox, ROOT)
    python = str(ROOT / ".nox" / session / "bin" / "python")
    scripts = sorted((ROOT / "gallery").rglob("plot_*.py"))
    with tempfile.TemporaryDirectory() as scratch:
        by_hand = sum(timed([python, str(script)], Path(scratch)) for script in scripts)
    return build, by_hand, len(scripts)


def main(legs: list[str]) -> None:
    for leg in legs or ["pin"]:
        build, by_hand, count = measure(leg)
        python = str(ROOT / ".nox" / ("docs" if leg == "pin" else f"docs-{leg}") / "bin" / "python")
        least, scripts = floor(python)
        print(f"{leg:>6}: build (both languages, all checks, install excluded) {build:6.1f} s; "
              f"{count} examples as own processes {by_hand:6.1f} s; "
              f"ratio {build / by_hand:.2f} (target <= 2)", flush=True)  # fmt: skip
        print(f"{leg:>6}: floor ({scripts} examples, snippets and solutions once, one process) "
              f"{least:6.1f} s; nox -s docs / floor {build / least:.2f} (target <= 2)", flush=True)  # fmt: skip
        for line in build_phases(python):
            print(f"{leg:>6}: phases (s) {line}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
