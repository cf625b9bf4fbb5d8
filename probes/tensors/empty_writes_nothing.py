"""torch.empty writes nothing into the memory it gives: its elements are whatever that memory held, unless deterministic mode fills them."""

import torch

DTYPES = (
    torch.float32,
    torch.float64,
    torch.float16,
    torch.bfloat16,
    torch.int64,
    torch.bool,
    torch.complex64,
)


def deterministic(fill=True):
    """Turn deterministic mode on (and its fill of uninitialised memory on or off); returns a
    function that restores both."""
    was_on = torch.are_deterministic_algorithms_enabled()
    was_warn = torch.is_deterministic_algorithms_warn_only_enabled()
    was_fill = torch.utils.deterministic.fill_uninitialized_memory
    torch.use_deterministic_algorithms(True)
    torch.utils.deterministic.fill_uninitialized_memory = fill

    def restore():
        torch.use_deterministic_algorithms(was_on, warn_only=was_warn)
        torch.utils.deterministic.fill_uninitialized_memory = was_fill

    return restore


def case_out_keeps_what_memory_held():
    """torch.empty(..., out=t) into a tensor of that size: t keeps the values it held, every dtype"""
    for dtype in DTYPES:
        t = torch.arange(6).to(dtype)
        before = t.clone()
        torch.empty(6, dtype=dtype, out=t)
        assert torch.equal(t, before), f"{dtype}: empty wrote {t.tolist()} over {before.tolist()}"


def case_read_through_a_view():
    """empty into a 2 × 3 tensor, its old values then read through a transposed view of it"""
    t = torch.arange(6.0).view(2, 3)
    view = t.t()
    torch.empty(2, 3, out=t)
    assert torch.equal(view, torch.arange(6.0).view(2, 3).t()), f"the view reads {view.tolist()}"


def case_deterministic_mode_fills():
    """deterministic mode: new floating-point and complex empty tensors are all NaN"""
    restore = deterministic()
    try:
        for dtype in (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64):
            x = torch.empty(5, 3, dtype=dtype)
            assert torch.isnan(x).all(), f"{dtype}: {x.flatten()[:3].tolist()} ..."
    finally:
        restore()


def case_deterministic_fill_can_be_turned_off():
    """deterministic mode with fill_uninitialized_memory = False: empty writes nothing again"""
    restore = deterministic(fill=False)
    try:
        t = torch.arange(6.0)
        torch.empty(6, out=t)
        assert torch.equal(t, torch.arange(6.0)), f"empty wrote {t.tolist()}"
    finally:
        restore()


def case_meta_has_nothing_to_read():
    """an empty tensor on the meta device has a shape and a dtype and no data at all"""
    x = torch.empty(5, 3, device="meta")
    assert x.shape == (5, 3) and x.dtype == torch.float32, f"{x.shape} {x.dtype}"
    try:
        x.tolist()
    except NotImplementedError:
        return
    raise AssertionError("its values could be read")
