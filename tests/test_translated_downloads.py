"""Translating a gallery example's text blocks message by message (translated_downloads.py)."""

from __future__ import annotations

import pytest

from torch_notes.workarounds import translated_downloads as td

CATALOG = {
    "Tracking starts with ``requires_grad``": "从 ``requires_grad`` 开始追踪",
    "A tensor created by the user has no ``grad_fn``: nothing computed it.": "用户创建的张量没有 ``grad_fn``。",
    "Second paragraph.": "第二段。",
}


def test_titles_and_paragraphs_are_translated_with_a_matching_underline():
    text = (
        "Tracking starts with ``requires_grad``\n--------------------------------------\n"
        "A tensor created by the user has no ``grad_fn``:\nnothing computed it.\n\n"
        "Second paragraph.\n"
    )
    translated, missing = td.translate_rst(text, CATALOG.get)
    assert missing == []
    title = "从 ``requires_grad`` 开始追踪"
    assert translated == (
        f"{title}\n{'-' * td.width(title)}\n用户创建的张量没有 ``grad_fn``。\n\n第二段。\n"
    )
    assert td.width(title) == len(title) + 5  # five CJK characters take two columns each


def test_what_the_catalog_lacks_is_reported_and_kept():
    translated, missing = td.translate_rst("Unknown\n=======\n\nSecond paragraph.\n", CATALOG.get)
    assert missing == ["Unknown"]
    assert translated == "Unknown\n=======\n\n第二段。\n"
    _, missing = td.translate_rst("- a list item\n", CATALOG.get)
    assert missing == ["markup this extension does not translate: - a list item"]


def test_only_the_text_of_a_script_changes():
    source = '"""\nSecond paragraph.\n"""\n\nx = 1\n\n# %%\n# Second paragraph.\n\nprint(x)\n'
    blocks = [
        ("text", "Second paragraph.\n", 1),
        ("code", "\nx = 1\n\n", 4),
        ("text", "Second paragraph.\n", 8),
        ("code", "\nprint(x)\n", 9),
    ]
    translated = ["第二段。\n", blocks[1][1], "第二段。\n", blocks[3][1]]
    assert td.translate_script(source, blocks, translated) == (
        '"""\n第二段。\n"""\n\nx = 1\n\n# %%\n# 第二段。\n\nprint(x)\n'
    )
    with pytest.raises(ValueError, match="not written verbatim"):
        td.translate_script("x = 1\n", blocks, translated)


def test_a_docstring_that_gains_backslashes_becomes_raw():
    source = '"""\nTitle\n=====\n"""\nx = 1\n'
    blocks = [("text", "Title\n=====\n", 1), ("code", "x = 1\n", 4)]
    translated = ["标题 :math:`\\sqrt{x}`\n=============\n", blocks[1][1]]
    assert td.translate_script(source, blocks, translated) == (
        'r"""\n标题 :math:`\\sqrt{x}`\n=============\n"""\nx = 1\n'
    )
    with pytest.raises(ValueError, match="cannot make a u-prefixed docstring raw"):
        td.translate_script("u" + source, blocks, translated)


def test_a_script_loses_the_escaped_spaces_that_set_markup_off_from_chinese():
    source = '"""\nTitle\n=====\n"""\nx = 1\n\n# %%\n# Gradients add up.\n\nprint(x)\n'
    blocks = [
        ("text", "Title\n=====\n", 1),
        ("code", "x = 1\n\n", 4),
        ("text", "Gradients add up.\n", 7),
        ("code", "\nprint(x)\n", 8),
    ]
    translated = [
        "标题\\ *强调*\n=============\n",
        blocks[1][1],
        "梯度是\\ *累加*\\ 的：见 ``a\\ b``\\ 。\n",
        blocks[3][1],
    ]
    script = td.translate_script(source, blocks, translated)
    assert script == (
        '"""\n标题*强调*\n=============\n"""\nx = 1\n\n'
        "# %%\n# 梯度是*累加*的：见 ``a\\ b``。\n\nprint(x)\n"
    )


def test_markdown_cells_lose_the_escaped_spaces_that_set_markup_off_from_chinese():
    markdown = "梯度是\\ *累加*\\ 的：见 ``a\\ b`` 与 `c\\ d`。"
    assert td.without_escaped_spaces(markdown) == "梯度是*累加*的：见 ``a\\ b`` 与 `c\\ d`。"
