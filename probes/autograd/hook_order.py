"""Hooks registered on one tensor run in the order they were registered, each receiving what the one before it returned (a hook that returns None passes on what it received)."""

import torch


def leaf_grad(hooks):
    x = torch.tensor(1.0, requires_grad=True)
    for hook in hooks:
        x.register_hook(hook)
    (x * 3).backward()
    return x.grad.item()


def double(g):
    return g * 2


def add_one(g):
    return g + 1


def case_two_orders_on_a_leaf():
    """doubling then adding one, and the reverse, on a leaf"""
    got = (leaf_grad([double, add_one]), leaf_grad([add_one, double]))
    assert got == (7.0, 8.0), f"gradients {got}"


def case_reading_hook_in_between():
    """a hook that returns None between two others sees the first's result and passes it on"""
    seen = []
    got = leaf_grad([double, lambda g: seen.append(g.item()), add_one])
    assert (seen, got) == ([6.0], 7.0), f"seen {seen}, gradient {got}"


def case_intermediate_tensor():
    """three hooks on an intermediate record the order in which they run"""
    x = torch.tensor(1.0, requires_grad=True)
    y = x * 3
    order = []
    for i in range(3):
        y.register_hook(lambda g, i=i: (order.append((i, g.item())), g + 1)[1])
    (y * 1).backward()
    assert order == [(0, 1.0), (1, 2.0), (2, 3.0)] and x.grad.item() == 12.0, f"{order}, {x.grad}"


def case_removed_hook():
    """removing the middle hook of three keeps the others in order"""
    x = torch.tensor(1.0, requires_grad=True)
    x.register_hook(double)
    middle = x.register_hook(lambda g: g * 100)
    x.register_hook(add_one)
    middle.remove()
    (x * 3).backward()
    assert x.grad.item() == 7.0, f"gradient {x.grad.item()}"


def case_many_hooks():
    """twenty hooks, each adding its own index after multiplying by 2"""
    hooks = [lambda g, i=i: g * 2 + i for i in range(20)]
    expected = 3.0
    for i in range(20):
        expected = expected * 2 + i
    assert leaf_grad(hooks) == expected, f"gradient {leaf_grad(hooks)}, not {expected}"
