"""One way to build a docutils table: the errata table and the release pages use it."""

from __future__ import annotations

from collections.abc import Iterable

from docutils import nodes


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
