"""One Chinese vocabulary: the glossary's terms and Chinese punctuation in Chinese prose."""

from __future__ import annotations

import re
import shutil

import pytest
from docutils import nodes
from sphinx import addnodes

from torch_notes import paths
from torch_notes.i18n import chinese_terms

GLOSSARY = paths.DOCS / "glossary.md"


def paragraph(*children: nodes.Node) -> nodes.paragraph:
    return nodes.paragraph("", "", *children)


def found(block: nodes.Element) -> list[str]:
    return [p.message for p in chinese_terms.problems(block, chinese_terms.terms(GLOSSARY))]


@pytest.mark.parametrize(
    ("text", "word", "chinese"),
    [
        ("按 batch 读取数据", "batch", "批量"),
        ("第一个 epoch 后", "epoch", "迭代周期"),
        ("loss 为 0.3572", "loss", "损失"),
        ("以 in-place 的方式打开", "in-place", "原地"),
        ("用户创建的 Tensor 是叶子节点", "Tensor", "张量"),
        ("两个 tensors 相加", "tensors", "张量"),
        ("按batch读取", "batch", "批量"),
        ("分成一个个 mini-batch", "batch", "批量"),
    ],
)
def test_an_english_term_in_chinese_prose_is_named_with_its_chinese(text, word, chinese):
    (message,) = found(paragraph(nodes.Text(text)))
    assert f"English term {word!r} in Chinese prose" in message
    assert f"the glossary's Chinese is {chinese}" in message
    assert f"[{word}]" in message  # the words around it, the term marked


@pytest.mark.parametrize(
    ("text", "variant", "word"),
    [
        ("两个张量逐元素相加", "逐元素", "按元素"),
        ("按批次读取数据", "批次", "批量"),
        ("训练五个轮次", "轮次", "迭代周期"),
        ("每层有 64 个隐藏神经元", "隐藏神经元", "隐藏单元"),
        ("再做一次最大池化", "池化", "汇聚"),
        ("用下标张量取出元素", "下标张量", "索引张量"),
        ("损失成为非有限数时", "非有限数", "非有限值"),
    ],
)
def test_a_variant_of_the_house_word_is_refused(text, variant, word):
    (message,) = found(paragraph(nodes.Text(text)))
    assert f"{variant!r} is another word for {word!r}" in message


def test_a_variant_in_the_notes_own_words_is_left_alone():
    quote = nodes.inline("", "“逐元素运算”", note_words="逐元素运算")
    assert found(paragraph(nodes.Text("笔记写作"), quote)) == []


def test_every_house_word_with_variants_is_used_by_the_glossary_or_the_pages():
    text = GLOSSARY.read_text(encoding="utf-8")
    glossary_words = {"按元素", "原地", "叶子节点", "迭代周期", "批量", "汇聚", "批量规范化"}
    assert all(word in text for word in glossary_words)
    assert glossary_words <= chinese_terms.VARIANTS.keys()


@pytest.mark.parametrize(
    "block",
    [
        paragraph(nodes.Text("张量（tensor）是一组数")),  # an English gloss at first use
        paragraph(nodes.Text("调用 "), nodes.literal("", "Tensor.view"), nodes.Text(" 即可")),
        paragraph(nodes.Text("调用 Tensor.view 或 tensor() 即可")),  # names, not words
        paragraph(nodes.Text("用 TensorDataset 和 batch_size 的写法")),
        paragraph(nodes.Text("Read the data in batches.")),  # not Chinese prose
        paragraph(nodes.Text("笔记写的是"), nodes.inline("", "“按batch读取”", note_words="x")),
        paragraph(nodes.Text("数字 1000 与 3.5，见 https://example.org/?q=1,2")),
        paragraph(nodes.Text("张量（tensor, dtype）")),
    ],
    ids=["parenthetical", "code", "names", "compounds", "english", "note", "numbers", "gloss"],
)
def test_what_is_not_chinese_prose_is_left_alone(block):
    assert found(block) == []


def test_a_reference_that_will_show_its_target_title_is_not_read_a_term_link_is():
    link = addnodes.pending_xref("", nodes.inline("", "autograd/hooks"), reftype="doc")
    assert found(paragraph(link, nodes.Text("：读取和修改梯度"))) == []
    term = addnodes.pending_xref("", nodes.inline("", "hook"), reftype="term", reftarget="hook")
    (message,) = found(paragraph(nodes.Text("用 "), term, nodes.Text(" 读取梯度")))
    assert "English term 'hook'" in message  # once, although it is also the wrong name


@pytest.mark.parametrize(
    ("text", "mark"),
    [
        ("35 仍然成立, 8 输出已改变", "','"),
        ("统计: 35 行", "':'"),
        ("对吗?", "'?'"),
        ("先清零; 再反向传播", "';'"),
        ("好!", "'!'"),
        ("输出已改变.", "'.'"),
        ("再打乱一次(见术语表)", "'()'"),
    ],
)
def test_ascii_punctuation_in_a_chinese_sentence_is_named(text, mark):
    (message,) = found(paragraph(nodes.Text(text)))
    assert message.startswith(f"ASCII {mark} in a Chinese sentence")


def test_punctuation_next_to_code_counts_and_inside_code_does_not():
    block = paragraph(nodes.literal("", "f(a, b)"), nodes.Text(", 然后调用"))
    (message,) = found(block)
    assert "ASCII ','" in message
    assert found(paragraph(nodes.Text("调用 "), nodes.literal("", "f(a, b): 中文"))) == []


def test_text_added_after_reading_is_checked_once(make_app, rootdir, tmp_path):
    """Blocks checked when the page was read are marked; the write-time pass skips them."""
    app = make_app("html", srcdir=copy_root(rootdir, tmp_path))
    document = nodes.document(None, None)
    old, new = paragraph(nodes.Text("按 batch 读取")), paragraph(nodes.Text("按 batch 读取"))
    document += [old, new]
    old[chinese_terms.CHECKED] = True
    assert chinese_terms.check_blocks(app, document, "index", written=True) == 1
    assert new.get(chinese_terms.CHECKED)


# -- Drifts: one word for one idea ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("下面每一步都是示例中的一个单元，附有输出", "单元格 for a cell"),
        ("隐藏层有 20 个单元", "神经元 for a unit"),
        ("并且不改动传入的参数", "实参 for an argument"),
    ],
)
def test_a_word_that_drifts_between_two_ideas_is_refused(text, wanted):
    (message,) = found(paragraph(nodes.Text(text)))
    assert "drifts between two ideas" in message and wanted in message


def test_the_words_the_pages_settled_on_pass():
    text = "示例中的一个单元格；隐藏层有 20 个神经元；单元素张量；它被追踪；不带实参调用"
    assert found(paragraph(nodes.Text(text))) == []


def test_shou_zhuizong_is_a_variant_of_bei_zhuizong():
    (message,) = found(paragraph(nodes.Text("只有 x ** 2 受追踪")))
    assert "'受追踪' is another word for '被追踪'" in message


def with_english(english: str, *children: nodes.Node) -> nodes.paragraph:
    block = paragraph(*children)
    block[chinese_terms.ENGLISH] = english
    return block


@pytest.mark.parametrize(
    ("english", "chinese", "wrong"),
    [
        (
            "Call backward() without an argument.",
            "不带参数调用 backward()。",
            "'参数' for 'argument'",
        ),
        ("The model has 404 parameters.", "模型共有 404 个实参。", "'实参' for 'parameter'"),
    ],
)
def test_the_english_says_whether_canshu_is_an_argument_or_a_parameter(english, chinese, wrong):
    (message,) = found(with_english(english, nodes.Text(chinese)))
    assert wrong in message


@pytest.mark.parametrize(
    ("english", "chinese"),
    [
        ("Call backward() without an argument.", "不带实参调用 backward()。"),
        ("The model has 404 parameters.", "模型共有 404 个参数。"),
        ("Each parameter is an argument of the step.", "每个参数都是这一步的实参。"),  # both
    ],
)
def test_canshu_and_shican_as_the_english_means_them_pass(english, chinese):
    assert found(with_english(english, nodes.Text(chinese))) == []


@pytest.mark.parametrize(
    ("english", "chinese", "wrong"),
    [
        (
            "Evaluate the model once.",
            "对模型做一次测量。",
            "'测量' where the English says 'Evaluate'",
        ),
        (
            "Its strides are (4, 1).",
            "它的步长是 (4, 1)。",
            "'步长' where the English says 'strides'",
        ),
    ],
)
def test_the_english_says_which_idea_a_word_means(english, chinese, wrong):
    (message,) = found(with_english(english, nodes.Text(chinese)))
    assert wrong in message


@pytest.mark.parametrize(
    ("english", "chinese"),
    [
        ("Evaluate the model once.", "对模型做一次评估。"),
        ("Measure the time each evaluation takes.", "测量每次评估所用的时间。"),  # both ideas
        ("Its strides are (4, 1).", "它的步幅是 (4, 1)。"),
        ("A step size, not a stride.", "是步长，不是步幅。"),
    ],
)
def test_words_as_the_english_means_them_pass(english, chinese):
    assert found(with_english(english, nodes.Text(chinese))) == []


def test_the_build_compares_each_paragraph_with_its_english(make_app, rootdir, tmp_path):
    srcdir = copy_root(rootdir, tmp_path)
    with (srcdir / "index.md").open("a", encoding="utf-8") as page:
        page.write("\nCall it without an argument.\n")
    with (srcdir / "locales/zh_CN/LC_MESSAGES/index.po").open("a", encoding="utf-8") as po:
        po.write('\nmsgid "Call it without an argument."\nmsgstr "不带参数调用它。"\n')
    app = make_app("html", srcdir=srcdir)
    app.build()
    assert [w for w in warning_lines(app) if "'参数' for 'argument'" in w and "index.md:" in w]


# -- Typography: inserted lists, link titles, italics ----------------------------------------


def claim(text: str) -> nodes.inline:
    return nodes.inline("", text, classes=["checked-fact"], claim_key="k", claim_text=text)


def test_an_inserted_list_with_ascii_commas_is_named():
    (message,) = found(paragraph(nodes.Text("梯度为 "), claim("0, 4, 8, 12"), nodes.Text("。")))
    assert "inserted values '0, 4, 8, 12' separated by ASCII ', '" in message
    assert "'0、4、8、12'" in message and "(0, 4, 8, 12) in parentheses" in message


def test_a_shape_without_parentheses_is_named():
    fact = nodes.literal("", "5, 3", fact_key="k")
    (message,) = found(paragraph(nodes.Text("它的形状为 "), fact, nodes.Text(" 的张量")))
    assert "inserted values '5, 3'" in message


@pytest.mark.parametrize(
    "children",
    [
        (nodes.Text("梯度为 "), claim("0、4、8、12"), nodes.Text("。")),
        (nodes.Text("形状为 "), claim("(5, 3)"), nodes.Text(" 的张量")),
        (nodes.Text("形状为 ("), claim("5, 3"), nodes.Text(") 的张量")),
        (nodes.Text("梯度为 "), claim("[2.0, 4.0, 6.0]"), nodes.Text("。")),  # a Python list
        (nodes.Text("报错："), claim("Expected 2, got 3"), nodes.Text("。")),  # a message
        (nodes.Text("Values "), claim("0, 1"), nodes.Text(".")),  # not Chinese prose
    ],
)
def test_lists_as_chinese_writes_them_pass(children):
    assert found(paragraph(*children)) == []


def test_italics_on_chinese_are_named_and_on_english_words_not():
    (message,) = found(
        paragraph(nodes.Text("梯度是"), nodes.emphasis("", "累加"), nodes.Text("的"))
    )
    assert "italics on Chinese text '累加'" in message
    assert (
        found(paragraph(nodes.Text("用 "), nodes.emphasis("", "fork"), nodes.Text(" 启动"))) == []
    )


def link(title: str) -> nodes.reference:
    return nodes.reference("", title, refuri="building.html")


def written(block: nodes.Element) -> list[str]:
    return [p.message for p in chinese_terms.written_problems(block)]


def test_spaces_around_a_chinese_link_title_are_named():
    messages = written(paragraph(nodes.Text("见 "), link("网络搭建"), nodes.Text(" 。")))
    assert len(messages) == 2
    assert "a space before the link '网络搭建'" in messages[0]
    assert "a space after the link '网络搭建'" in messages[1]


@pytest.mark.parametrize(
    "children",
    [
        (nodes.Text("见"), link("网络搭建"), nodes.Text("。")),
        (nodes.Text("见 "), link("PyTorch"), nodes.Text(" 文档")),  # an English title
        (nodes.Text("See "), link("网络搭建"), nodes.Text(" first.")),  # English around it
    ],
)
def test_links_set_as_chinese_sets_them_pass(children):
    assert written(paragraph(*children)) == []


# -- The extension in a build ----------------------------------------------------------------


def copy_root(rootdir, tmp_path):
    srcdir = tmp_path / "chinese-terms"
    shutil.copytree(rootdir / "test-chinese-terms", srcdir)
    return srcdir


def warning_lines(app) -> list[str]:
    text = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    return [line for line in text.splitlines() if "WARNING" in line]


def test_the_chinese_build_names_page_line_catalog_and_words(make_app, rootdir, tmp_path):
    app = make_app("html", srcdir=copy_root(rootdir, tmp_path))
    app.build()
    warnings = warning_lines(app)
    catalog = "(locales/zh_CN/LC_MESSAGES/index.po)"
    expected = [
        ("index.md:14:", "English term 'batch' in Chinese prose", "[batch]"),
        ("index.md:18:", "English term 'loss' in Chinese prose", "损失 (loss)"),
        ("index.md:24:", "the link to the glossary's 'batch' shows '小批'", "批量"),
        ("index.md:26:", "ASCII ':' in a Chinese sentence; write ：", "统计[:]"),
        ("index.md:26:", "ASCII ',' in a Chinese sentence; write ，", "成立[,]"),
        ("index.md:28:", "thousands separators in Chinese prose; the pages write 1000", "[1,000]"),
        ("index.md:30:", "ASCII '()' in a Chinese sentence; write （）", "[(见术语表)]"),
    ]
    assert len(warnings) == len(expected), warnings
    for warning, (where, what, words) in zip(warnings, expected, strict=True):
        assert where in warning and what in warning and words in warning, warning
        assert catalog in warning and "[chinese." in warning
    assert any("chinese.term" in w for w in warnings)
    assert any("chinese.punctuation" in w for w in warnings)
    checks = app.env.get_domain("evidence").checks()["index"]
    assert [(c.kind.value, c.holds) for c in checks if c.kind.value == "wording"] == [
        ("wording", False)
    ]


def test_the_english_build_is_not_checked(make_app, rootdir, tmp_path):
    app = make_app("html", srcdir=copy_root(rootdir, tmp_path), confoverrides={"language": "en"})
    app.build()
    assert warning_lines(app) == []


def test_a_missing_glossary_stops_the_build(make_app, rootdir, tmp_path):
    from sphinx.errors import ConfigError

    with pytest.raises(ConfigError, match=r"chinese_terms_glossary: .*missing\.md does not exist"):
        make_app(
            "html",
            srcdir=copy_root(rootdir, tmp_path),
            confoverrides={"chinese_terms_glossary": "missing.md"},
        )


def test_the_glossary_keeps_every_term_and_short_form():
    known = {term.english: term.chinese for term in chinese_terms.terms(GLOSSARY)}
    for english, (short, chinese) in chinese_terms.SHORT_FORMS.items():
        assert english in known, f"SHORT_FORMS names {english!r}, which the glossary lacks"
        assert chinese in known[english] and known[short] == chinese
    assert {"tensor", "batch", "epoch", "in-place operation", "loss function"} <= set(known)


def example_link(target: str) -> addnodes.pending_xref:
    return addnodes.pending_xref(
        "", nodes.inline("", target), reftype="ref", reftarget=target, refexplicit=False
    )


def test_an_examples_title_without_book_title_marks_is_refused():
    bare = paragraph(
        nodes.Text("取自示例"), example_link("sphx_glr_x.py"), nodes.Text("中的单元格")
    )
    (message,) = found(bare)
    assert "the title of example 'sphx_glr_x.py' stands without 《》" in message
    quoted = paragraph(
        nodes.Text("取自示例《"), example_link("sphx_glr_x.py"), nodes.Text("》中的单元格")
    )
    assert found(quoted) == []


@pytest.mark.parametrize(
    ("english", "chinese", "phrase"),
    [
        (
            "Then run this check on your function:",
            "然后用下面的代码检验你的函数：",
            "run this check",
        ),
        (
            "It is kept in the boxes What the notes said.",
            "收在标题为“笔记原文”的框中。",
            "What the notes said",
        ),
        ("Find the bug. This loop forgets a step.", "找出错误。这个循环少了一步。", "Find the bug"),
    ],
)
def test_a_repeated_phrase_has_one_chinese_form(english, chinese, phrase):
    (message,) = found(with_english(english, nodes.Text(chinese)))
    assert f"the English says {phrase!r}" in message


def test_the_repeated_phrases_in_their_one_form_pass():
    english = "Find the bug: then run this check on it; see What the notes said."
    chinese = "找出错误：然后对它运行下面的检查；见“笔记原文”框。"
    assert found(with_english(english, nodes.Text(chinese))) == []


def test_a_number_with_thousands_separators_in_chinese_prose_is_refused():
    (message,) = found(paragraph(nodes.Text("共有 1,797 张图像")))
    assert "thousands separators in Chinese prose; the pages write 1797" in message
    assert (
        found(paragraph(nodes.Text("调用 "), nodes.literal("", "f(1,000)"), nodes.Text(" 即可")))
        == []
    )
