"""y += x and y.add_(x) compute straight into y's memory, without a temporary tensor, when x has y's dtype (broadcast, 0-d, non-contiguous or under a grad mode alike); y[:] = x + y computes x + y into a temporary first and copies it into y. (On the CPU an x of another dtype is first converted into a temporary.)"""

import contextlib
import ctypes
import os

import torch


@contextlib.contextmanager
def machine_output_silenced():
    """The profiler's own start and stop lines, written by C++ to the process's stdout and
    stderr, go to /dev/null; Python's streams are untouched."""
    try:
        libc = ctypes.CDLL(None)
    except OSError:
        yield
        return
    libc.fflush(None)
    saved = [os.dup(fd) for fd in (1, 2)]
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        for fd in (1, 2):
            os.dup2(null, fd)
        yield
    finally:
        libc.fflush(None)
        for fd, copy in zip((1, 2), saved, strict=False):
            os.dup2(copy, fd)
            os.close(copy)
        os.close(null)


def aten_calls(update):
    """The operators PyTorch runs for update(), nested ones included, and the bytes they allocate."""
    try:
        profiler = torch.autograd.profiler.profile(use_kineto=False, profile_memory=True)
    except TypeError:  # a release without the legacy profiler
        profiler = torch.autograd.profiler.profile(profile_memory=True)
    with machine_output_silenced(), profiler as prof:
        update()
    events = prof.function_events
    return [e.name for e in events], sum(max(e.cpu_memory_usage, 0) for e in events)


def only_the_update(update, *allowed):
    names, allocated = aten_calls(update)
    return set(names) <= set(allowed) and allocated == 0, (names, allocated)


def case_same_dtype():
    """float32, int64, bfloat16 and complex64: y += x and y.add_(x) run one operator and allocate nothing"""
    for dtype in (torch.float32, torch.int64, torch.bfloat16, torch.complex64):
        x, y = torch.ones(1000, dtype=dtype), torch.zeros(1000, dtype=dtype)
        for name, update in (
            ("+=", lambda x=x, y=y: y.__iadd__(x)),
            ("add_", lambda x=x, y=y: y.add_(x)),
        ):
            ok, seen = only_the_update(update, "aten::add_")
            assert ok, f"{dtype} {name}: {seen}"


def case_broadcast_and_zero_d_x():
    """x a row of 1000 for y of 10 × 1000, and x a 0-d tensor of y's dtype"""
    y = torch.zeros(10, 1000)
    for x in (torch.ones(1000), torch.tensor(2.0)):
        ok, seen = only_the_update(lambda x=x: y.add_(x), "aten::add_")
        assert ok, f"x of shape {tuple(x.shape)}: {seen}"


def case_non_contiguous_y():
    """y a column of a matrix, y a transposed matrix"""
    matrix = torch.zeros(1000, 4)
    for y, x in ((matrix[:, 1], torch.ones(1000)), (matrix.t(), torch.ones(4, 1000))):
        ok, seen = only_the_update(lambda y=y, x=x: y.add_(x), "aten::add_")
        assert ok, f"y of strides {y.stride()}: {seen}"


def case_grad_modes():
    """under no_grad and inference_mode, and on a tensor that requires grad (not a leaf)"""
    x = torch.ones(1000)
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            y = torch.zeros(1000)
            ok, seen = only_the_update(lambda y=y: y.add_(x), "aten::add_")
        assert ok, f"{mode.__name__}: {seen}"
    y = torch.zeros(1000, requires_grad=True).clone()
    names, allocated = aten_calls(lambda: y.add_(x))
    assert allocated == 0, f"requiring grad: {names} allocated {allocated} bytes"


def case_setitem_needs_a_temporary():
    """y[:] = x + y: the sum is computed into new memory (add), then copied into y (copy_)"""
    x, y = torch.ones(1000), torch.zeros(1000)
    names, allocated = aten_calls(lambda: y.__setitem__(slice(None), x + y))
    assert "aten::add" in names and "aten::copy_" in names and allocated > 0, (names, allocated)


def case_another_dtype_on_the_cpu():
    """float32 y with a float64 x, and int64 y with an int32 x: a temporary appears"""
    for y, x in (
        (torch.zeros(1000), torch.ones(1000, dtype=torch.float64)),
        (torch.zeros(1000, dtype=torch.int64), torch.ones(1000, dtype=torch.int32)),
    ):
        names, allocated = aten_calls(lambda y=y, x=x: y.add_(x))
        assert allocated > 0, f"{y.dtype} += {x.dtype}: {names}"
