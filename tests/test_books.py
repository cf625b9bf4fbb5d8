"""The offline editions that ``nox -s books`` adds to the site (torch_notes/commands/books.py):
a PDF and an EPUB per language, linked from every page."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import zipfile
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from torch_notes import sitewide
from torch_notes.commands import books
from torch_notes.evidence.model.records import installed_torch
from torch_notes.evidence.store.ledger import read_ledger
from torch_notes.paths import ROOT

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


@cache
def as_xml(pdf: Path) -> str:
    """The PDF as poppler reads it: its text, its links (``<a href>``) and its outline."""
    return run(poppler("pdftohtml"), "-xml", "-i", "-q", "-stdout", str(pdf))


def links(book: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r'<a href="([^"]*)"', book)]


def outline(book: str) -> list[tuple[str, list]]:
    """The bookmarks as a tree: (title, children) for each entry of a level."""
    root: list[tuple[str, list]] = []
    stack = [root]
    part = book[book.find("<outline>") :] if "<outline>" in book else ""
    for token in re.findall(r"<outline>|</outline>|<item\b[^>]*>(?:.*?)</item>", part, re.DOTALL):
        if token == "<outline>":
            stack.append(stack[-1][-1][1] if stack[-1] else stack[-1])
        elif token == "</outline>":
            stack.pop()
        else:
            title = html.unescape(re.sub(r"<[^>]+>", "", token)).strip()
            stack[-1].append((title, []))
    return root


def h1(page: Path) -> str:
    found = re.search(
        r"<h1[^>]*>(.*?)(?:<a class=\"headerlink|</h1>)", page.read_text("utf-8"), re.DOTALL
    )
    return html.unescape(re.sub(r"<[^>]+>", "", found[1])).strip()


def chapters() -> list[str]:
    """The documents of the site's root toctree, in the site's order."""
    text = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    block = re.search(r"```\{toctree\}\n(.*?)```", text, re.DOTALL)[1]
    return [line.strip() for line in block.splitlines() if line.strip() and ":" not in line]


def pdf_text(pdf: Path, first: int = 1, last: int = 0) -> str:
    pages = ["-f", str(first)] + (["-l", str(last)] if last else [])
    return run(poppler("pdftotext"), *pages, str(pdf), "-")


def page_count(pdf: Path) -> int:
    return int(re.search(r"Pages:\s+(\d+)", run(poppler("pdfinfo"), str(pdf)))[1])


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_pdf_has_an_outline_page_numbers_embedded_fonts_and_its_figures(site, language):
    pdf = edition(site, language, ".pdf")
    info = run(poppler("pdfinfo"), str(pdf))
    assert int(re.search(r"Pages:\s+(\d+)", info)[1]) > 100
    book = as_xml(pdf)
    assert len(outline(book)) > 5  # the headings as bookmarks
    internal = [h for h in links(book) if h.startswith(pdf.with_suffix(".html").name + "#")]
    assert len(internal) > 100  # links inside the book still lead
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
        if hrefs and len(re.findall(r"</a> \([0-9.]+ MB\)", hrefs[0])) != 2:
            links = []  # each link gives its edition's size
        targets = {(page.parent / unquote(urlsplit(h).path)).resolve() for h in links}
        wanted = {edition(site, language, s).resolve() for s in (".pdf", ".epub")}
        if targets != wanted:
            missing.append(str(page.relative_to(site)))
    assert missing == []


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_pdf_ends_where_the_site_ends(site, language):
    """The about page comes last: its ledger to the last item, then its last section."""
    pdf = edition(site, language, ".pdf")
    ledger = ROOT / "notes" / "ledger"
    items, problems = read_ledger(str(ledger), max(ledger.glob("*.toml")).stem)
    assert items and not problems
    text = pdf_text(pdf)
    assert items[-1].id in text, f"the ledger's last item {items[-1].id} is not in {pdf.name}"
    about = (site / language / "about.html").read_text(encoding="utf-8")
    last_section = re.findall(r"<h2[^>]*>(.*?)<a class=\"headerlink", about, re.DOTALL)[-1]
    # The last section starts on one of the last two pages: its end, or the footer's link
    # after it, may run onto a page of its own.
    last_pages = pdf_text(pdf, page_count(pdf) - 1, page_count(pdf))
    assert html.unescape(re.sub(r"<[^>]+>", "", last_section)).strip() in last_pages
    assert text.index(items[-1].id) < text.rindex(html.unescape(last_section).strip()[:8])


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_books_never_link_to_a_local_server(site, language):
    local = re.compile(r"^(https?://)?(127\.0\.0\.1|localhost|\[::1\])\b|^file:", re.IGNORECASE)
    pdf = edition(site, language, ".pdf")
    found = links(as_xml(pdf))
    with zipfile.ZipFile(edition(site, language, ".epub")) as archive:
        for name in [n for n in archive.namelist() if n.endswith(".xhtml")]:
            found += re.findall(r'href="([^"]*)"', archive.read(name).decode("utf-8"))
    assert [h for h in found if local.search(h)] == []
    assert not re.search(rb"127\.0\.0\.1|localhost:\d", pdf.read_bytes())
    base = sitewide.base_url()
    outside = [h for h in found if h.startswith(("http://", "https://"))]
    downloads = [h for h in outside if "/_downloads/" in h]
    if base:
        # Every download of the site is then a link to the hosted file, and only to it.
        assert downloads and all(h.startswith(f"{base}{language}/") for h in downloads)
    else:
        # No address: the file's name is printed instead of a link that leads nowhere.
        assert downloads == []
        example = min((site / language / "_downloads").rglob("plot_*.py")).name
        assert example in pdf_text(pdf)


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_pdf_has_a_contents_page_and_bookmarks_nested_as_the_site(site, language):
    pdf = edition(site, language, ".pdf")
    titles = [h1(site / language / f"{doc}.html") for doc in chapters()]
    home = h1(site / language / "index.html")
    contents = books.translated(language, books.CONTENTS)
    tree = outline(as_xml(pdf))
    assert [title for title, _ in tree] == [home, contents, *titles]
    for doc, (title, children) in zip(chapters(), tree[2:], strict=True):
        if doc.endswith("/index"):  # a section of the site: its pages below it
            assert children, f"the chapter {title} holds no page in the bookmarks"
    # The pages of the first chapter, under it: the titles of its folder's pages.
    first = chapters()[0].rsplit("/", 1)[0]
    pages = {h1(p) for p in (site / language / first).glob("*.html") if p.name != "index.html"}
    assert {title for title, _ in tree[2][1]} == pages
    # The printed contents, on the first pages, names every chapter and every page above.
    opening = pdf_text(pdf, 1, 3)
    assert contents in opening
    for title in [*titles, *pages]:
        assert title.replace(" ", "") in opening.replace(" ", "").replace("\n", "")


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_pdf_is_small_and_prints_no_type3_font(site, language):
    pdf = edition(site, language, ".pdf")
    # A budget per printed page, so the edition may grow with the site but not bloat: 20-22 KB a
    # page here (fonts subset once, objects compressed, figures as the site's PNGs; 11.5 MB for
    # 563 pages in English); a font embedded per page, or uncompressed objects, is several times that.
    pages = page_count(pdf)
    size = pdf.stat().st_size
    assert size <= 25_000 * pages, f"{pdf.name}: {size / 1e6:.1f} MB for {pages} pages"
    fonts = run(poppler("pdffonts"), str(pdf)).splitlines()[2:]
    # Type 3: glyphs drawn as pictures (a bold faked by Chromium, a CFF font), not text.
    assert [line for line in fonts if "Type 3" in line] == []
    if language != "en":  # a real bold face, not Chromium's, for bold Chinese words
        assert any(f"{books.CJK_FONT.replace(' ', '')}-Bold" in line for line in fonts), fonts


def epub_parts(epub: Path) -> tuple[dict[str, str], str, str]:
    with zipfile.ZipFile(epub) as archive:
        pages = {
            n: archive.read(n).decode("utf-8")
            for n in archive.namelist()
            if n.endswith(".xhtml") and n != "nav.xhtml"
        }
        return (
            pages,
            archive.read("nav.xhtml").decode("utf-8"),
            archive.read("content.opf").decode("utf-8"),
        )


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_epub_contents_list_every_page_in_its_language(site, language):
    pages, nav, package = epub_parts(edition(site, language, ".epub"))
    assert "404.xhtml" not in pages
    listed = {unquote(h.split("#")[0]) for h in re.findall(r'<a href="([^"]+)"', nav)}
    # Every page of the book is listed but Sphinx's index of terms, which no toctree names.
    assert listed == set(pages) - {"genindex.xhtml"}
    site_pages = {
        str(p.relative_to(site / language).with_suffix(".xhtml"))
        for p in (site / language).rglob("*.html")
        if "bd-article" in p.read_text(encoding="utf-8") and p.name != "404.html"
    }
    assert set(pages) - {"genindex.xhtml"} == site_pages - {"search.xhtml", "genindex.xhtml"}
    contents = books.translated(language, books.CONTENTS)
    assert f"<h1>{contents}</h1>" in nav
    title = re.search(r"<dc:title>(.*?)</dc:title>", package)[1]
    assert html.unescape(title) == h1(site / language / "index.html")
    assert "unknown" not in re.sub(r"<(meta|item)\b[^>]*>", "", package)
    tag = sitewide.language(language).hreflang
    for name, text in pages.items():
        assert re.search(rf'<html\b[^>]*\blang="{tag}"', text), name


def test_each_language_has_its_own_book(site):
    packages = {}
    for language in sitewide.LANGUAGE_CODES:
        packages[language] = epub_parts(edition(site, language, ".epub"))[2]
    identifiers = {re.search(r"<dc:identifier\b[^>]*>(.*?)<", p)[1] for p in packages.values()}
    titles = {re.search(r"<dc:title>(.*?)<", p)[1] for p in packages.values()}
    assert len(identifiers) == len(titles) == len(packages)
    assert all(i.startswith("urn:uuid:") for i in identifiers)


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_code_wraps_in_the_epub(site, language):
    with zipfile.ZipFile(edition(site, language, ".epub")) as archive:
        css = archive.read("_static/epub.css").decode("utf-8")
        pages = [
            archive.read(n).decode("utf-8") for n in archive.namelist() if n.endswith(".xhtml")
        ]
    assert any(
        len(line) > 80
        for p in pages
        for pre in re.findall(r"<pre>(.*?)</pre>", p, re.DOTALL)
        for line in re.sub(r"<[^>]+>", "", pre).splitlines()
    )
    rules = re.findall(r"([^{}]*)\{([^{}]*)\}", css)
    assert any(
        "pre" in selector and re.search(r"white-space:\s*pre-wrap", body)
        for selector, body in rules
    )
