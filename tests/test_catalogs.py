"""The zh_CN catalogs as a translator leaves them: complete, reviewed, one per page."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

DOCS = Path(__file__).resolve().parents[1] / "docs"
CATALOGS = DOCS / "locales" / "zh_CN" / "LC_MESSAGES"
PAGES = sorted(
    p.relative_to(DOCS).with_suffix("")
    for p in DOCS.rglob("*.md")
    if not p.is_relative_to(DOCS / "auto_examples") and not p.is_relative_to(DOCS / "_generated")
)


@pytest.mark.parametrize("page", PAGES, ids=str)
def test_every_page_has_a_catalog(page):
    assert (CATALOGS / page).with_suffix(".po").is_file(), f"run `nox -s translate` for {page}"


@pytest.mark.parametrize("catalog", sorted(CATALOGS.rglob("*.po")), ids=lambda p: p.name)
def test_catalog_is_complete_and_reviewed(catalog):
    with catalog.open("rb") as handle:
        messages = read_po(handle)
    assert not messages.fuzzy, f"{catalog}: the header is marked fuzzy"
    fuzzy = [m.id for m in messages if m.id and m.fuzzy]
    empty = [m.id for m in messages if m.id and not m.string]
    assert not fuzzy, f"{catalog}: fuzzy (stale) entries: {fuzzy}"
    assert not empty, f"{catalog}: untranslated entries: {empty}"
