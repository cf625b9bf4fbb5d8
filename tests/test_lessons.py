"""Topic pages teach in place: their cells, outputs and figures, the notes' history aside,
and every quote readable in English (the built site, marker ``site``)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from torch_notes import sitewide
from torch_notes.commands import build_site

pytestmark = pytest.mark.site


def topic_pages(site) -> list[str]:
    info = json.loads((site / build_site.BUILD_INFO).read_text(encoding="utf-8"))
    return sorted(info["topics"])


def html_of(site, language: str, page: str) -> str:
    return (site / language / f"{page}.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_every_gallery_figure_is_on_the_topic_page_that_teaches_it(site, language):
    drawn = {
        path.name
        for path in (site / language / "_images").glob("sphx_glr_*.png")
        if "_thumb" not in path.name
    }
    shown: dict[str, str] = {}
    for page in topic_pages(site):
        for img in re.findall(r"<img [^>]*>", html_of(site, language, page)):
            src = re.search(r'src="[^"]*/(sphx_glr_[^"/]+\.png)"', img)
            if not src:
                continue
            shown[src[1]] = page
            assert 'loading="lazy"' in img and 'width="' in img and 'height="' in img, img
            alt = re.search(r'alt="([^"]*)"', img)
            assert alt and len(alt[1]) > 20, f"{page}: a figure needs alt text: {img}"
            if language != sitewide.SOURCE_LANGUAGE.code:
                assert sitewide.CJK.search(alt[1]), f"{page}: alt text in English: {alt[1]}"
    assert len(drawn) >= 17
    assert drawn - shown.keys() == set(), "figures on no topic page"


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_every_topic_page_shows_code_and_output_in_place(site, language):
    info = json.loads((site / build_site.BUILD_INFO).read_text(encoding="utf-8"))
    for page in topic_pages(site):
        html = html_of(site, language, page)
        assert html.count('class="example-cell') >= 2, f"{page}: fewer than 2 cells in place"
        assert "cell-output" in html, f"{page}: no output in place"
        topic = info["topics"][page]
        assert topic["claims_shown"] >= 0.9 * topic["claims"], page


class QuoteReader(HTMLParser):
    """Each quote of the notes on a page, and the English translation that follows it."""

    def __init__(self) -> None:
        super().__init__()
        self.quotes: list[list[str]] = []  # [words, translation]
        self.depth = 0  # inside a quote or a translation: the span nesting left
        self.target: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self.target is not None:
            self.depth += 1
        elif "note-quote" in classes:
            self.quotes.append(["", ""])
            self.target, self.depth, self.slot = self.quotes[-1], 1, 0
        elif "quote-translation" in classes and self.quotes:
            self.target, self.depth, self.slot = self.quotes[-1], 1, 1

    def handle_endtag(self, tag: str) -> None:
        if self.target is not None:
            self.depth -= 1
            if self.depth == 0:
                self.target = None

    def handle_data(self, data: str) -> None:
        if self.target is not None:
            self.target[self.slot] += data


def quotes_of(html: str) -> list[list[str]]:
    reader = QuoteReader()
    reader.feed(html)
    return reader.quotes


def test_english_pages_translate_every_chinese_quote(site):
    pages = [*topic_pages(site), "errata", "about"]
    untranslated = [
        (page, words)
        for page in pages
        for words, english in quotes_of(html_of(site, "en", page))
        if sitewide.HAN.search(words) and not english.strip()
    ]
    assert untranslated == []


def test_chinese_pages_show_the_quotes_alone(site):
    for page in [*topic_pages(site), "errata"]:
        assert "quote-translation" not in html_of(site, "zh_CN", page), page


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_notes_history_is_beside_the_lesson_and_errata_links_reach_it(site, language):
    errata = html_of(site, language, "errata")
    links = re.findall(r'href="((?:\.\./)?[a-z]+/[a-z_]+\.html)#(erratum-\d+)"', errata)
    assert links
    label = {"en": "What the notes said", "zh_CN": "笔记原文"}[language]
    asides = 0
    for page in topic_pages(site):
        html = html_of(site, language, page)
        asides += html.count('<details class="notes-said"')
        if '<details class="notes-said"' in html:
            assert f"<summary>{label}</summary>" in html
    assert asides >= len(topic_pages(site))
    for href, anchor in links:
        page = (site / language / "errata.html").parent / href
        assert f'id="{anchor}"' in page.resolve().read_text(encoding="utf-8"), (href, anchor)
