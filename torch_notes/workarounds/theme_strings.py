"""Run the theme options that the theme shows as text through the catalogs.

    extensions = [..., "torch_notes.workarounds.theme_strings"]

pydata-sphinx-theme prints some options as they are, in every language: the search box's
placeholder ("Search the docs ...") and the navbar's dropdown label ("More"). Each page's
template context gets them translated into the build's language; their translations live
with the theme's other missing strings in ``theme_locales/`` (see ``tests/test_catalogs.py``).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.locale import _

TEXT_OPTIONS = ("search_bar_text", "header_dropdown_text")


def translate_text_options(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    for option in TEXT_OPTIONS:
        value = context.get(f"theme_{option}")
        if isinstance(value, str):
            context[f"theme_{option}"] = _(value)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", translate_text_options)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
