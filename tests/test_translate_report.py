"""`nox -s translate` ends with one line per catalog that needs work, and nothing else
(torch_notes/commands/translate.py)."""

from __future__ import annotations

from torch_notes.commands.translate import report

CATALOG = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Done."
msgstr "完成。"

msgid "Not yet."
msgstr ""

#, fuzzy
msgid "Changed."
msgstr "旧的。"
"""


def test_each_catalog_that_needs_work_is_one_line(tmp_path):
    folder = tmp_path / "docs" / "locales" / "zh_CN" / "LC_MESSAGES" / "tensors"
    folder.mkdir(parents=True)
    (folder / "memory.po").write_text(CATALOG, encoding="utf-8")
    (folder / "done.po").write_text(CATALOG.split('msgid "Not yet."')[0], encoding="utf-8")
    lines = report(tmp_path / "docs" / "locales", "zh_CN")
    assert lines == [
        "zh_CN: docs/locales/zh_CN/LC_MESSAGES/tensors/memory.po: 1 untranslated, 1 fuzzy"
    ]


def test_a_language_with_nothing_left_says_so_in_one_line(tmp_path):
    folder = tmp_path / "docs" / "locales" / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "index.po").write_text(CATALOG.split('msgid "Not yet."')[0], encoding="utf-8")
    assert report(tmp_path / "docs" / "locales", "zh_CN") == [
        "zh_CN: all 1 catalogs translated, none fuzzy"
    ]
