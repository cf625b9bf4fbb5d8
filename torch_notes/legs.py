"""The legs of the supported PyTorch range and their locks: what a leg pins, read from ``locks/``.

A leg is a torch release the site is built against (:data:`LEGS`); its lock,
``locks/<leg>.txt``, pins every package the ``test`` dependency group installs (which
includes ``docs``), and nox passes it to pip with ``-c``. The torch release of a leg is the
``torch==`` line of its lock. ``nox -s lock`` (``torch_notes.commands.lock``) writes them.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from torch_notes.paths import LOCKS, ROOT

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
PIN_LINE = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>\S+)")


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
        canonical_name(m["name"]): m["lower"]
        for m in map(_REQUIREMENT.match, requirements)
        if m is not None
    }


def canonical_name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lock: Path) -> dict[str, str]:
    """The ``name==version`` lines of a lock, by normalised name."""
    found = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        if m := PIN_LINE.match(line.strip()):
            found[canonical_name(m["name"])] = m["version"]
    return found


def torch_release(leg: str) -> str:
    return pins(LEGS[leg].lock)["torch"]
