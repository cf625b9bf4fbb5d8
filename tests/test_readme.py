"""The READMEs tell the truth and stay short; the guide (CONTRIBUTING.md) points to the code.

Topics are found by the build, the commands are CI's, the README says where everything a build
gives is, and the guide names modules that exist instead of restating what they define."""

from __future__ import annotations

import re

import pytest
from test_noxfile import sessions

from torch_notes.commands import build_site, topic_table
from torch_notes.evidence.model import verdicts
from torch_notes.legs import DEFAULT_LEG, LEGS, torch_release

ROOT = topic_table.ROOT
README_LINES = 150  # a newcomer reads it in five minutes
PATH = re.compile(r"`((?:torch_notes|tests|benchmarks|locks|docs|\.ci)/[\w./-]*\w)`")


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


def read(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def code_blocks(text: str) -> list[str]:
    """Every fenced code block, each line without its trailing comment (comments are translated)."""
    blocks = re.findall(r"^```\w*\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    return ["\n".join(re.sub(r"\s+#.*$", "", line) for line in b.splitlines()) for b in blocks]


def commands(readme: str) -> str:
    """The README's first code block: the commands that set up and run everything."""
    return read(readme).split("```bash\n", 1)[1].split("```", 1)[0]


def headings(text: str) -> list[str]:
    return re.findall(r"^(#+) ", text, re.MULTILINE)


def link_targets(text: str) -> set[str]:
    return set(re.findall(r"\]\(([^)#]+)\)", text))


def test_the_chinese_readme_gives_the_same_commands():
    assert commands("README.zh_CN.md") == commands("README.md")


def test_ci_runs_the_readmes_commands_exactly():
    assert commands("README.md") in read(".ci/run")


@pytest.mark.parametrize("readme", ["README.md", "README.zh_CN.md"])
def test_the_readme_is_read_in_five_minutes(readme):
    assert read(readme).count("\n") <= README_LINES


def test_the_chinese_readme_mirrors_the_english_one():
    english, chinese = read("README.md"), read("README.zh_CN.md")
    assert headings(chinese) == headings(english)
    assert code_blocks(chinese) == code_blocks(english)
    assert link_targets(chinese) - {"README.md"} == link_targets(english) - {"README.zh_CN.md"}
    sessions = re.compile(r"nox -s [\w-]+")
    assert sorted(set(sessions.findall(chinese))) == sorted(set(sessions.findall(english)))


def test_the_readme_says_where_the_downloads_editions_and_dataset_are():
    readme = read("README.md")
    for where in ("_downloads/", "auto_examples_python.zip", "nox -s books", "_books/",
                  "compat.json", "compat.schema.json", "CONTRIBUTING.md"):  # fmt: skip
        assert where in readme, where
    # What the editions need, as CI installs it when missing.
    ci = read(".ci/run")
    for package in ("chromium", "fonts-wqy-microhei", "epubcheck", "poppler-utils"):
        assert f"missing+=({package})" in ci and f"`{package}`" in readme, package


@pytest.mark.parametrize("document", ["README.md", "README.zh_CN.md", "CONTRIBUTING.md"])
def test_every_link_and_path_exists(document):
    text = read(document)
    for target in link_targets(text):
        assert (ROOT / target).exists(), target
    for path in PATH.findall(text):
        if "<" not in path:
            assert (ROOT / path).exists(), f"{document} names {path}, which does not exist"


@pytest.mark.parametrize("document", ["README.md", "README.zh_CN.md", "CONTRIBUTING.md", ".ci/run"])
def test_every_session_named_exists(document):
    named = set(re.findall(r"nox -s ([\w-]*\w)(?![\w<-])", read(document)))
    assert named and named <= set(sessions()), named - set(sessions())


def test_the_guide_links_to_the_verdicts_instead_of_repeating_them():
    guide = read("CONTRIBUTING.md")
    assert "torch_notes/evidence/model/verdicts.py" in guide
    for definition in verdicts.DEFINITIONS.values():
        # Any clause of a definition, written out again, is a second copy to keep in step.
        for clause in re.split(r"[,:.]\s", definition):
            assert len(clause) < 25 or clause not in guide, clause


def test_adding_a_topic_records_the_other_legs_releases():
    guide = read("CONTRIBUTING.md")
    section = guide.split("### Adding a topic", 1)[1].split("\n#", 1)[0]
    others = " ".join(torch_release(leg) for leg in LEGS if leg != DEFAULT_LEG)
    assert f"nox -s history -- {others}" in section
