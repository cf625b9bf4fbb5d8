"""Make MyST's throwaway documents cheap: its default docutils settings are built once.

    extensions = [..., "torch_notes.workarounds.myst_settings"]

myst-parser's renderer starts every parse with
``options.get("document", make_document())``: the default is evaluated even when a document
is given, and ``make_document`` builds docutils' default settings from scratch (an
``OptionParser`` with every component's options, about 2 ms). Sphinx's i18n transform parses
each translated message on its own, so the Chinese build made 1,392 such documents, only to
drop them: about 2.6 s of its 19 s. This replaces ``make_document`` with one that builds the
defaults once per parser class and gives each document its own copy of them; the documents
are the same, so is the HTML.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from docutils import nodes
from docutils.frontend import Values, get_default_settings
from docutils.parsers.rst import Parser as RSTParser
from docutils.utils import new_document
from myst_parser.mdit_to_docutils import base
from sphinx.application import Sphinx


@cache
def default_settings(parser_cls: type) -> Values:
    return get_default_settings(parser_cls)


def make_document(source_path: str = "notset", parser_cls: type = RSTParser) -> nodes.document:
    """What ``myst_parser.mdit_to_docutils.base.make_document`` returns, without its cost."""
    # A shallow copy: a document that changes a setting changes only its own.
    return new_document(source_path, settings=copy.copy(default_settings(parser_cls)))


def setup(app: Sphinx) -> dict[str, Any]:
    base.make_document = make_document  # looked up at each call, in base's own namespace
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
