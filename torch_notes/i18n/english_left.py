"""English words left on a built Chinese page: in its prose, and in what a screen reader says.

A Chinese page may show English in code, outputs, math and the names of things; anywhere
else an English word is a translation that never happened: a generated alt text ("plot
classify digits"), a "notebook" in a sentence, an attribute no catalog holds. This reads the
article of each built page (``<article class="bd-article">``) as a reader meets it, and its
``alt``, ``title`` and ``aria-label`` attributes as a screen reader does, and names every
English word that is not

* code: inside ``<code>``, ``<pre>``, ``<kbd>``, ``<math>`` or a block the site marks as not
  prose (``highlight``, ``notranslate``, the notes' quotes), or a value the build inserted
  (``checked-fact``: what the code printed, such as the names of layers);
* a name: an API name (``Tensor.view``, ``state_dict``, ``2.13.0+cpu``, ``dy/dx``: dots,
  underscores, digits, slashes joined to it, or capitals after the first letter), a word
  with a capital first letter (a class or a proper noun: ``Sequential``, ``Gluon``), Python's
  constants, or one of :data:`NAMES`;
* an English gloss after a Chinese term, in full-width parentheses: ``张量（tensor）``, or a
  quotation in Chinese quotation marks (PyTorch's own message, “can result in …”);
* a unit or an abbreviation in capitals (``GPU``, ``MB``).

In an attribute, where code has no markup (``alt="z.backward(retain_graph=True)"``), only
a phrase counts: two English words or more in a row (``alt="plot classify digits"``).

``torch_notes.commands.check_site`` runs it on every Chinese page of the site.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from torch_notes import sitewide

# Proper nouns and the names of tools, papers' authors and file formats a Chinese page names
# as they are. An entry is written as the page writes it; a word not here is English prose.
NAMES = frozenset(
    {
        *("torch-notes", "scikit-learn", "sklearn", "matplotlib", "pickle", "zip", "pip"),
        *("conda", "venv", "nox", "pytest", "torchvision", "jieba", "sphinx-gallery", "myst-nb"),
        *("softmax", "log-softmax", "log-sum-exp", "logit", "sigmoid", "tanh"),
        *("fork", "spawn", "forkserver", "collate", "digits"),  # start methods, dataset names
    }
)
# Elements whose text is code or a quotation, not prose of the page.
NOT_PROSE_TAGS = frozenset({"code", "pre", "kbd", "samp", "math", "script", "style", "svg"})
NOT_PROSE_CLASSES = frozenset(
    {"highlight", "notranslate", "note-quote", "note-words", "release-diff", "checked-fact"}
)
SPOKEN = ("alt", "title", "aria-label")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")
# A name, not a word: an API (a dot, an underscore, a digit, a plus or a slash joined to
# it, inner capitals), or a word with a capital first letter (a class, a proper noun).
NAME_AROUND = re.compile(r"[\w.+/#-]*[._\d+/#][\w.+/#-]*|[a-z]+[A-Z]\w*|\b[A-Z][\w-]*")
# An English gloss after a Chinese term, and a quotation in Chinese quotation marks.
GLOSS = re.compile(f"(?<=[{sitewide.HAN_RANGES}])（[^（）{sitewide.HAN_RANGES}]+）")
QUOTED = re.compile(f"“[^“”{sitewide.HAN_RANGES}]+”")
# A phrase: two English words or more in a row, separated by single spaces.
PHRASE = re.compile(r"(?<![\w(=.,*])[a-z][a-z'-]+(?: [a-z][a-z'-]+)+(?![\w(=.])")


def english_words(text: str) -> list[str]:
    """The English words of a Chinese text: not names, glosses, quotations or capitals."""
    text = QUOTED.sub(" ", GLOSS.sub(" ", text))
    text = NAME_AROUND.sub(" ", text)
    return [word for word in WORD.findall(text) if word not in NAMES and len(word) > 1]


def english_phrases(value: str) -> list[str]:
    """The English phrases of an attribute's value, where code is not marked as code."""
    return [phrase for phrase in PHRASE.findall(value) if phrase not in NAMES]


class ArticleReader(HTMLParser):
    """The prose and the spoken attributes of a page's article."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # inside <article class="bd-article"> when > 0
        self.skipping: list[int] = []  # depths of open elements that are not prose
        self.prose: list[str] = []
        self.spoken: list[tuple[str, str]] = []  # (attribute, value)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = set((attributes.get("class") or "").split())
        if not self.depth:
            if tag == "article" and "bd-article" in classes:
                self.depth = 1
            return
        if tag in ("br", "img", "hr", "input", "meta", "link", "source", "wbr"):
            self.spoken += self.said(attributes)
            return
        self.depth += 1
        if tag in NOT_PROSE_TAGS or classes & NOT_PROSE_CLASSES:
            self.skipping.append(self.depth)
        elif not self.skipping:
            self.spoken += self.said(attributes)

    def said(self, attributes: dict[str, str | None]) -> list[tuple[str, str]]:
        return [(name, attributes[name] or "") for name in SPOKEN if attributes.get(name)]

    def handle_endtag(self, tag: str) -> None:
        if not self.depth:
            return
        if self.skipping and self.skipping[-1] == self.depth:
            self.skipping.pop()
        self.depth -= 1
        if self.depth == 0:
            self.prose.append("\n")

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skipping:
            self.prose.append(data)


def english_left(html: str) -> list[str]:
    """Each English word of a built Chinese page's article, with where it stands."""
    reader = ArticleReader()
    reader.feed(html)
    found = []
    for paragraph in "".join(reader.prose).split("\n"):
        if not sitewide.HAN.search(paragraph):
            continue  # a line of a name, a number or a formula alone
        for word in english_words(paragraph):
            at = paragraph.find(word)
            found.append(f"{word!r} in “{' '.join(paragraph[max(0, at - 15) : at + 25].split())}”")
    for attribute, value in reader.spoken:
        if phrases := english_phrases(value):
            found.append(f"{', '.join(map(repr, phrases))} in {attribute}=“{value[:60]}”")
    return found
