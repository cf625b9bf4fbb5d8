"""Where things are in the repository, defined once for the package and the tests."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GALLERY = ROOT / "gallery"
SNIPPETS = ROOT / "snippets"
PROBES = ROOT / "probes"  # the edge cases behind the pages' general sentences
NOTES = ROOT / "notes"
HISTORY = ROOT / "history"
LOCKS = ROOT / "locks"
BUILD = ROOT / "_build"  # everything a build writes, and nothing else does
SITE = BUILD / "site"
# What the build computes from content alone (a font cut to some icons), kept by that content's
# hash, so the second language, and the next build, reuse it: never stale, not emptied.
CACHE = BUILD / "cache"


def shown(path: Path) -> str:
    """A path as a message names it: from the repository's root where it lies inside."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


# -- Scratch: where what the build runs writes its files ---------------------------------
# Fragments, solutions, examples and notebooks save files (a model, a CSV) and Python's
# multiprocessing makes its sockets (``pymp-*/listener-*``) in TMPDIR. A socket's path must
# fit in 108 bytes on Linux and 104 on macOS, so the scratch folder cannot live in the
# checkout, whose path can be of any length: it is a short folder of the system's temporary
# directory, made for one build and removed after it.
SCRATCH_VARIABLE = "TORCH_NOTES_SCRATCH"  # the folder, for every process the build starts
SOCKET_PATH_MAX = 103  # macOS's sun_path less its final NUL; Linux allows 107
# What multiprocessing adds under TMPDIR: /pymp-XXXXXXXX/listener-XXXXXXXX (8 random each),
# and what a scratch folder adds: /tn-XXXXXXXX.
SOCKET_SUFFIX = len("/pymp-12345678/listener-12345678")
SCRATCH_SUFFIX = len("/tn-12345678")


def short_temporary_root() -> Path:
    """The system's temporary directory, or ``/tmp`` where that one is too deep for sockets."""
    for root in (tempfile.gettempdir(), "/tmp", "/var/tmp"):
        if len(root) + SCRATCH_SUFFIX + SOCKET_SUFFIX <= SOCKET_PATH_MAX and os.access(
            root, os.W_OK
        ):
            return Path(root)
    raise OSError(
        f"no temporary directory is short enough for multiprocessing's sockets "
        f"(TMPDIR={tempfile.gettempdir()!r} has {len(tempfile.gettempdir())} characters; "
        f"at most {SOCKET_PATH_MAX - SCRATCH_SUFFIX - SOCKET_SUFFIX} fit): set TMPDIR to a "
        "shorter folder"
    )


@contextlib.contextmanager
def build_scratch() -> Iterator[Path]:
    """A fresh scratch folder for one build: TMPDIR and :data:`SCRATCH_VARIABLE` point at it
    (for this process and every process it starts) until the block ends, then it is removed."""
    folder = Path(tempfile.mkdtemp(prefix="tn-", dir=short_temporary_root()))
    saved = {name: os.environ.get(name) for name in ("TMPDIR", SCRATCH_VARIABLE)}
    cached = tempfile.tempdir  # tempfile keeps the folder it found first
    os.environ["TMPDIR"] = os.environ[SCRATCH_VARIABLE] = tempfile.tempdir = str(folder)
    try:
        yield folder
    finally:
        tempfile.tempdir = cached
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(folder, ignore_errors=True)


def scratch() -> Path:
    """The scratch folder of the build this process belongs to.

    Outside a build (a test that runs one fragment, a history probe started by hand) the
    process makes one of its own, removed when it exits.
    """
    folder = os.environ.get(SCRATCH_VARIABLE)
    if folder is None:
        folder = tempfile.mkdtemp(prefix="tn-", dir=short_temporary_root())
        os.environ[SCRATCH_VARIABLE] = folder
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path
