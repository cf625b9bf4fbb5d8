"""Extract the English messages and update every other language's catalogs (``nox -s translate``).

    python -m torch_notes.commands.translate [extra sphinx-build options]

The gettext builder runs no example (``plot_gallery=0``, notebooks off), so extracting takes
seconds; the gallery's pages are regenerated first so that their text is current. Then
``sphinx-intl`` updates ``docs/locales/<language>/LC_MESSAGES/**/*.po`` (one catalog per
page) for each language of ``torch_notes.sitewide.LANGUAGES`` but the source, quietly, and
the command ends with one line per catalog that needs work (its untranslated and fuzzy
messages), or one line saying that none does.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from torch_notes import sitewide
from torch_notes.paths import BUILD, DOCS

LOCALE_DIR = DOCS / "locales"
GETTEXT_DIR = BUILD / "gettext"


def work_left(catalog: Path) -> tuple[int, int]:
    """``(untranslated, fuzzy)`` messages of one catalog (its header aside)."""
    with catalog.open("rb") as file:
        messages = [m for m in read_po(file) if m.id]
    untranslated = sum(not m.string for m in messages)
    fuzzy = sum(m.fuzzy and bool(m.string) for m in messages)
    return untranslated, fuzzy


def report(locale_dir: Path, language: str) -> list[str]:
    """One line per catalog of ``language`` that needs work, or one line saying none does."""
    folder = locale_dir / language / "LC_MESSAGES"
    catalogs = sorted(folder.rglob("*.po"))
    lines = []
    for catalog in catalogs:
        untranslated, fuzzy = work_left(catalog)
        if untranslated or fuzzy:
            lines.append(
                f"{language}: {catalog.relative_to(locale_dir.parent.parent)}: "
                f"{untranslated} untranslated, {fuzzy} fuzzy"
            )
    return lines or [f"{language}: all {len(catalogs)} catalogs translated, none fuzzy"]


def main(extra: list[str]) -> int:
    shutil.rmtree(DOCS / "auto_examples", ignore_errors=True)
    # -E: a fresh environment, so that a change in the site's extensions (what they leave out
    # of the catalogs) is extracted too, not only a change in a page.
    run = [sys.executable, "-m", "sphinx", "-b", "gettext", "-q", "-D", "nb_execution_mode=off",
           "-E", "-D", "plot_gallery=0", str(DOCS), str(GETTEXT_DIR), *extra]  # fmt: skip
    subprocess.run(run, check=True)
    for language in sitewide.LANGUAGE_CODES[1:]:
        update = [sys.executable, "-m", "sphinx_intl", "update", "-p", str(GETTEXT_DIR),
                  "-d", str(LOCALE_DIR), "-l", language]  # fmt: skip
        subprocess.run(update, check=True, stdout=subprocess.DEVNULL)  # a line per catalog
    for language in sitewide.LANGUAGE_CODES[1:]:
        print("\n".join(report(LOCALE_DIR, language)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
