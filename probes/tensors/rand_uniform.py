"""torch.rand draws every element uniformly from [0, 1), from PyTorch's global random generator."""

import torch


def case_interval_every_float_dtype():
    """two million draws in float32, float64, float16 and bfloat16: none below 0, none reaching 1"""
    for dtype in (torch.float32, torch.float64, torch.float16, torch.bfloat16):
        x = torch.rand(2_000_000, dtype=dtype)
        assert (x >= 0).all() and (x < 1).all(), f"{dtype}: from {x.min()} to {x.max()}"
        assert x.min() < 0.01 and x.max() > 0.99, f"{dtype}: only from {x.min()} to {x.max()}"


def case_uniform():
    """a million draws in ten bins of width 0.1: each bin holds a tenth, within 1%"""
    share = torch.histc(torch.rand(1_000_000), bins=10, min=0, max=1) / 1_000_000
    assert ((share - 0.1).abs() < 0.001).all(), f"bins hold {share.tolist()}"


def case_shapes():
    """0-d, empty, 5 × 3 and 2 × 0 × 4 shapes: each element in [0, 1)"""
    for shape in ((), (0,), (5, 3), (2, 0, 4)):
        x = torch.rand(shape)
        assert x.shape == shape and ((x >= 0) & (x < 1)).all(), f"{shape}: {x}"


def case_global_generator():
    """torch.manual_seed seeds it: a private generator seeded alike gives the same numbers"""
    torch.manual_seed(3)
    from_global = torch.rand(5, 3)
    private = torch.rand(5, 3, generator=torch.Generator().manual_seed(3))
    assert torch.equal(from_global, private), "the global generator gave other numbers"


def case_draw_advances_the_global_state():
    """each draw moves the global generator on, and the same seed brings the same draws back"""
    torch.manual_seed(0)
    first, second = torch.rand(3), torch.rand(3)
    torch.manual_seed(0)
    again = torch.rand(3)
    assert not torch.equal(first, second), "two draws gave the same numbers"
    assert torch.equal(first, again), "the same seed gave other numbers"


def case_thread_count():
    """one thread or several: after the same seed, a million draws are the same"""
    threads = torch.get_num_threads()
    try:
        torch.set_num_threads(1)
        torch.manual_seed(0)
        one = torch.rand(1_000_000)
        torch.set_num_threads(max(2, threads))
        torch.manual_seed(0)
        several = torch.rand(1_000_000)
    finally:
        torch.set_num_threads(threads)
    assert torch.equal(one, several), "the thread count changed the numbers"
