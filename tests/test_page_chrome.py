"""What every page carries around its text: the error-report link, deferred scripts, the icon,
the theme's colour mode and icon fonts (torch_notes/pages/report_error.py, deferred_scripts.py,
icon_font.py, docs/conf.py)."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qs, urlsplit

import pytest
from sphinx.builders.html._assets import _CascadingStyleSheet, _JavaScript

from torch_notes import sitewide
from torch_notes.pages import (
    deferred_scripts,
    icon_font,
    report_error,
    thumbnails,
    unused_stylesheets,
)

# One page of each kind, with its title (or part of it) in each language.
PAGES = {
    "index.html": {"en": "torch-notes", "zh_CN": "PyTorch 学习笔记"},
    "autograd/basics.html": {"en": "Autograd basics", "zh_CN": "自动求梯度基础"},
    "auto_examples/autograd/plot_autograd_basics.html": {
        "en": "Autograd basics",
        "zh_CN": "自动求梯度基础",
    },
}
# The search page's title is only in its template: the link names it all the same.
TITLED = {**PAGES, "search.html": {"en": "Search", "zh_CN": "搜索"}}
LABELS = {"en": "Report an error", "zh_CN": "报告错误"}


def test_the_issue_address_is_url_encoded():
    url = report_error.issue_url(
        "https://github.com/o/r/", "Error on “a & b” (en/x.html)", "Page: en/x.html\n"
    )
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "github.com", "/o/r/issues/new")
    assert " " not in url and "\n" not in url and "a%20%26%20b" in url  # "&" stays in the title
    assert parse_qs(parts.query) == {
        "title": ["Error on “a & b” (en/x.html)"],
        "body": ["Page: en/x.html\n"],
    }


def test_page_titles_lose_their_markup():
    assert report_error.plain_title("<code>torch.no_grad</code> &amp; friends") == (
        "torch.no_grad & friends"
    )


def test_the_repository_comes_from_the_environment(monkeypatch):
    monkeypatch.delenv(sitewide.REPOSITORY_VARIABLE, raising=False)
    monkeypatch.delenv("GITHUB_REPOSITORY", raising=False)
    assert sitewide.repository_url() == sitewide.DEFAULT_REPOSITORY
    monkeypatch.setenv("GITHUB_SERVER_URL", "https://github.com")
    monkeypatch.setenv("GITHUB_REPOSITORY", "someone/torch-notes")
    assert sitewide.repository_url() == "https://github.com/someone/torch-notes"
    monkeypatch.setenv(sitewide.REPOSITORY_VARIABLE, "https://github.com/me/notes/")
    assert sitewide.repository_url() == "https://github.com/me/notes"
    monkeypatch.setenv(sitewide.REPOSITORY_VARIABLE, "github.com/me/notes")
    with pytest.raises(ValueError, match="TORCH_NOTES_REPOSITORY"):
        sitewide.repository_url()


def test_external_scripts_are_deferred_except_those_inline_scripts_need():
    plain = _JavaScript("_static/doctools.js", priority=500)
    options = _JavaScript("_static/documentation_options.js", priority=200)
    inline = _JavaScript(None, body="DOCUMENTATION_OPTIONS.pagename = 'x';")
    already = _JavaScript("_static/x.js", priority=500, **{"async": "async"})
    module = _JavaScript("_static/m.js", type="module")
    done = deferred_scripts.deferred(plain)
    assert done.attributes == {"defer": "defer"} and done.priority == 500
    assert done.filename == plain.filename
    for kept in (options, inline, already, module, "_static/old-style.js"):
        assert deferred_scripts.deferred(kept) is kept


def test_only_gallery_thumbnails_wait_to_be_scrolled_to():
    assert thumbnails.is_thumbnail("_images/sphx_glr_plot_create_tensors_thumb.png")
    assert not thumbnails.is_thumbnail("_images/sphx_glr_plot_draw_graph_001.png")
    assert not thumbnails.is_thumbnail("_images/thumb.png")


def test_a_thumbnail_stored_with_a_palette_keeps_its_picture_and_transparency(tmp_path):
    from PIL import Image, ImageChops, ImageDraw

    # A figure's kind of picture: flat colours, an anti-aliased line, a transparent margin.
    drawn = Image.new("RGBA", (320, 224), (0, 0, 0, 0))
    ImageDraw.Draw(drawn).rectangle((20, 10, 300, 214), fill=(255, 255, 255, 255))
    ImageDraw.Draw(drawn).line((30, 200, 290, 20), fill=(31, 119, 180, 255), width=3)
    for x in range(40, 280):  # a colour bar: more shades than a palette holds
        ImageDraw.Draw(drawn).line((x, 180, x, 200), fill=(x, 255 - x // 2, 128, 255))
    path = tmp_path / "sphx_glr_plot_x_thumb.png"
    drawn.save(path)

    assert thumbnails.store_with_palette(path)
    once = path.read_bytes()
    with Image.open(path) as stored:
        assert stored.mode == "P" and len(stored.getcolors()) <= thumbnails.PALETTE_COLOURS
        back = stored.convert("RGBA")
    assert back.getpixel((0, 0))[3] == 0 and back.getpixel((160, 112))[3] == 255
    difference = ImageChops.difference(drawn, back).getextrema()
    assert max(high for _, high in difference) <= 16  # no channel of any pixel off by more
    assert len(once) < len(drawn.tobytes()) / 10

    assert not thumbnails.store_with_palette(path)  # already stored so: left as it is
    assert path.read_bytes() == once
    path.write_bytes(b"")
    drawn.save(path)
    thumbnails.store_with_palette(path)
    assert path.read_bytes() == once  # the same picture, the same bytes


# What the theme's stylesheet says of icons, in the forms it writes them.
ICON_CSS = (
    '.fa-solid{--_fa-family:"Font Awesome 7 Free"}.fa-lg{font-size:1.25em}'
    '.fa-bars{--fa:"\\f0c9"}.fa-add,.fa-plus{--fa:"\\+"}.fa-magnifying-glass{--fa:"\\f002"}'
    '.fa-sun{--fa:"\\f185"}'
    ':root{--pst-icon-external-link:"\uf35d";--pst-icon-info-circle:"\\f05a"}'
    ".nav-external:after{content:var(--pst-icon-external-link);font:var(--fa-font-solid)}"
)


def test_icon_rules_map_classes_to_the_characters_they_show():
    styles = icon_font.IconStyles()
    styles.read(ICON_CSS)
    assert styles.icons == {
        "fa-bars": "\uf0c9",
        "fa-add": "+",
        "fa-plus": "+",
        "fa-magnifying-glass": "\uf002",
        "fa-sun": "\uf185",
    }
    assert {"fa-solid", "fa-lg"} <= styles.classes and "fa-font-solid" not in styles.classes
    # Drawn by the stylesheet itself; the font's name and the icon rules' values are not.
    assert styles.drawn == {"\uf35d", "\uf05a"}


def test_the_fonts_keep_the_icons_pages_and_their_scripts_name():
    styles = icon_font.IconStyles()
    styles.read(ICON_CSS)
    chars, undefined = icon_font.icons_shown(
        styles,
        {
            "index.html": '<i class="fa-solid fa-bars fa-lg"></i><p>fa-plus-minus is prose</p>',
            "b.html": '<i class="fa-solid fa-barz"></i>',
            "a.html": '<i class="fa-barz"></i>',
            "_static/x.js": 'icon.classList.add("fa-magnifying-glass")',
        },
    )
    assert chars == {"\uf0c9", "\uf002", "\uf35d", "\uf05a"}  # no sun: nothing shows it
    assert undefined == {"fa-barz": "a.html", "fa-plus-minus": "index.html"}


def theme_font(tmp_path: Path) -> Path:
    import pydata_sphinx_theme

    [font] = Path(pydata_sphinx_theme.__file__).parent.rglob("fa-solid-900.woff2")
    return Path(shutil.copy(font, tmp_path / font.name))


def test_a_cut_font_holds_exactly_the_icons_asked_for_and_the_same_bytes_each_time(tmp_path):
    from fontTools.ttLib import TTFont

    font = theme_font(tmp_path)
    whole = font.read_bytes()
    before, after = icon_font.subset_font(font, {"\uf0c9", "\uf002"})
    assert before == len(whole) > 50_000 and after == font.stat().st_size < 5_000
    cut = TTFont(font)
    assert cut.flavor == "woff2" and set(cut.getBestCmap()) == {0xF0C9, 0xF002}
    again = tmp_path / "again" / font.name
    again.parent.mkdir()
    again.write_bytes(whole)
    icon_font.subset_font(again, {"\uf002", "\uf0c9"})
    assert again.read_bytes() == font.read_bytes()


def test_an_icon_class_no_stylesheet_defines_fails_the_build_naming_the_page(tmp_path, caplog):
    (tmp_path / "_static" / "styles").mkdir(parents=True)
    (tmp_path / "_static" / "styles" / "theme.css").write_text(ICON_CSS, encoding="utf-8")
    fonts = tmp_path / icon_font.FONTS
    fonts.mkdir(parents=True)
    theme_font(fonts)
    (tmp_path / "page.html").write_text('<i class="fa-solid fa-barz"></i>', encoding="utf-8")
    app = SimpleNamespace(outdir=str(tmp_path), builder=SimpleNamespace(format="html"))
    icon_font.cut_icon_fonts(app, None)
    [record] = [r for r in caplog.records if r.levelname == "WARNING"]
    # (Once a Sphinx app has run in this process, its logging adds "WARNING: " and the type.)
    assert f"{tmp_path / 'page.html'}: icon class 'fa-barz' is defined" in record.getMessage()
    # Without the fonts where the theme used to keep them, the build says so.
    caplog.clear()
    shutil.rmtree(fonts)
    (tmp_path / "page.html").write_text('<i class="fa-solid fa-bars"></i>', encoding="utf-8")
    icon_font.cut_icon_fonts(app, None)
    [record] = [r for r in caplog.records if r.levelname == "WARNING"]
    assert f"there are no fonts in {icon_font.FONTS}" in record.getMessage()


# -- the built site -----------------------------------------------------------------------


def report_links(page: Path) -> list[tuple[str, str]]:
    return re.findall(
        r'<p class="report-error"><a href="([^"]+)" rel="nofollow">([^<]+)</a></p>',
        page.read_text(encoding="utf-8"),
    )


@pytest.mark.site
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
@pytest.mark.parametrize("path", TITLED)
def test_every_page_links_to_an_issue_that_names_it(site, language, path):
    [(href, label)] = report_links(site / language / path)
    assert label == LABELS[language]
    url = urlsplit(html.unescape(href))
    assert f"{url.scheme}://{url.netloc}{url.path}" == sitewide.repository_url() + "/issues/new"
    query = parse_qs(url.query)
    [title], [body] = query["title"], query["body"]
    assert f"{language}/{path}" in title and TITLED[path][language] in title
    assert f"{language}/{path}" in body
    if language == "zh_CN":  # the issue is written in the page's language
        assert sitewide.CJK.search(title) and "Error on" not in title


@pytest.mark.site
def test_every_page_of_both_languages_has_the_link(site):
    from torch_notes.commands import check_site

    for language in sitewide.LANGUAGE_CODES:
        for name in check_site.pages(site, language):
            assert len(report_links(site / language / name)) == 1, f"{language}/{name}"


@pytest.mark.site
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
@pytest.mark.parametrize("path", PAGES)
def test_no_script_holds_up_the_first_paint(site, language, path):
    head = (site / language / path).read_text(encoding="utf-8").split("</head>")[0]
    blocking = [
        src
        for attributes, src in re.findall(r"<script([^>]*?)\bsrc=\"([^\"]+)\"", head)
        if not re.search(r"\b(defer|async)\b", attributes)
    ]
    assert [src.split("?")[0].split("/")[-1] for src in blocking] == ["documentation_options.js"]
    # The theme's FontAwesome script (for icons added by configuration: none here) and its
    # preloads, which competed with the stylesheets, are left out (_templates/layout.html).
    assert "fontawesome.js" not in head and 'as="script"' not in head
    # theme.css @imports basic.css: preloaded, it does not wait for theme.css.
    assert re.search(r'<link rel="preload" href="[./]*_static/basic.css" as="style" />', head)
    # So is the icon font of the header's icons, a round trip earlier than the stylesheet asks.
    font = re.search(r'<link rel="preload" href="([./]*_static/[^"]+\.woff2)" as="font"', head)
    assert font and (site / language / Path(path).parent / font[1]).resolve().is_file()
    # The theme's body scripts are inert until the first paint, then started in their order.
    body = (site / language / path).read_text(encoding="utf-8").split("</head>")[1]
    theme_scripts = re.search(r'<template id="theme-scripts">(.*?)</template>', body, re.DOTALL)
    assert theme_scripts, "the theme's scripts are not held back (docs/_templates/layout.html)"
    held = re.findall(
        r'<script defer src="[./]*_static/scripts/(\w[\w-]*)\.js\?digest=\w+"', theme_scripts[1]
    )
    assert held == ["bootstrap", "pydata-sphinx-theme"]
    outside = body.replace(theme_scripts[0], "")
    assert not re.search(r"<script[^>]*_static/scripts/", outside)


def test_gallery_stylesheets_are_left_out_where_nothing_needs_them():
    def sheet(name: str) -> _CascadingStyleSheet:
        return _CascadingStyleSheet(f"_static/{name}", priority=500)

    assert unused_stylesheets.unused(sheet("sg_gallery-dataframe.css"), "<p>text</p>")
    assert not unused_stylesheets.unused(
        sheet("sg_gallery-dataframe.css"), '<table class="dataframe">'
    )
    assert not unused_stylesheets.unused(sheet("sg_gallery.css"), "<p>text</p>")


@pytest.mark.site
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_pages_have_an_icon_and_a_valid_colour_mode(site, language):
    page = (site / language / "autograd" / "basics.html").read_text(encoding="utf-8")
    assert '<link rel="icon" href="../_static/favicon.svg"/>' in page
    assert (site / language / "_static" / "favicon.svg").is_file()
    # The theme's script resets any mode but light, dark and auto, with a console error.
    assert 'localStorage.getItem("mode") || "auto"' in page


@pytest.mark.site
def test_the_site_root_has_an_icon(site):
    icon = (site / "favicon.ico").read_bytes()
    assert icon[:4] == b"\x00\x00\x01\x00"  # an ICO file
    assert '<link rel="icon"' in (site / "index.html").read_text(encoding="utf-8")


@pytest.mark.site
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_thumbnails_load_lazily_small_and_figures_at_once(site, language):
    from PIL import Image

    home = (site / language / "index.html").read_text(encoding="utf-8")
    images = re.findall(r"<img [^>]*_thumb\.png[^>]*>", home)
    assert len(images) >= 10 and all('loading="lazy"' in img for img in images)
    files = {re.search(r'src="([^"]+)"', img)[1] for img in images}
    assert all((site / language / src).is_file() for src in files)
    for src in files:
        with Image.open(site / language / src) as thumbnail:
            assert (thumbnail.mode, thumbnail.size) == ("P", thumbnails.THUMBNAIL_SIZE), src
    example = site / language / "auto_examples" / "autograd" / "plot_draw_graph.html"
    figures = re.findall(r"<img [^>]*>", example.read_text(encoding="utf-8"))
    assert figures and not any('loading="lazy"' in img for img in figures)


@pytest.mark.site
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_icon_fonts_hold_every_icon_the_pages_show_and_little_else(site, language):
    from fontTools.ttLib import TTFont

    root = site / language
    styles = icon_font.IconStyles()
    for stylesheet in (root / "_static").rglob("*.css"):
        styles.read(stylesheet.read_text(encoding="utf-8"))
    shown = set()
    for page in root.rglob("*.html"):
        for classes in re.findall(r'\bclass="([^"]*)"', page.read_text(encoding="utf-8")):
            shown |= {name for name in classes.split() if name in styles.icons}
    assert {"fa-magnifying-glass", "fa-bars", "fa-sun", "fa-moon", "fa-chevron-down"} <= shown
    fonts = {font.name: TTFont(font) for font in (root / icon_font.FONTS).glob("*.woff2")}
    held = {chr(code) for font in fonts.values() for code in font.getBestCmap()}
    missing = {name for name in shown if not set(styles.icons[name]) <= held}
    assert not missing, f"{language}: icons with no glyph in the served fonts: {missing}"
    # What the stylesheets draw themselves (admonition marks, the external-link arrow) stays,
    # where the theme's own fonts had it.
    import pydata_sphinx_theme

    theme = Path(pydata_sphinx_theme.__file__).parent
    available = {chr(c) for font in theme.rglob("fa-*.woff2") for c in TTFont(font).getBestCmap()}
    assert styles.drawn & available and styles.drawn & available <= held
    solid = root / icon_font.FONTS / "fa-solid-900.woff2"
    assert solid.stat().st_size < 10_000, "the solid font was not cut down"
