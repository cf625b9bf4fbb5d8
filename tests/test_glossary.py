"""The bilingual glossary, the search dictionary made from it, and their use on the site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sphinx.errors import ConfigError

from torch_notes import paths
from torch_notes.commands import check_site
from torch_notes.i18n import bilingual_glossary, search_dictionary

DOCS = paths.DOCS
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_every_glossary_term_has_a_chinese_name():
    terms = bilingual_glossary.glossary_terms(DOCS / "glossary.md")
    assert len(terms) >= 40
    english = [en for en, _ in terms]
    assert len(set(english)) == len(english)
    assert all(CJK.search(zh) and not CJK.search(en) for en, zh in terms), terms


def test_search_dictionary_holds_the_glossary_terms_and_the_extra_words():
    words = search_dictionary.dictionary_words(DOCS / "glossary.md", DOCS / "search_dict_zh.txt")
    extra = (DOCS / "search_dict_zh.txt").read_text(encoding="utf-8").split()
    assert {zh for _, zh in bilingual_glossary.glossary_terms(DOCS / "glossary.md")} <= set(words)
    assert set(extra) <= set(words)
    assert len(words) == len(set(words))
    assert {"损失函数", "反向传播", "叶子节点", "计算图", "梯度下降"} <= set(words)


def test_a_wrong_dictionary_path_stops_the_build(tmp_path):
    (tmp_path / "glossary.md").write_text("```{glossary}\ntensor : 张量\n  x\n```\n")
    with pytest.raises(ConfigError, match=r"search_dictionary_words: .*missing.txt does not exist"):
        search_dictionary.dictionary_words(tmp_path / "glossary.md", tmp_path / "missing.txt")
    (tmp_path / "plain.md").write_text("```{glossary}\ntensor\n  x\n```\n")
    (tmp_path / "words.txt").write_text("梯度\n")
    with pytest.raises(ConfigError, match="has no `term : 中文` lines"):
        search_dictionary.dictionary_words(tmp_path / "plain.md", tmp_path / "words.txt")


@pytest.mark.sphinx("html", testroot="glossary", freshenv=True)
def test_english_page_shows_english_term_then_chinese(app):
    app.build()
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert re.search(
        r'<dt id="term-loss-function">loss function<span class="term-counterpart">'
        r" \(损失函数\)</span>",
        html,
    ), html
    assert (
        '<code class="docutils literal notranslate"><span class="pre">state_dict</span></code>'
        '<span class="term-counterpart"> (状态字典)</span>' in html
    )
    assert 'href="#term-loss-function"' in html
    assert not app._warning.getvalue()


@pytest.mark.sphinx("html", testroot="glossary", freshenv=True, confoverrides={"language": "zh_CN"})
def test_chinese_page_shows_chinese_term_then_english_and_the_dictionary(app):
    app.build()
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert '损失函数<span class="term-counterpart">（loss function）</span>' in html
    assert "要最小化的数。" in html
    assert re.search(
        r'href="#term-loss-function"[^>]*><span class="xref std std-term">损失函数', html
    ), html
    dictionary = Path(app.config.html_search_options["dict"])
    assert dictionary.read_text(encoding="utf-8").split() == ["损失函数", "状态字典", "梯度下降"]
    assert not app._warning.getvalue()


@pytest.mark.site
def test_compound_terms_are_single_words_in_the_chinese_index(site):
    terms = check_site.search_terms(site, "zh_CN")
    assert {"损失函数", "反向传播", "叶子节点", "计算图", "梯度下降"} <= terms


@pytest.mark.site
@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", "loss function (损失函数)"), ("zh_CN", "损失函数（loss function）")],
)
def test_glossary_page_shows_both_names(site, language, shown):
    html = (site / language / "glossary.html").read_text(encoding="utf-8")
    assert shown in re.sub(r"<[^>]+>", "", html)


@pytest.mark.site
def test_pages_link_their_terms_to_the_glossary(site):
    linked = {
        page
        for page in check_site.pages(site, "zh_CN")
        if "glossary.html#term-" in (site / "zh_CN" / page).read_text(encoding="utf-8")
    }
    narrative = {  # section index pages only list their pages
        str(p.relative_to(DOCS).with_suffix(".html"))
        for p in DOCS.glob("*/*.md")
        if p.name != "index.md"
    }
    assert narrative <= linked
    html = (site / "zh_CN" / "autograd" / "basics.html").read_text(encoding="utf-8")
    assert re.search(r'href="../glossary.html#term-gradient"[^>]*><span[^>]*>梯度</span>', html)
