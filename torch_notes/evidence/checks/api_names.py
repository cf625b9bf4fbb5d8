"""Every row of the errata table names the API it is about, in a reviewed file, and the build
fails when a row has no name, a name is taken twice, or a name matches no row.

The compatibility dataset (``reports.compat_data``) keys each claim by this name, so that a
tool (a linter, an IDE plugin) finds ``torch.Tensor.backward.retain_variables`` on every build,
whatever the page's anchors become. The names (``notes/apis.toml``, config
``evidence_api_names``) are keyed like the pinned verdicts, by the note, the page and the
note's words::

    [[row]]
    note = "004"
    page = "autograd/lifetime"
    words = '''或者执行的时候参数设置为retain_variables=True'''
    api = "torch.Tensor.backward.retain_variables"
    alternative_name = "torch.Tensor.backward.retain_graph"

``api`` is a dotted PyTorch or Python path, unique in the file; a claim about behaviour rather
than a name adds a short qualifier (``torch.Tensor.view.shares_storage``).
``alternative_name``, where there is one, is what replaces the API. The file is written by
hand: no build can tell what a sentence is about.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from torch_notes.evidence.checks.pinned_verdicts import Key, row_key, short
from torch_notes.evidence.model.records import Row
from torch_notes.evidence.store.domain import evidence_domain

logger = logging.getLogger(__name__)

DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+", re.ASCII)


@dataclass(frozen=True)
class Api:
    name: str
    alternative_name: str = ""


def read_names(path: Path) -> tuple[dict[Key, Api], list[str]]:
    """The names and what is wrong with the file (a missing file is one problem)."""
    if not path.is_file():
        return {}, [f"no API names {path}: name the API of every row of the errata table"]
    try:
        entries = tomllib.loads(path.read_text(encoding="utf-8")).get("row", [])
    except tomllib.TOMLDecodeError as err:
        return {}, [f"{path.name} is not TOML: {err}"]
    names: dict[Key, Api] = {}
    first_row: dict[str, int] = {}
    problems = []
    for number, entry in enumerate(entries, start=1):
        missing = [field for field in ("note", "page", "words", "api") if not entry.get(field)]
        if missing:
            problems.append(f"{path.name}: row {number} lacks {', '.join(map(repr, missing))}")
            continue
        api = Api(entry["api"], entry.get("alternative_name", ""))
        where = f"{path.name}: row {number} (note {entry['note']} {short(entry['words'])!r})"
        for field, name in (("api", api.name), ("alternative_name", api.alternative_name)):
            if name and not DOTTED.fullmatch(name):
                problems.append(f"{where}: {field} {name!r} is not a dotted path (torch.x.y)")
        if api.name in first_row:
            problems.append(
                f"{where}: api {api.name!r} is already row {first_row[api.name]}'s; "
                "every row needs its own"
            )
            continue
        first_row[api.name] = number
        names[(entry["note"], entry["page"], entry["words"])] = api
    return names, problems


def differences(rows: Iterable[Row], names: dict[Key, Api]) -> list[tuple[str, str]]:
    """``(docname, one line)`` for each row without a name and each name without a row."""
    found, seen = [], set()
    for row in rows:
        key = row_key(row)
        seen.add(key)
        if key not in names:
            line = "no api in the names file; name the API it is about"
            found.append((row.docname, f"note {row.note} {short(row.words)!r}: {line}"))
    for note, page, words in sorted(names.keys() - seen):
        line = f"api {names[(note, page, words)].name!r} matches no row of the errata table"
        found.append((page, f"note {note} {short(words)!r}: {line} (its words on this page)"))
    return found


def api_names(env: BuildEnvironment) -> dict[Key, Api] | None:
    """The names of this project's rows; None when it declares none (no dataset then)."""
    setting = env.config.evidence_api_names
    return read_names(Path(setting))[0] if setting else None


def check_api_names(app: Sphinx, env: BuildEnvironment) -> None:
    """Every row has one name, every name one row, and the file holds nothing malformed."""
    if not app.config.evidence_api_names:
        return
    names, problems = read_names(Path(app.config.evidence_api_names))
    for problem in problems:
        logger.warning("API names: %s", problem, type="evidence", subtype="api")
    for docname, line in differences(evidence_domain(env).rows(), names):
        logger.warning(
            "API names: %s", line, location=(docname, None), type="evidence", subtype="api"
        )
