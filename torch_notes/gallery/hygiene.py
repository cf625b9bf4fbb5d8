"""Remove gallery outputs that no longer belong to a working example, before the gallery runs.

sphinx-gallery keeps what it generated in the source tree and skips examples whose checksum
is unchanged. Two leftovers then hurt: a renamed or deleted example keeps an orphan page
(``-W`` fails on it), and an example that failed leaves a ``.py`` without its notebook, on
which the next build crashes. Here every generated example whose source is gone, or whose
last run did not finish (no ``.md5`` or no ``.ipynb``), is deleted with all its files, so
the next run starts clean for it. Nothing is needed in ``conf.py`` beyond the extension.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes import priorities

logger = logging.getLogger(__name__)


def stale_outputs(examples_dir: Path, gallery_dir: Path) -> list[Path]:
    """Files in ``gallery_dir`` that belong to no current, completely generated example."""
    stale: list[Path] = []
    for generated in sorted(gallery_dir.rglob("*.py")):
        relative = generated.relative_to(gallery_dir)
        source = examples_dir / relative
        finished = (
            generated.with_suffix(".py.md5").is_file() and generated.with_suffix(".ipynb").is_file()
        )
        if source.is_file() and finished:
            continue
        stem = generated.stem
        folder = generated.parent
        stale += [p for p in folder.iterdir() if p.is_file() and p.name.split(".")[0] == stem]
        stale += sorted((folder / "images").glob(f"sphx_glr_{stem}_*"))
        stale += sorted((folder / "images" / "thumb").glob(f"sphx_glr_{stem}_thumb.*"))
    for folder in sorted(p for p in gallery_dir.rglob("*") if p.is_dir()):
        relative = folder.relative_to(gallery_dir)
        if relative.parts[-1] not in ("images", "thumb") and not (examples_dir / relative).is_dir():
            stale += [p for p in folder.rglob("*") if p.is_file()]
    return sorted(set(stale))


def prune(app: Sphinx) -> None:
    conf = app.config.sphinx_gallery_conf
    srcdir = Path(app.srcdir)
    for examples, gallery in zip(conf["examples_dirs"], conf["gallery_dirs"], strict=True):
        gallery_dir = srcdir / gallery
        if not gallery_dir.is_dir():
            continue
        for path in stale_outputs((srcdir / examples).resolve(), gallery_dir):
            logger.info("gallery_hygiene: removing leftover %s", path.relative_to(srcdir))
            path.unlink()


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", prune, priority=priorities.BEFORE_GALLERY_RUNS)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
