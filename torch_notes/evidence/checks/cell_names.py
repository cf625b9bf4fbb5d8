"""Every code cell of a gallery script has a stable name: ``# %% <name>``.

Pages embed cells by name (``markup.example_cells``), facts are traced to the cell that
recorded them, and outputs are kept per cell across releases; so a cell without a name, with
a name that is not ``lower_case_with_underscores``, or with the name of another cell of the
same script fails the build, naming the script and line (``execution.gallery_cells``).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes.evidence.execution.gallery_cells import galleries, naming_problems
from torch_notes.sitewide import example_script

logger = logging.getLogger(__name__)


def check_cell_names(app: Sphinx, doctree: nodes.document) -> None:
    script = example_script(app.srcdir, app.config, app.env.docname)
    if script is None:
        return
    for gallery in galleries(app.srcdir, app.config):
        if gallery.examples in script.parents:
            cells = gallery.cell_list(script)
            for problem in naming_problems(cells):
                logger.warning(
                    "%s %s",
                    script.name,
                    problem,
                    location=(app.env.docname, 1),
                    type="evidence",
                    subtype="cell-name",
                )
