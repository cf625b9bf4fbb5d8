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

The build also holds every topic page (a page of a section folder, ``topics.py``) to this shape, in
every language: its last two sections are ``Summary`` and then ``Exercises`` (in Chinese 小结
and 练习, from the interface catalog), and the latter holds 2 to 4 solutions.
"""

from __future__ import annotations

from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.util import logging

from torch_notes.evidence.facts import extracting_messages, record_check
from torch_notes.evidence.model import CheckKind
from torch_notes.evidence.snippets import SnippetDirective, SnippetRunner

logger = logging.getLogger(__name__)
_ = get_translation("torch_notes")

SOLUTIONS_PER_PAGE = range(2, 5)


class solution(nodes.General, nodes.Element):
    """A closed ``<details>`` holding a solution's code, output and explanation."""


def visit_solution_html(self, node: solution) -> None:
    self.body.append('<details class="solution">')
    self.body.append(f"<summary>{self.encode(node['label'])}</summary>")


def depart_solution_html(self, node: solution) -> None:
    self.body.append("</details>\n")


def visit_solution_plain(self, node: solution) -> None:
    pass  # other builders show the contents as they are


def depart_solution_plain(self, node: solution) -> None:
    pass


class SolutionDirective(SnippetDirective):
    """A snippet shown as its code and what it prints (snippets.py), in a closed box."""

    kind = "solution"
    option_spec: ClassVar = {"expect": lambda arg: directives.choice(arg, ("runs", "raises"))}

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        box = solution(label=_("Show a solution"), classes=["solution"])
        box["ids"] = [f"solution-{name.replace('/', '-')}"]
        self.set_source_info(box)
        if not extracting_messages(self.env):
            box += self.executed(name)
        self.state.nested_parse(self.content, self.content_offset, box)
        return [box]

    def executed(self, name: str) -> list[nodes.Node]:
        runner = SnippetRunner.for_env(self.env)
        try:
            path = runner.path(name)
            result = runner.result(name)
        except LookupError as err:
            return self.fail(str(err))
        self.env.note_dependency(str(path))
        expect = self.options.get("expect", "runs")
        holds = (result.raised is not None) == (expect == "raises")
        record_check(self.env, CheckKind.SNIPPET, name, holds, detail=expect)
        if not holds:
            now = result.error or "it ran without an error"
            self.fail(f"solution {name}: expected it to {expect.rstrip('s')}, but: {now}")
        code = path.read_text(encoding="utf-8").rstrip()
        return [self.code_block(code), *self.printed(name, path, result)]

    def fail(self, message: str) -> list[nodes.Node]:
        logger.warning(message, location=self.get_location(), type="exercises", subtype="solution")
        return []


def check_topic_shape(app: Sphinx, doctree: nodes.document) -> None:
    """A topic page ends with Summary, then Exercises holding 2-4 solutions."""
    env: BuildEnvironment = app.env
    if extracting_messages(env):
        return
    from torch_notes.evidence.topics import is_topic

    topic = is_topic(app.config, env.docname)
    page = doctree.next_node(nodes.section)  # the one under the page's title
    if not (topic and page and app.config.evidence_topic_exercises):
        return
    titled = [
        (section, section.next_node(nodes.title).astext())
        for section in page.children
        if isinstance(section, nodes.section)
    ]
    titles = [title for _, title in titled]
    summary, exercises = _("Summary"), _("Exercises")  # as this language's pages title them
    problems = []
    if titles[-2:] != [summary, exercises]:
        problems.append(
            f"a topic page ends with a section {summary!r} and then one {exercises!r} "
            f"(its last sections are {titles[-2:]})"
        )
    else:
        count = sum(1 for _ in titled[-1][0].findall(solution))
        if count not in SOLUTIONS_PER_PAGE:
            problems.append(
                f"section {exercises!r} holds {count} solutions; a page sets "
                f"{SOLUTIONS_PER_PAGE.start} to {SOLUTIONS_PER_PAGE.stop - 1} exercises, each "
                "with a {solution}"
            )
    for problem in problems:
        logger.warning(problem, location=(env.docname, 1), type="exercises", subtype="shape")


def setup(app: Sphinx) -> None:
    app.add_node(
        solution,
        html=(visit_solution_html, depart_solution_html),
        text=(visit_solution_plain, depart_solution_plain),
        latex=(visit_solution_plain, depart_solution_plain),
    )
    app.add_directive("solution", SolutionDirective)
    app.connect("doctree-read", check_topic_shape)
