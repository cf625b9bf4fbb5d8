"""Extensions that make the site work for readers offline and with assistive technology."""

from __future__ import annotations

import re

import pytest

import nav_a11y


@pytest.mark.sphinx("html", testroot="offline-search", freshenv=True)
def test_math_is_served_from_the_site_and_chinese_search_defines_its_stemmer(app):
    app.build()
    assert app.warning.getvalue() == ""
    out = app.outdir
    page = (out / "index.html").read_text(encoding="utf-8")
    assert '<script defer="defer" src="_static/mathjax/tex-chtml.js' in page
    assert not re.search(r"""src="https?://""", page)
    mathjax = out / "_static" / "mathjax"
    assert (mathjax / "tex-chtml.js").is_file()
    assert any((mathjax / "output" / "chtml" / "fonts" / "woff-v2").glob("*.woff"))
    assert not (mathjax / "tex-svg.js").exists()  # other builds are not copied

    language_data = (out / "_static" / "language_data.js").read_text(encoding="utf-8")
    stemmer = re.search(r"window\.Stemmer = (\w+);", language_data).group(1)
    assert re.search(rf"\bvar {stemmer}\s*=", language_data), f"{stemmer} is not defined"


def test_sidebar_toggles_are_named_after_their_page():
    html = (
        '<ul><li class="toctree-l1 has-children"><a class="reference internal" href="a.html">'
        '自动求梯度</a><details><summary><span class="toctree-toggle" role="presentation">'
        '<i class="fa-solid fa-chevron-down"></i></span></summary><ul><li>…</li></ul></details>'
        '</li><li class="has-children"><details><summary><p class="caption">张量</p></summary>'
        "</details></li></ul>"
    )
    named = nav_a11y.name_toggles(html)
    assert '<summary aria-label="自动求梯度">' in named
    assert '<summary><p class="caption">张量</p></summary>' in named  # has a name already
