"""What a learner downloads from the gallery: the examples, without the build's bookkeeping.

    extensions = [..., "sphinx_gallery.gen_gallery", "torch_notes.gallery.downloads"]
    sphinx_gallery_conf = {..., "download_all_examples": True}   # see gallery_conf()

sphinx-gallery offers each example as the script it ran, whole, and as a notebook made from
its blocks without the hidden ones; with ``download_all_examples`` the gallery's index also
offers every script in ``<gallery_dir>_python.zip`` and every notebook in
``<gallery_dir>_jupyter.zip``. The HTML builder copies them all into ``_downloads/<hash>/``.
When the build has finished (after ``translated_downloads`` has put the page's language into
the copies), this extension rewrites them:

* each script loses what only the build needs, as sphinx-gallery already leaves it out of
  the page and the notebook: the blocks between ``# sphinx_gallery_start_ignore`` and
  ``# sphinx_gallery_end_ignore`` (the ``facts`` the pages are checked against, the build's
  own asserts) and the ``# sphinx_gallery_<option> = ...`` comments;
* each example's ``.zip`` and the two archives of all examples are made again from these
  final files, so that every download of an example holds the same bytes, in the language
  of the page that offers it.

Archives are written with a fixed timestamp, so two builds give identical files.
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes import priorities, sitewide
from torch_notes.evidence.execution.fact_code import fact_code
from torch_notes.evidence.execution.fact_store import fact_store
from torch_notes.evidence.model.records import CheckKind, installed_torch
from torch_notes.evidence.model.values import parse_claim
from torch_notes.evidence.store.domain import evidence_domain
from torch_notes.gallery import self_check
from torch_notes.sitewide import DOWNLOAD_BUILDERS, example_script

logger = logging.getLogger(__name__)

ZIP_TIMESTAMP = (1980, 1, 1, 0, 0, 0)  # the earliest a zip file can record
RUNS_OF_BLANK_LINES = re.compile(r"\n{4,}")


def learner_script(source: str) -> str:
    """``source`` without hidden blocks and configuration comments, as its page shows it."""
    from sphinx_gallery.py_source_parser import remove_config_comments, remove_ignore_blocks

    text = remove_config_comments(remove_ignore_blocks(source))
    # A hidden block between two blank lines leaves three; two blank lines is the most PEP 8 has.
    return RUNS_OF_BLANK_LINES.sub("\n\n\n", text)


def write_zip(path: Path, members: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            info = zipfile.ZipInfo(name, date_time=ZIP_TIMESTAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)


def gallery_downloads(app: Sphinx) -> dict[str, Path]:
    """The copies in ``_downloads`` of the gallery's files, by source path (posix, from srcdir)."""
    gallery_dirs = app.config.sphinx_gallery_conf["gallery_dirs"]
    outdir = Path(app.outdir) / "_downloads"
    return {
        Path(src).as_posix(): outdir / dest
        for src, (_, dest) in app.env.dlfiles.items()
        if any(Path(src).as_posix().startswith(f"{folder}/") for folder in gallery_dirs)
    }


def rebuild_archive(copy: Path, source: Path, contents: dict[Path, bytes]) -> None:
    """Write the archive ``copy`` again, each member taken from ``contents`` where it is there.

    ``source`` is the archive sphinx-gallery made; its members are named relative to its folder.
    """
    members = {}
    with zipfile.ZipFile(source) as original:
        for name in original.namelist():
            final = contents.get((source.parent / name).resolve())
            if final is None and sitewide.is_example(name):
                # The archive is named in the message: Sphinx reads a location as a document.
                logger.warning("%s: %s has no cleaned copy of %s", source, copy.name, name)
            members[name] = original.read(name) if final is None else final
    write_zip(copy, members)


def self_checks(app: Sphinx, copies: dict[str, Path]) -> dict[str, tuple[str, str]]:
    """Each example's check cell (``self_check``): ``{example name: (text, code)}``."""
    stated = {
        parse_claim(check.subject)[1]
        for page in evidence_domain(app.env).checks().values()
        for check in page
        if check.kind is CheckKind.CLAIM
    }
    store = fact_store(app.env)
    found = {}
    for src in copies:
        if not sitewide.is_example(src):
            continue
        # The gallery's own script (the copy in the generated folder has the same text).
        script = example_script(app.srcdir, app.config, Path(src).with_suffix("").as_posix())
        if script is None:
            continue
        name = sitewide.example_name(script)
        facts = {
            key.removeprefix(f"{name}."): value
            for key, value in store.values.items()
            if key.startswith(f"{name}.") and key in stated and key not in store.volatile
        }
        codes = {key: fact_code(script, key) or "" for key in facts}
        candidates = self_check.candidates(facts, codes)
        computed = self_check.end_values(Path(app.srcdir) / src)
        if computed is None:
            # The scraper writes it after the last block of every example the gallery ran.
            logger.warning(
                "%s: sphinx-gallery left no end-of-run values (%s) for the downloads' check; "
                "is torch_notes.gallery.self_check.record_end_values among the image scrapers?",
                script, Path(src).with_suffix(self_check.END_VALUES_SUFFIX).name,
            )  # fmt: skip
            computed = {}
        source = learner_script(script.read_text(encoding="utf-8"))
        found[name] = self_check.kept(candidates, computed, source)
    release = installed_torch().release.split("+")[0]
    return {name: self_check.check_cell(values, release) for name, values in found.items()}


def clean_downloads(app: Sphinx, exception: Exception | None) -> None:
    if exception or app.builder.name not in DOWNLOAD_BUILDERS:
        return
    srcdir = Path(app.srcdir)
    copies = gallery_downloads(app)
    checks = self_checks(app, copies)
    contents: dict[Path, bytes] = {}  # the final bytes of each script and notebook, by source
    for src, copy in copies.items():
        name = sitewide.example_name(Path(src)) if sitewide.is_example(src) else ""
        if sitewide.is_example(src):
            script = learner_script(copy.read_text(encoding="utf-8"))
            if name in checks:
                script = script.rstrip("\n") + self_check.as_script_cell(*checks[name])
            copy.write_text(script, encoding="utf-8")
        elif copy.suffix == ".ipynb":
            name = sitewide.example_name(Path(src).with_suffix(".py"))
            if name in checks:
                notebook = json.loads(copy.read_text(encoding="utf-8"))
                notebook["cells"] += self_check.as_notebook_cells(*checks[name])
                copy.write_text(json.dumps(notebook, indent=1, ensure_ascii=False), "utf-8")
        if copy.suffix in (".py", ".ipynb"):
            contents[(srcdir / src).resolve()] = copy.read_bytes()
    for src, copy in copies.items():
        if copy.suffix == ".zip":
            rebuild_archive(copy, srcdir / src, contents)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("build-finished", clean_downloads, priority=priorities.AFTER_TRANSLATED_DOWNLOADS)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
