"""What ``nox -s books`` adds to the pages (torch_notes/commands/books.py), without building a
book: the footer's links to the editions appear, with their sizes, only once they exist; and
the editions' own lines are in their language."""

from __future__ import annotations

from torch_notes.commands import books

PLACEHOLDER = (
    '<footer><p class="offline-books" hidden data-book="../_books/torch-notes-zh_CN">'
    "<span>离线阅读：</span></p></footer>"
)


def test_the_editions_are_linked_with_their_sizes_only_once_they_exist(tmp_path):
    page = tmp_path / "autograd" / "basics.html"
    page.parent.mkdir()
    page.write_text(PLACEHOLDER, encoding="utf-8")
    (tmp_path / "plain.html").write_text("<p>no footer</p>", encoding="utf-8")
    assert 'href="' not in page.read_text(encoding="utf-8")  # the site alone links nothing

    sizes = {".pdf": 9_800_000, ".epub": 3_400_000}
    assert books.link_editions(tmp_path, sizes) == 1
    linked = page.read_text(encoding="utf-8")
    assert linked == (
        '<footer><p class="offline-books" data-book="../_books/torch-notes-zh_CN">'
        '<span>离线阅读：</span> <a href="../_books/torch-notes-zh_CN.pdf">PDF</a> (9.8 MB) · '
        '<a href="../_books/torch-notes-zh_CN.epub">EPUB</a> (3.4 MB)</p></footer>'
    )
    # Made again, the books are linked again with their new sizes, never twice.
    books.link_editions(tmp_path, {".pdf": 1_000_000, ".epub": 2_000_000})
    again = page.read_text(encoding="utf-8")
    assert again.count("<a ") == 2 and "(1.0 MB)" in again and "(2.0 MB)" in again


def test_the_editions_lines_are_translated_from_the_package_catalog():
    chinese = books.translated("zh_CN", books.EDITION)
    assert chinese != str(books.EDITION) and "版" in chinese
    assert books.translated("zh_CN", books.CONTENTS) != "Contents"
    assert books.translated("en", books.CONTENTS) == "Contents"
