"""Recording inside sphinx-gallery: each example's ``facts`` dict, and the same random state.

A gallery script records the values its page talks about in a module-level dict named
``facts`` (a plain dict, so the downloaded script runs anywhere)::

    facts = {}
    ...
    facts["leaf_grad"] = x.grad[0, 0].item()
    facts["view_error_type"] = type(error)      # an exception class: "it raises this"
    facts["vector_error"] = error               # an exception: its type and message

The keys are published as ``<example>.<key>`` (``plot_autograd_basics.py`` ->
``autograd_basics.leaf_grad``). Values that change from run to run (timings) are listed by the
script in ``volatile_facts = {"cpu_growth"}``; ``{fact}`` marks them with the class
``volatile``, which ``torch_notes.commands.determinism`` ignores when it compares two builds.
Each key is traced to the named cell that first recorded it (``execution.gallery_cells``), so
that a page can tell whether the code behind a value it states is in sight.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from torch_notes import sitewide
from torch_notes.evidence.execution.gallery_cells import cell_name_at
from torch_notes.evidence.model.values import to_plain

FACTS_SUFFIX = ".facts.json"


VOLATILE_KEY = "__volatile__"  # in a facts file: the keys whose values differ on every run
CELLS_KEY = "__cells__"  # in a facts file: {key: the name of the cell that first recorded it}


def record_facts(
    block: tuple[str, str, int], block_vars: dict[str, Any], gallery_conf: dict[str, Any]
) -> str:
    """sphinx-gallery image scraper that stores the example's ``facts`` dict after each block.

    Scrapers are the one hook sphinx-gallery calls with the example's namespace. The file
    sits beside the generated example, so it lives and dies with the example's outputs
    (it is reused exactly when sphinx-gallery reuses them).
    """
    recorded = block_vars["example_globals"].get("facts")
    if isinstance(recorded, dict):
        name = sitewide.example_name(block_vars["src_file"])
        plain = {
            key: to_plain(value, f"facts[{key!r}] in {name}") for key, value in recorded.items()
        }
        volatile = block_vars["example_globals"].get("volatile_facts")
        if volatile:
            plain[VOLATILE_KEY] = sorted(volatile)
        # block_vars lives as long as one run of the example: a fresh run traces afresh.
        cells = block_vars.setdefault("torch_notes_fact_cells", {})
        for key in recorded.keys() - cells.keys():
            cells[key] = cell_name_at(Path(block_vars["src_file"]), block[2])
        plain[CELLS_KEY] = dict(sorted(cells.items()))
        target = Path(block_vars["target_file"]).with_suffix(FACTS_SUFFIX)
        target.write_text(json.dumps(plain, indent=1, sort_keys=True), encoding="utf-8")
    return ""


def seed_everything(gallery_conf: dict[str, Any], fname: str, when: str = "before") -> None:
    """sphinx-gallery reset hook: every example starts from the same random state."""
    random.seed(0)
    try:
        import numpy
        import torch
    except ImportError:
        return
    numpy.random.seed(0)
    torch.manual_seed(0)
