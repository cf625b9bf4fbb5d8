"""torch.autograd.grad(y, x) computes the gradient of y with respect to x and returns it, in a tuple with one gradient per input, instead of adding it into x.grad; y must be a real tensor of one element unless grad_outputs gives its weight."""

import torch


def case_returns_without_storing():
    """a leaf with no .grad yet, and one that already holds a gradient: .grad is left as it was"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    result = torch.autograd.grad((x**3).sum(), x)
    assert isinstance(result, tuple) and len(result) == 1, type(result)
    assert result[0].tolist() == [3.0, 12.0] and x.grad is None, f"{result}, {x.grad}"
    (x * 5).sum().backward()
    (again,) = torch.autograd.grad((x**3).sum(), x)
    assert x.grad.tolist() == [5.0, 5.0] and again.tolist() == [3.0, 12.0], f"x.grad {x.grad}"


def case_several_inputs_and_an_intermediate():
    """two leaves and an intermediate: one gradient each, in order, no .grad filled"""
    a, b = torch.tensor(2.0, requires_grad=True), torch.tensor(3.0, requires_grad=True)
    h = a * b
    y = h * h
    ga, gb, gh = torch.autograd.grad(y, (a, b, h))
    assert (ga.item(), gb.item(), gh.item()) == (36.0, 24.0, 12.0), (ga, gb, gh)
    assert a.grad is None and b.grad is None, "a .grad was filled"


def case_dtypes_and_shapes():
    """float64, bfloat16, a 0-d and an empty x"""
    for dtype in (torch.float64, torch.bfloat16):
        x = torch.tensor([1.0, 2.0], dtype=dtype, requires_grad=True)
        (g,) = torch.autograd.grad((x * x).sum(), x)
        assert g.dtype == dtype and g.tolist() == [2.0, 4.0], f"{dtype}: {g}"
    s, e = torch.tensor(3.0, requires_grad=True), torch.ones(0, requires_grad=True)
    assert torch.autograd.grad(s * s, s)[0].item() == 6.0, "0-d"
    assert torch.autograd.grad(e.sum(), e)[0].shape == (0,), "empty"


def case_non_scalar_needs_grad_outputs():
    """a y of several elements needs grad_outputs, its weight"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    try:
        torch.autograd.grad(x * 2, x, retain_graph=True)
    except RuntimeError:
        (g,) = torch.autograd.grad(x * 2, x, grad_outputs=torch.tensor([1.0, 0.5]))
        assert g.tolist() == [2.0, 1.0], f"{g}"
        return
    raise AssertionError("a vector y was accepted without grad_outputs")


def case_input_not_in_the_graph():
    """an x that y does not depend on: an error, or None with allow_unused=True"""
    x, other = torch.tensor(1.0, requires_grad=True), torch.tensor(2.0, requires_grad=True)
    try:
        torch.autograd.grad(x * 2, other, retain_graph=True)
    except RuntimeError:
        y = x * 2
        assert torch.autograd.grad(y, other, allow_unused=True) == (None,), "not None"
        return
    raise AssertionError("an unused input was accepted")


def case_hook_on_leaf_runs_without_storing():
    """a hook on x sees the gradient, and still nothing is stored"""
    x, seen = torch.tensor(2.0, requires_grad=True), []
    x.register_hook(lambda g: seen.append(g.item()))
    (g,) = torch.autograd.grad(x * 3, x)
    assert seen == [3.0] and g.item() == 3.0 and x.grad is None, f"{seen}, {x.grad}"
