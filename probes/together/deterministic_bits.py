"""On one machine and release, with the same thread count, the same operations on the same
numbers give the same bits only where each kernel is deterministic; torch.use_deterministic_algorithms(True)
makes PyTorch pick a deterministic kernel where it has one and raise an error where it has none."""

import contextlib
import unittest

import torch
from torch import nn

CUDA_DOC = "https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html"


@contextlib.contextmanager
def settings(threads, deterministic):
    """Run with this many CPU threads and the deterministic flag on or off; restore both after.

    The flag is set with torch.set_deterministic_debug_mode("error"), the documented alternative
    to torch.use_deterministic_algorithms(True): it sets the same flag, without the import of
    the compiler's configuration that costs the other about two seconds."""
    before = torch.get_num_threads(), torch.get_deterministic_debug_mode()
    torch.set_num_threads(threads)
    torch.set_deterministic_debug_mode("error" if deterministic else "default")
    try:
        yield
    finally:
        torch.set_num_threads(before[0])
        torch.set_deterministic_debug_mode(before[1])


def case_debug_mode_is_the_flag():
    """set_deterministic_debug_mode("error") sets the flag use_deterministic_algorithms(True) sets"""
    with settings(1, True):
        on = torch.are_deterministic_algorithms_enabled()
        warn_only = torch.is_deterministic_algorithms_warn_only_enabled()
    assert on and not warn_only, f"enabled {on}, warn only {warn_only}"


def bits(tensor):
    return tensor.detach().cpu().reshape(-1).view(torch.uint8).clone()


def distinct(compute, runs=10):
    """How many different bit patterns ``compute()`` gives over ``runs`` calls."""
    return len({bytes(bits(compute()).numpy()) for _ in range(runs)})


def repeated_indices(device="cpu"):
    generator = torch.Generator().manual_seed(0)
    index = torch.randint(0, 4, (100_000,), generator=generator).to(device)
    values = torch.randn(100_000, generator=generator).to(device)
    return index, values


def case_index_put_accumulate_deterministic():
    """index_put_(accumulate=True) with repeated indices, on 4 threads, under the flag"""
    index, values = repeated_indices()
    with settings(4, True):
        count = distinct(lambda: torch.zeros(4).index_put_((index,), values, accumulate=True))
    assert count == 1, f"10 runs gave {count} different results"


def case_put_accumulate_deterministic():
    """put_(accumulate=True) with repeated indices, on 4 threads, under the flag"""
    index, values = repeated_indices()
    with settings(4, True):
        count = distinct(lambda: torch.zeros(4).put_(index, values, accumulate=True))
    assert count == 1, f"10 runs gave {count} different results"


def case_no_deterministic_kernel_refused():
    """put_(accumulate=False), which has no deterministic kernel, under the flag"""
    index, values = repeated_indices()
    with settings(4, True):
        try:
            torch.zeros(4).put_(index, values)
        except RuntimeError:
            return
    raise AssertionError("it ran instead of raising")


def case_max_unpool_refused():
    """nn.MaxUnpool1d on the CPU, listed as having no deterministic kernel, under the flag"""
    pooled, indices = nn.MaxPool1d(2, return_indices=True)(torch.randn(1, 1, 8))
    with settings(1, True):
        try:
            nn.MaxUnpool1d(2)(pooled, indices)
        except RuntimeError:
            return
    raise AssertionError("it ran instead of raising")


def case_reductions_same_threads():
    """sums and a matrix product in float32, float16, bfloat16 and float64, 4 threads, no flag"""
    generator = torch.Generator().manual_seed(0)
    x = torch.randn(300, 400, generator=generator)
    with settings(4, False):
        for dtype in (torch.float32, torch.float16, torch.bfloat16, torch.float64):
            y = x.to(dtype)
            assert distinct(lambda y=y: y.sum()) == 1, f"sum in {dtype} changed between runs"
            assert distinct(lambda y=y: y @ y.T, runs=3) == 1, f"y @ y.T in {dtype} changed"


def training_run(threads, deterministic):
    """Four steps of the page's training: dropout, SGD with momentum, cross-entropy."""
    with settings(threads, deterministic):
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Dropout(0.2), nn.Linear(32, 10))
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        x, y = torch.rand(64, 64), torch.randint(0, 10, (64,))
        losses = []
        for _ in range(4):
            loss = nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.detach())
        return [bits(p) for p in model.parameters()] + [bits(torch.stack(losses))]


def case_training_step_twice():
    """the page's training step from the same seed, twice, on 4 threads, without the flag"""
    first, second = training_run(4, False), training_run(4, False)
    assert all(torch.equal(a, b) for a, b in zip(first, second, strict=False)), "the bits differ"


def case_training_step_under_flag():
    """the same training step twice under the flag, on one thread"""
    first, second = training_run(1, True), training_run(1, True)
    assert all(torch.equal(a, b) for a, b in zip(first, second, strict=False)), "the bits differ"


def case_cuda_index_put():
    """index_put_(accumulate=True) with repeated indices on a CUDA GPU, under the flag"""
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {CUDA_DOC}")
    index, values = repeated_indices("cuda")
    with settings(torch.get_num_threads(), True):
        count = distinct(
            lambda: torch.zeros(4, device="cuda").index_put_((index,), values, accumulate=True)
        )
    assert count == 1, f"10 runs gave {count} different results"


def case_cuda_histc_refused():
    """torch.histc on a CUDA GPU, listed as having no deterministic kernel, under the flag"""
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {CUDA_DOC}")
    with settings(torch.get_num_threads(), True):
        try:
            torch.histc(torch.rand(100, device="cuda"), bins=4)
        except RuntimeError:
            return
    raise AssertionError("it ran instead of raising")
