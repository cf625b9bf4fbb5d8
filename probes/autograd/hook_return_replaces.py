"""A tensor hook that returns None only reads: the gradient flows on unchanged; one that returns a tensor of the gradient's shape and dtype replaces the gradient for everything that flows back through the tensor (another shape or dtype raises)."""

import torch


def x_grad(hook=None, on="y"):
    """x.grad for z = (y * y).sum() + y.sum() with y = 2 * x, a hook on y or on x."""
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    if hook is not None:
        (y if on == "y" else x).register_hook(hook)
    ((y * y).sum() + y.sum()).backward()
    return x.grad


def case_reading_hook_on_intermediate():
    """a hook on y that stores the gradient and returns None"""
    seen = []
    assert torch.equal(x_grad(lambda g: seen.append(g.clone())), x_grad()), "the gradient changed"
    assert len(seen) == 1, f"the hook ran {len(seen)} times"


def case_reading_hook_on_leaf():
    """a hook on the leaf x that returns None: .grad is what it would be without it"""
    assert torch.equal(x_grad(lambda g: None, on="x"), x_grad()), "the gradient changed"


def case_replacing_hook_on_tensor_used_twice():
    """y used along two paths: the hook sees their sum once, and its result is all that reaches x"""
    seen = []

    def double(g):
        seen.append(g.clone())
        return g * 2

    assert torch.equal(x_grad(double), 2 * x_grad()), "x did not get the doubled gradient"
    assert len(seen) == 1, f"the hook ran {len(seen)} times"


def case_replacing_hook_on_leaf():
    """a hook on the leaf that returns a new tensor: .grad stores the replacement"""
    assert torch.equal(x_grad(lambda g: torch.full_like(g, 7.0), on="x"), torch.full((3,), 7.0)), (
        "not replaced"
    )


def case_intermediate_hook_upstream_only():
    """a replacing hook on y changes what flows back through y, not another path to x"""
    x = torch.tensor(1.0, requires_grad=True)
    y = x * 2
    y.register_hook(lambda g: g * 0)
    (y + x * 5).backward()
    assert x.grad.item() == 5.0, f"x.grad {x.grad.item()}"


def case_other_shape_raises():
    """a hook returning a tensor of another shape"""
    try:
        x_grad(lambda g: g.sum())
    except RuntimeError:
        return
    raise AssertionError("a tensor of another shape was accepted")


def case_other_dtype_raises():
    """a hook returning a float64 tensor for a float32 gradient"""
    try:
        x_grad(lambda g: g.double())
    except RuntimeError:
        return
    raise AssertionError("a tensor of another dtype was accepted")


def case_complex_and_zero_dimensional():
    """a complex 0-d tensor: a reading hook changes nothing, a replacing hook replaces"""
    for hook, expected in ((lambda g: None, 2.0), (lambda g: g * 3, 6.0)):
        z = torch.tensor(1 + 1j, requires_grad=True)
        w = z * 2
        w.register_hook(hook)
        w.real.backward()
        assert z.grad.item() == expected, f"z.grad {z.grad.item()}, not {expected}"


def case_leaf_hook_before_accumulation():
    """a hook on a leaf that already holds a gradient runs before the new one is added: what it returns is what is added"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x * 3).sum().backward()
    during = []

    def halve(g):
        during.append(x.grad.tolist())
        return g / 2

    x.register_hook(halve)
    (x * 4).sum().backward()
    assert during == [[3.0, 3.0]] and x.grad.tolist() == [5.0, 5.0], f"{during}, {x.grad}"
