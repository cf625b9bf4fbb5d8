"""A gallery page's figures carry the alt text that a topic page wrote for them.

sphinx-gallery gives a figure, as its alt text, the figure's title or the script's name
("plot classify digits"): English on a Chinese page, and little help to a reader who cannot
see the picture. The same figure is shown on a topic page by ``{example-cell}``, whose body
is its alt text, translated with the page. While the pages are read, that text is kept for
each image file; when a gallery page is written, its figures take it. One description per
figure, written once, in the page's language.

A gallery figure that no topic page describes fails the build (type ``gallery``, subtype
``alt``), naming the page and the image: write an ``{example-cell}`` for its cell, with the
figure described in its body. ::

    extensions = [..., "torch_notes.evidence", "torch_notes.pages.gallery_alt_text"]
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx_gallery.directives import imgsgnode

from torch_notes import priorities

logger = logging.getLogger(__name__)

CELL_FIGURE = (
    "cell-figure"  # the class of an {example-cell}'s image (evidence.markup.example_cells)
)
ENV_KEY = "torch_notes_figure_alt"  # {image file name: (docname, alt text)}


def described(env: BuildEnvironment) -> dict[str, tuple[str, str]]:
    if not hasattr(env, ENV_KEY):
        setattr(env, ENV_KEY, {})
    found: dict[str, tuple[str, str]] = getattr(env, ENV_KEY)
    return found


def image_name(uri: str) -> str:
    """``sphx_glr_plot_x_002.png``: the gallery names each image file once, site-wide."""
    return PurePosixPath(uri).name


def keep_descriptions(app: Sphinx, doctree: nodes.document) -> None:
    """Each figure a page shows with ``{example-cell}``, with its (translated) alt text."""
    found = described(app.env)
    for image in doctree.findall(nodes.image):
        if CELL_FIGURE in image["classes"] and image.get("alt"):
            found[image_name(image["uri"])] = (app.env.docname, image["alt"])


def describe_gallery_figures(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    found = described(app.env)
    for figure in doctree.findall(imgsgnode):
        name = image_name(figure["uri"])
        if name in found:
            figure["alt"] = found[name][1]
        else:
            logger.warning(
                "figure %s has no alt text of its own (sphinx-gallery wrote %r): show its "
                "cell on a topic page with {example-cell}, the figure described in the body",
                name,
                figure.get("alt", ""),
                location=docname,
                type="gallery",
                subtype="alt",
            )


def purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    found = described(env)
    for name in [n for n, (doc, _alt) in found.items() if doc == docname]:
        del found[name]


def merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    described(env).update({n: v for n, v in described(other).items() if v[0] in docnames})


def setup(app: Sphinx) -> dict[str, Any]:
    # After the page is filled in (its cells and their figures exist from FILL_IN on).
    app.connect("doctree-read", keep_descriptions, priority=priorities.AFTER_PAGE_CHECKS)
    app.connect("doctree-resolved", describe_gallery_figures)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
