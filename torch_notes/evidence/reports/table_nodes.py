"""One way to build a docutils table, and to link its rows: the report pages use it."""

from __future__ import annotations

from collections.abc import Iterable

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform


def relative_uri(transform: SphinxPostTransform, docname: str, anchor: str = "") -> str:
    """The address of ``docname`` (and ``#anchor``) from the page being written."""
    # Sphinx 9 deprecates a transform's .app and reads env._app itself; Sphinx 8 has no _app.
    app = getattr(transform.env, "_app", None) or transform.app
    uri = app.builder.get_relative_uri(transform.env.docname, docname)
    return f"{uri}#{anchor}" if anchor else uri


def cell(*children: nodes.Node, classes: Iterable[str] = ()) -> nodes.entry:
    entry = nodes.entry(classes=list(classes))
    entry += nodes.paragraph("", "", *children)
    return entry


def table(
    classes: list[str], columns: Iterable[tuple[str, int]], rows: Iterable[nodes.row]
) -> nodes.table:
    """A table with a header of ``(title, width)`` columns and the given body rows."""
    columns = list(columns)
    built = nodes.table(classes=classes)
    group = nodes.tgroup(cols=len(columns))
    built += group
    for _title, width in columns:
        group += nodes.colspec(colwidth=width)
    header = nodes.row()
    for title, _width in columns:
        header += cell(nodes.Text(title))
    group += nodes.thead("", header)
    group += nodes.tbody("", *rows)
    return built
