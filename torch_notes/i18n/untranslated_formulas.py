"""Display formulas are written once, in the page: no language's catalog copies them.

Sphinx extracts a ``math_block`` like a paragraph, so each formula would stand in every
catalog with its LaTeX copied as the translation, and an edit of the formula would mark that
copy fuzzy in each language. LaTeX reads the same in every language (inline math is part of
the sentence around it and stays there).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform


class UntranslatedFormulas(SphinxTransform):
    default_priority = 15  # before sphinx.transforms.i18n.Locale (20) and before extraction

    def apply(self, **kwargs: Any) -> None:
        for formula in self.document.findall(nodes.math_block):
            formula["translatable"] = False


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_transform(UntranslatedFormulas)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
