"""Every row's verdict is pinned, reviewed like an expected output, and the build fails when the
verdict its evidence gives today differs from the pin.

A verdict is derived (``model.verdicts``), so a change to a rule, to a fact's type or to a
directive's option can flip one while every value on the page still holds. The pins
(``notes/verdicts.toml``, config ``evidence_verdict_pins``) hold each row's reviewed verdict,
keyed by the note, the page and the note's words (stable while the page quotes the same words)::

    [[row]]
    note = "004"
    page = "networks/init"
    words = '''xavier(m.bias.data)'''
    verdict = "never right, or partly right"

``nox -s accept`` writes the file from the build (the source language's), and the change is
reviewed in ``git diff``, as the expected outputs are. Otherwise a row whose derived verdict
differs from its pin fails with one line: the row, the pinned verdict, the derived one and the
rule that decided it. A row with no pin, and a pin with no row, fail too.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Iterable
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from torch_notes import sitewide
from torch_notes.evidence.model.records import Row
from torch_notes.evidence.model.verdicts import Verdict, derive
from torch_notes.evidence.store.domain import evidence_domain

logger = logging.getLogger(__name__)

Key = tuple[str, str, str]  # (note, page, the note's words)

HEADER = (
    "# The reviewed verdict of every row of the errata table, keyed by note, page and the\n"
    "# note's words (torch_notes/evidence/checks/pinned_verdicts.py). A build whose derived\n"
    "# verdict differs fails. Written by `nox -s accept`; review the change in git diff.\n"
)


def row_key(row: Row) -> Key:
    return (row.note, row.docname, row.words)


def read_pins(path: Path) -> tuple[dict[Key, Verdict], list[str]]:
    """The pins and what is wrong with the file (a missing file is one problem)."""
    if not path.is_file():
        return {}, [f"no pinned verdicts {path}: review the verdicts, then nox -s accept"]
    try:
        entries = tomllib.loads(path.read_text(encoding="utf-8")).get("row", [])
    except tomllib.TOMLDecodeError as err:
        return {}, [f"{path.name} is not TOML: {err}"]
    pins: dict[Key, Verdict] = {}
    problems = []
    for number, entry in enumerate(entries, start=1):
        try:
            key = (entry["note"], entry["page"], entry["words"])
            pins[key] = Verdict.labelled(entry["verdict"])
        except KeyError as err:
            problems.append(f"{path.name}: row {number} lacks {err.args[0]!r}")
        except LookupError as err:
            problems.append(f"{path.name}: row {number}: {err.args[0]}")
    return pins, problems


def toml_string(text: str) -> str:
    """A TOML literal string where one can hold ``text`` (the notes' words read as written),
    else a basic string (JSON's escapes are TOML's)."""
    if "'" not in text and "\n" not in text:
        return f"'{text}'"
    if "'''" not in text and not text.startswith("\n") and not text.endswith("'"):
        return f"'''{text}'''"
    return json.dumps(text, ensure_ascii=False)


def pins_text(rows: Iterable[Row]) -> str:
    parts = [HEADER]
    for row in sorted(rows, key=lambda r: (r.note, r.docname, r.words)):
        note, page, words = row_key(row)
        parts.append(
            f"\n[[row]]\nnote = {toml_string(note)}\npage = {toml_string(page)}\n"
            f"words = {toml_string(words)}\nverdict = {toml_string(verdict_label(row))}\n"
        )
    return "".join(parts)


def verdict_label(row: Row) -> str:
    return derive(row.source, row.outcome).verdict.value


def differences(rows: Iterable[Row], pins: dict[Key, Verdict]) -> list[tuple[str, str]]:
    """``(docname, one line)`` for each row whose derived verdict is not its pin, each row
    without a pin and each pin without a row."""
    found, seen = [], set()
    for row in rows:
        key = row_key(row)
        seen.add(key)
        decision = derive(row.source, row.outcome)
        derived = f"{decision.verdict.value!r} by rule {decision.rule!r}"
        pinned = pins.get(key)
        if pinned is None:
            line = f"no pinned verdict (derived {derived}); review, then nox -s accept"
        elif pinned is not decision.verdict:
            line = f"pinned {pinned.value!r}, derived {derived}"
        else:
            continue
        found.append((row.docname, f"note {row.note} {short(row.words)!r}: {line}"))
    for note, page, words in sorted(pins.keys() - seen):
        line = "pinned, but no row of the errata table has these words on this page"
        found.append((page, f"note {note} {short(words)!r}: {line}; nox -s accept"))
    return found


def short(words: str) -> str:
    words = " ".join(words.split())
    return words if len(words) <= 60 else words[:59] + "…"


def check_pinned_verdicts(app: Sphinx, env: BuildEnvironment) -> None:
    """Compare every row's derived verdict with its pin, or write the pins (nox -s accept)."""
    path = Path(app.config.evidence_verdict_pins)
    if not app.config.evidence_verdict_pins:
        return
    rows = evidence_domain(env).rows()
    if app.config.evidence_accept_outputs:
        # Both languages build at once from the same rows: the source language writes.
        if (app.config.language or "en") == sitewide.SOURCE_LANGUAGE.code:
            partial = path.with_suffix(f".{os.getpid()}.part")
            partial.write_text(pins_text(rows), encoding="utf-8")
            os.replace(partial, path)
        return
    pins, problems = read_pins(path)
    for problem in problems:
        logger.warning("verdicts: %s", problem, type="evidence", subtype="verdict")
    if problems:
        return
    for docname, line in differences(rows, pins):
        logger.warning(
            "pinned verdicts: %s",
            line,
            location=(docname, None),
            type="evidence",
            subtype="verdict",
        )
