"""The zh_CN catalogs as a translator leaves them: complete, reviewed, one per page."""

from __future__ import annotations

import configparser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from torch_notes import paths, sitewide
from torch_notes.evidence.model.verdicts import Verdict
from torch_notes.workarounds import theme_strings

DOCS = paths.DOCS
CATALOGS = DOCS / "locales" / "zh_CN" / "LC_MESSAGES"
THEME_CATALOG = DOCS / "theme_locales" / "zh_CN" / "LC_MESSAGES" / "sphinx.po"
PAGES = sorted(
    p.relative_to(DOCS).with_suffix("")
    for p in DOCS.rglob("*.md")
    if not p.is_relative_to(DOCS / "auto_examples") and not p.is_relative_to(DOCS / "_generated")
)


@pytest.mark.parametrize("page", PAGES, ids=str)
def test_every_page_has_a_catalog(page):
    assert (CATALOGS / page).with_suffix(".po").is_file(), f"run `nox -s translate` for {page}"


@pytest.mark.parametrize(
    "catalog", [*sorted(CATALOGS.rglob("*.po")), THEME_CATALOG], ids=lambda p: p.name
)
def test_catalog_is_complete_and_reviewed(catalog):
    with catalog.open("rb") as handle:
        messages = read_po(handle)
    assert not messages.fuzzy, f"{catalog}: the header is marked fuzzy"
    fuzzy = [m.id for m in messages if m.id and m.fuzzy]
    empty = [m.id for m in messages if m.id and not m.string]
    assert not fuzzy, f"{catalog}: fuzzy (stale) entries: {fuzzy}"
    assert not empty, f"{catalog}: untranslated entries: {empty}"


def test_the_theme_strings_it_leaves_in_english_are_translated_here():
    import pydata_sphinx_theme

    theme = Path(pydata_sphinx_theme.__file__).parent / "locale"
    with (
        (theme / "sphinx.pot").open("rb") as pot,
        (theme / "zh/LC_MESSAGES/sphinx.po").open("rb") as po,
    ):
        wanted, theirs = read_po(pot), read_po(po)
    with THEME_CATALOG.open("rb") as handle:
        ours = {m.id for m in read_po(handle) if m.id and m.string}

    def untranslated(message_id: str) -> bool:
        entry = theirs.get(message_id)
        return entry is None or not entry.string or entry.fuzzy or entry.string == message_id

    english = {m.id for m in wanted if m.id and untranslated(m.id)}
    options = configparser.ConfigParser()
    options.read(theme.parent / "theme" / "pydata_sphinx_theme" / "theme.conf", encoding="utf-8")
    english |= {options["options"][name] for name in theme_strings.TEXT_OPTIONS}
    assert english - ours == set(), f"add to {THEME_CATALOG.relative_to(DOCS.parent)}"


def test_sphinx_permalink_titles_are_translated_here_whatever_sphinx_is_installed():
    # Sphinx 8.2 (the floor leg) leaves "Link to this heading" and its kin empty in zh_CN,
    # 9.0 translates them; the site's own catalog carries them so every leg reads Chinese.
    import sphinx

    shipped = Path(sphinx.__file__).parent / "locale" / "sphinx.pot"
    with shipped.open("rb") as pot, THEME_CATALOG.open("rb") as handle:
        titles = {
            m.id for m in read_po(pot) if isinstance(m.id, str) and m.id.startswith("Link to this")
        }
        ours = {m.id for m in read_po(handle) if m.id and m.string}
    assert "Link to this heading" in titles, "Sphinx renamed its permalink titles: look again"
    assert titles - ours == set(), f"add to {THEME_CATALOG.relative_to(DOCS.parent)}"


def interface_messages() -> set[str]:
    """Every ``_("...")`` of the package, the verdicts and the release statuses (translated
    where they are shown)."""
    import ast

    from torch_notes.evidence.execution.release_records import Status

    package = paths.ROOT / "torch_notes"
    found = {v.value for v in Verdict} | {v.definition for v in Verdict}
    found |= {status.value for status in Status}
    for module in package.rglob("*.py"):
        source = module.read_text(encoding="utf-8")
        if '_ = get_translation("torch_notes")' not in source:
            continue  # its _() is Sphinx's own, translated by Sphinx's catalogs
        for node in ast.walk(ast.parse(source)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(node.args[0].value)
    return found


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES[1:])
def test_the_package_interface_text_is_translated(language):
    from torch_notes import interface

    with interface.catalog(language).open("rb") as handle:
        catalog = read_po(handle)
    translated = {m.id for m in catalog if m.id and m.string and not m.fuzzy}
    wanted = interface_messages()
    assert len(wanted) >= 19
    assert wanted <= translated, f"missing in {interface.catalog(language)}: {wanted - translated}"
    assert not {m.id for m in catalog if m.id} - wanted, "entries no code uses any more"
