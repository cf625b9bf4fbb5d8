"""Every row of the errata table has the evidence its verdict's written rule asks for.

Once every page is read (``env-check-consistency``), each row is held to two rules:

- its verdict's definition (``model.verdicts``), with the release history telling whether
  the row's code ran on an older recorded release (what *removed* needs);
- its executed evidence comes from the note's own code: when the note's words are code, or a
  comment on the code below it, the code the row shows (``:shows:``) must use one of the
  names that code uses. A row about the condition ``torch.cuda.is_available()`` cannot rest
  on ``hasattr(torch, "accelerator")``. Evidence from a snippet is the note's code itself.

Each failure is a warning at the row's page, naming the note's words, the verdict and the rule.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from torch_notes.evidence.execution.release_records import Record, records
from torch_notes.evidence.markup.quotes import note_text
from torch_notes.evidence.model.records import Row, RowSource, installed_torch, is_error
from torch_notes.evidence.model.verdicts import unsupported, verdict_of
from torch_notes.evidence.store.domain import evidence_domain
from torch_notes.release_list import version

logger = logging.getLogger(__name__)

# A quote is code when it calls, indexes, assigns or reads an attribute of a name.
CODE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\s*[(\[=]|\.[A-Za-z_]")
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Names every fragment shares, which say nothing about what a row is about.
COMMON_NAMES = frozenset(
    {"torch", "pytorch", "PyTorch", "Pytorch", "tensor", "Tensor", "numpy", "NumPy", "GPU",
     "CPU", "print", "self", "True", "False", "None", "import", "from"}
)  # fmt: skip
ARROW = " → "  # an erratum's "now": its :shows: code, then the value


def check_verdict_evidence(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn on every row whose evidence cannot support its verdict."""
    installed = version(installed_torch().release)
    older = [r for r in records(env) if version(r.release) < installed]
    for row in evidence_domain(env).rows():
        problems = unsupported(row, any(ran_on(row, record) for record in older))
        problems += foreign_code(row, env.config.notes_dir)
        for problem in problems:
            words = " ".join(row.words.split())
            logger.warning(
                "errata row of note %s %r (%s): %s",
                row.note,
                words if len(words) <= 60 else words[:59] + "…",
                verdict_of(row).value,
                problem,
                location=(row.docname, None),
                type="errata",
                subtype="verdict",
            )


def ran_on(row: Row, record: Record) -> bool:
    """Whether every value the row rests on was recorded on ``record`` without an error."""
    if not row.claims:
        return False
    return all(
        key in record.facts and not is_error(record.facts[key]) for _stated, key in row.claims
    )


def foreign_code(row: Row, notes_dir: str) -> list[str]:
    """The row shows code that uses none of the names of the note's code it judges."""
    if row.source is not RowSource.ERRATUM or ARROW not in row.now or not notes_dir:
        return []
    shown = row.now.split(ARROW, 1)[0]
    names = note_names(notes_dir, row.note, row.words)
    if not names or names & set(NAME.findall(shown)):
        return []
    problem = (
        f"its evidence {shown!r} is not the note's code: it uses none of "
        f"{', '.join(sorted(names))}; show the value the note's own code gives"
    )
    return [problem]


def note_names(notes_dir: str, note: str, words: str) -> set[str]:
    """The names of the note's code that ``words`` quote: their own, and for a comment, those
    of the code below it (up to the next blank line). Prose quotes name no code: ``set()``."""
    try:
        path, _text = note_text(notes_dir, note)
    except LookupError:
        return set()  # reported with the quote
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    first = words.strip().splitlines()[0].strip() if words.strip() else ""
    code = words if CODE.search(words) else ""
    for number, line in enumerate(lines):
        if first and first in line and line.lstrip().startswith("#"):
            below = []
            for following in lines[number + 1 :]:
                if not following.strip():
                    break
                below.append(following)
            code += "\n" + "\n".join(below)
            break
    return set(NAME.findall(code)) - COMMON_NAMES
