"""One lock of every package per leg of the supported PyTorch range (``nox -s lock``).

    python -m torch_notes.commands.lock floor            # re-lock a leg at its torch release
    python -m torch_notes.commands.lock pin 2.15.0       # bump the pin to a new release
    python -m torch_notes.commands.lock newest latest    # the newest release pip finds

The legs and how a lock is read live in ``torch_notes.legs``. A constraint never adds a
package, so the same lock serves a CPU build (no ``nvidia-*`` packages are needed) and a CUDA
build. The torch release of a leg is the ``torch==`` line of its lock: bumping it is re-locking.

A lock is made by installing the groups into a throw-away environment with pip and freezing
it. The *floor* leg resolves every direct requirement at its lower bound, so that the lower
bounds in ``pyproject.toml`` are exactly what that leg installs and builds with; the other
legs take the newest releases pip resolves. Local version labels (``2.13.0+cpu``) are
dropped: they exist on no index but the one the wheel came from. Nothing is cached and the
environment is removed, so a CUDA leg leaves no 5 GB behind.
"""

from __future__ import annotations

import platform
import re
import subprocess
import sys
import tempfile
import venv
from datetime import UTC, datetime
from pathlib import Path

from torch_notes.legs import (
    LATEST,
    LEGS,
    LOCK_PYTHON,
    LOCKED_GROUP,
    PIN_LINE,
    Leg,
    canonical_name,
    group_requirements,
    lower_bounds,
    pins,
    torch_release,
)
from torch_notes.paths import LOCKS, ROOT


def freeze(leg: Leg, torch: str) -> tuple[list[str], str]:
    """Install the locked group with ``torch==<torch>`` into a fresh environment; return its
    ``pip freeze`` and the build kind of the torch it got (``cpu``, ``cuda`` or ``rocm``)."""
    requirements = group_requirements(LOCKED_GROUP)
    constraints = [] if torch == LATEST else [f"torch=={torch}"]
    if leg.lowest:
        constraints += [f"{n}=={v}" for n, v in lower_bounds(requirements).items() if n != "torch"]
    with tempfile.TemporaryDirectory(prefix=f"torch-notes-lock-{leg.name}-") as scratch:
        env = Path(scratch) / "venv"
        venv.create(env, with_pip=True)
        python = str(env / "bin" / "python")
        constraint_file = Path(scratch) / "constraints.txt"
        constraint_file.write_text("\n".join(constraints) + "\n", encoding="utf-8")
        pip = [python, "-m", "pip", "--disable-pip-version-check", "--no-cache-dir"]
        # The pip a venv starts with may be old (Debian 12's is 23.0): it resolves otherwise.
        subprocess.run([*pip, "install", "-q", "--upgrade", "pip"], check=True)
        subprocess.run([*pip, "install", "-q", "-c", str(constraint_file), *requirements],
                       check=True)  # fmt: skip
        frozen = subprocess.run([*pip, "freeze", "--all", "--exclude-editable"],
                                check=True, capture_output=True, text=True).stdout  # fmt: skip
        kind = subprocess.run(
            [python, "-c", ("import torch; v = torch.version; "
             "print('cuda' if v.cuda else 'rocm' if v.hip else 'cpu')")],
            check=True, capture_output=True, text=True,
        ).stdout.strip()  # fmt: skip
    lines = [
        re.sub(r"\+[\w.]+$", "", line)  # 2.13.0+cpu -> 2.13.0
        for line in frozen.splitlines()
        if PIN_LINE.match(line)
        and canonical_name(line.split("==")[0]) not in {"pip", "setuptools", "wheel"}
    ]
    return sorted(lines, key=str.lower), kind


def write_lock(leg: Leg, torch: str) -> Path:
    lines, kind = freeze(leg, torch)
    torch = next(
        line.split("==")[1] for line in lines if canonical_name(line.split("==")[0]) == "torch"
    )
    how = "every direct requirement at its lower bound" if leg.lowest else "the newest that resolve"
    header = [
        f"# The {leg.name!r} leg: {leg.purpose}.",
        f"# Every package of the {LOCKED_GROUP!r} group, {how}; passed to pip with -c.",
        (
            f"# Made by `nox -s lock -- {leg.name} {torch}` on {datetime.now(UTC):%Y-%m-%d} "
            f"with Python {platform.python_version()}, "
            f"torch {torch} ({kind} build). Do not edit: re-lock."
        ),
    ]
    LOCKS.mkdir(exist_ok=True)
    leg.lock.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    return leg.lock


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in LEGS or len(argv) > 2:
        print(f"usage: python -m torch_notes.commands.lock {{{'|'.join(LEGS)}}} [torch release]",
              file=sys.stderr)  # fmt: skip
        return 2
    leg = LEGS[argv[0]]
    torch = argv[1] if len(argv) == 2 else torch_release(leg.name)
    if sys.version_info[:3] != LOCK_PYTHON:
        wanted = ".".join(map(str, LOCK_PYTHON))
        print(f"warning: locking with Python {platform.python_version()}, not {wanted}: the "
              "lock may pin releases that older Pythons cannot install", file=sys.stderr)  # fmt: skip
    lock = write_lock(leg, torch)
    print(f"locked {lock.relative_to(ROOT)} (torch {pins(lock)['torch']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
