"""``{notes-said}``: what the notes wrote and printed, in an aside beside the lesson.

A topic page teaches what PyTorch does now; the notes' own words, what they printed and the
errata that judge them go in a closed box the reader can open or skip::

    :::{notes-said}
    Note 000 wrote ... {note}`000:...`

    ```{erratum} 000
    ...
    ```
    :::

It is a ``<details>`` element: it opens with a click, Enter or Space, and a browser opens it
by itself when a link (an errata row's) or find-in-page leads inside. Its label, "What the
notes said" (笔记原文), comes from the interface catalog. Other builders show the contents as
they are, with the label as a heading-like paragraph.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.locale import get_translation
from sphinx.util.docutils import SphinxDirective
from sphinx.writers.html5 import HTML5Translator

_ = get_translation("torch_notes")

ASIDE_CLASS = "notes-said"


class notes_said(nodes.General, nodes.Element):
    """A closed box holding what the notes said about the lesson beside it."""


def visit_html(self: HTML5Translator, node: notes_said) -> None:
    ids = " ".join(node["ids"])
    id_attribute = f' id="{ids}"' if ids else ""
    self.body.append(f'<details class="{ASIDE_CLASS}"{id_attribute}>')
    self.body.append(f"<summary>{self.encode(_('What the notes said'))}</summary>\n")


def depart_html(self: HTML5Translator, node: notes_said) -> None:
    self.body.append("</details>\n")


def visit_plain(self: nodes.NodeVisitor, node: notes_said) -> None:
    pass


def depart_plain(self: nodes.NodeVisitor, node: notes_said) -> None:
    pass


class NotesSaidDirective(SphinxDirective):
    has_content = True

    def run(self) -> list[nodes.Node]:
        box = notes_said(classes=[ASIDE_CLASS])
        self.set_source_info(box)
        self.state.nested_parse(self.content, self.content_offset, box)
        return [box]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_node(
        notes_said,
        html=(visit_html, depart_html),
        text=(visit_plain, depart_plain),
        latex=(visit_plain, depart_plain),
    )
    app.add_directive("notes-said", NotesSaidDirective)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
