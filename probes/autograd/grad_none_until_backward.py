"""A tensor's .grad is None until a backward pass (or an assignment) fills it, so .grad.zero_() raises AttributeError before that."""

import torch


def zero_fails(t):
    try:
        t.grad.zero_()
    except AttributeError:
        return True
    return False


def case_new_leaves():
    """leaves made with requires_grad=True, requires_grad_(), as nn.Parameter, in float16 and complex"""
    leaves = (
        torch.ones(2, requires_grad=True),
        torch.ones(2).requires_grad_(),
        torch.nn.Parameter(torch.ones(2)),
        torch.ones(2, dtype=torch.float16, requires_grad=True),
        torch.ones(2, dtype=torch.complex64, requires_grad=True),
        torch.ones(0, requires_grad=True),
    )
    assert all(t.grad is None and zero_fails(t) for t in leaves), "a new leaf had a gradient"


def case_backward_not_reaching_it():
    """a backward pass whose graph does not contain the leaf"""
    a, b = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
    (a * 2).sum().backward()
    assert b.grad is None and zero_fails(b), f"b.grad is {b.grad}"


def case_autograd_grad_fills_nothing():
    """torch.autograd.grad returns the gradient without storing it in .grad"""
    x = torch.ones(2, requires_grad=True)
    torch.autograd.grad((x * 2).sum(), x)
    assert x.grad is None and zero_fails(x), f"x.grad is {x.grad}"


def case_after_backward():
    """after a backward pass the gradient exists and zero_() clears it"""
    x = torch.ones(2, requires_grad=True)
    (x * 3).sum().backward()
    x.grad.zero_()
    assert torch.equal(x.grad, torch.zeros(2)), f"x.grad is {x.grad}"


def case_cleared_to_none():
    """optimizer.zero_grad() sets .grad back to None (its default since 2.0): zero_() fails again"""
    w = torch.nn.Parameter(torch.ones(2))
    optimizer = torch.optim.SGD([w], lr=0.1)
    (w * 3).sum().backward()
    optimizer.zero_grad()
    assert w.grad is None and zero_fails(w), f"w.grad is {w.grad}"


def case_assigned():
    """a gradient assigned by hand exists, and zero_() clears it"""
    x = torch.ones(2, requires_grad=True)
    x.grad = torch.full((2,), 5.0)
    x.grad.zero_()
    assert torch.equal(x.grad, torch.zeros(2)), f"x.grad is {x.grad}"
