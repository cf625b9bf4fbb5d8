"""One lock of every package per leg of the supported PyTorch range (``nox -s lock``).

    python -m torch_notes.build.locks floor            # re-lock a leg at its torch release
    python -m torch_notes.build.locks pin 2.15.0       # bump the pin to a new release
    python -m torch_notes.build.locks newest latest    # the newest release pip finds

A leg is a torch release the site is built against (:data:`LEGS`); its lock,
``locks/<leg>.txt``, pins every package the ``test`` dependency group installs (which
includes ``docs``), and nox passes it to pip with ``-c``. A constraint never adds a package,
so the same lock serves a CPU build (no ``nvidia-*`` packages are needed) and a CUDA build.
The torch release of a leg is the ``torch==`` line of its lock: bumping it is re-locking.

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
import tomllib
import venv
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ROOT / "locks"
LOCKED_GROUP = "test"


@dataclass(frozen=True)
class Leg:
    name: str
    lowest: bool  # resolve direct requirements at their lower bounds
    purpose: str

    @property
    def lock(self) -> Path:
        return LOCKS / f"{self.name}.txt"


LEGS = {
    leg.name: leg
    for leg in (
        Leg(
            "floor", True, "the oldest release the site supports, every package at its lower bound"
        ),
        Leg("pin", False, "the release development and the tests build against"),
        Leg("newest", False, "the newest release these machines can install"),
    )
}
DEFAULT_LEG = "pin"
# Locks are made with the oldest Python the project supports, Debian 12's python3, so that
# every pinned release installs on any Python 3.11 (soupsieve 3.0.2+ needs 3.11.5, say).
LOCK_PYTHON = (3, 11, 2)
LATEST = "latest"  # instead of a release: whatever pip resolves torch to today
_REQUIREMENT = re.compile(r"^\s*(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*>=\s*(?P<lower>[^,;\s]+)")
_PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>\S+)")


def group_requirements(group: str, pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The requirements of a dependency group, its included groups expanded (PEP 735)."""
    groups = tomllib.loads(pyproject.read_text(encoding="utf-8"))["dependency-groups"]

    def expand(name: str) -> list[str]:
        found: list[str] = []
        for entry in groups[name]:
            found += expand(entry["include-group"]) if isinstance(entry, dict) else [entry]
        return found

    return expand(group)


def lower_bounds(requirements: list[str]) -> dict[str, str]:
    """``{"sphinx": "8.2.3", ...}`` for every requirement written ``name>=version``."""
    return {
        normalise(m["name"]): m["lower"]
        for m in map(_REQUIREMENT.match, requirements)
        if m is not None
    }


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lock: Path) -> dict[str, str]:
    """The ``name==version`` lines of a lock, by normalised name."""
    found = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        if m := _PIN.match(line.strip()):
            found[normalise(m["name"])] = m["version"]
    return found


def torch_release(leg: str) -> str:
    return pins(LEGS[leg].lock)["torch"]


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
        if _PIN.match(line) and normalise(line.split("==")[0]) not in {"pip", "setuptools", "wheel"}
    ]
    return sorted(lines, key=str.lower), kind


def write_lock(leg: Leg, torch: str) -> Path:
    lines, kind = freeze(leg, torch)
    torch = next(line.split("==")[1] for line in lines if normalise(line.split("==")[0]) == "torch")
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
        print(f"usage: python -m torch_notes.build.locks {{{'|'.join(LEGS)}}} [torch release]",
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
