"""Exercises: solutions run and are checked, and topic pages end with Summary and Exercises."""

from __future__ import annotations

import re

import pytest

from torch_notes.evidence.execution.snippet_runner import printed_lines
from torch_notes.evidence.model.records import Printed


def warnings_of(app) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())


def edit(app, old: str, new: str) -> None:
    page = app.srcdir / "index.md"
    text = page.read_text(encoding="utf-8")
    assert old in text
    page.write_text(text.replace(old, new), encoding="utf-8")


def test_printed_lines_are_numbers_where_they_read_as_numbers():
    lines = printed_lines("12.0\ntensor(12.)\n\n")
    assert lines == {"line1": 12.0, "line2": Printed("tensor(12.)")}  # printed text, typed


@pytest.mark.sphinx("html", testroot="exercises", freshenv=True)
def test_solutions_run_and_are_shown_closed(app):
    app.build()
    assert warnings_of(app) == ""
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    boxes = re.findall(r'<details class="solution">(.*?)</details>', html, re.DOTALL)
    assert len(boxes) == 2
    first = boxes[0]
    assert first.startswith("<summary>Show a solution</summary>")
    assert "snippet-code" in first and "tensor(12.)" in first and "3x²" in first


@pytest.mark.sphinx("html", testroot="exercises", freshenv=True)
def test_a_wrong_claim_in_a_solution_fails(app):
    edit(app, "{claim}`12 <", "{claim}`13 <")
    app.build()
    assert "index.md" in warnings_of(app)
    assert "13" in warnings_of(app) and "exercises/cube.line1" in warnings_of(app)


@pytest.mark.sphinx("html", testroot="exercises", freshenv=True)
def test_a_solution_that_raises_unannounced_fails(app):
    edit(app, ":expect: raises\n", "")
    app.build()
    assert re.search(
        r"index\.md:\d+: WARNING: solution exercises/view: expected it to run, but: RuntimeError",
        warnings_of(app),
    )


@pytest.mark.sphinx("html", testroot="exercises", freshenv=True)
def test_a_solution_whose_output_drifted_fails(app):
    expected = app.srcdir / "snippets" / "exercises" / "cube.expected.txt"
    expected.write_text("12.0\ntensor(13.)\n", encoding="utf-8")
    app.build()
    assert "solution exercises/cube: its output" in warnings_of(app)


@pytest.mark.sphinx("html", testroot="exercises", freshenv=True)
def test_a_topic_page_without_exercises_fails(app):
    edit(app, "## Exercises", "## Practice")
    app.build()
    assert re.search(
        r"index\.md:1: WARNING: a topic page ends with a section 'Summary' and then one "
        r"'Exercises'",
        warnings_of(app),
    )


@pytest.mark.sphinx("html", testroot="exercises", freshenv=True)
def test_one_exercise_is_too_few(app):
    text = (app.srcdir / "index.md").read_text(encoding="utf-8")
    (app.srcdir / "index.md").write_text(
        text.split("2. View")[0].replace(
            "snippets: [exercises/cube, exercises/view]", "snippets: [exercises/cube]"
        ),
        encoding="utf-8",
    )
    app.build()
    assert "section 'Exercises' holds 1 solutions" in warnings_of(app)


@pytest.mark.sphinx(
    "html", testroot="exercises", freshenv=True, confoverrides={"language": "zh_CN"}
)
def test_a_chinese_topic_page_titles_them_as_chinese_pages_do(app):
    app.build()  # no catalog: the page keeps its English titles
    assert "a topic page ends with a section '小结' and then one '练习'" in warnings_of(app)
