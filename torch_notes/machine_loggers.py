"""Loggers that describe the build machine, not the lesson, quieted wherever examples run.

A CUDA build of PyTorch on a machine without a GPU logs "No CUDA runtime is found, using
CUDA_HOME=..." when ``torch.utils.benchmark`` is imported. The gallery (a reset hook,
``torch_notes.gallery.gallery_conf``), the snippet runner and the release probe all run
examples or fragments, and each quiets these loggers first; outputs are
checked for logger lines (``torch_notes.evidence.checks.output_hygiene``). Here, below every
package, so that each of them can import it (``tests/test_layers.py``).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
from typing import Any

MACHINE_LOGGERS = ("torch.utils.cpp_extension",)


def quiet_machine_loggers(*args: Any, **kwargs: Any) -> None:
    """sphinx-gallery reset hook (and the snippet runner's): only errors from those loggers.

    Releases before 2.7 print the same message to stderr, without a logger, when the module
    is first imported: import it here first, with that message discarded.
    """
    for name in MACHINE_LOGGERS:
        logging.getLogger(name).setLevel(logging.ERROR)
    for name in MACHINE_LOGGERS:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.suppress(ImportError):
            importlib.import_module(name)
