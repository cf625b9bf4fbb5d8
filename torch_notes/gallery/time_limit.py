"""Each gallery example within the build's time limit (``torch_notes.time_limits``).

    "reset_modules": (..., "torch_notes.gallery.time_limit.limit_each_example"),
    "reset_modules_order": "both",                                # see gallery_conf()

sphinx-gallery runs an example's cells one after another in the build's own process and calls
its reset hooks before the example and after it: the hook starts the example's limit before
and stops it after. A run past the limit fails the example, and the message names the cell it
had reached (``# %% <name>``, ``execution.gallery_cells``) and what was still running.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from torch_notes import paths
from torch_notes.evidence.execution.gallery_cells import cell_of
from torch_notes.time_limits import Watchdog, limit_seconds

_running: list[Watchdog] = []  # the limit of the example running now, if any


def shown_name(fname: str, gallery_conf: dict[str, Any]) -> str:
    """The example as a maintainer finds it: ``gallery/data/plot_load_batches.py``."""
    for folder in gallery_conf.get("examples_dirs", []):
        source = Path(gallery_conf.get("src_dir", "."), folder).resolve()
        for found in source.rglob(Path(fname).name):
            return paths.shown(found)
    return str(fname)


def limit_each_example(gallery_conf: dict[str, Any], fname: str | None, when: str) -> None:
    """sphinx-gallery reset hook: start the example's limit before it, stop it after."""
    while _running:
        _running.pop().stop()
    if when == "before" and fname is not None:
        watchdog = Watchdog(shown_name(fname, gallery_conf), limit_seconds(), cell_of(fname))
        watchdog.start()
        _running.append(watchdog)
