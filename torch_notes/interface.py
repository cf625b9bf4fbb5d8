"""The package's own interface text (labels, column titles, verdicts) in the page's language.

Extensions write their interface text in English through ``get_translation("torch_notes")``;
translations live in ``torch_notes/locale/<language>/LC_MESSAGES/torch_notes.po``, one
catalog per language of ``torch_notes.sitewide.LANGUAGES``. Sphinx reads compiled ``.mo``
files only, and compiled files are not kept in git, so :func:`add_catalog` compiles each
catalog into the build's doctree folder, then registers it (``app.add_message_catalog``).
A message missing from a catalog shows in English, and ``tests/test_catalogs.py`` names it.
A top-level module, below every package, because the evidence core and the pages' extensions
both register the catalog (``tests/test_layers.py``).
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from sphinx.application import Sphinx

DOMAIN = "torch_notes"
CATALOGS = Path(__file__).parent / "locale"


def catalog(language: str) -> Path:
    return CATALOGS / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def compile_catalogs(target: Path) -> Path:
    """Write ``<target>/<language>/LC_MESSAGES/torch_notes.mo`` for every catalog."""
    for po in sorted(CATALOGS.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = target / po.relative_to(CATALOGS).with_suffix(".mo")
        if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            messages = read_po(source)
        with mo.open("wb") as compiled:
            write_mo(compiled, messages)
    return target


def add_catalog(app: Sphinx) -> None:
    app.add_message_catalog(DOMAIN, str(compile_catalogs(Path(app.doctreedir) / "locale")))
