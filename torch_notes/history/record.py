"""Record how every example and snippet behaves on each release (``nox -s history``).

    python -m torch_notes.history.record                 # every release of torch_notes.release_list
    python -m torch_notes.history.record 2.6.0 2.14.1    # only these
    python -m torch_notes.history.record --only=probes,resume_training 2.6.0   # only these parts

For each release, one after the other: a fresh environment with that torch (and NumPy 1 where
the release needs it) and the project's ``docs`` group, then ``probe.py`` in it, then the
environment is deleted (unless ``TORCH_NOTES_HISTORY_ENVS`` names a folder to keep it in, and
reuse it next time). pip keeps nothing in its cache, so a run leaves the disk as it found
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


# A folder where each release's environment is kept after its recording and reused by the
# next one (about 5.4 GB each): set it to record the probes again, or one more cell, in seconds
# rather than minutes per release. Unset, every environment is removed after its release.
KEEP_VARIABLE = "TORCH_NOTES_HISTORY_ENVS"


# As for the docs (noxfile.py, README "Installing from a mirror"): TORCH_NOTES_CPU_INDEX=1 takes
# torch from PyTorch's CPU index (a few hundred MB, not a CUDA wheel of about 5.4 GB); any other
# value is the address of a mirror of that index.
CPU_INDEX = "https://download.pytorch.org/whl/cpu"


def cpu_index() -> list[str]:
    """pip's arguments for PyTorch's CPU index, where ``TORCH_NOTES_CPU_INDEX`` asks for it."""
    index = os.environ.get("TORCH_NOTES_CPU_INDEX", "")
    return ["--extra-index-url", index if "://" in index else CPU_INDEX] if index else []


def record(release: str, scratch: Path, *options: str) -> dict[str, float]:
    """Probe one release in an environment of its own (kept where ``KEEP_VARIABLE`` says);
    return its timings and size."""
    keep = os.environ.get(KEEP_VARIABLE)
    env = (Path(keep) if keep else scratch) / f"torch-{release}"
    started = time.perf_counter()
    python = str(env / "bin" / "python")
    ready = env / ".torch-notes-ready"  # written once the installation is complete
    if not ready.is_file():
        shutil.rmtree(env, ignore_errors=True)  # an installation that did not finish
        venv.create(env, with_pip=True)
        docs = [r for r in group_requirements("docs") if not canonical_name(r).startswith("torch")]
        pip = [python, "-m", "pip", "--disable-pip-version-check", "--no-cache-dir", "install",
               "-q"]  # fmt: skip
        run([*pip, *cpu_index(), *requirements(release), *docs], f"installing torch {release}",
            timeout=INSTALL_SECONDS)  # fmt: skip
        ready.write_text(release, encoding="utf-8")
    installed = time.perf_counter()
    size = folder_size(env)
    HISTORY.mkdir(exist_ok=True)
    out = HISTORY / f"torch-{release}.json"
    # Each example and fragment has the limit inside the probe; this is the probe's whole run.
    run([python, "-m", "torch_notes.history.probe", str(out), *options],
        f"the probe of torch {release}",
        timeout=limit_seconds() * sum(map(len, runs(GALLERY, SNIPPETS))), cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    probed = time.perf_counter()
    if not keep:
        shutil.rmtree(env)
    return {"install": installed - started, "probe": probed - installed, "gigabytes": size / 1e9}


def main(argv: list[str]) -> int:
    options = [a for a in argv if a.startswith("--only=")]
    releases = [a for a in argv if a not in options] or list(RELEASES)
    unknown = [r for r in releases if r not in RELEASES]
    if unknown:
        print(f"not in torch_notes/release_list.py: {', '.join(unknown)}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    rows = []
    with tempfile.TemporaryDirectory(prefix="torch-notes-history-") as scratch:
        for release in releases:
            figures = record(release, Path(scratch), *options)
            rows.append((release, figures))
            print(
                f"{release:>8}: install {figures['install']:5.0f} s, probe {figures['probe']:4.0f} s,"
                f" environment {figures['gigabytes']:.1f} GB"
                + (
                    f" (kept in {os.environ[KEEP_VARIABLE]})"
                    if os.environ.get(KEEP_VARIABLE)
                    else " (removed)"
                ),
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
