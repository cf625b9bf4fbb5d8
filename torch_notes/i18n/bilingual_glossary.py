"""Glossary terms shown in both languages: "tensor (张量)" in English, "张量（tensor）" in Chinese.

Write each term once, with its Chinese name after `` : `` (the glossary's classifier):

    ```{glossary}
    tensor : 张量
      A block of numbers of one dtype, with a shape, ...
    ```

and link it from any page with `` {term}`tensor` `` (in a catalog: `` {term}`张量 <tensor>` ``).
Both names live in the source, so neither depends on a translator: the term line is taken
out of the catalogs, and only the definitions are translated. The English name stays the
link target in every language. ``glossary_terms`` reads the pairs from the source file, for
tools that need them before Sphinx reads anything (the search dictionary, see
``search_dictionary.py``). A term without a Chinese name is reported with its location.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

logger = logging.getLogger(__name__)

GLOSSARY_BLOCK = re.compile(r"^```\{glossary\}[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
TERM_LINE = re.compile(r"^(?P<en>\S[^\n]*?) : (?P<zh>[^\n]+?)\s*$", re.MULTILINE)


def glossary_terms(path: Path) -> list[tuple[str, str]]:
    """The (English, Chinese) pairs of the ``{glossary}`` blocks of a MyST file, in order."""
    text = path.read_text(encoding="utf-8")
    return [
        (m["en"], m["zh"])
        for block in GLOSSARY_BLOCK.findall(text)
        for m in TERM_LINE.finditer(block)
        if not m["en"].startswith(":")
    ]


class BilingualTerms(SphinxTransform):
    """Show both names of each glossary term, the page's language first."""

    default_priority = 15  # before sphinx.transforms.i18n.Locale (20) would translate the term

    def apply(self, **kwargs: Any) -> None:
        chinese_first = self.config.language.startswith("zh")
        for glossary in self.document.findall(addnodes.glossary):
            for term in list(glossary.findall(nodes.term)):
                index = next(iter(term.findall(addnodes.index)), None)
                if index is None or not index["entries"]:
                    continue
                kind, text, node_id, main, counterpart = index["entries"][0]
                if not counterpart:
                    logger.warning(
                        "glossary term %r has no Chinese name: write `%s : 中文`",
                        text,
                        text,
                        location=term,
                    )
                    continue
                # The classifier is Sphinx's index key; the index should sort the term normally.
                index["entries"] = [(kind, text, node_id, main, None)]
                term["translatable"] = False
                english = [child for child in term.children if child is not index]
                for child in english:
                    term.remove(child)
                if chinese_first:
                    shown = [
                        nodes.Text(counterpart),
                        nodes.inline(
                            "",
                            "",
                            nodes.Text("（"),
                            *english,
                            nodes.Text("）"),
                            classes=["term-counterpart"],
                        ),
                    ]
                else:
                    shown = [
                        *english,
                        nodes.inline("", f" ({counterpart})", classes=["term-counterpart"]),
                    ]
                term.insert(0, shown)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_transform(BilingualTerms)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
