"""The READMEs tell the truth: topics are found by the build, the commands are CI's."""

from __future__ import annotations

import re

import pytest

from torch_notes.commands import build_site, topic_table


def test_no_topic_table_is_kept_by_hand():
    """The build derives each topic's files (``nox -s docs``, then ``topic_table``): none is
    declared, in a page's front matter or in the README."""
    readme = (topic_table.ROOT / "README.md").read_text(encoding="utf-8")
    assert "| topic page | gallery examples |" not in readme
    for page in (topic_table.ROOT / "docs").glob("*/*.md"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"^(examples|snippets):", text, re.MULTILINE), page


@pytest.mark.site
def test_the_build_finds_every_topic_with_its_files(site):
    found = topic_table.topics(site / build_site.BUILD_INFO)
    pages = {p.relative_to(topic_table.ROOT / "docs").with_suffix("").as_posix()
             for p in (topic_table.ROOT / "docs").glob("*/*.md") if p.stem != "index"}  # fmt: skip
    assert {topic.page for topic in found} == pages and len(pages) >= 15
    for topic in found:
        assert topic.examples, f"{topic.page} shows no example of the gallery"
        for name in topic.examples:
            assert topic_table.example_path(name).is_file()
        for name in topic.snippets:
            assert (topic_table.ROOT / "snippets" / f"{name}.py").is_file(), name
        assert len(topic.solutions) in range(2, 6), topic.page
    assert topic_table.table(found).count("\n") == len(found) + 1


def commands(readme: str) -> str:
    """The README's first code block: the commands that set up and run everything."""
    text = (topic_table.ROOT / readme).read_text(encoding="utf-8")
    return text.split("```bash\n", 1)[1].split("```", 1)[0]


def test_the_chinese_readme_gives_the_same_commands():
    assert commands("README.zh_CN.md") == commands("README.md")


def test_ci_runs_the_readmes_commands_exactly():
    ci = (topic_table.ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands("README.md") in ci
