"""A gallery page's figures take the alt text a topic page wrote for them
(torch_notes/pages/gallery_alt_text.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from docutils import nodes
from sphinx_gallery.directives import imgsgnode

from torch_notes.pages import gallery_alt_text


def topic_page(alt: str) -> nodes.document:
    doctree = nodes.section()
    doctree += nodes.image(
        uri="/auto_examples/together/images/sphx_glr_plot_x_002.png",
        alt=alt,
        classes=["cell-figure"],
    )
    return doctree


def gallery_page() -> tuple[nodes.Element, imgsgnode]:
    doctree = nodes.section()
    figure = imgsgnode(uri="/auto_examples/together/images/sphx_glr_plot_x_002.png", alt="plot x")
    doctree += figure
    return doctree, figure


def test_the_gallery_figure_takes_the_topic_pages_translated_description():
    app = SimpleNamespace(env=SimpleNamespace(docname="together/digits"))
    gallery_alt_text.keep_descriptions(app, topic_page("测试集的混淆矩阵"))
    doctree, figure = gallery_page()
    gallery_alt_text.describe_gallery_figures(app, doctree, "auto_examples/together/plot_x")
    assert figure["alt"] == "测试集的混淆矩阵"


def test_a_figure_no_page_describes_fails_naming_page_and_image(caplog):
    app = SimpleNamespace(env=SimpleNamespace(docname="together/digits"))
    doctree, figure = gallery_page()
    with pytest.MonkeyPatch.context() as patch:
        warned = []
        patch.setattr(gallery_alt_text.logger, "warning", lambda *a, **k: warned.append((a, k)))
        gallery_alt_text.describe_gallery_figures(app, doctree, "auto_examples/together/plot_x")
    ((args, kwargs),) = warned
    assert args[1] == "sphx_glr_plot_x_002.png" and args[2] == "plot x"
    assert kwargs["location"] == "auto_examples/together/plot_x"
    assert (kwargs["type"], kwargs["subtype"]) == ("gallery", "alt")
    assert figure["alt"] == "plot x"


def test_a_page_read_again_forgets_its_old_descriptions():
    env = SimpleNamespace(docname="together/digits")
    gallery_alt_text.keep_descriptions(SimpleNamespace(env=env), topic_page("旧的描述"))
    gallery_alt_text.purge(None, env, "together/digits")
    assert gallery_alt_text.described(env) == {}
