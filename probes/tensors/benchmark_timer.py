"""torch.utils.benchmark.Timer runs its statement many times with one intra-op thread unless
num_threads says otherwise, waits for a CUDA GPU before it reads the clock, and reports the
median time of one run; timeit(n) runs it max(n // 100, 2) times as a warm-up, then n times on
the clock."""

import inspect
import math
import statistics
import unittest

import torch
from torch.utils import benchmark

API = ("torch.utils.benchmark.Timer",)  # tensors/devices states it; together/checkpoints links
TIMER_DOC = "https://docs.pytorch.org/docs/stable/benchmark_utils.html"


def threads_inside(**options):
    seen = []
    timer = benchmark.Timer(
        "seen.append(torch.get_num_threads())", globals={"seen": seen, "torch": torch}, **options
    )
    measurement = timer.timeit(3)
    return seen, measurement


def case_one_thread_by_default():
    """the thread count read inside the timed statement, with no num_threads given"""
    before = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        seen, measurement = threads_inside()
    finally:
        torch.set_num_threads(before)
    assert set(seen) == {1}, f"the statement saw {sorted(set(seen))} threads"
    assert measurement.task_spec.num_threads == 1, measurement.task_spec.num_threads


def case_num_threads_honoured():
    """num_threads=2, read inside the statement and from the measurement"""
    seen, measurement = threads_inside(num_threads=2)
    assert set(seen) == {2}, f"the statement saw {sorted(set(seen))} threads"
    assert measurement.task_spec.num_threads == 2, measurement.task_spec.num_threads


def case_threads_restored():
    """after timing, the caller's thread count is back"""
    before = torch.get_num_threads()
    threads_inside(num_threads=1)
    assert torch.get_num_threads() == before, f"{torch.get_num_threads()} threads after"


def case_timeit_warm_up_and_runs():
    """timeit(3): 2 warm-up calls, then 3 timed; the measurement counts the 3"""
    seen, measurement = threads_inside()
    assert len(seen) == 5, f"the statement ran {len(seen)} times"
    runs = measurement.number_per_run * len(measurement.raw_times)
    assert runs == 3, f"the measurement counts {runs} runs"


def case_timeit_large_n_warm_up():
    """timeit(300): 3 warm-up calls (300 // 100), then 300 timed"""
    seen = []
    benchmark.Timer("seen.append(1)", globals={"seen": seen}).timeit(300)
    assert len(seen) == 303, f"the statement ran {len(seen)} times"


def case_blocked_autorange_counts_its_runs():
    """blocked_autorange: number_per_run × len(times) is how often the statement was timed"""
    seen = []
    measurement = benchmark.Timer("seen.append(1)", globals={"seen": seen}).blocked_autorange(
        min_run_time=0.01
    )
    runs = measurement.number_per_run * len(measurement.raw_times)
    assert 0 < runs <= len(seen), f"{runs} runs counted, {len(seen)} calls"


def case_median_of_one_run():
    """the reported median is the median over blocks of the time per run, not of a block"""
    measurement = benchmark.Timer("sum(range(100))").blocked_autorange(min_run_time=0.05)
    per_run = [raw / measurement.number_per_run for raw in measurement.raw_times]
    expected = statistics.median(per_run)
    assert math.isclose(measurement.median, expected, rel_tol=1e-9), (measurement.median, expected)


def case_waits_for_cuda():
    """on a CUDA GPU the timer synchronises before it reads the clock"""
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {TIMER_DOC} (it synchronizes CUDA)")
    a = torch.randn(2048, 2048, device="cuda")
    timed = benchmark.Timer("a @ a", globals={"a": a}).timeit(5).median
    torch.cuda.synchronize()
    assert timed > 1e-5, f"{timed} s per product: the clock was read before the GPU finished"


def case_clock_synchronises_a_gpu():
    """the timer's clock, read on any machine: it synchronises CUDA (2.6) or any accelerator
    (newer releases, mps among them) before reading the time"""
    from torch.utils.benchmark.utils import timer as timer_module

    # The module picks its clock when imported: a synchronising one where a GPU is present.
    source = inspect.getsource(timer_module)
    clock = source[: source.index("class Language")]
    assert "cuda.synchronize" in clock or "accelerator.synchronize" in clock, clock[:400]
