"""The gallery: one definition of sphinx-gallery's configuration, and the extensions around it.

``docs/conf.py``, the test projects and the drift tests all call :func:`gallery_conf`, so a
setting changed here changes every build that runs examples.

* ``order``: examples in teaching order, as each folder's ``GALLERY_HEADER.rst`` lists them;
* ``hygiene``: removes outputs of examples that were renamed, deleted or failed;
* ``volatile_output``: marks the output of cells that change on every run (timings);
* ``downloads``: what a learner downloads, without the build's bookkeeping;
* ``time_limit``: each example within the build's time limit.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
from pathlib import Path
from typing import Any

from torch_notes import sitewide
from torch_notes.pages import thumbnails

# Loggers that describe the build machine, not the lesson: a CUDA build of PyTorch on a machine
# without a GPU logs "No CUDA runtime is found, using CUDA_HOME=..." when torch.utils.benchmark
# is imported. Outputs are checked for logger lines (torch_notes.evidence.checks.output_hygiene).
MACHINE_LOGGERS = ("torch.utils.cpp_extension",)
# The class sphinx-gallery gives a cell's output block (the code cells have none).
OUTPUT_CLASS = "sphx-glr-script-out"


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


# The builders whose pages offer the gallery's downloads; an EPUB (torch_notes/commands/books.py)
# holds the examples' pages but no files to download.
DOWNLOAD_BUILDERS = ("html", "dirhtml", "singlehtml")


def example_script(srcdir: str | Path, config: Any, docname: str) -> Path | None:
    """The script a gallery page was generated from (resolved); None for any other page."""
    conf = getattr(config, "sphinx_gallery_conf", None) or {}
    folders = zip(conf.get("examples_dirs", []), conf.get("gallery_dirs", []), strict=True)
    for examples, gallery in folders:
        if docname.startswith(f"{gallery}/"):
            script = Path(srcdir, examples, docname.removeprefix(f"{gallery}/") + ".py")
            return script.resolve() if script.is_file() else None
    return None


def gallery_conf(
    examples_dir: str = "../gallery",
    gallery_dir: str = "auto_examples",
    sections: tuple[str, ...] = (),
) -> dict[str, Any]:
    """sphinx-gallery's settings; ``sections`` are the sub-folders in teaching order."""
    return {
        "examples_dirs": [examples_dir],
        "gallery_dirs": [gallery_dir],
        "filename_pattern": sitewide.EXAMPLE_PATTERN,
        "subsection_order": [f"{examples_dir}/{section}" for section in sections] or None,
        "within_subsection_order": "torch_notes.gallery.order.HeaderOrder",
        "minigallery_sort_order": "torch_notes.gallery.order.position_in_folder",
        # The `facts` dict of each example is saved after every block (see evidence.execution.recording).
        "image_scrapers": ("matplotlib", "torch_notes.evidence.execution.recording.record_facts"),
        "reset_modules": (
            "matplotlib",
            "torch_notes.evidence.execution.recording.seed_everything",
            "torch_notes.gallery.quiet_machine_loggers",
            "torch_notes.gallery.time_limit.limit_each_example",
        ),
        "reset_modules_order": "both",  # the time limit starts before an example, stops after
        # Run times change every build; shown, they would become new translatable strings.
        "min_reported_time": 10**9,
        "write_computation_times": False,
        "show_memory": False,
        "thumbnail_size": thumbnails.THUMBNAIL_SIZE,  # twice their size on the page
        "remove_config_comments": True,
        # Two archives on the gallery's index; torch_notes.gallery.downloads rewrites them.
        "download_all_examples": True,
        # Needed by the landing page's minigalleries (they list example files, not API names).
        "backreferences_dir": "_generated/backreferences",
        "doc_module": (),
        "only_warn_on_example_error": False,
        "show_signature": False,
    }
