"""How long PyTorch's idle OpenMP threads spin before they sleep, in the build's processes.

    openmp_spin.spin_briefly()        # before the first ``import torch`` of the process

On Linux, PyTorch's CPU thread pool is GNU OpenMP. Between two parallel steps its threads wait
for the next one by spinning on the core, :data:`GNU_DEFAULT` iterations before they sleep
(``GOMP_SPINCOUNT``, read once, when the library loads). The gallery's examples make many short
parallel steps, so the spinning held the second of two cores most of the time the gallery ran,
and the work the Chinese build does beside it (``gallery.shared_run``, at the lowest priority)
got little of it. With :data:`SPIN_COUNT` iterations, measured on 2 cores: the floor
(``benchmarks/floor.py``) ran as fast (21.6 s against 22.6 s; 26.7 against 27.4 on a slower
run) on 15 to 25 % less processor time, and that time went to the work beside the gallery.
It changes when a waiting thread sleeps, never how work is split between threads, so what
the examples compute and print is the same. A value set by the caller is kept.
"""

from __future__ import annotations

import os

VARIABLE = "GOMP_SPINCOUNT"
GNU_DEFAULT = 300_000  # libgomp's, when OMP_WAIT_POLICY is not set
SPIN_COUNT = 10_000


def spin_briefly() -> None:
    """Set :data:`VARIABLE` for this process and its children, unless it is set already."""
    os.environ.setdefault(VARIABLE, str(SPIN_COUNT))
