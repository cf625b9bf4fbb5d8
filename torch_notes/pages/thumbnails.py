"""Gallery thumbnails cost a phone little: fetched when scrolled to, and few bytes each.

The home page lists every example with its sphinx-gallery thumbnail (16 images), and a phone
fetched them while it was still drawing the first screen: at 400 x 280 pixels and in full
colour they were 285 KB, three quarters of what the landing page sent, and Lighthouse's
simulated slow line counted them against its largest paint. So:

* each thumbnail gets ``loading="lazy"``; the figures inside an article load as before;
* sphinx-gallery draws them at :data:`THUMBNAIL_SIZE` (``torch_notes.gallery.gallery_conf``),
  twice the 160 x 112 CSS pixels ``_static/torch-notes.css`` shows them at, sharp on a
  high-density screen and no larger;
* as soon as sphinx-gallery has made them, in the source tree both languages' builds copy
  from, each thumbnail is stored again as a PNG with a palette of at most 256 colours
  (transparency kept, no dithering): matplotlib's flat colours and anti-aliased lines need no
  more, and the file is about a quarter of the size. Once per thumbnail, not once per language.

Thumbnails are the images sphinx-gallery names ``sphx_glr_<example>_thumb.<ext>``. Their
displayed size is fixed by the stylesheet, so a late thumbnail moves nothing. ::

    extensions = [..., "torch_notes.pages.thumbnails"]
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from torch_notes import priorities

THUMBNAIL = re.compile(r"^sphx_glr_.+_thumb\.\w+$")
THUMBNAIL_SIZE = (320, 224)  # pixels: twice the size the stylesheet shows
PALETTE_COLOURS = 256


def is_thumbnail(uri: str) -> bool:
    return bool(THUMBNAIL.match(posixpath.basename(uri)))


def lazy(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    for image in doctree.findall(nodes.image):
        if is_thumbnail(image["uri"]):
            image["loading"] = "lazy"  # docutils' HTML writer turns it into the attribute


def store_with_palette(path: Path) -> bool:
    """Rewrite a PNG with a palette of :data:`PALETTE_COLOURS`; False if it had one already.

    The same picture gives the same bytes (the octree quantizer has no random start), so
    two builds still write identical sites.
    """
    from PIL import Image

    with Image.open(path) as opened:
        if opened.mode == "P":
            return False
        image = opened.convert("RGBA")
    quantized = image.quantize(
        colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    quantized.save(path, format="PNG", optimize=True)
    return True


def thumbnails_with_palette(app: Sphinx) -> None:
    """Every thumbnail sphinx-gallery keeps in the source tree (``images/thumb/``)."""
    for gallery in app.config.sphinx_gallery_conf["gallery_dirs"]:
        for path in sorted(Path(app.srcdir, gallery).rglob("images/thumb/*.png")):
            if is_thumbnail(path.name):
                store_with_palette(path)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-resolved", lazy)
    app.connect("builder-inited", thumbnails_with_palette, priority=priorities.AFTER_GALLERY_RUNS)
    return {"version": "3.0", "parallel_read_safe": True, "parallel_write_safe": True}
