"""Make the Chinese site's search work in the browser (Sphinx 9.0, sphinx-doc/sphinx#14229).

    extensions = [..., "torch_notes.workarounds.chinese_search"]

Sphinx's Chinese search splits words with jieba and stems Latin words with the English
Snowball stemmer, so the ``language_data.js`` it writes holds ``EnglishStemmer`` only; but
Sphinx 9.0 names the stemmer after the language and ends the file with
``window.Stemmer = ChineseStemmer;``. Every search on the Chinese site then stops with
"ChineseStemmer is not defined" and finds nothing, although the index is complete. This
registers the same Chinese search under the name of the stemmer it really ships. Sphinx's
fix (sphinx-doc/sphinx#14416) takes the name from the stemmer file instead, and this
extension is harmless, and removable, once a release has it. ``tests/test_browser.py``
searches the Chinese site in Chromium.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.search import languages
from sphinx.search.zh import SearchChinese


class SearchChineseWithEnglishStemmer(SearchChinese):
    """Sphinx's Chinese search; ``language_name`` names the JS stemmer class it ships."""

    language_name = SearchChinese.js_stemmer_rawcode.removesuffix("-stemmer.js").capitalize()


def setup(app: Sphinx) -> dict[str, Any]:
    languages["zh"] = SearchChineseWithEnglishStemmer
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
