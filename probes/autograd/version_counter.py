"""Every tensor made outside torch.inference_mode() carries a version counter that each in-place operation of PyTorch on its data increments; detach() and views share the counter with the original, .data does not, and tensors made under inference mode have none."""

import torch


def bumps(t, change, watch=None):
    watch = t if watch is None else watch
    before = watch._version
    change(t)
    return watch._version - before


def case_in_place_operations():
    """add_, mul_, zero_, copy_, index assignment, out= and set_"""
    changes = (
        lambda t: t.add_(1),
        lambda t: t.mul_(2),
        lambda t: t.zero_(),
        lambda t: t.copy_(torch.ones(3)),
        lambda t: t.__setitem__(0, 5.0),
        lambda t: torch.add(t, 1, out=t),
        lambda t: t.set_(torch.ones(3)),
    )
    got = [bumps(torch.zeros(3), c) for c in changes]
    assert all(n >= 1 for n in got), f"increments {got}"


def case_under_no_grad_and_inference_mode():
    """in-place operations inside torch.no_grad() and on a normal tensor inside inference mode"""
    t = torch.zeros(3)
    with torch.no_grad():
        inside = bumps(t, lambda u: u.add_(1))
    with torch.inference_mode():
        inference = bumps(t, lambda u: u.add_(1))
    assert inside == inference == 1, f"increments {inside}, {inference}"


def case_detach_shares():
    """a change through detach() increments the original's counter"""
    t = torch.ones(3, requires_grad=True) * 2
    assert bumps(t.detach(), lambda d: d.zero_(), watch=t) == 1, "the counter was not shared"


def case_views_share():
    """a change through a view, a slice or a transposition increments the base's counter"""
    base = torch.zeros(2, 3)
    got = [bumps(v, lambda u: u.add_(1), watch=base) for v in (base.view(6), base[0], base.t())]
    assert got == [1, 1, 1], f"increments {got}"


def case_data_does_not_share():
    """a change through .data leaves the original's counter alone"""
    t = torch.ones(3, requires_grad=True)
    assert bumps(t.data, lambda d: d.zero_(), watch=t) == 0, "the counter moved"


def case_dtypes_and_shapes():
    """float16, complex64, int64, bool, a 0-d and an empty tensor"""
    made = (
        torch.ones(2, dtype=torch.float16),
        torch.ones(2, dtype=torch.complex64),
        torch.ones(2, dtype=torch.int64),
        torch.ones(2, dtype=torch.bool),
        torch.tensor(1.0),
        torch.ones(0),
    )
    got = [bumps(t, lambda u: u.copy_(u.clone())) for t in made]
    assert got == [1] * len(made), f"increments {got}"


def case_not_an_operation_of_pytorch():
    """a write through a NumPy array that shares the memory is not an operation of PyTorch: not counted"""
    t = torch.zeros(3)
    assert bumps(t, lambda u: u.numpy().__setitem__(0, 5.0)) == 0 and t[0] == 5.0, "counted"


def case_inference_tensor_has_none():
    """a tensor made inside torch.inference_mode() has no version counter"""
    with torch.inference_mode():
        t = torch.ones(3)
    try:
        _ = t._version
    except RuntimeError:
        return
    raise AssertionError("an inference tensor has a version counter")
