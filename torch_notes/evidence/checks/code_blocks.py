"""Every Python block a reader sees has run in this build.

A page shows code in one of these ways, and each of them runs:

* a gallery example (its page is generated from the script that sphinx-gallery executes);
* a ``{snippet}`` (the note's fragment, executed by ``execution.snippet_runner``);
* an ``{example-cell}``: a named cell of a gallery script (``markup.example_cells``);
* a ``{literalinclude}`` of a region of a gallery script or a snippet (the file runs);
* a notebook cell that myst-nb executes.

A block marked as another language (``bash``, ``text``, ``none`` ...) is not Python and is
left alone. Any other Python block never ran, so nothing checks it: it fails the build,
named with its page and line.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.store.domain import record_check
from torch_notes.sitewide import example_script

logger = logging.getLogger(__name__)
PYTHON = {"python", "python3", "py", "pycon", "ipython", "ipython3", "default", ""}
EXECUTED_CLASSES = {"snippet-code", "cell"}  # snippet code; a myst-nb cell (and its parts)


def executed_folders(app: Sphinx) -> list[Path]:
    srcdir = Path(app.srcdir)
    conf = getattr(app.config, "sphinx_gallery_conf", None) or {}
    folders = [(srcdir / d).resolve() for d in conf.get("examples_dirs", [])]
    if app.config.snippets_dir:
        folders.append(Path(app.config.snippets_dir).resolve())
    return folders


def ran(block: nodes.literal_block, folders: list[Path]) -> bool:
    source = block.get("source")  # set by literalinclude: the file shown
    if source and any(Path(source).resolve().is_relative_to(folder) for folder in folders):
        return True
    node: nodes.Element | None = block
    while node is not None:
        if EXECUTED_CLASSES & set(node.get("classes", [])):
            return True
        node = node.parent
    return False


def check_code_blocks(app: Sphinx, doctree: nodes.document) -> None:
    if example_script(app.srcdir, app.config, app.env.docname) is not None:
        return  # generated from a script that sphinx-gallery ran
    folders = executed_folders(app)
    for number, block in enumerate(doctree.findall(nodes.literal_block), 1):
        if block.get("language", "") not in PYTHON:
            continue
        executed = ran(block, folders)
        record_check(app.env, CheckKind.CODE, f"{app.env.docname}#{number}", executed)
        if not executed:
            logger.warning(
                "a Python block that never runs in the build; show a region of an executed "
                "example or snippet ({literalinclude}), or mark it as another language",
                location=block,
                type="evidence",
                subtype="code",
            )
