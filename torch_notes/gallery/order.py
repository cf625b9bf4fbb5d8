"""Order the examples of a gallery folder as its ``GALLERY_HEADER.rst`` lists them.

sphinx-gallery sorts a folder by file name, size or title; a learner needs them in
teaching order, set on purpose. Each folder's header ends with an rst comment (invisible
on the page) naming its examples in order::

    .. example order:
       plot_create_tensors.py
       plot_broadcast_shapes.py

``within_subsection_order`` is ``torch_notes.gallery.order.HeaderOrder`` (see ``gallery_conf``). An
example missing from the list fails the build with the file and the header to edit.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.errors import ConfigError

HEADER = "GALLERY_HEADER.rst"
MARKER = ".. example order:"


def listed_examples(header: Path) -> list[str]:
    lines = header.read_text(encoding="utf-8").splitlines() if header.is_file() else []
    for at, line in enumerate(lines):
        if line.strip() == MARKER:
            names = []
            for item in lines[at + 1 :]:
                if not item.startswith((" ", "\t")) or not item.strip():
                    break
                names.append(item.strip())
            return names
    return []


class HeaderOrder:
    """sphinx-gallery sort key: position of the file in its folder's header list."""

    def __init__(self, src_dir: str | Path) -> None:
        self.src_dir = Path(src_dir)
        self.order = listed_examples(self.src_dir / HEADER)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"

    def __call__(self, filename: str) -> int:
        try:
            return self.order.index(Path(filename).name)
        except ValueError:
            raise ConfigError(
                f"{self.src_dir / filename} is not in the example order of "
                f"{self.src_dir / HEADER}: add it under '{MARKER}'"
            ) from None


def position_in_folder(path: str) -> tuple[str, int]:
    """``minigallery_sort_order``: folders in path order, examples in their header's order."""
    example = Path(path)
    return str(example.parent), HeaderOrder(example.parent)(example.name)
