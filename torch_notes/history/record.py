"""Record how every example and snippet behaves on each release (``nox -s history``).

    python -m torch_notes.history.record                 # every release of torch_notes.release_list
    python -m torch_notes.history.record 2.6.0 2.14.1    # only these

For each release, one after the other: a fresh environment with that torch (and NumPy 1 where
the release needs it) and the project's ``docs`` group, then ``probe.py`` in it, then the
environment is deleted. pip keeps nothing in its cache, so a run leaves the disk as it found
it but for ``history/torch-<release>.json``; at its peak it holds one environment (about
5.4 GB for a CUDA wheel). The build reads those files (``torch_notes.evidence.execution.release_records``).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
import venv
from pathlib import Path

from torch_notes.history.probe import runs
from torch_notes.legs import canonical_name, group_requirements
from torch_notes.paths import GALLERY, HISTORY, ROOT, SNIPPETS
from torch_notes.release_list import RELEASES, requirements
from torch_notes.time_limits import limit_seconds, run

# Installing a CUDA release takes 70-90 s here; a registry that stops answering must not hold
# the recording for ever.
INSTALL_SECONDS = 1800


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def record(release: str, scratch: Path) -> dict[str, float]:
    """Probe one release in a throw-away environment; return its timings and size."""
    env = scratch / f"torch-{release}"
    started = time.perf_counter()
    venv.create(env, with_pip=True)
    python = str(env / "bin" / "python")
    docs = [r for r in group_requirements("docs") if not canonical_name(r).startswith("torch")]
    pip = [python, "-m", "pip", "--disable-pip-version-check", "--no-cache-dir", "install", "-q"]
    run([*pip, *requirements(release), *docs], f"installing torch {release}",
        timeout=INSTALL_SECONDS)  # fmt: skip
    installed = time.perf_counter()
    size = folder_size(env)
    HISTORY.mkdir(exist_ok=True)
    out = HISTORY / f"torch-{release}.json"
    # Each example and fragment has the limit inside the probe; this is the probe's whole run.
    run([python, "-m", "torch_notes.history.probe", str(out)], f"the probe of torch {release}",
        timeout=limit_seconds() * sum(map(len, runs(GALLERY, SNIPPETS))), cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    probed = time.perf_counter()
    shutil.rmtree(env)
    return {"install": installed - started, "probe": probed - installed, "gigabytes": size / 1e9}


def main(argv: list[str]) -> int:
    releases = argv or list(RELEASES)
    unknown = [r for r in releases if r not in RELEASES]
    if unknown:
        print(f"not in torch_notes/release_list.py: {', '.join(unknown)}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    rows = []
    with tempfile.TemporaryDirectory(prefix="torch-notes-history-") as scratch:
        for release in releases:
            figures = record(release, Path(scratch))
            rows.append((release, figures))
            print(
                f"{release:>8}: install {figures['install']:5.0f} s, probe {figures['probe']:4.0f} s,"
                f" environment {figures['gigabytes']:.1f} GB (removed)",
                flush=True,
            )
    total = time.perf_counter() - started
    peak = max(figures["gigabytes"] for _, figures in rows)
    print(
        f"{len(rows)} releases in {total / 60:.1f} min; peak disk {peak:.1f} GB (one environment)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
