"""No English is left on a Chinese page but code, names and glosses
(torch_notes/i18n/english_left.py, run on the site by torch_notes.commands.check_site)."""

from __future__ import annotations

import pytest

from torch_notes.commands import check_site
from torch_notes.i18n.english_left import english_left


def page(body: str) -> str:
    return f'<html><body><nav>Home</nav><article class="bd-article">{body}</article></body></html>'


@pytest.mark.parametrize(
    ("body", "word"),
    [
        ('<p>图中：</p><img src="a.png" alt="plot classify digits">', "'plot classify digits'"),
        ("<p>而在 notebook 中定义的类</p>", "'notebook'"),
        ("<p>每个工作进程都会重新 import 你的脚本。</p>", "'import'"),
        ('<p>见<a href="x" title="read more here">这里</a>。</p>', "'read more here'"),
        ('<p><span aria-label="close the box">×</span>关闭</p>', "'close the box'"),
    ],
)
def test_an_english_word_in_chinese_prose_or_spoken_text_is_named(body, word):
    (found,) = english_left(page(body))
    assert found.startswith(word)


@pytest.mark.parametrize(
    "body",
    [
        "<p>调用 <code>x.backward()</code> 之后，<pre>print(x.grad)</pre></p>",
        "<p>张量（tensor）是 PyTorch 的基本数据结构，在 GPU 上也能运行。</p>",
        "<p>PyTorch 2.13.0+cpu 的输出；dy/dx = 12；见 pytorch/pytorch#23269。</p>",
        '<p>各层名为 <span class="checked-fact">conv1、relu1、pool</span>。</p>',
        "<p>报错信息警告：“can result in arbitrary code execution”。</p>",
        "<p>用 Sequential 和 Linear 搭建；softmax 把 logit 变成概率。</p>",
        '<p>图中：</p><img src="a.png" alt="z.backward(retain_graph=True) 之后的 x.grad">',
        '<p>代码块：</p><div class="highlight"><span>for batch in loader</span></div>',
    ],
)
def test_code_names_glosses_and_quotations_are_left_alone(body):
    assert english_left(page(body)) == []


def test_english_outside_the_article_is_not_the_pages_prose():
    assert english_left('<nav title="skip to content">Home</nav>' + page("<p>正文。</p>")) == []


def test_the_site_check_names_the_page(tmp_path):
    for language in ("en", "zh_CN"):
        (tmp_path / language).mkdir()
    (tmp_path / "en" / "a.html").write_text(page("<p>Read the notebook.</p>"), encoding="utf-8")
    (tmp_path / "zh_CN" / "a.html").write_text(
        page('<p>图：</p><img alt="plot resume training">'), encoding="utf-8"
    )
    assert check_site.check_english_left(tmp_path) == [
        "zh_CN/a.html: English left: 'plot resume training' in alt=“plot resume training”"
    ]
