"""How long PyTorch's idle OpenMP threads spin before they sleep, in the build's processes.

    openmp_spin.spin_briefly()        # before the first ``import torch`` of the process

On Linux, the intra-op thread pool of PyTorch's pip wheels is GNU OpenMP. Between two parallel
steps its threads wait for the next one by spinning on the core, :data:`GNU_DEFAULT` iterations
before they sleep (``GOMP_SPINCOUNT``, read once, when the library loads). The gallery's
examples make many short parallel steps, and the spinning kept the second core busy: the work
the Chinese build does beside the gallery at the lowest priority (``gallery.shared_run``) got so
little of it that most of that work was left for after the gallery. Measured on 2 cores with
:data:`SPIN_COUNT` iterations: the floor (``benchmarks/floor.py``) ran as fast (21.6 s against
22.6 s; 26.7 against 27.4 on a slower run) on about 12 % less processor time (user and system),
and in the build the gallery ran about as long as alone (22 s) while the work beside it got
done. It changes when a waiting thread sleeps, never how work is split between threads, so what
the examples compute and print is the same. A value set by the caller is kept.
"""

from __future__ import annotations

import os

VARIABLE = "GOMP_SPINCOUNT"
# libgomp's when OMP_WAIT_POLICY is not set (GCC before 14, or a CPU without efficiency
# cores); 100 while it runs more threads than there are CPUs.
GNU_DEFAULT = 300_000
SPIN_COUNT = 10_000


def spin_briefly() -> None:
    """Set :data:`VARIABLE` for this process and its children, unless it is set already."""
    os.environ.setdefault(VARIABLE, str(SPIN_COUNT))
