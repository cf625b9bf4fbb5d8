"""Gallery thumbnails load when the reader scrolls to them.

The home page lists every example with its sphinx-gallery thumbnail (16 images) below the
first screen of a phone; fetched at once, they took the slow line from the stylesheets and the
text the reader sees first. Each thumbnail gets ``loading="lazy"``; the figures inside an
article load as before. Thumbnails are the images sphinx-gallery names
``sphx_glr_<example>_thumb.<ext>``. Their size is fixed by ``_static/torch-notes.css``, so a
late thumbnail moves nothing. ::

    extensions = [..., "torch_notes.pages.lazy_thumbnails"]
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

THUMBNAIL = re.compile(r"^sphx_glr_.+_thumb\.\w+$")


def is_thumbnail(uri: str) -> bool:
    return bool(THUMBNAIL.match(posixpath.basename(uri)))


def thumbnails(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    for image in doctree.findall(nodes.image):
        if is_thumbnail(image["uri"]):
            image["loading"] = "lazy"  # docutils' HTML writer turns it into the attribute


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-resolved", thumbnails)
    return {"version": "2.0", "parallel_read_safe": True, "parallel_write_safe": True}
