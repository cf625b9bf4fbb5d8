"""Outputs show what PyTorch does, never the machine that built the page.

A gallery cell's output and a snippet's output are whatever the code printed, including what
libraries log on their own: a CUDA build of PyTorch on a machine without a GPU logs
``W1130 23:26:33.035000 15687 .../torch/utils/cpp_extension.py:183] No CUDA runtime is
found, using CUDA_HOME=...`` when ``torch.utils.benchmark`` is imported. Such a line belongs
to the build machine, not to the lesson. Every output block is checked once the page is read;
a logger line, a path of the build machine or its environment (the repository, the Python
environment, the home and temporary folders), or one of its settings (``CUDA_HOME='/usr/local'``,
as older releases print the same message without a logger's prefix), fails the build naming
the page and the output block.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes import paths
from torch_notes.sitewide import OUTPUT_CLASS

logger = logging.getLogger(__name__)
OUTPUT_CLASSES = (OUTPUT_CLASS, "snippet-output")  # gallery cells, note snippets
LOGGER_LINE = re.compile(
    r"^(?:[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ \S+:\d+\] "  # glog, as PyTorch's C++ logs
    r"|(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):[\w.]+:)",  # Python's logging, default format
    re.MULTILINE,
)
SETTING = re.compile(r"\b[A-Z][A-Z0-9_]*_(?:HOME|PATH|DIR|ROOT)=\S*")


def machine_paths() -> list[str]:
    """Folders of this machine that no output may show (longest first)."""
    folders = {
        str(paths.ROOT),  # the repository
        sys.prefix,
        sys.base_prefix,
        os.path.expanduser("~"),
        tempfile.gettempdir(),
    }
    return sorted((f for f in folders if f and f not in ("/", ".")), key=len, reverse=True)


def problems(text: str, paths: list[str]) -> list[str]:
    found = [f"a logger line: {m.group(0)!r}..." for m in LOGGER_LINE.finditer(text)]
    found += [f"a path of the build machine: {p!r}" for p in paths if p + os.sep in text]
    found += [f"a setting of the build machine: {m.group(0)!r}" for m in SETTING.finditer(text)]
    return found


def is_shown_output(node: nodes.Node) -> bool:
    return isinstance(node, nodes.literal_block) and any(
        cls in node["classes"] for cls in OUTPUT_CLASSES
    )


def check_output_hygiene(app: Sphinx, doctree: nodes.document) -> None:
    paths = machine_paths()
    for number, block in enumerate(doctree.findall(is_shown_output), start=1):
        for problem in problems(block.astext(), paths):
            logger.warning(
                "output block %d shows %s; outputs must not depend on the machine",
                number,
                problem,
                location=block,
                type="evidence",
                subtype="output",
            )
