"""The offline editions that ``nox -s books`` adds to the site (torch_notes/commands/books.py):
a PDF and an EPUB per language, linked from every page."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from torch_notes import sitewide
from torch_notes.commands import books
from torch_notes.evidence.model.records import installed_torch

pytestmark = pytest.mark.site


def edition(site: Path, language: str, suffix: str) -> Path:
    path = site / language / "_books" / f"{books.book_name(language)}{suffix}"
    if not path.is_file():
        pytest.fail(f"no {path.name} in the site: run `nox -s books`", pytrace=False)
    return path


def poppler(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        pytest.fail(f"{tool} is missing (apt-get install poppler-utils)", pytrace=False)
    return found


def run(*command: str) -> str:
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_pdf_has_an_outline_page_numbers_embedded_fonts_and_its_figures(site, language):
    pdf = edition(site, language, ".pdf")
    info = run(poppler("pdfinfo"), str(pdf))
    assert int(re.search(r"Pages:\s+(\d+)", info)[1]) > 100
    data = pdf.read_bytes()
    assert b"/Outlines" in data  # the headings as bookmarks
    assert len(re.findall(rb"/Dest[ \[/(]", data)) > 100  # links inside the book still lead
    fonts = run(poppler("pdffonts"), str(pdf)).splitlines()[2:]
    assert fonts and all(" yes " in line.split("Type", 1)[-1] for line in fonts), fonts
    if language != "en":
        assert any("WenQuanYi" in line or "CJK" in line or "Noto" in line for line in fonts)
    first = run(poppler("pdftotext"), "-f", "1", "-l", "1", str(pdf), "-")
    assert sitewide.site_commit()[:12] in first and installed_torch().release in first
    last = run(poppler("pdftotext"), "-f", "1", "-l", "9999", str(pdf), "-")
    assert "1 / " in last or "1 /" in last  # the footer numbers the pages
    images = run(poppler("pdfimages"), "-list", str(pdf)).splitlines()[2:]
    figures = sum(1 for _ in (site / language / "_images").glob("sphx_glr_plot_*_001.png"))
    assert len(images) >= figures  # lazy images were loaded before printing


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_epub_is_valid_and_says_what_made_it(site, language):
    epub = edition(site, language, ".epub")
    with zipfile.ZipFile(epub) as archive:
        first = archive.infolist()[0]
        assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
        index = archive.read("index.xhtml").decode("utf-8")
        package = archive.read("content.opf").decode("utf-8")
        assert not [n for n in archive.namelist() if n.endswith(".js")]
    assert 'class="book-edition"' in index and sitewide.site_commit()[:12] in index
    assert f"<dc:language>{sitewide.language(language).hreflang}</dc:language>" in package
    if not books.EPUBCHECK.is_file():
        pytest.fail("epubcheck is missing (apt-get install epubcheck)", pytrace=False)
    command = ["java", "-jar", str(books.EPUBCHECK), str(epub)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-3000:]


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_every_page_links_both_editions_of_its_language(site, language):
    pages = sorted((site / language).rglob("*.html"))
    missing = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if "bd-article" not in text or page.name == "404.html":
            continue  # no article; the 404 page links nothing its own checks cannot follow
        hrefs = re.findall(r'class="offline-books".*?</p>', text, re.DOTALL)
        links = re.findall(r'href="([^"]+)"', hrefs[0]) if hrefs else []
        targets = {(page.parent / unquote(urlsplit(h).path)).resolve() for h in links}
        wanted = {edition(site, language, s).resolve() for s in (".pdf", ".epub")}
        if targets != wanted:
            missing.append(str(page.relative_to(site)))
    assert missing == []
