"""y.detach() leaves y as it is and returns a new tensor that shares y's data (the same memory) but belongs to no graph: no grad_fn, no requires_grad."""

import torch


def check(y):
    before = (y.requires_grad, y.grad_fn)
    d = y.detach()
    assert d is not y, "detach() returned y itself"
    assert (y.requires_grad, y.grad_fn) == before, "y changed"
    assert d.grad_fn is None and not d.requires_grad and d.is_leaf, "d belongs to a graph"
    assert d.untyped_storage().data_ptr() == y.untyped_storage().data_ptr(), "d has its own memory"
    assert (
        d.shape == y.shape and d.stride() == y.stride() and d.storage_offset() == y.storage_offset()
    ), "layout"
    return d


def case_tracked_result():
    """y = x * 2 from a tracked leaf: y stays tracked, d shares its memory"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    d = check(y)
    d[0] = 7.0
    assert y[0].item() == 7.0, "a write through d did not reach y"


def case_leaf_and_untracked():
    """a tracked leaf, and a tensor that does not require gradients"""
    check(torch.ones(3, requires_grad=True))
    check(torch.ones(3))


def case_views():
    """a slice with an offset, a transposed view and an expanded view"""
    x = torch.arange(12.0, requires_grad=True)
    for y in (x[3:7], x.view(3, 4).t(), x[:1].expand(5)):
        check(y)


def case_dtypes_and_shapes():
    """float16, complex64, a 0-d and an empty tensor"""
    for y in (
        torch.ones(2, dtype=torch.float16, requires_grad=True) * 2,
        torch.ones(2, dtype=torch.complex64, requires_grad=True) * 2,
        torch.tensor(1.0, requires_grad=True) * 2,
        torch.ones(2, 0, requires_grad=True) * 2,
    ):
        check(y)


def case_under_no_grad_and_inference():
    """detach() called under no_grad, and of a tensor made in inference mode"""
    y = torch.ones(2, requires_grad=True) * 2
    with torch.no_grad():
        check(y)
    with torch.inference_mode():
        t = torch.ones(2)
    check(t)
