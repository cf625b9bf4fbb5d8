"""y.detach() changes nothing about y: called without using its result it does nothing. To cut y itself, y.detach_() detaches it in place (a view refuses), or the name is rebound with y = y.detach(), which leaves the old tensor tracked."""

import torch


def tracked_result():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    return x, x * 2


def case_unused_detach_does_nothing():
    """y.detach() with its result thrown away: y keeps its node, and backward reaches x through it"""
    x, y = tracked_result()
    node = y.grad_fn
    y.detach()
    (y * x).sum().backward()
    assert y.grad_fn is node and y.requires_grad and x.grad.tolist() == [4.0, 8.0], f"{x.grad}"


def case_detach_in_place_cuts_y():
    """y.detach_() returns y itself, now a leaf without grad_fn that requires no gradient"""
    x, y = tracked_result()
    same = y.detach_()
    (y * x).sum().backward()
    assert same is y and y.grad_fn is None and not y.requires_grad and y.is_leaf, "not cut"
    assert x.grad.tolist() == [2.0, 4.0], f"x.grad {x.grad}"


def case_detach_in_place_dtypes_and_shapes():
    """float16, complex64, a 0-d and an empty result, and a tracked leaf"""
    made = [
        torch.ones(2, dtype=torch.float16, requires_grad=True) * 2,
        torch.ones(2, dtype=torch.complex64, requires_grad=True) * 2,
        torch.tensor(1.0, requires_grad=True) * 2,
        torch.ones(0, requires_grad=True) * 2,
        torch.ones(2, requires_grad=True),
    ]
    for t in made:
        t.detach_()
        assert t.grad_fn is None and not t.requires_grad, f"{t.dtype} {tuple(t.shape)}"


def case_view_refuses():
    """a slice, a transposition and a view of a tracked result refuse detach_()"""
    _, y = tracked_result()
    for v in (y[:1], y.view(2, 1).t(), y.view(2)):
        try:
            v.detach_()
        except RuntimeError:
            continue
        raise AssertionError("a view was detached in place")


def case_rebinding():
    """y = y.detach(): the name now holds a cut tensor, the old one stays tracked"""
    x, y = tracked_result()
    old = y
    y = y.detach()
    assert y.grad_fn is None and old.grad_fn is not None, "rebinding changed the old tensor"
    (y * x).sum().backward()
    assert x.grad.tolist() == [2.0, 4.0], f"x.grad {x.grad}"
