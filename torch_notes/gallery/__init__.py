"""The gallery: one definition of sphinx-gallery's configuration, and the extensions around it.

``docs/conf.py``, the test projects and the drift tests all call :func:`gallery_conf`, so a
setting changed here changes every build that runs examples.

* ``order``: examples in teaching order, as each folder's ``GALLERY_HEADER.rst`` lists them;
* ``hygiene``: removes outputs of examples that were renamed, deleted or failed;
* ``volatile_output``: marks the output of cells that change on every run (timings);
* ``downloads``: what a learner downloads, without the build's bookkeeping;
* ``hidden_blocks``: a hidden block may read the learner's state, never change it;
* ``time_limit``: each example within the build's time limit.

What the evidence core and the pages also need of the examples is below every package: the
script of a gallery page, the output blocks' class and the builders that offer downloads in
``torch_notes.sitewide``, the reset hook that quiets the machine's loggers in
``torch_notes.machine_loggers`` (``tests/test_layers.py`` keeps imports downward).
"""

from __future__ import annotations

from typing import Any

from torch_notes import sitewide
from torch_notes.pages import thumbnails


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
        # The `facts` dict of each example is saved after every block (see evidence.execution.recording);
        # after the last one, the values the downloads' check compares (gallery.self_check).
        "image_scrapers": (
            "matplotlib",
            "torch_notes.evidence.execution.recording.record_facts",
            "torch_notes.gallery.self_check.record_end_values",
        ),
        "reset_modules": (
            "matplotlib",
            "torch_notes.evidence.execution.recording.seed_everything",
            "torch_notes.machine_loggers.quiet_machine_loggers",
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
