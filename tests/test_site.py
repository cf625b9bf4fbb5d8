"""The real bilingual site, as ``nox -s docs`` built it (see the ``site`` fixture).

That a wrong claim fails the build is proven on test roots (test_facts.py) and on scratch
builds of real pages (test_drift.py); the downloads are read in test_downloads.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from torch_notes import paths, sitewide
from torch_notes.commands import build_site, check_site
from torch_notes.evidence.model.verdicts import Verdict

pytestmark = pytest.mark.site


def test_both_languages_were_built(site):
    for language in sitewide.LANGUAGE_CODES:
        assert (site / language / "index.html").is_file()
        assert (site / language / "autograd" / "basics.html").is_file()
    root = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="en/index.html"' in root and 'href="zh_CN/index.html"' in root


def test_the_site_has_its_pages(site):
    # Which pages each language has, and their links, the build itself checks
    # (torch_notes/commands/check_site.py, tested in test_site_checks.py).
    assert len(check_site.pages(site, "en")) >= 5


def test_chinese_search_index_holds_chinese_words(site):
    terms = check_site.search_terms(site, "zh_CN")
    chinese = {t for t in terms if sitewide.CJK.search(t)}
    assert len(chinese) > 100
    assert set(check_site.CHINESE_SEARCH_TERMS) <= terms


def test_no_untranslated_text_in_chinese_pages(site):
    page = (site / "zh_CN" / "autograd" / "basics.html").read_text(encoding="utf-8")
    assert "自动求梯度基础" in page and "Autograd basics" not in page


def text_of(page: Path) -> str:
    return (
        re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))
        .replace("&lt;", "<")
        .replace("&gt;", ">")
    )


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_autograd_page_shows_the_real_outputs(site, language):
    text = text_of(site / language / "autograd" / "basics.html")
    assert "grad_fn=<AddBackward0>" in text  # what PyTorch prints now
    assert "grad_fn=<AddBackward>)" in text  # what the note printed, quoted
    assert "<AddBackward0 object at 0x…>" in text  # addresses masked
    assert "tensor([[5.5000, 5.5000]," in text
    gallery = text_of(site / language / "auto_examples" / "autograd" / "plot_autograd_basics.html")
    assert "tensor([[4.5000, 4.5000]," in gallery
    assert "tensor([2.0000, 0.2000, 0.0200, 0.0020])" in gallery


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_only_the_search_page_loads_the_search_index(site, language):
    loading = sorted(
        page
        for page in check_site.pages(site, language)
        if "searchindex.js" in (site / language / page).read_text(encoding="utf-8")
    )
    assert loading == ["search.html"]


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_formulas_are_mathml_and_no_page_loads_a_math_script(site, language):
    pages = {
        page: (site / language / page).read_text(encoding="utf-8")
        for page in check_site.pages(site, language)
    }
    with_math = [page for page, html in pages.items() if "<math " in html]
    assert "auto_examples/autograd/plot_autograd_basics.html" in with_math
    assert "together/training.html" in with_math  # MyST {math} too
    math_scripts = re.compile(r"mathjax|\\\(", re.IGNORECASE)  # MathJax, or its \( delimiter
    assert [page for page, html in pages.items() if math_scripts.search(html)] == []


def test_build_info_records_provenance(site):
    info = json.loads((site / build_site.BUILD_INFO).read_text(encoding="utf-8"))
    assert info["examples_executed"] >= 1 and info["torch"]


@pytest.mark.parametrize(("language", "title"), [("en", "Creating tensors"), ("zh_CN", "创建张量")])
def test_thumbnails_are_titled_in_the_page_language(site, language, title):
    landing = (site / language / "index.html").read_text(encoding="utf-8")
    assert f'<div class="sphx-glr-thumbnail-title">{title}</div>' in landing


def test_every_example_has_a_thumbnail_on_its_section_page(site):
    for folder in sorted((paths.ROOT / "gallery").iterdir()):
        if not folder.is_dir():
            continue
        section = "data" if folder.name == "together" else folder.name
        page = (site / "en" / section / "index.html").read_text(encoding="utf-8")
        for example in folder.glob("plot_*.py"):
            assert f"{example.stem}.html" in page, f"{example.name} missing from {section}/index"


@pytest.mark.parametrize(
    ("language", "title"), [("en", "What changed since the notes"), ("zh_CN", "笔记勘误")]
)
def test_errata_table_lists_computed_verdicts(site, language, title):
    page = (site / language / "errata.html").read_text(encoding="utf-8")
    assert title in page
    rows = re.findall(r'<tr class="verdict-([a-z-]+)', page)
    assert len(rows) > 50
    assert {verdict.slug for verdict in Verdict} == set(rows)
    report = json.loads(
        (paths.BUILD / "doctrees" / language / "errata.json").read_text(encoding="utf-8")
    )
    assert len(report["rows"]) == len(rows) and report["torch"]["release"] in page
    # Every row links to the page and anchor that explains it.
    for href in re.findall(r'<a class="reference internal" href="([^"]+#[^"]+)"', page):
        target, anchor = href.split("#")
        assert f'id="{anchor}"' in (site / language / target).read_text(encoding="utf-8"), href
