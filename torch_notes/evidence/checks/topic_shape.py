"""A topic page ends with Summary, then Exercises holding 2-5 solutions, in every language.

The build holds every topic page (a page of a section folder, ``docs/<section>/<page>.md``,
other than the section's ``index`` and the gallery's generated pages) to this shape, in
every language: its last two sections are ``Summary`` and then ``Exercises`` (in Chinese 小结
and 练习, from the interface catalog), and the latter holds 2 to 5 solutions.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.util import logging

from torch_notes.evidence.markup.exercises import solution

_ = get_translation("torch_notes")
logger = logging.getLogger(__name__)


SOLUTIONS_PER_PAGE = range(2, 6)


def is_topic(config: Config, docname: str) -> bool:
    """``<section>/<page>``, not the section's index nor a page the gallery generated; or a
    page ``evidence_topic_pages`` names (a test project's one page)."""
    if docname in config.evidence_topic_pages:
        return True
    section, _, page = docname.partition("/")
    gallery = (getattr(config, "sphinx_gallery_conf", None) or {}).get("gallery_dirs", [])
    return bool(page) and "/" not in page and page != "index" and section not in gallery


def title_of(section: nodes.section) -> str:
    title = section.next_node(nodes.title)
    assert title is not None  # docutils gives every section a title
    return title.astext()


def check_topic_shape(app: Sphinx, doctree: nodes.document) -> None:
    """A topic page ends with Summary, then Exercises holding 2-5 solutions."""
    env: BuildEnvironment = app.env
    topic = is_topic(app.config, env.docname)
    page = doctree.next_node(nodes.section)  # the one under the page's title
    if not (topic and page and app.config.evidence_topic_exercises):
        return
    titled = [
        (section, title_of(section))
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
