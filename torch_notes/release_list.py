"""The PyTorch releases whose behaviour the site records: the latest patch of each minor release.

Releases before 2.0 do not install on Python 3.11; what the pages say about them rests on
cited documents (``torch_notes.evidence.markup.cited``).
"""

from __future__ import annotations

RELEASES = (
    "2.0.1",
    "2.1.2",
    "2.2.2",
    "2.3.1",
    "2.4.1",
    "2.5.1",
    "2.6.0",
    "2.7.1",
    "2.8.0",
    "2.9.1",
    "2.10.0",
    "2.11.0",
    "2.12.1",
    "2.13.0",
    "2.14.1",
)
# Releases before 2.3 were built against NumPy 1: with NumPy 2 they import but fail to convert.
NUMPY_1_BEFORE = (2, 3)


def version(release: str) -> tuple[int, ...]:
    """``"2.10.0"`` -> ``(2, 10, 0)``; a local label (``+cpu``) is ignored."""
    return tuple(int(part) for part in release.split("+")[0].split("."))


def minor(release: str) -> str:
    """``2.13`` for ``2.13.0+cpu``."""
    return ".".join(map(str, version(release)[:2]))


def requirements(release: str) -> list[str]:
    """What an environment for ``release`` installs besides the project's ``docs`` group."""
    extra = [f"torch=={release}"]
    if version(release)[:2] < NUMPY_1_BEFORE:
        extra.append("numpy<2")
    return extra


if __name__ == "__main__":
    # The matrix of .github/workflows/history.yml: one job per release, as JSON.
    import json

    print(json.dumps(list(RELEASES)))
