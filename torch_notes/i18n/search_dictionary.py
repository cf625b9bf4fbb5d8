"""Generate the Chinese search dictionary (jieba) from the glossary and a list of extra words.

    extensions = [..., "torch_notes.i18n.bilingual_glossary", "torch_notes.i18n.search_dictionary"]
    search_dictionary_glossary = "glossary.md"             # its Chinese term names
    search_dictionary_words = str(DOCS / "search_dict_zh.txt")  # one extra word a line

Sphinx's Chinese search splits text with jieba, which cuts compound terms it does not know
(损失函数 into 损失 + 函数), and it reads ``html_search_options["dict"]`` once, when the
builder creates its indexer. On ``config-inited``, before that, this extension writes one
word a line (the glossary's Chinese names, then the extra words, without repeats) into the
doctree directory and points ``html_search_options["dict"]`` at it. Sphinx silently ignores
a dictionary path that does not exist; here a missing glossary, a missing word list or a
glossary without Chinese names stops the build with the path in the message.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError
from sphinx.util import logging

from torch_notes.i18n.bilingual_glossary import glossary_terms

logger = logging.getLogger(__name__)

DICTIONARY_NAME = "search_dict_zh.txt"


def dictionary_words(glossary: Path, extra: Path) -> list[str]:
    """The glossary's Chinese names, then the extra words, each once, in that order."""
    for path, what in (
        (glossary, "search_dictionary_glossary"),
        (extra, "search_dictionary_words"),
    ):
        if not path.is_file():
            raise ConfigError(f"{what}: {path} does not exist")
    names = [zh for _, zh in glossary_terms(glossary)]
    if not names:
        raise ConfigError(f"search_dictionary_glossary: {glossary} has no `term : 中文` lines")
    extra_words = [
        line.split()[0]
        for line in extra.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return list(dict.fromkeys(names + extra_words))


def write_dictionary(app: Sphinx, config: Config) -> None:
    srcdir = Path(app.srcdir)
    words = dictionary_words(
        srcdir / config.search_dictionary_glossary, srcdir / config.search_dictionary_words
    )
    path = Path(app.doctreedir) / DICTIONARY_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(f"{word}\n" for word in words)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    config.html_search_options = {**config.html_search_options, "dict": str(path)}
    logger.debug("search dictionary: %d words in %s", len(words), path)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("search_dictionary_glossary", "glossary.md", "html", str)
    app.add_config_value("search_dictionary_words", "", "html", str)
    app.connect("config-inited", write_dictionary)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
