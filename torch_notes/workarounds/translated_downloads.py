"""Offer the gallery's downloads in the reader's language: translated text, the same code.

    extensions = [..., "sphinx_gallery.gen_gallery", "torch_notes.workarounds.translated_downloads"]

sphinx-gallery writes one ``.py``, ``.ipynb`` and ``.zip`` per example, in English, and the
HTML builder copies them into ``_downloads/<hash>/``. In a translated build this extension
then rewrites the copies of the script and the notebook (``torch_notes.gallery.downloads``
makes the archives again from them): every title and paragraph of the example's text (its
docstring and each ``# %%`` text cell, and the notebook's markdown cells made from them) is
looked up in the catalog of the example's page, ``locales/<lang>/LC_MESSAGES/<gallery_dir>/
<section>/plot_<name>.po``, the same message the page itself shows. Code is never touched, so the
translated download runs exactly as the English one.

Messages are split the way Sphinx extracts them from the generated page: a title is its
text, a paragraph its lines joined by spaces. Text that cannot be translated (no entry, an
empty or fuzzy one, markup this module does not split) is reported as a warning naming the
example, so ``-W`` fails instead of shipping English in a Chinese download. English builds
are not touched.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from itertools import count
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes import sitewide
from torch_notes.gallery.downloads import gallery_downloads
from torch_notes.sitewide import DOWNLOAD_BUILDERS

logger = logging.getLogger(__name__)

UNDERLINE = re.compile(r"^([=\-~^\"'`#*+<>_:.])\1+\s*$")
UNSUPPORTED = re.compile(r"^(\.\. |[-*+] |\d+\. |\s)")


def width(text: str) -> int:
    """Columns ``text`` takes in a monospaced font (what docutils wants of an underline)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def translate_rst(text: str, translate: Callable[[str], str | None]) -> tuple[str, list[str]]:
    """Translate the titles and paragraphs of one text block; return it and what failed.

    ``translate`` maps a message (as Sphinx extracts it) to its translation, or None.
    """
    out: list[str] = []
    missing: list[str] = []

    def paragraph(lines: list[str]) -> None:
        if not lines:
            return
        if any(UNSUPPORTED.match(line) for line in lines) or lines[-1].endswith("::"):
            missing.append("markup this extension does not translate: " + lines[0])
            out.extend(lines)
            return
        message = " ".join(line.strip() for line in lines)
        translated = translate(message)
        if translated is None:
            missing.append(message)
        out.append(translated if translated is not None else "\n".join(lines))

    for chunk in re.split(r"\n[ \t]*\n", text.strip("\n")):
        lines = chunk.splitlines()
        if len(lines) >= 2 and lines[0].strip() and UNDERLINE.match(lines[1]):
            title = lines[0].strip()
            translated = translate(title)
            if translated is None:
                missing.append(title)
                translated = title
            out.append(translated + "\n" + lines[1][0] * width(translated))
            if lines[2:]:  # a paragraph right under the title, without a blank line
                title_line = out.pop()
                paragraph(lines[2:])
                out.append(title_line + "\n" + out.pop())
        else:
            paragraph(lines)
    return "\n\n".join(out) + "\n", missing


def as_comment(text: str) -> str:
    """A text block as the ``# `` lines it is written as after ``# %%``."""
    return "\n".join(f"# {line}" if line else "#" for line in text.rstrip("\n").split("\n"))


def raw_docstring(opening: str) -> str:
    """Make the docstring that ``opening`` starts raw, so that rST's backslashes stay as written."""
    match = re.search(r"([rRuU]?)(\"\"\"|''')\s*$", opening)
    if match is None:
        raise ValueError("the docstring does not start with triple quotes")
    if match[1] in ("r", "R"):
        return opening
    if match[1]:
        raise ValueError(f"cannot make a {match[1]}-prefixed docstring raw")
    return opening[: match.start()] + "r" + opening[match.start() :]


def translate_script(source: str, blocks: list[tuple[str, str, int]], translated: list[str]) -> str:
    """Replace each text block of ``source`` by its translation, leaving the code alone.

    The script is read as it stands, not rendered: the escaped spaces that set markup off
    from Chinese text would show as stray backslashes, so they are dropped outside code.
    """
    result, position = [], 0
    for (kind, content, lineno), new in zip(blocks, translated, strict=True):
        if kind != "text":
            continue
        new = without_escaped_spaces(new)
        for old_form, new_form in (
            (content.strip("\n"), new.strip("\n")),
            (as_comment(content), as_comment(new)),
        ):
            found = source.find(old_form, position)
            if found >= 0:
                before = source[position:found]
                if lineno == 1 and "\\" in new_form:
                    before = raw_docstring(before)
                result += [before, new_form]
                position = found + len(old_form)
                break
        else:
            raise ValueError(
                f"the text block at line {lineno} is not written verbatim in the script"
            )
    return "".join(result) + source[position:]


def translate_notebook(
    notebook: dict[str, Any],
    blocks: list[tuple[str, str, int]],
    translated: list[str],
    to_markdown: Callable[[str, Any], str],
) -> dict[str, Any]:
    """Replace the markdown cells (one per text block, in order) by translated ones."""
    cells = [c for c in notebook["cells"] if c["cell_type"] == "markdown"]
    texts = [
        (content, new)
        for (kind, content, _), new in zip(blocks, translated, strict=True)
        if kind == "text"
    ]
    if len(cells) != len(texts):
        raise ValueError(f"{len(cells)} markdown cells for {len(texts)} text blocks")
    old_counter, new_counter = count(1), count(1)  # heading levels, as fill_notebook numbers them
    old_levels: defaultdict[str, int] = defaultdict(lambda: next(old_counter))
    new_levels: defaultdict[str, int] = defaultdict(lambda: next(new_counter))
    for cell, (content, new) in zip(cells, texts, strict=True):
        if "".join(cell["source"]) != to_markdown(content, old_levels):
            raise ValueError("a markdown cell is not what sphinx-gallery makes of its text block")
        cell["source"] = [without_escaped_spaces(to_markdown(new, new_levels))]
    return notebook


CODE_SPAN = re.compile(r"(``.*?``|`[^`]*`)", re.DOTALL)


def without_escaped_spaces(markdown: str) -> str:
    """Drop reStructuredText's ``\\ `` (it sets markup off from Chinese text) outside code.

    rst2md leaves it in, and Markdown would show the backslash.
    """
    parts = CODE_SPAN.split(markdown)
    return "".join(part if i % 2 else part.replace("\\ ", "") for i, part in enumerate(parts))


def to_markdown(
    rst2md: Callable[..., str], gallery_conf: Any, target_dir: Path, rst: str, heading_levels: Any
) -> str:
    """What sphinx-gallery's ``fill_notebook`` makes of one text block."""
    return rst2md(rst + "\n", gallery_conf, target_dir, heading_levels)


def catalog_lookup(po: Path) -> Callable[[str], str | None]:
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)

    def translate(message: str) -> str | None:
        entry = catalog.get(message)
        if entry is None or entry.fuzzy or not entry.string:
            return None
        if not isinstance(entry.string, str):  # a plural's forms: gallery text has none
            return None
        return entry.string

    return translate


def translate_downloads(app: Sphinx, exception: Exception | None) -> None:
    if exception or app.builder.name not in DOWNLOAD_BUILDERS or app.config.language == "en":
        return
    from sphinx_gallery.notebook import rst2md
    from sphinx_gallery.py_source_parser import split_code_and_text_blocks

    gallery_conf = app.config.sphinx_gallery_conf
    srcdir = Path(app.srcdir)
    locale_dir = srcdir / app.config.locale_dirs[0] / app.config.language / "LC_MESSAGES"
    copies = gallery_downloads(app)
    examples = [Path(src) for src in copies if sitewide.is_example(src)]
    for script in examples:
        where = srcdir / script
        po = locale_dir / script.with_suffix(".po")
        if not po.is_file():
            # Files are named in the message (or as "path:line"): Sphinx reads a plain string
            # location as a document of the project and appends a source suffix to it.
            logger.warning("%s: no catalog %s: the download stays in English", where, po)
            continue
        _, blocks = split_code_and_text_blocks(where)
        lookup = catalog_lookup(po)
        translated = []
        for kind, content, lineno in blocks:
            if kind != "text":
                translated.append(content)
                continue
            text, missing = translate_rst(content, lookup)
            for message in missing:
                logger.warning(
                    "download text not translated by %s: %r",
                    po.name,
                    message[:80],
                    location=f"{where}:{lineno}",
                )
            translated.append(text)
        try:
            script_text = translate_script(where.read_text(encoding="utf-8"), blocks, translated)
            notebook = translate_notebook(
                json.loads(where.with_suffix(".ipynb").read_text(encoding="utf-8")),
                blocks,
                translated,
                functools.partial(to_markdown, rst2md, gallery_conf, where.parent),
            )
        except ValueError as error:
            logger.warning("%s: cannot translate the download: %s", where, error)
            continue
        notebook_text = json.dumps(notebook, indent=2)  # as sphinx-gallery's save_notebook
        outputs = {".py": script_text, ".ipynb": notebook_text}
        for suffix, text in outputs.items():
            copy = copies.get(script.with_suffix(suffix).as_posix())
            if copy:
                copy.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("build-finished", translate_downloads)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
