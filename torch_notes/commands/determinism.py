"""Build the site twice and report how the two builds' HTML differ (what `nox -s determinism` runs).

    python -m tools.determinism            # two full builds, then the diff
    python -m tools.determinism A B        # only compare two built sites

Parts that are volatile by nature are marked where they are produced and ignored here:

* ``data-volatile="..."`` elements (the provenance build date, ``_templates/provenance.html``);
* elements with the class ``volatile``: ``{fact}`` values that a gallery script lists in
  ``volatile_facts`` (timings, see ``plot_time_devices.py`` and ``torch_notes.evidence.execution.recording``), and
  the output and figures of code cells that a script marks ``# volatile`` (via the
  ``volatile_output`` extension);
* the date in each language's dataset, ``compat.json``'s ``__meta.built``
  (``evidence.reports.compat_data``): the datasets are compared too, that key aside.

Everything else must be byte-identical; the exit status is 1 when it is not. The report names
each differing file and counts the differing lines.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import sys
from pathlib import Path

from torch_notes import paths
from torch_notes.commands import build_site

# One element marked volatile, with its content (the markup nests no same-named tag inside).
VOLATILE = re.compile(
    r'<(?P<tag>\w+)\b[^>]*(?:data-volatile="[^"]*"|class="[^"]*\bvolatile\b[^"]*")[^>]*>'
    r".*?</(?P=tag)>",
    re.DOTALL,
)


DATASET = "compat.json"


def normalised(path: Path) -> list[str]:
    if path.name == DATASET:
        data = json.loads(path.read_text(encoding="utf-8"))
        data.get("__meta", {}).pop("built", None)
        return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True).splitlines()
    return VOLATILE.sub("<volatile/>", path.read_text(encoding="utf-8")).splitlines()


def compare(first: Path, second: Path) -> tuple[list[str], int]:
    """Differing files (relative names) and the number of differing lines, volatile parts aside:
    every HTML file and each language's dataset."""
    names = sorted(
        {
            str(p.relative_to(root))
            for root in (first, second)
            for p in (*root.rglob("*.html"), *root.glob(f"*/{DATASET}"))
        }
    )
    differing, lines = [], 0
    for name in names:
        a, b = first / name, second / name
        if not (a.is_file() and b.is_file()):
            differing.append(f"{name} (only in one build)")
            continue
        diff = [
            line
            for line in difflib.unified_diff(normalised(a), normalised(b), lineterm="", n=0)
            if line[:1] in "+-" and line[:3] not in ("+++", "---")
        ]
        if diff:
            differing.append(name)
            lines += len(diff)
            for line in diff[:6]:
                print(f"  {name}: {line[:160]}")
    return differing, lines


def main(argv: list[str]) -> int:
    if len(argv) == 2:
        first, second = Path(argv[0]), Path(argv[1])
    else:
        os.environ.setdefault("PYTHONHASHSEED", "0")
        first = paths.BUILD / "site-first"
        if build_site.build(argv):
            return 1
        shutil.rmtree(first, ignore_errors=True)
        shutil.copytree(paths.SITE, first)
        if build_site.build(argv):
            return 1
        second = paths.SITE
    differing, lines = compare(first, second)
    total = len(list(second.rglob("*.html")))
    print(
        f"\ndeterminism: {len(differing)} of {total} HTML files differ, {lines} differing lines "
        "(volatile parts ignored)"
    )
    for name in differing:
        print(f"  differs: {name}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
