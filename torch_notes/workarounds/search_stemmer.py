"""Stem each distinct word once when Sphinx builds its search index.

    extensions = [..., "torch_notes.workarounds.search_stemmer"]

Sphinx's English and Chinese search languages stem every word of every page with
snowballstemmer's pure-Python English stemmer, again for each occurrence: about 13,000 calls
per language here, for a few thousand distinct words, about 1 s of the writing phase (more in
Chinese, where the Latin words of the code and glossary are stemmed too). A stem depends on
the word alone, so this gives the index's language a stemmer that remembers its answers; the
index, and so ``searchindex.js``, is the same.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from sphinx.application import Sphinx
from sphinx.search import IndexBuilder


class RememberingStemmer:
    """A snowballstemmer stemmer whose ``stemWord`` answers each distinct word once."""

    def __init__(self, stemmer: Any) -> None:
        self.stemmer = stemmer
        self.stemWord = lru_cache(maxsize=None)(stemmer.stemWord)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stemmer, name)


def remember_stems(indexer: IndexBuilder) -> None:
    stemmer = getattr(indexer.lang, "stemmer", None)
    if stemmer is not None and not isinstance(stemmer, RememberingStemmer):
        # Only some languages' SearchLanguage has a stemmer (English's), so it is not declared.
        setattr(indexer.lang, "stemmer", RememberingStemmer(stemmer))  # noqa: B010


_original_init = IndexBuilder.__init__


def _init(self: IndexBuilder, *args: Any, **kwargs: Any) -> None:
    _original_init(self, *args, **kwargs)
    remember_stems(self)


def setup(app: Sphinx) -> dict[str, Any]:
    # The builder makes its indexer in prepare_writing; mypy refuses a plain method assignment.
    setattr(IndexBuilder, "__init__", _init)  # noqa: B010
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
