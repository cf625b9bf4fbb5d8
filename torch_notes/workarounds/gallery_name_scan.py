"""Keep PyTorch's warnings out of sphinx-gallery's scan of the names an example uses.

    extensions = [..., "torch_notes.workarounds.gallery_name_scan"]

To link each name an example uses to its documentation (backreferences), sphinx-gallery's
``identify_names`` resolves attribute chains such as ``y.grad`` by reading them on the objects
the example left in its namespace. Reading ``.grad`` of a tensor that is not a leaf makes
PyTorch warn (``UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor is being
accessed``): a warning about the scan, not about the example, printed in the middle of the
build's output while the summary says "warnings: 0". This runs the scan with Python's warnings
silenced; what the example itself warns is captured when it runs, as before.
"""

from __future__ import annotations

import functools
import warnings
from typing import Any

from sphinx.application import Sphinx
from sphinx_gallery import gen_rst


def quiet(scan: Any) -> Any:
    @functools.wraps(scan)
    def scan_quietly(*args: Any, **kwargs: Any) -> Any:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return scan(*args, **kwargs)

    scan_quietly.torch_notes_quiet = True  # type: ignore[attr-defined]
    return scan_quietly


def setup(app: Sphinx) -> dict[str, Any]:
    if not getattr(gen_rst.identify_names, "torch_notes_quiet", False):
        gen_rst.identify_names = quiet(gen_rst.identify_names)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
