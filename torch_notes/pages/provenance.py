"""Say on every page with executed output where that output came from.

Pages that show gallery output, snippets or checked values get ``provenance`` in their
template context: torch and Python versions, the device the examples could use, and the
build date in UTC (``SOURCE_DATE_EPOCH`` wins when set, for reproducible builds).
``_templates/provenance.html`` shows it at the end of the article; the date is marked
``data-volatile`` so that comparisons of two builds can ignore it.
"""

from __future__ import annotations

import platform
import weakref
from importlib.metadata import version
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from torch_notes.evidence.store.domain import evidence_domain
from torch_notes.sitewide import build_moment, example_script

# What collect() found, per application (Sphinx declares no attribute for it).
_provenance: weakref.WeakKeyDictionary[Sphinx, dict[str, str]] = weakref.WeakKeyDictionary()


def best_device() -> str:
    """The device an example that picks "the best available" would get here."""
    import torch

    if torch.cuda.is_available():
        return f"CUDA ({torch.cuda.get_device_name(0)})"
    if getattr(torch.backends, "mps", None) and torch.backends.mps.is_available():
        return "Apple MPS"
    return "CPU"


def build_date() -> str:
    return build_moment().strftime("%Y-%m-%d %H:%M UTC")


def collect(app: Sphinx) -> None:
    if app.builder.format != "html":
        return
    _provenance[app] = {
        "torch": version("torch"),
        "python": platform.python_version(),
        "device": best_device(),
        "date": build_date(),
    }


def has_output(app: Sphinx, pagename: str) -> bool:
    is_example = example_script(app.srcdir, app.config, pagename) is not None
    return is_example or evidence_domain(app.env).has_checks(pagename)


def add_context(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    provenance = _provenance.get(app)
    context["provenance"] = provenance if provenance and has_output(app, pagename) else None


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", collect)
    app.connect("html-page-context", add_context)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
