"""The floor of a build: every example, snippet and exercise solution run once, in one process.

    python -m benchmarks.floor        # prints the seconds, `import torch` included

What no build can go below: each gallery script (gallery/**/plot_*.py), note snippet
(snippets/*.py), exercise solution (snippets/exercises/*.py) and statement probe
(probes/**/*.py, each of its ``case_*`` functions called) runs once, in the order the build
meets them, from a scratch folder, with seeded generators and figures closed after each; a
snippet that raises by design (``:expect: raises``) counts as run. PyTorch's OpenMP threads
spin as briefly as in the build (``torch_notes.openmp_spin``).
"""

from __future__ import annotations

import contextlib
import io
import os
import runpy
import sys
import tempfile
import time
from pathlib import Path

from torch_notes.openmp_spin import spin_briefly

ROOT = Path(__file__).resolve().parent.parent


def scripts() -> list[Path]:
    return [
        *sorted((ROOT / "gallery").rglob("plot_*.py")),
        *sorted((ROOT / "snippets").glob("*.py")),
        *sorted((ROOT / "snippets" / "exercises").glob("*.py")),
        *sorted((ROOT / "probes").rglob("*.py")),
    ]


def main() -> None:
    start = time.perf_counter()
    os.environ.setdefault("MPLBACKEND", "Agg")
    spin_briefly()  # as the build's processes run PyTorch (torch_notes.openmp_spin)
    import matplotlib.pyplot as plt
    import torch

    files = scripts()
    with tempfile.TemporaryDirectory() as scratch, contextlib.chdir(scratch):
        for script in files:
            torch.manual_seed(0)
            out = io.StringIO()
            quiet = contextlib.redirect_stdout(out), contextlib.redirect_stderr(out)
            with quiet[0], quiet[1], contextlib.suppress(Exception):
                namespace = runpy.run_path(str(script), run_name="__main__")
                for name, case in namespace.items():  # a probe's cases (statement_probes)
                    if name.startswith("case_") and callable(case):
                        with contextlib.suppress(Exception):
                            case()
            plt.close("all")
    print(f"{time.perf_counter() - start:.2f} {len(files)}")


if __name__ == "__main__":
    sys.exit(main())
