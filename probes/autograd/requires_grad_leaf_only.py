"""requires_grad_() changes the flag of a leaf, which freezes it (False) or tracks it (True); on a non-leaf PyTorch refuses to change the flag, pointing to detach()."""

import torch


def refused(t, flag):
    try:
        t.requires_grad_(flag)
    except RuntimeError as error:
        return "detach" in str(error)
    return False


def case_freeze_and_track_leaves():
    """a tracked leaf set to False, an untracked leaf set to True: both stay leaves"""
    w, u = torch.ones(2, requires_grad=True), torch.ones(2)
    w.requires_grad_(False)
    u.requires_grad_(True)
    assert not w.requires_grad and u.requires_grad and w.is_leaf and u.is_leaf, "flags not changed"


def case_frozen_leaf_gets_nothing():
    """a frozen leaf receives no gradient, even if frozen after the forward pass"""
    w, x = torch.tensor(2.0, requires_grad=True), torch.tensor(3.0, requires_grad=True)
    y = w * x
    w.requires_grad_(False)
    y.backward()
    z = w * x
    z.backward()
    assert w.grad is None, f"w.grad {w.grad}"


def case_frozen_parameters():
    """the parameters of a layer, frozen with requires_grad_(False)"""
    layer = torch.nn.Linear(3, 2)
    for p in layer.parameters():
        p.requires_grad_(False)
    out = layer(torch.ones(1, 3, requires_grad=True)).sum()
    out.backward()
    assert all(p.grad is None for p in layer.parameters()), "a frozen parameter got a gradient"


def case_non_leaf_refused():
    """the result of an operation, a view of a tracked leaf and a 0-d result: False refused"""
    x = torch.ones(3, requires_grad=True)
    for t in (x * 2, x[0], x.view(3, 1), (x * 2).sum()):
        assert refused(t, False), f"{t.grad_fn} accepted the change"


def case_setting_the_attribute():
    """t.requires_grad = False on a non-leaf is refused too"""
    y = torch.ones(2, requires_grad=True) * 2
    try:
        y.requires_grad = False
    except RuntimeError:
        return
    raise AssertionError("the attribute changed")


def case_non_leaf_keeps_true():
    """requires_grad_(True) on a non-leaf that already requires gradients changes nothing and is allowed"""
    y = torch.ones(2, requires_grad=True) * 2
    y.requires_grad_(True)
    assert y.requires_grad and not y.is_leaf, "the flag changed"


def case_integer_leaf():
    """an integer leaf can be set to False but not to True: only floating-point and complex tensors are tracked"""
    t = torch.arange(3)
    t.requires_grad_(False)
    try:
        t.requires_grad_(True)
    except RuntimeError:
        return
    raise AssertionError("an integer tensor was made to require gradients")
