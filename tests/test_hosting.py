"""Hosting metadata: hreflang alternates, social-card tags, the 404 page, the sitemap."""

from __future__ import annotations

import re
import shutil

import pytest

from torch_notes import sitewide
from torch_notes.commands import check_site, hosting
from torch_notes.pages import language_switcher, page_meta

LANGUAGES = sitewide.LANGUAGES
BASE = "https://example.org/torch-notes/"


def test_language_links_become_absolute_under_a_base_url():
    links = language_switcher.language_links("autograd/basics", "en", LANGUAGES, ".html", BASE)
    assert [link["href"] for link in links] == [
        f"{BASE}en/autograd/basics.html",
        f"{BASE}zh_CN/autograd/basics.html",
    ]


def test_alternates_name_every_language_and_a_default():
    assert language_switcher.alternate_links("a/b", LANGUAGES, ".html") == [
        ("en", "../../en/a/b.html"),
        ("zh-CN", "../../zh_CN/a/b.html"),
        ("x-default", "../../en/a/b.html"),
    ]
    # The root language chooser is the default only for the home page it chooses for.
    assert language_switcher.alternate_links("index", LANGUAGES, ".html", BASE)[-1] == (
        "x-default",
        f"{BASE}index.html",
    )
    assert language_switcher.alternate_links("index", LANGUAGES, ".html")[-1] == (
        "x-default",
        "../index.html",
    )


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("", ""),
        ("  ", ""),
        ("https://x.io/site", "https://x.io/site/"),
        ("http://x.io/", "http://x.io/"),
    ],
)
def test_base_url_is_normalised(given, expected):
    assert sitewide.normalise_base_url(given) == expected


def test_a_base_url_without_scheme_is_refused():
    with pytest.raises(ValueError, match="must start with https://"):
        sitewide.normalise_base_url("x.github.io/torch-notes")


def test_descriptions_are_cut_at_a_word_or_anywhere_in_chinese():
    assert page_meta.shorten("one two three four", 12) == "one two…"
    assert page_meta.shorten("一二三四五六七八九十", 6) == "一二三四五…"
    assert page_meta.shorten("short", 12) == "short"


def head(app, name: str) -> str:
    text = (app.outdir / name).read_text(encoding="utf-8")
    return text[: text.index("</head>")]


@pytest.mark.sphinx(
    "html",
    testroot="hosting",
    freshenv=True,
    confoverrides={"site_base_url": "https://example.org/torch-notes"},
)
def test_pages_carry_alternates_social_tags_and_canonical_under_a_base_url(app):
    app.build()
    index, page = head(app, "index.html"), head(app, "guide/page.html")
    assert f'<link rel="alternate" hreflang="zh-CN" href="{BASE}zh_CN/guide/page.html" />' in page
    assert f'<link rel="alternate" hreflang="x-default" href="{BASE}en/guide/page.html" />' in page
    assert f'<link rel="alternate" hreflang="x-default" href="{BASE}index.html" />' in index
    assert f'<link rel="canonical" href="{BASE}en/guide/page.html" />' in page
    assert f'<meta property="og:url" content="{BASE}en/guide/page.html" />' in page
    assert '<meta property="og:title" content="Guide &amp; page" />' in page  # escaped once
    assert '<meta property="og:locale" content="en_US" />' in page
    assert '<meta name="twitter:card" content="summary" />' in page
    assert '<meta property="og:description" content="Short description." />' in page
    # The first paragraph of body text, not the note before it; cut at 60 characters.
    assert (
        '<meta name="description" content="The first paragraph describes the page &amp; '
        'says what it is…" />'
    ) in index
    # The 404 page resolves its links from <language>/ wherever the host serves it.
    not_found = head(app, "404.html")
    assert '<base href="/torch-notes/en/" />' in not_found
    assert not_found.index("<base ") < not_found.index("stylesheet")
    assert '<meta name="robots" content="noindex" />' in not_found
    assert "<base " not in page and "noindex" not in page


@pytest.mark.sphinx("html", testroot="hosting", freshenv=True, confoverrides={"language": "zh_CN"})
def test_without_a_base_url_links_stay_relative_and_nothing_claims_an_address(app):
    app.build()
    page, not_found = head(app, "guide/page.html"), head(app, "404.html")
    assert '<link rel="alternate" hreflang="en" href="../../en/guide/page.html" />' in page
    assert '<meta property="og:locale" content="zh_CN" />' in page
    assert "og:url" not in page and "canonical" not in page
    assert "<base " not in not_found and "noindex" in not_found


def write_page(path, html_lang, alternates="", body=""):
    path.parent.mkdir(parents=True, exist_ok=True)
    links = "".join(
        f'<link rel="alternate" hreflang="{code}" href="{href}">' for code, href in alternates
    )
    path.write_text(
        f'<html lang="{html_lang}"><head>{links}</head><body>{body}</body></html>', encoding="utf-8"
    )


@pytest.fixture
def tiny_site(tmp_path):
    """Two languages, one page each plus their 404 pages, with correct relative alternates."""
    site = tmp_path / "site"
    for code, lang in (("en", "en"), ("zh_CN", "zh-CN")):
        for name in ("index", "404"):
            write_page(
                site / code / f"{name}.html",
                lang,
                language_switcher.alternate_links(name, LANGUAGES, ".html"),
                '<a href="../en/index.html">en</a><meta name="robots" content="noindex">',
            )
    write_page(site / "index.html", "en")
    return site


def test_sitemap_lists_pages_with_their_counterparts_and_only_existing_files(tiny_site):
    lines = hosting.publish(tiny_site, BASE)
    xml = (tiny_site / "sitemap.xml").read_text(encoding="utf-8")
    assert re.findall(r"<loc>([^<]+)</loc>", xml) == [
        f"{BASE}index.html",
        f"{BASE}en/index.html",
        f"{BASE}zh_CN/index.html",
    ]
    assert xml.count(f'hreflang="zh-CN" href="{BASE}zh_CN/index.html"/>') == 3
    assert "404" not in xml
    assert f"Sitemap: {BASE}sitemap.xml" in (tiny_site / "robots.txt").read_text()
    assert "sitemap.xml: 3 pages (1 en, 1 zh_CN, root)" in lines[1]
    assert check_site.check_sitemap(tiny_site) == []
    # A page that is not there any more, and a page the sitemap forgot, are both found.
    (tiny_site / "zh_CN" / "index.html").rename(tiny_site / "zh_CN" / "other.html")
    problems = check_site.check_sitemap(tiny_site)
    assert f"sitemap.xml: {BASE}zh_CN/index.html is not a file of the site" in problems
    assert "sitemap.xml: zh_CN/other.html is not listed" in problems


def test_without_a_base_url_there_is_no_sitemap_and_the_summary_says_why(tiny_site):
    lines = hosting.publish(tiny_site, "")
    assert not (tiny_site / "sitemap.xml").exists() and not (tiny_site / "robots.txt").exists()
    assert "skipped, TORCH_NOTES_BASE_URL is not set" in lines[-1]
    # The root copy of the 404 page resolves its links from en/.
    assert '<base href="en/" />' in (tiny_site / "404.html").read_text(encoding="utf-8")
    assert check_site.check_not_found(tiny_site) == []


def test_broken_alternates_and_404_links_are_found(tiny_site):
    hosting.publish(tiny_site, "")
    assert check_site.check_alternates(tiny_site) == []
    shutil.rmtree(tiny_site / "zh_CN")
    problems = check_site.check_alternates(tiny_site) + check_site.check_not_found(tiny_site)
    assert "en/index.html: hreflang='zh-CN' link '../zh_CN/index.html' leads nowhere" in problems
    assert "zh_CN/404.html is missing" in problems
    write_page(tiny_site / "en" / "404.html", "en", body='<a href="gone.html">x</a>')
    problems = check_site.check_not_found(tiny_site)
    assert "en/404.html: link 'gone.html' leads nowhere" in problems
    assert "en/404.html: not marked noindex" in problems


# -- The real site (as `nox -s docs` built it; nox -s site-tests) ---------------------------


@pytest.mark.site
def test_social_tags_speak_the_language_of_the_page(site):
    en = check_site.parse(site / "en" / "autograd" / "basics.html").meta
    zh = check_site.parse(site / "zh_CN" / "autograd" / "basics.html").meta
    assert (en["og:locale"], zh["og:locale"]) == ("en_US", "zh_CN")
    assert en["og:description"] and not sitewide.CJK.search(en["og:description"])
    assert sitewide.CJK.search(zh["og:description"])  # the translated first paragraph
    assert zh["og:title"] != en["og:title"]


@pytest.mark.site
def test_the_chinese_404_page_offers_both_home_pages(site):
    text = (site / "zh_CN" / "404.html").read_text(encoding="utf-8")
    assert "找不到页面" in text and 'href="../en/index.html"' in text


@pytest.mark.site
def test_sitemap_of_the_real_site_lists_every_page_once(site, tmp_path):
    """The site as built (with or without an address) gets a sitemap under a test address."""
    entries = hosting.sitemap_entries(site, BASE)
    listed = [url.removeprefix(BASE) for url, _ in entries]
    expected = {
        f"{language}/{name}"
        for language in sitewide.LANGUAGE_CODES
        for name in hosting.pages(site, language)
        if name not in hosting.NOT_IN_SITEMAP
    }
    assert sorted(listed) == sorted([*expected, "index.html"])
    for url, alternates in entries:
        assert url in {href for _, href in alternates}  # every page is in its own cluster
        assert all((site / href.removeprefix(BASE)).is_file() for _, href in alternates)
    assert len(expected) >= 2 * 20
