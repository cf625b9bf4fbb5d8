"""Let sphinx-gallery's collection before each example skip what earlier ones left alive.

    extensions = [..., "torch_notes.workarounds.gallery_gc"]

Before running each example, sphinx-gallery calls ``gc.collect()`` (to measure the memory
an example uses from a clean baseline). Once PyTorch and matplotlib are imported, a full
collection walks their millions of objects: 0.2-0.4 s per example, 16 examples here. This
gives sphinx-gallery's ``gen_rst`` module a ``gc`` whose ``collect`` collects, then freezes
(``gc.freeze()``) what survived: the next collection, and every automatic one of the rest of
the build, walks only the objects made since. What is frozen was alive, so nothing an example
prints or draws changes; it stays in memory until the build's process ends.
"""

from __future__ import annotations

import gc
from typing import Any

from sphinx.application import Sphinx
from sphinx_gallery import gen_rst


class CollectThenFreeze:
    """Stands in for the ``gc`` module in ``sphinx_gallery.gen_rst``."""

    def collect(self, *args: Any) -> int:
        found = gc.collect(*args)
        gc.freeze()
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(gc, name)


def setup(app: Sphinx) -> dict[str, Any]:
    gen_rst.gc = CollectThenFreeze()
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
