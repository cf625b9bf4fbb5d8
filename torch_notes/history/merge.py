"""Merge release records made elsewhere (one CI job per release) into ``history/``.

    python -m torch_notes.history.merge FOLDER [--all]

``.github/workflows/history.yml`` records every release of ``torch_notes.release_list.RELEASES``
as a matrix of jobs, one release each (``nox -s history -- <release>``), and hands their
``torch-<release>.json`` files to one last job, which runs this and opens the change for
review. Each record found anywhere under FOLDER is checked before it replaces the committed
one: its name and its provenance name the same release of the list, it holds facts and
outputs, and it records every named cell of today's gallery (a record made from other sources
would leave a leg comparing with nothing). ``--all``: every release of the list must be there.
Nothing is written unless every record passes.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

from torch_notes import sitewide
from torch_notes.evidence.execution.gallery_cells import SETUP, cell_starts
from torch_notes.paths import GALLERY, HISTORY
from torch_notes.release_list import RELEASES

RECORD = re.compile(r"^torch-(?P<release>\d+\.\d+\.\d+)\.json$")


def named_cells(gallery: Path) -> set[str]:
    """``example.cell`` for every cell a record must hold: each example's setup, and each cell
    named on its ``# %% <name>`` line (a block without a name holds text only)."""
    cells = set()
    for script in sorted(gallery.glob(f"*/{sitewide.EXAMPLE_PREFIX}*.py")):
        example = sitewide.example_name(script)
        cells.add(f"{example}.{SETUP}")
        cells |= {f"{example}.{start.name}" for start in cell_starts(script) if start.name}
    return cells


def problems_of(path: Path, record: dict[str, Any], cells: set[str]) -> list[str]:
    match = RECORD.match(path.name)
    if not match:
        return [f"{path}: not a record's name (torch-<release>.json)"]
    release = match["release"]
    problems = []
    if release not in RELEASES:
        problems.append(f"{path}: {release} is not in torch_notes/release_list.py")
    recorded = str(record.get("provenance", {}).get("release", "")).split("+")[0]
    if recorded != release:
        problems.append(f"{path}: its provenance says torch {recorded or '(none)'}, not {release}")
    if not record.get("facts") or not isinstance(record.get("outputs"), dict):
        problems.append(f"{path}: holds no facts or no outputs (not a probe's record)")
        return problems
    missing = sorted(cells - record["outputs"].keys())
    if missing:
        examples = sorted({cell.split(".")[0] for cell in missing})
        problems.append(
            f"{path}: lacks {len(missing)} cells of today's gallery ({', '.join(missing)}): it "
            "was recorded before they existed, or from other sources; record them: "
            f"nox -s history -- --only={','.join(examples)} {release}"
        )
    return problems


def merge(folder: Path, history: Path, gallery: Path, every: bool = False) -> list[str]:
    """Check every record under ``folder`` and copy them into ``history``; the problems found
    (nothing is copied when there is one)."""
    found: dict[str, Path] = {}
    problems = []
    for path in sorted(folder.rglob("torch-*.json")):
        if path.name in found:
            problems.append(
                f"{path}: a second record of {path.name} (the first: {found[path.name]})"
            )
            continue
        found[path.name] = path
    if not found:
        problems.append(f"{folder}: no record (torch-<release>.json) in it")
    cells = named_cells(gallery)
    for path in found.values():
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            problems.append(f"{path}: not readable as JSON ({error})")
            continue
        problems += problems_of(path, record, cells)
    if every:
        absent = [r for r in RELEASES if f"torch-{r}.json" not in found]
        if absent:
            problems.append(f"{folder}: no record of {', '.join(absent)} (--all)")
    if problems:
        return problems
    history.mkdir(exist_ok=True)
    for name, path in sorted(found.items()):
        changed = (
            not (history / name).is_file() or (history / name).read_bytes() != path.read_bytes()
        )
        shutil.copyfile(path, history / name)
        print(f"{name}: {'updated' if changed else 'unchanged'}")
    return []


def main(argv: list[str]) -> int:
    every = "--all" in argv
    folders = [arg for arg in argv if arg != "--all"]
    if len(folders) != 1:
        print("usage: python -m torch_notes.history.merge FOLDER [--all]", file=sys.stderr)
        return 2
    problems = merge(Path(folders[0]), HISTORY, GALLERY, every)
    for problem in problems:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
