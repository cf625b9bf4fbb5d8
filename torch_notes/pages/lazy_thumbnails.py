"""Gallery thumbnails: loaded when the reader scrolls to them, and identical ones fetched once.

The home page lists every example with its sphinx-gallery thumbnail (16 images, about 380 KB)
below the first screen of a phone; fetched at once, they took the slow line from the
stylesheets and the text the reader sees first. Each thumbnail gets ``loading="lazy"``. And
an example that draws no figure gets sphinx-gallery's default picture, written once per example
under its own name (11 byte-identical copies of 26 KB here); every thumbnail now points at the
first file with the same bytes, so a browser fetches that picture once and Sphinx copies it once.
Thumbnails are the images sphinx-gallery names ``sphx_glr_<example>_thumb.<ext>``; the figures
inside an article load as before. Their size is fixed by ``_static/torch-notes.css``, so a late
thumbnail moves nothing. ::

    extensions = [..., "torch_notes.pages.lazy_thumbnails"]
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

THUMBNAIL = re.compile(r"^sphx_glr_.+_thumb\.\w+$")


def is_thumbnail(uri: str) -> bool:
    return bool(THUMBNAIL.match(posixpath.basename(uri)))


def shared_uris(srcdir: Path, uris: set[str]) -> dict[str, str]:
    """Each thumbnail's URI -> the first URI, in sorted order, of a file with the same bytes."""
    first: dict[str, str] = {}
    shared = {}
    for uri in sorted(uris):
        path = srcdir / uri
        if not path.is_file():
            continue
        shared[uri] = first.setdefault(hashlib.sha256(path.read_bytes()).hexdigest(), uri)
    return shared


def thumbnails(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    images = [image for image in doctree.findall(nodes.image) if is_thumbnail(image["uri"])]
    if not images:
        return
    known = {uri for uri in app.env.images if is_thumbnail(uri)}  # every page's, for one choice
    shared = shared_uris(Path(app.srcdir), known)
    for image in images:
        image["loading"] = "lazy"  # docutils' HTML writer turns it into the attribute
        uri = shared.get(image["uri"], image["uri"])
        if uri != image["uri"] and image.get("candidates", {}).get("*") == image["uri"]:
            image["uri"] = uri
            image["candidates"] = {"*": uri}


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-resolved", thumbnails)
    return {"version": "1.1", "parallel_read_safe": True, "parallel_write_safe": True}
