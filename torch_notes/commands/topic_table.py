"""The README's table of topics: each topic page with its examples, snippets, exercises and catalogs.

    python -m torch_notes.commands.topic_table

Read from each page's front matter (``examples: [...]``, ``snippets: [...]``), which the build
holds the page to (``torch_notes/evidence/topics.py``). ``tests/test_readme.py`` checks that
the README shows the table as this prints it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from torch_notes import sitewide
from torch_notes.paths import ROOT

SOLUTIONS = "exercises/"  # snippets/exercises/: the reference solutions of the pages' exercises


@dataclass(frozen=True)
class Topic:
    page: str  # docname, e.g. autograd/basics
    examples: tuple[str, ...]
    snippets: tuple[str, ...]

    @property
    def note_snippets(self) -> tuple[str, ...]:
        return tuple(name for name in self.snippets if not name.startswith(SOLUTIONS))

    @property
    def solutions(self) -> tuple[str, ...]:
        return tuple(name for name in self.snippets if name.startswith(SOLUTIONS))


def front_matter(page: Path) -> dict[str, Any]:
    import yaml  # myst-parser's dependency

    text = page.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text.split("\n---\n", 1)[0].removeprefix("---\n")) or {}


def topics(docs: Path = ROOT / "docs") -> list[Topic]:
    found = []
    for page in sorted(docs.rglob("*.md")):
        matter = front_matter(page)
        if "examples" in matter or "snippets" in matter:
            found.append(
                Topic(
                    page.relative_to(docs).with_suffix("").as_posix(),
                    tuple(matter.get("examples", ())),
                    tuple(matter.get("snippets", ())),
                )
            )
    return found


def example_path(name: str, gallery: Path = ROOT / "gallery") -> Path:
    matches = sorted(gallery.rglob(f"{sitewide.EXAMPLE_PREFIX}{name}.py"))
    if len(matches) != 1:
        raise LookupError(f"no gallery script for the example {name!r} in {gallery}")
    return matches[0]


def table(found: list[Topic]) -> str:
    """One row per topic: its page, its examples, its snippets and exercise solutions, where its
    Chinese text lives."""
    catalogs = "docs/locales/zh_CN/LC_MESSAGES"
    lines = [
        "| topic page | gallery examples | note snippets | exercise solutions | Chinese catalogs |",
        "| --- | --- | --- | --- | --- |",
    ]
    for topic in found:
        scripts = [example_path(name).relative_to(ROOT).as_posix() for name in topic.examples]
        own = example_path(topic.examples[0]).relative_to(ROOT / "gallery") if scripts else None
        snippets = ", ".join(f"`{name}`" for name in topic.note_snippets) or "–"
        solutions = (
            ", ".join(f"`{name.removeprefix(SOLUTIONS)}`" for name in topic.solutions) or "–"
        )
        po = f"`{catalogs}/{topic.page}.po`"
        if own is not None:
            po += f", `…/auto_examples/{own.with_suffix('.po').as_posix()}`"
        lines.append(
            f"| `docs/{topic.page}.md` | {', '.join(f'`{s}`' for s in scripts)} "
            f"| {snippets} | {solutions} | {po} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(topics()))
    sys.exit(0)
