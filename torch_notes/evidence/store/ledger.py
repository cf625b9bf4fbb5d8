"""The ledger files of the notes, ``<ledger dir>/<note>.toml`` (``model.ledger`` says what they hold).

The ledger lives beside the notes (``notes/ledger/``), whose own text files stay verbatim.
The config value ``notes_ledger_dir`` names the folder; empty, the build keeps no ledger.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from torch_notes.evidence.model.ledger import Item, items_of


def ledger_path(ledger_dir: str, note: str) -> Path:
    return Path(ledger_dir, f"{note}.toml")


@cache
def _read(path: Path, mtime_ns: int) -> tuple[tuple[Item, ...], tuple[str, ...]]:
    note = path.stem
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        return (), (f"not TOML: {err}",)
    items, problems = items_of(note, data)
    return tuple(items), tuple(problems)


def read_ledger(ledger_dir: str, note: str) -> tuple[list[Item], list[str]]:
    """The note's items and the problems of the file's form (a missing file is one)."""
    path = ledger_path(ledger_dir, note)
    if not path.is_file():
        return [], [f"no ledger {path.name} for note {note} in {ledger_dir}"]
    items, problems = _read(path, path.stat().st_mtime_ns)
    return list(items), list(problems)


def id_line(ledger_dir: str, item_id: str) -> int | None:
    """The line of the ledger file where the item's id is written (for warnings)."""
    path = ledger_path(ledger_dir, item_id.partition("-")[0])
    if not path.is_file():
        return None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.replace(" ", "") == f'id="{item_id}"':
            return number
    return None
