"""The table of topics: each topic page with its examples, snippets, exercises and catalogs.

    python -m torch_notes.commands.topic_table      (after `nox -s docs`)

Nothing declares it: the build finds each topic page and what it uses
(``torch_notes/evidence/reports/topics.py``) and keeps that in ``_build/site/.build-info.json``,
which this command reads; a page's own example is the first it uses.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from torch_notes import sitewide
from torch_notes.paths import ROOT, SITE

SOLUTIONS = "exercises/"  # snippets/exercises/: the reference solutions of the pages' exercises
BUILD_INFO = SITE / ".build-info.json"  # torch_notes.commands.build_site.BUILD_INFO


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


def topics(build_info: Path = BUILD_INFO) -> list[Topic]:
    """The topic pages of the last build, with what each uses."""
    if not build_info.is_file():
        raise FileNotFoundError(f"{build_info} is missing: build the site first (nox -s docs)")
    found = json.loads(build_info.read_text(encoding="utf-8"))["topics"]
    return [
        Topic(page, tuple(uses["examples"]), tuple(uses["snippets"]))
        for page, uses in sorted(found.items())
    ]


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
