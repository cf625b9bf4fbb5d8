"""Read every message catalog strictly, as ``msgfmt --check`` does, and fail naming file and line.

Sphinx reads catalogs with Babel, which forgives what GNU gettext refuses: a ``msgstr`` whose
closing quote was deleted is read with its last character cut off, silently, and the page
loses it (a Chinese full stop, a closing bracket). Before a translated build reads anything,
each ``.po`` file it will use (the pages' catalogs and the interface catalogs) is checked:

* every line is blank, a comment, a keyword (``msgctxt``, ``msgid``, ``msgid_plural``,
  ``msgstr``, ``msgstr[n]``) followed by one string, or a continuation string;
* a string opens and closes with ``"``, has nothing but strings after it, and uses only
  the escapes C allows (``\\n``, ``\\t``, ``\\"``, ``\\\\`` ...);
* keywords come in order (``msgctxt``? ``msgid`` ``msgid_plural``? ``msgstr``...), and no
  message is defined twice;
* as ``msgfmt --check``: a translated ``msgid`` and its ``msgstr`` both begin, or both do not
  begin, with a newline, and likewise end; a message marked ``python-brace-format`` keeps the
  same ``{placeholders}``.

Each problem is a warning of type ``i18n.catalog`` with the catalog's path and line, so
``-W`` fails the build before a page is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes import interface, sitewide

logger = logging.getLogger(__name__)

KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(.*)$")
LITERAL = r'"((?:[^"\\]|\\.)*)"'
STRINGS = re.compile(rf"^(?:{LITERAL}\s*)+$")  # msgfmt takes several on a line: "a" "b"
ESCAPES = set('ntrabfv"\\?')
ESCAPE = re.compile(r"\\(.)")
PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")


@dataclass
class Entry:
    line: int
    flags: set[str] = field(default_factory=set)
    parts: dict[str, list[str]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)

    def text(self, keyword: str) -> str:
        return "".join(self.parts.get(keyword, []))


def unescape_problem(body: str) -> str | None:
    for match in ESCAPE.finditer(body):
        if match[1] not in ESCAPES and not match[1].isdigit() and match[1] != "x":
            return f"invalid escape sequence \\{match[1]}"
    return None


def problems(path: Path) -> Iterator[tuple[int, str]]:
    """(line, problem) for everything GNU msgfmt would refuse in the catalog at ``path``."""
    entries: list[Entry] = []
    entry: Entry | None = None
    keyword = ""
    flags: set[str] = set()
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            entry, keyword = None, ""
            continue
        if line.startswith("#"):
            if line.startswith("#,"):
                flags |= {flag.strip() for flag in line[2:].split(",")}
            entry, keyword = None, ""  # obsolete messages (#~) included: never compiled
            continue
        match = KEYWORD.match(line)
        string = match[2] if match else line
        if match:
            keyword = match[1]
            starts = (keyword == "msgctxt" and entry is not None and bool(entry.order)) or (
                keyword == "msgid" and entry is not None and set(entry.order) - {"msgctxt"}
            )
            if entry is None or starts:
                entry = Entry(number, flags)
                entries.append(entry)
                flags = set()
            if keyword in entry.parts:
                yield number, f"{keyword} appears twice in one message"
            entry.parts[keyword] = []
            entry.order.append(keyword)
        elif not line.startswith('"'):
            yield number, f"neither a keyword nor a string: {line[:40]!r}"
            continue
        elif entry is None or not keyword:
            yield number, "a string that continues no keyword"
            continue
        if not STRINGS.match(string):
            yield number, "a string must open and close with a double quote, nothing after it"
            continue
        for body in re.findall(LITERAL, string):
            if escape_problem := unescape_problem(body):
                yield number, escape_problem
            entry.parts[keyword].append(ESCAPE.sub(lambda m: "\n" if m[1] == "n" else m[1], body))
    seen: dict[tuple[str, str], int] = {}
    for found in entries:
        yield from entry_problems(found, seen)


def entry_problems(entry: Entry, seen: dict[tuple[str, str], int]) -> Iterator[tuple[int, str]]:
    order = [("msgstr" if k.startswith("msgstr") else k) for k in entry.order]
    expected = [k for k in ("msgctxt", "msgid", "msgid_plural") if k in order]
    if order[: len(expected)] != expected or "msgid" not in order or "msgstr" not in order:
        yield entry.line, f"keywords out of order or missing: {' '.join(entry.order)}"
        return
    key = (entry.text("msgctxt"), entry.text("msgid"))
    if key in seen:
        yield entry.line, f"message defined twice (first at line {seen[key]})"
    seen[key] = entry.line
    msgid = entry.text("msgid")
    msgstrs = [k for k in entry.order if k.startswith("msgstr")]
    for keyword in msgstrs:
        msgstr = entry.text(keyword)
        if not msgid or not msgstr:
            continue  # the header, or untranslated
        for end, word in ((0, "begin"), (-1, "end")):
            if msgid[end] == "\n" and msgstr[end] != "\n":
                yield entry.line, f"msgid and {keyword} do not both {word} with a newline"
            if msgstr[end] == "\n" and msgid[end] != "\n":
                yield entry.line, f"msgid and {keyword} do not both {word} with a newline"
        if "python-brace-format" in entry.flags:
            wanted, got = PLACEHOLDER.findall(msgid), PLACEHOLDER.findall(msgstr)
            if sorted(set(wanted)) != sorted(set(got)):
                yield (
                    entry.line,
                    (
                        f"python-brace-format: msgid has {{{'}, {'.join(sorted(set(wanted)))}}} "
                        f"but {keyword} has {{{'}, {'.join(sorted(set(got)))}}}"
                    ),
                )


def catalogs(app: Sphinx) -> list[Path]:
    """The catalogs this build's language reads: its pages' and the interface's."""
    language = app.config.language
    found: list[Path] = []
    for folder in app.config.locale_dirs:
        base = Path(app.srcdir, folder, language or "", "LC_MESSAGES")
        found += sorted(base.rglob("*.po")) if base.is_dir() else []
    package = interface.catalog(language or sitewide.SOURCE_LANGUAGE.code)
    return found + ([package] if package.is_file() else [])


def check_catalogs(app: Sphinx) -> None:
    if (app.config.language or "") == sitewide.SOURCE_LANGUAGE.code:
        return
    for path in catalogs(app):
        for line, problem in problems(path):
            logger.warning("%s", problem, location=f"{path}:{line}", type="i18n", subtype="catalog")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", check_catalogs)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
