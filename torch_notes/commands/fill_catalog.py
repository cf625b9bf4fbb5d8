"""Fill zh_CN catalog entries from a Python file of ``{msgid: msgstr}`` pairs.

    python -m torch_notes.commands.fill_catalog docs/locales/zh_CN/LC_MESSAGES/autograd/basics.po pairs.py

A convenience for translators who draft in bulk: entries are matched by exact msgid, their
fuzzy flag is dropped, and msgids in the pairs file that the catalog lacks are reported
(they usually mean the English changed). Editing the .po files directly works just as well.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po


def fill(catalog_path: Path, pairs: dict[str, str]) -> list[str]:
    with catalog_path.open("rb") as handle:
        catalog = read_po(handle)
    unknown = []
    for msgid, msgstr in pairs.items():
        message = catalog.get(msgid)
        if message is None:
            unknown.append(msgid)
            continue
        message.string = msgstr
        message.flags.discard("fuzzy")
    with catalog_path.open("wb") as handle:
        write_po(handle, catalog, width=79, omit_header=False)
    return unknown


if __name__ == "__main__":
    catalog_file, pairs_file = map(Path, sys.argv[1:3])
    missing = fill(catalog_file, ast.literal_eval(pairs_file.read_text(encoding="utf-8")))
    for msgid in missing:
        print(f"{catalog_file}: no entry for {msgid[:80]!r}", file=sys.stderr)
    sys.exit(1 if missing else 0)
