"""Extract the English messages and update every other language's catalogs (``nox -s translate``).

    python -m torch_notes.commands.translate [extra sphinx-build options]

The gettext builder runs no example (``plot_gallery=0``, notebooks off), so extracting takes
seconds; the gallery's pages are regenerated first so that their text is current. Then
``sphinx-intl`` updates ``docs/locales/<language>/LC_MESSAGES/**/*.po`` (one catalog per
page) for each language of ``torch_notes.sitewide.LANGUAGES`` but the source, and reports
what is left to translate.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

from torch_notes import sitewide
from torch_notes.paths import BUILD, DOCS

LOCALE_DIR = DOCS / "locales"
GETTEXT_DIR = BUILD / "gettext"


def main(extra: list[str]) -> int:
    shutil.rmtree(DOCS / "auto_examples", ignore_errors=True)
    # -E: a fresh environment, so that a change in the site's extensions (what they leave out
    # of the catalogs) is extracted too, not only a change in a page.
    run = [sys.executable, "-m", "sphinx", "-b", "gettext", "-q", "-D", "nb_execution_mode=off",
           "-E", "-D", "plot_gallery=0", str(DOCS), str(GETTEXT_DIR), *extra]  # fmt: skip
    subprocess.run(run, check=True)
    for language in sitewide.LANGUAGE_CODES[1:]:
        for command in ("update", "stat"):
            intl = ["sphinx-intl", command, "-d", str(LOCALE_DIR), "-l", language]
            if command == "update":
                intl[2:2] = ["-p", str(GETTEXT_DIR)]
            # stat exits 1 while messages are left to translate: a report, not a failure.
            subprocess.run(intl, check=command == "update")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
