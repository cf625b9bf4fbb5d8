"""backward() on a scalar computes its gradient with respect to each leaf of its graph (each leaf it depends on that requires gradients) and adds it to that leaf's .grad: gradients accumulate until cleared."""

import torch


def case_two_passes_add():
    """two passes through new graphs: the second adds to the first"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x**2).sum().backward()
    (x * 3).sum().backward()
    assert x.grad.tolist() == [5.0, 7.0], f"x.grad {x.grad.tolist()}"


def case_every_leaf_of_the_graph():
    """three leaves of one graph each get their own gradient, a leaf without tracking none"""
    a, b = torch.tensor(2.0, requires_grad=True), torch.tensor(3.0, requires_grad=True)
    c, plain = torch.tensor(4.0, requires_grad=True), torch.tensor(5.0)
    (a * b + c * plain).backward()
    got = (a.grad.item(), b.grad.item(), c.grad.item(), plain.grad)
    assert got == (3.0, 2.0, 5.0, None), f"gradients {got}"


def case_leaf_used_twice():
    """a leaf used along two paths gets the sum"""
    x = torch.tensor(3.0, requires_grad=True)
    (x * 2 + x * x).backward()
    assert x.grad.item() == 8.0, f"x.grad {x.grad.item()}"


def case_broadcast_leaf():
    """a leaf broadcast against a matrix gets the gradient summed back to its own shape"""
    b = torch.ones(3, requires_grad=True)
    (torch.ones(4, 3) * b).sum().backward()
    assert b.grad.shape == (3,) and b.grad.tolist() == [4.0, 4.0, 4.0], f"b.grad {b.grad}"


def case_cleared_between():
    """set to None or zeroed between passes, .grad holds the last pass only"""
    x = torch.tensor(1.0, requires_grad=True)
    (x * 3).backward()
    x.grad = None
    (x * 4).backward()
    first = x.grad.item()
    x.grad.zero_()
    (x * 5).backward()
    assert (first, x.grad.item()) == (4.0, 5.0), f"{first}, {x.grad.item()}"


def case_half_precision():
    """a float16 leaf accumulates in float16"""
    x = torch.tensor(1.0, dtype=torch.float16, requires_grad=True)
    (x * 2).backward()
    (x * 2).backward()
    assert x.grad.dtype == torch.float16 and x.grad.item() == 4.0, f"x.grad {x.grad}"


def case_intermediate_not_stored():
    """an intermediate result of the graph is no leaf: nothing is added to its .grad"""
    x = torch.tensor(1.0, requires_grad=True)
    y = x * 2
    (y * y).backward()
    assert y.grad is None and x.grad.item() == 8.0, f"y.grad {y.grad}, x.grad {x.grad}"
