"""Serve MathJax from the site itself, so math renders offline and no page calls a CDN.

    extensions = [..., "offline_math"]

Sphinx loads MathJax from a CDN by default (``mathjax_path``). When ``mathjax_path`` is left at
that default, this points it at ``_static/mathjax/tex-chtml.js`` and, after an HTML build,
copies MathJax 3 there from the ``sphinx-mathjax-offline`` package (``docs`` dependency group;
only its files are used, not its Sphinx hook). Only what ``tex-chtml.js`` can load is copied
(its fonts, TeX extensions, menu and accessibility modules): about 8 MB instead of 24 MB.
A ``mathjax_path`` set in conf.py is left alone.
"""

from __future__ import annotations

import posixpath
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError
from sphinx.ext.mathjax import MATHJAX_URL
from sphinx.util import logging
from sphinx.util.fileutil import copy_asset

logger = logging.getLogger(__name__)

PACKAGE = "sphinx-mathjax-offline"
SCRIPT = "tex-chtml.js"  # TeX in, HTML+CSS out; loads fonts and extensions from beside it
TARGET = "mathjax"  # under _static/


def mathjax_dir() -> Path:
    """The ``mathjax/`` folder of the installed package."""
    try:
        folder = Path(distribution(PACKAGE).locate_file("sphinx-mathjax-offline/static/mathjax"))
    except PackageNotFoundError as error:
        raise ConfigError(f"offline_math needs the {PACKAGE} package (docs group)") from error
    if not (folder / SCRIPT).is_file():
        raise ConfigError(f"offline_math: {folder / SCRIPT} is missing")
    return folder


def not_loaded_by_script(path: str) -> bool:
    """Other combined builds (tex-svg.js, mml-chtml.js, ...) and the SVG output."""
    path = posixpath.normpath(path)
    top_level_build = "/" not in path and path.endswith(".js") and path != SCRIPT
    return top_level_build or path.startswith("output/svg")


def use_local_mathjax(app: Sphinx, config: Config) -> None:
    if config.mathjax_path != MATHJAX_URL:
        logger.info("offline_math: mathjax_path is set in conf.py; leaving it alone")
        return
    mathjax_dir()  # fail early, before the build, if the package is missing
    config.mathjax_path = f"{TARGET}/{SCRIPT}"  # relative paths are relative to _static/


def copy_mathjax(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    if app.config.mathjax_path != f"{TARGET}/{SCRIPT}":
        return
    copy_asset(mathjax_dir(), Path(app.outdir, "_static", TARGET), excluded=not_loaded_by_script)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("sphinx.ext.mathjax")
    app.connect("config-inited", use_local_mathjax)
    app.connect("build-finished", copy_mathjax)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
