"""The READMEs tell the truth: the table of topics is the generated one, the commands are CI's."""

from __future__ import annotations

from torch_notes.commands import topic_table


def test_readme_lists_every_topic_with_its_files():
    readme = (topic_table.ROOT / "README.md").read_text(encoding="utf-8")
    found = topic_table.topics()
    assert len(found) >= 15
    assert topic_table.table(found) in readme, "run python -m torch_notes.commands.topic_table"


def test_every_declared_file_exists():
    for topic in topic_table.topics():
        assert (topic_table.ROOT / "docs" / f"{topic.page}.md").is_file()
        for name in topic.examples:
            assert topic_table.example_path(name).is_file()
        for name in topic.snippets:
            assert (topic_table.ROOT / "snippets" / f"{name}.py").is_file(), name


def commands(readme: str) -> str:
    """The README's first code block: the commands that set up and run everything."""
    text = (topic_table.ROOT / readme).read_text(encoding="utf-8")
    return text.split("```bash\n", 1)[1].split("```", 1)[0]


def test_the_chinese_readme_gives_the_same_commands():
    assert commands("README.zh_CN.md") == commands("README.md")


def test_ci_runs_the_readmes_commands_exactly():
    ci = (topic_table.ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands("README.md") in ci
