"""Exercises whose reference solutions run in the build, shown only when the reader asks.

A topic page ends with a section ``Summary`` and a section ``Exercises``. Each exercise is
ordinary prose (a numbered list item) followed by its solution::

    1. Predict `x.grad` for `y = x ** 3` at `x = 2`, then check it.

       :::{solution} exercises/autograd_basics_cube
       The derivative is 3x², so `x.grad` is {claim}`12 <snippets.exercises/autograd_basics_cube.line1>`.
       :::

The argument names a snippet (``snippets/exercises/autograd_basics_cube.py``): it runs like
every snippet (fresh namespace, seeded, cached per source and torch version), and its output is
compared with the reviewed ``.expected.txt`` beside it. The body explains the answer; its
claims state printed lines (``snippets.<name>.line<N>``: numbers compare as numbers). A
solution that raises fails the build unless it says ``:expect: raises``. In HTML the code,
output and explanation sit in a closed ``<details>``: the reader tries first.

Every topic page ends with them: ``checks.topic_shape``.
"""

from __future__ import annotations

from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.writers.html5 import HTML5Translator

from torch_notes.evidence.markup.snippets import ShownSnippet, code_block
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.store.domain import record_check

logger = logging.getLogger(__name__)
_ = get_translation("torch_notes")


class solution(nodes.General, nodes.Element):
    """A closed ``<details>`` holding a solution's code, output and explanation."""


def visit_solution_html(self: HTML5Translator, node: solution) -> None:
    self.body.append('<details class="solution">')
    self.body.append(f"<summary>{self.encode(node['label'])}</summary>")


def depart_solution_html(self: HTML5Translator, node: solution) -> None:
    self.body.append("</details>\n")


def visit_solution_plain(self: nodes.NodeVisitor, node: solution) -> None:
    pass  # other builders show the contents as they are


def depart_solution_plain(self: nodes.NodeVisitor, node: solution) -> None:
    pass


class SolutionDirective(SphinxDirective):
    """A solution's box and explanation; :func:`show_solutions` puts its code and output first."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar = {"expect": lambda arg: directives.choice(arg, ("runs", "raises"))}

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        box = solution(label=_("Show a solution"), classes=["solution"])
        box["ids"] = [f"solution-{name.replace('/', '-')}"]
        box["name"], box["expect"] = name, self.options.get("expect", "runs")
        box[attributes.PENDING] = "solution"
        self.set_source_info(box)
        self.state.nested_parse(self.content, self.content_offset, box)
        return [box]


class ShownSolution(ShownSnippet):
    """A snippet shown as its code and what it prints (``markup.snippets``), in a closed box."""

    kind = "solution"

    def show(self) -> list[nodes.Node]:
        name = self.name
        if (ran := self.ran()) is None:
            return []
        path, result = ran
        expect = self.node["expect"]
        holds = (result.raised is not None) == (expect == "raises")
        record_check(self.env, CheckKind.SNIPPET, name, holds, detail=expect)
        if not holds:
            now = result.error or "it ran without an error"
            self.fail(f"solution {name}: expected it to {expect.rstrip('s')}, but: {now}")
        code = path.read_text(encoding="utf-8").rstrip()
        return [code_block(code), *self.printed(path, result)]

    def fail(self, message: str) -> list[nodes.Node]:
        logger.warning(message, location=self.node, type="exercises", subtype="solution")
        return []


def fill_in_solution(env: BuildEnvironment, box: nodes.Element) -> None:
    """The solution's code and output, before its explanation."""
    del box[attributes.PENDING]
    box[0:0] = ShownSolution(env, box).show()


def setup(app: Sphinx) -> None:
    app.add_node(
        solution,
        html=(visit_solution_html, depart_solution_html),
        text=(visit_solution_plain, depart_solution_plain),
        latex=(visit_solution_plain, depart_solution_plain),
    )
    app.add_directive("solution", SolutionDirective)
