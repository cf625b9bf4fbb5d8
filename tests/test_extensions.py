"""The small Sphinx extensions other than the claim mechanism."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest
from sphinx.errors import ConfigError

import torch_notes
from torch_notes import sitewide
from torch_notes.gallery import hygiene as gallery_hygiene
from torch_notes.gallery import order as gallery_order
from torch_notes.pages import language_switcher
from torch_notes.paths import ROOT


def test_language_links_are_relative_to_the_page():
    links = language_switcher.language_links("autograd/basics", "en", sitewide.LANGUAGES, ".html")
    assert links == [
        {
            "code": "en",
            "name": "English",
            "current": True,
            "hreflang": "en",
            "href": "../../en/autograd/basics.html",
        },
        {
            "code": "zh_CN",
            "name": "简体中文",
            "current": False,
            "hreflang": "zh-CN",
            "href": "../../zh_CN/autograd/basics.html",
        },
    ]
    assert (
        language_switcher.language_links("index", "zh_CN", sitewide.LANGUAGES[:1], ".html")[0][
            "href"
        ]
        == "../en/index.html"
    )


def test_examples_follow_the_header_order(tmp_path):
    (tmp_path / "GALLERY_HEADER.rst").write_text(
        "Title\n-----\n\n.. example order:\n   plot_b.py\n   plot_a.py\n\nMore text\n"
    )
    key = gallery_order.HeaderOrder(tmp_path)
    assert sorted(["plot_a.py", "plot_b.py"], key=key) == ["plot_b.py", "plot_a.py"]
    with pytest.raises(
        ConfigError, match=r"plot_c.py is not in the example order of .*GALLERY_HEADER"
    ):
        key("plot_c.py")


def make_generated(folder, stem, *suffixes):
    folder.mkdir(parents=True, exist_ok=True)
    for suffix in suffixes:
        (folder / f"{stem}{suffix}").write_text("x")


def test_leftovers_of_removed_and_failed_examples_are_found(tmp_path):
    examples, gallery = tmp_path / "gallery", tmp_path / "auto_examples"
    (examples / "sec").mkdir(parents=True)
    for stem in ("plot_kept", "plot_failed"):
        (examples / "sec" / f"{stem}.py").write_text("")
    complete = (".py", ".py.md5", ".ipynb", ".rst", ".facts.json")
    make_generated(gallery / "sec", "plot_kept", *complete)
    make_generated(gallery / "sec", "plot_removed", *complete)
    make_generated(gallery / "sec", "plot_failed", ".py", ".rst")  # crashed: no .md5, no .ipynb
    make_generated(gallery / "sec" / "images", "sphx_glr_plot_removed_001", ".png")
    make_generated(gallery / "gone", "plot_x", *complete)  # a whole section was removed

    stale = {str(p.relative_to(gallery)) for p in gallery_hygiene.stale_outputs(examples, gallery)}
    assert not any("plot_kept" in name for name in stale)
    assert {
        "sec/plot_removed.rst",
        "sec/plot_removed.facts.json",
        "sec/plot_failed.py",
        "sec/images/sphx_glr_plot_removed_001.png",
        "gone/plot_x.ipynb",
    } <= stale


@pytest.mark.sphinx("html", testroot="i18n", freshenv=True)
def test_untranslated_and_fuzzy_messages_fail_with_catalog_and_message(app):
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    assert "Translated paragraph" not in warnings
    assert (
        "untranslated text in locales/zh_CN/LC_MESSAGES/index.po: the translation is marked fuzzy"
    ) in warnings
    assert "'Changed paragraph.'" in warnings
    assert "the message is not in the catalog" in warnings
    assert "'New paragraph.'" in warnings
    # Alt text: Sphinx translates it without marking the image translated.
    assert "A translated dot" not in warnings
    assert "'An untranslated dot'" in warnings
    # The erratum box titles itself in the page's language; that is not a missing translation.
    assert "此处已过时" not in warnings
    # Its label ends in a full-width colon, so the quotation follows it without a space.
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert '<strong>笔记原文：</strong><span class="note-quote"' in html, html

    # Translated, but reStructuredText did not see the markup next to Chinese characters.
    markup = [line for line in warnings.splitlines() if "markup shown as plain text" in line]
    assert len(markup) == 2, warnings
    assert "markup.rst:3:" in markup[0] and "LC_MESSAGES/markup.po): ``" in markup[0]
    assert "markup.rst:7:" in markup[1] and "markup.po): *叶子* in" in markup[1]
    # A role glued to Chinese text is half-parsed; docutils itself warns about it.
    assert "markup.rst:7:<translated>:1: WARNING: Inline interpreted text" in warnings
    assert "对损失调用``backward()``。" in warnings and "调用\\ ``x``\\ 。" in warnings


# -- Translation parity (torch_notes/i18n/parity.py) ------------------------------------------

PARITY_CATALOG = "locales/zh_CN/LC_MESSAGES/index.po"


def build_parity(
    make_app, rootdir, tmp_path, old: str = "", new: str = ""
) -> tuple[str, list[str]]:
    """Build a fresh copy of tests/roots/test-parity, its catalog edited; return HTML, warnings."""
    srcdir = tmp_path / "parity"
    shutil.copytree(rootdir / "test-parity", srcdir)
    catalog = srcdir / PARITY_CATALOG
    text = catalog.read_text(encoding="utf-8")
    assert old in text
    catalog.write_text(text.replace(old, new), encoding="utf-8")
    app = make_app("html", srcdir=srcdir)
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    return html, [line for line in warnings.splitlines() if "WARNING" in line]


@pytest.mark.parametrize(
    ("old", "new"),
    [("两张 3 通道的", "两张三通道的"), ("两张 3 通道的", "两张3通道的"), ("一维", "1 维")],
)
def test_a_number_joined_to_a_word_may_take_its_chinese_form(make_app, rootdir, tmp_path, old, new):
    _, warnings = build_parity(make_app, rootdir, tmp_path, old, new)
    assert warnings == []


def test_a_faithful_translation_keeps_everything(make_app, rootdir, tmp_path):
    html, warnings = build_parity(make_app, rootdir, tmp_path)
    assert warnings == []
    assert "梯度为" in html
    # A cited document keeps its address and takes the translated title.
    assert 'href="https://example.org/release-0.4">发行说明</a>' in html


@pytest.mark.parametrize(
    ("old", "new", "lost"),
    [
        ("梯度为 {claim}`4.5 <example.grad>`。", "梯度为 4.6。", "claim '4.5 <example.grad>'"),
        ("梯度为 {claim}`4.5 <example.grad>`。", "梯度为 4.5。", "claim '4.5 <example.grad>'"),
        ("名字是 {fact}`example.name`，", "名字是 AddBackward0，", "fact 'example.name'"),
        (
            "打印的是 {note}`001:grad_fn=<AddBackward>`",
            "打印的是 grad_fn",
            "note quote '001:grad_fn=<AddBackward>'",
        ),
        ("对含 2 个元素", "对含 3 个元素", "number '2'"),
        # A number joined to a word counts too: "3-channel", "1-D".
        ("两张 3 通道的", "两张 4 通道的", "number '3'"),
        ("一个一维张量", "一个二维张量", "number '1'"),
        ("调用 `backward()`", "调用 `forward()`", "code 'backward()'"),
        ("见 {math}`x^2`", "见 {math}`x^3`", "math 'x^2'"),
        ("[PyTorch](https://pytorch.org)。", "PyTorch。", "link 'https://pytorch.org'"),
        (
            "（{cited}`发行说明 <https://example.org/release-0.4>`）",
            "",
            "link 'https://example.org/release-0.4'",
        ),
    ],
)
def test_a_translation_that_drops_or_changes_something_fails_naming_catalog_and_message(
    make_app, rootdir, tmp_path, old, new, lost
):
    _, warnings = build_parity(make_app, rootdir, tmp_path, old, new)
    (warning,) = warnings
    assert "index.md:" in warning
    assert f"the translation in {PARITY_CATALOG} drops or changes {lost}" in warning


@pytest.mark.parametrize(
    "new",
    [
        "每一步都会累加梯度。",  # the last sentence dropped: every number and code span kept
        "每一步都会累加梯度，下一步之前要先清零。",  # two sentences run together with a comma
    ],
)
def test_a_translation_with_fewer_sentences_than_its_english_fails(
    make_app, rootdir, tmp_path, new
):
    _, warnings = build_parity(
        make_app, rootdir, tmp_path, "每一步都会累加梯度。下一步之前要先清零。", new
    )
    (warning,) = warnings
    assert "index.md:" in warning
    assert (
        f"the translation in {PARITY_CATALOG} has 1 sentence(s) where its message has 2" in warning
    )


def test_a_merge_a_translator_comment_declares_passes(make_app, rootdir, tmp_path):
    old = (
        'msgid "Each step adds to the gradient. Clear it before the next step."\n'
        'msgstr "每一步都会累加梯度。下一步之前要先清零。"'
    )
    merged = (
        "# merged: one sentence reads better in Chinese here\n"
        'msgid "Each step adds to the gradient. Clear it before the next step."\n'
        'msgstr "每一步都会累加梯度，下一步之前要先清零。"'
    )
    _, warnings = build_parity(make_app, rootdir, tmp_path, old, merged)
    assert warnings == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("对含 2 个元素", "对含两个元素"),  # a numeral word for a number of the English
        ("一批两张", "一批两张"),  # "two" in words
        ("梯度为", "两者的梯度为"),  # 两者: "they", a pronoun
    ],
)
def test_a_chinese_numeral_word_that_states_the_english_number_passes(
    make_app, rootdir, tmp_path, old, new
):
    _, warnings = build_parity(make_app, rootdir, tmp_path, old, new)
    assert warnings == []


@pytest.mark.parametrize(
    ("old", "new", "stated"),
    [
        ("一批两张", "一批五张", "批五张 (5)"),  # "two" in the English
        ("梯度为", "两次之后梯度为", "两次 (2)"),  # no number at all
        ("，和一个一维张量", "，和十二个一维张量", "和十二个 (12)"),
    ],
)
def test_a_chinese_numeral_word_the_english_does_not_state_fails(
    make_app, rootdir, tmp_path, old, new, stated
):
    _, warnings = build_parity(make_app, rootdir, tmp_path, old, new)
    (warning,) = warnings
    assert "index.md:" in warning
    assert f"the translation in {PARITY_CATALOG} states {stated}" in warning
    assert "a number its message does not state" in warning


def test_a_numeral_word_for_another_number_both_drops_and_adds(make_app, rootdir, tmp_path):
    _, warnings = build_parity(make_app, rootdir, tmp_path, "对含 2 个元素", "对含三个元素")
    assert len(warnings) == 2
    assert "drops or changes number '2'" in warnings[0]
    assert "states 含三个 (3)" in warnings[1]


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("第二次反向传播之后", ["2"]),
        ("把十二个数读成 3 行", ["12"]),
        ("二十个样本", ["20"]),
        ("一维张量与三通道图像", ["1", "3"]),
        ("每一层、这一维、同一层、一样、统一", []),  # 一 as "each", "this", "same"
        ("四舍五入、最小二乘法、二元组、十分重要、两者都", []),  # no count
    ],
)
def test_chinese_numeral_words_read_as_numbers(text, numbers):
    from torch_notes.i18n.parity import chinese_numerals

    assert [number for number, _ in chinese_numerals(text)] == numbers


def test_a_list_or_shape_written_as_chinese_writes_it_states_the_same_values():
    from torch_notes.evidence.model.records import Printed
    from torch_notes.evidence.model.values import matches
    from torch_notes.i18n.parity import claim_value

    assert matches("0、4、8", [0, 4, 8]) and matches("(5, 3)", [5, 3])
    assert matches("0.weight、0.bias", "0.weight, 0.bias")  # a line of names
    assert matches("0.weight、0.bias", Printed("0.weight, 0.bias\n"))  # what a snippet printed
    assert not matches("0.weight、1.bias", Printed("0.weight, 0.bias\n"))
    assert not matches("0、4、9", [0, 4, 8]) and not matches("0.weight、0.bia", "0.weight, 0.bias")
    assert claim_value("5, 3") == claim_value("(5, 3)") == claim_value("5、3") == "5, 3"


def test_an_inserted_list_is_separated_as_the_page_s_language_separates_it():
    from torch_notes.evidence.markup.facts import list_separator
    from torch_notes.evidence.model.values import format_value

    devices = ["cpu", "cuda"]
    assert format_value(devices, "", list_separator("en")) == "cpu, cuda"
    assert format_value(devices, "", list_separator("zh_CN")) == "cpu、cuda"
    assert format_value([0.25, 0.5], ".1f", list_separator("zh_CN")) == "0.2、0.5"


def test_english_numbers_in_words_count():
    from torch_notes.i18n.parity import english_numbers

    assert english_numbers("Both passes run twice; the second of three 4-D tensors") >= {
        "2",
        "3",
        "4",
    }


# -- Catalogs read strictly (torch_notes/i18n/catalog_syntax.py) ------------------------------


def test_a_catalog_with_a_syntax_error_fails_naming_file_and_line(make_app, rootdir, tmp_path):
    # Babel reads this message with its last character cut off, silently; msgfmt refuses it.
    _, warnings = build_parity(
        make_app,
        rootdir,
        tmp_path,
        'msgstr "梯度为 {claim}`4.5 <example.grad>`。"',
        'msgstr "梯度为 {claim}`4.5 <example.grad>`。',
    )
    assert any(
        f"{PARITY_CATALOG}:9: WARNING: a string must open and close with a double quote" in w
        for w in warnings
    ), warnings


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('msgid "a"\nmsgstr "b\\q"\n', "invalid escape sequence \\q"),
        ('msgid "a"\n"b"\n', "keywords out of order or missing: msgid"),
        ('msgid "a\\n"\nmsgstr "b"\n', "msgid and msgstr do not both end with a newline"),
        ('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', "message defined twice"),
        ('#, python-brace-format\nmsgid "{n} x"\nmsgstr "{m} x"\n', "python-brace-format"),
        ('msgid "a"\nmsgstr "b" c\n', "a string must open and close"),
        ("msgid 'a'\nmsgstr \"b\"\n", "a string must open and close"),
    ],
)
def test_what_msgfmt_refuses_is_found(tmp_path, text, problem):
    from torch_notes.i18n.catalog_syntax import problems

    catalog = tmp_path / "page.po"
    catalog.write_text('msgid ""\nmsgstr ""\n"Language: zh_CN\\n"\n\n' + text, encoding="utf-8")
    found = [message for _, message in problems(catalog)]
    assert any(problem in message for message in found), found


def test_every_catalog_of_the_project_is_valid_for_msgfmt():
    from torch_notes.i18n.catalog_syntax import problems

    found = [
        f"{path.relative_to(ROOT)}:{line}: {problem}"
        for path in sorted(ROOT.glob("docs/**/*.po")) + sorted(ROOT.glob("torch_notes/**/*.po"))
        for line, problem in problems(path)
    ]
    assert found == []


def extension_modules() -> set[str]:
    """The package's modules whose ``setup(app)`` returns an extension's metadata."""
    package = Path(torch_notes.__file__).parent
    found = set()
    for path in package.rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not (isinstance(node, ast.FunctionDef) and node.name == "setup" and node.returns):
                continue
            if ast.unparse(node.returns).startswith("dict"):  # metadata: not a helper's setup
                parts = path.relative_to(package.parent).with_suffix("").parts
                found.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found - {"torch_notes"}


def test_the_site_registers_the_package_once_and_it_sets_up_every_extension():
    conf = ast.parse((ROOT / "docs" / "conf.py").read_text(encoding="utf-8"))
    [listed] = [
        ast.literal_eval(node.value)
        for node in conf.body
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "extensions"
    ]
    assert [name for name in listed if name.startswith("torch_notes")] == ["torch_notes"]
    assert len(set(torch_notes.EXTENSIONS)) == len(torch_notes.EXTENSIONS)
    assert set(torch_notes.EXTENSIONS) == extension_modules()


def test_every_event_priority_is_a_named_one():
    """A number written at a handler would hide where it sits against the others."""
    for path in Path(torch_notes.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith(".connect"):
                for keyword in node.keywords:
                    if keyword.arg == "priority":
                        assert ast.unparse(keyword.value).startswith("priorities."), (
                            f"{path.name}:{node.lineno}"
                        )


# -- Display formulas stay out of the catalogs (torch_notes/i18n/untranslated_formulas.py) -----


@pytest.mark.parametrize("with_extension", [True, False], ids=["extension", "sphinx-default"])
def test_a_display_formula_is_not_extracted_but_its_sentence_is(make_app, tmp_path, with_extension):
    srcdir = tmp_path / "formulas"
    srcdir.mkdir()
    extensions = ["torch_notes.i18n.untranslated_formulas"] if with_extension else []
    (srcdir / "conf.py").write_text(f"extensions = {extensions!r}\n", encoding="utf-8")
    (srcdir / "index.rst").write_text(
        "Formulas\n========\n\nThe sum :math:`s = a + b` is inline.\n\n"
        ".. math::\n\n   C_{ij} = \\sum_k A_{ik} B_{kj}\n",
        encoding="utf-8",
    )
    app = make_app("gettext", srcdir=srcdir)
    app.build()
    catalog = (app.outdir / "index.pot").read_text(encoding="utf-8")
    assert "The sum :math:`s = a + b` is inline." in catalog
    # Without the extension Sphinx copies the formula into the catalog: the test can tell.
    assert ("C_{ij}" in catalog) is not with_extension
