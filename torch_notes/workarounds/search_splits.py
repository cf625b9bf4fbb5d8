"""Split each distinct text once for the Chinese search index.

    "torch_notes.workarounds.search_splits"        (in torch_notes.EXTENSIONS)

Sphinx's Chinese search (``sphinx.search.zh.SearchChinese.split``) cuts every text node it
indexes with jieba, and the pages repeat much of their text (code, outputs, headings): 11,190
texts, 6,025 of them distinct, in one Chinese build. This keeps each text's words and gives
them back when the same text comes again; the index is the same.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from sphinx.application import Sphinx
from sphinx.search.zh import SearchChinese

_split = SearchChinese.split


@cache
def _words(self: SearchChinese, text: str) -> tuple[str, ...]:
    return tuple(_split(self, text))


def split(self: SearchChinese, text: str) -> list[str]:
    words = _words(self, text)
    # What Sphinx's own split remembers of each text, also when the words come from the cache.
    self.latin_terms.update(term.strip() for term in self.latin1_letters.findall(text))
    return list(words)


def setup(app: Sphinx) -> dict[str, Any]:
    setattr(SearchChinese, "split", split)  # noqa: B010 - mypy refuses a method assignment
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
