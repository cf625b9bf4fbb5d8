"""Make MyST's parsers once per configuration, not once per parse.

    "torch_notes.workarounds.myst_parsers"        (in torch_notes.EXTENSIONS)

myst-parser's Sphinx parser calls ``create_md_parser(config, SphinxRenderer)`` for every
text it parses, and that builds a markdown-it parser from scratch: every rule of every plugin
pushed onto its rulers again (67,200 pushes in one Chinese build). Sphinx's i18n transform
parses each translated message on its own, so the Chinese build made 1,920 parsers with one
and the same configuration. This keeps the parser of the last few configurations (by
identity: the site's configuration object is the one every message uses) and gives it back;
each parse still sets its own document, and the renderer sets itself up again at each render,
so the documents, and the HTML, are the same.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from markdown_it import MarkdownIt
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers import mdit, sphinx_
from sphinx.application import Sphinx

KEPT = 4  # a page with its own front matter gets a configuration of its own, used once
_parsers: OrderedDict[tuple[int, Any], tuple[MdParserConfig, MarkdownIt]] = OrderedDict()


def create_md_parser(config: MdParserConfig, renderer: Callable[[MarkdownIt], Any]) -> MarkdownIt:
    """What ``myst_parser.parsers.mdit.create_md_parser`` returns, made once per configuration."""
    key = (id(config), renderer)
    if key in _parsers and _parsers[key][0] is config:
        _parsers.move_to_end(key)
        return _parsers[key][1]
    parser = mdit.create_md_parser(config, renderer)
    _parsers[key] = (config, parser)  # the configuration is kept, so its id is not reused
    while len(_parsers) > KEPT:
        _parsers.popitem(last=False)
    return parser


def setup(app: Sphinx) -> dict[str, Any]:
    # Looked up at each call, in sphinx_'s own namespace (which imports it from mdit).
    sphinx_.create_md_parser = create_md_parser  # type: ignore[attr-defined]
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
