"""Each check of the built site (torch_notes/commands/check_site.py), on a tiny site it must pass
and on a tiny site broken in one way it must fail, naming the file.

The real site is checked once, by the build (``nox -s docs`` fails on any problem); these
tests prove that each check can fail. The last tests add a third language in
``torch_notes.sitewide`` only, and nothing else in Python changes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest

from torch_notes import sitewide
from torch_notes.commands import check_site, hosting
from torch_notes.pages import language_switcher

PAGES = ("index", "guide/page", "404")


def write_tiny_site(site: Path) -> Path:
    """Every language of ``sitewide.LANGUAGES`` with three pages, as a correct build writes them."""
    for language in sitewide.LANGUAGES:
        for name in PAGES:
            alternates = language_switcher.alternate_links(name, sitewide.LANGUAGES, ".html")
            switcher = language_switcher.language_links(
                name, language.code, sitewide.LANGUAGES, ".html"
            )
            head = "".join(
                f'<link rel="alternate" hreflang="{code}" href="{href}">'
                for code, href in alternates
            )
            head += f'<meta property="og:locale" content="{language.og_locale}">'
            head += f'<meta property="og:title" content="{name}">'
            if name == "404":
                head += '<meta name="robots" content="noindex">'
            body = "".join(
                f'<a class="language-switcher__link" href="{link["href"]}">{link["name"]}</a>'
                for link in switcher
            )
            page = site / language.code / f"{name}.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(
                f'<html lang="{language.hreflang}"><head>{head}</head><body>{body}</body></html>',
                encoding="utf-8",
            )
    terms = {term: [0] for term in [*check_site.CHINESE_SEARCH_TERMS, "张量"]}
    if (site / "zh_CN").is_dir():
        index = json.dumps({"terms": terms, "titleterms": {}})
        (site / "zh_CN" / "searchindex.js").write_text(f"Search.setIndex({index})", "utf-8")
    (site / "index.html").write_text('<html lang="en"><body></body></html>', encoding="utf-8")
    hosting.publish(site, "")
    return site


@pytest.fixture
def tiny_site(tmp_path) -> Path:
    return write_tiny_site(tmp_path / "site")


def test_a_correct_tiny_site_passes_every_check(tiny_site):
    assert check_site.check(tiny_site) == []


def replace_in(page: Path, old: str, new: str) -> None:
    text = page.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {page}"
    page.write_text(text.replace(old, new), encoding="utf-8")


def drop_page(site: Path) -> None:
    (site / "zh_CN" / "guide" / "page.html").unlink()


def wrong_html_lang(site: Path) -> None:
    replace_in(site / "zh_CN" / "index.html", '<html lang="zh-CN">', '<html lang="en">')


def switcher_to_another_page(site: Path) -> None:
    replace_in(
        site / "en" / "guide" / "page.html",
        'class="language-switcher__link" href="../../zh_CN/guide/page.html"',
        'class="language-switcher__link" href="../../zh_CN/index.html"',
    )


def no_chinese_words(site: Path) -> None:
    index = json.dumps({"terms": {"tensor": [0]}, "titleterms": {}})
    (site / "zh_CN" / "searchindex.js").write_text(f"Search.setIndex({index})", "utf-8")


def missing_search_term(site: Path) -> None:
    terms = {"张量": [0], "梯度": [0]}
    index = json.dumps({"terms": terms, "titleterms": {}})
    (site / "zh_CN" / "searchindex.js").write_text(f"Search.setIndex({index})", "utf-8")


def untranslated_paragraph(site: Path) -> None:
    replace_in(site / "zh_CN" / "guide" / "page.html", "<body>", '<body><p class="untranslated">x')


def wrong_og_locale(site: Path) -> None:
    replace_in(site / "zh_CN" / "index.html", 'content="zh_CN"', 'content="en_US"')


def alternate_to_nowhere(site: Path) -> None:
    shutil.rmtree(site / "zh_CN" / "guide")
    shutil.copytree(site / "en" / "guide", site / "zh_CN" / "other")


def english_alt_text(site: Path) -> None:
    replace_in(
        site / "zh_CN" / "guide" / "page.html",
        "<body>",
        '<body><article class="bd-article"><p>图：</p><img alt="plot classify digits"></article>',
    )


def root_404_missing(site: Path) -> None:
    (site / "404.html").unlink()


def sitemap_lists_a_missing_page(site: Path) -> None:
    hosting.publish(site, "https://example.org/notes/")
    (site / "zh_CN" / "guide" / "page.html").rename(site / "zh_CN" / "guide" / "moved.html")


BREAKAGES = {
    drop_page: (check_site.check_same_pages, "en/guide/page.html has no zh_CN counterpart"),
    wrong_html_lang: (check_site.check_switchers, "zh_CN/index.html: <html lang='en'>"),
    switcher_to_another_page: (
        check_site.check_switchers,
        "en/guide/page.html: language link '../../zh_CN/index.html' is another page",
    ),
    no_chinese_words: (check_site.check_chinese_search, "holds no Chinese word"),
    missing_search_term: (check_site.check_chinese_search, "lacks 叶子节点, 反向传播, 计算图"),
    untranslated_paragraph: (
        check_site.check_untranslated,
        "zh_CN/guide/page.html: 1 untranslated element(s)",
    ),
    wrong_og_locale: (
        check_site.check_social_meta,
        "zh_CN/index.html: og:locale is 'en_US', expected 'zh_CN'",
    ),
    alternate_to_nowhere: (
        check_site.check_alternates,
        "en/guide/page.html: hreflang='zh-CN' link '../../zh_CN/guide/page.html' leads nowhere",
    ),
    english_alt_text: (
        check_site.check_english_left,
        "zh_CN/guide/page.html: English left: 'plot classify digits' in alt=",
    ),
    root_404_missing: (check_site.check_not_found, "404.html is missing"),
    sitemap_lists_a_missing_page: (
        check_site.check_sitemap,
        "sitemap.xml: https://example.org/notes/zh_CN/guide/page.html is not a file of the site",
    ),
}


@pytest.mark.parametrize("breakage", BREAKAGES, ids=lambda f: f.__name__)
def test_each_check_fails_on_its_broken_input_naming_the_file(tiny_site, breakage):
    check, message = BREAKAGES[breakage]
    assert check(tiny_site) == []
    breakage(tiny_site)
    problems = check(tiny_site)
    assert any(message in problem for problem in problems), problems
    assert any(message in problem for problem in check_site.check(tiny_site))


def test_every_check_is_tested_here():
    assert {check for check, _ in BREAKAGES.values()} == set(check_site.CHECKS)


# -- A third language: sitewide.LANGUAGES is the only Python that changes ----------------------

JAPANESE = sitewide.Language("ja", "日本語", "ja", "ja_JP")


@pytest.fixture
def three_languages(monkeypatch):
    languages = (*sitewide.LANGUAGES, JAPANESE)
    monkeypatch.setattr(sitewide, "LANGUAGES", languages)
    monkeypatch.setattr(sitewide, "LANGUAGE_CODES", tuple(lang.code for lang in languages))


def test_a_third_language_is_checked_like_the_others(three_languages, tmp_path):
    site = write_tiny_site(tmp_path / "site")
    assert check_site.check(site) == []
    (site / "ja" / "guide" / "page.html").unlink()
    assert "en/guide/page.html has no ja counterpart" in check_site.check(site)


@pytest.mark.sphinx("html", testroot="hosting", freshenv=True, confoverrides={"language": "ja"})
def test_a_third_language_gets_its_links_and_locale(three_languages, app):
    app.build()
    page = (app.outdir / "guide" / "page.html").read_text(encoding="utf-8")
    for hreflang, folder in (("en", "en"), ("zh-CN", "zh_CN"), ("ja", "ja")):
        link = (
            f'<link rel="alternate" hreflang="{hreflang}" href="../../{folder}/guide/page.html" />'
        )
        assert link in page
    assert '<meta property="og:locale" content="ja_JP" />' in page
    assert re.search(r'<html lang="ja"', page)


def test_pages_read_while_the_last_build_writes_them_are_checked_as_they_end(
    tiny_site, monkeypatch
):
    """The build reads the pages of the last language ahead of the checks, as they are written
    (commands.build_site): only pages left unchanged for a while, and a page written again
    after it was read is checked as it is at the end."""
    check_site.parsed.cache_clear()
    check_site._english_left.cache_clear()
    read: list[str] = []
    english_left = check_site.english_left
    monkeypatch.setattr(
        check_site, "english_left", lambda html: read.append(html) or english_left(html)
    )
    folder = tiny_site / "zh_CN"
    written_long_ago = time.time() - 60
    for page in folder.rglob("*.html"):
        os.utime(page, (written_long_ago, written_long_ago))
    being_written = folder / "guide" / "page.html"
    being_written.write_text('<html lang="zh-CN"><body>', encoding="utf-8")  # just now
    check_site.read_pages(folder, settled_for=5)
    assert len(read) == len(list(folder.rglob("*.html"))) - 1
    assert '<html lang="zh-CN"><body>' not in read
    # Then it is written to its end, with English left in its prose: the checks see it.
    being_written.write_text(
        '<html lang="zh-CN"><body><article class="bd-article"><p>中文 and some English words'
        "</p></article></body></html>",
        encoding="utf-8",
    )
    found = check_site.check_english_left(tiny_site)
    assert any("zh_CN/guide/page.html: English left: 'and'" in problem for problem in found)
