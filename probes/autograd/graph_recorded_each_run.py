"""Autograd records the graph while the forward code runs, anew on each run that tracks gradients: each run makes new nodes, and they follow the branches and loops that ran."""

import torch


def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        return b
    return 100 * b


def muls(t):
    seen, stack, count = set(), [t.grad_fn], 0
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        count += type(node).__name__ == "MulBackward0"
        stack.extend(n for n, _ in node.next_functions)
    return count


def case_node_exists_before_backward():
    """the node is there as soon as the operation has run, before any backward pass"""
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    assert y.grad_fn is not None and x.grad is None, "no node before backward()"


def case_new_nodes_each_call():
    """the same function called twice on the same leaf makes two separate graphs"""
    x = torch.ones(2, requires_grad=True)
    first, second = (x * 2).sum(), (x * 2).sum()
    assert first.grad_fn is not second.grad_fn, "the two calls share a node"
    assert first.grad_fn.next_functions[0][0] is not second.grad_fn.next_functions[0][0], "shared"


def case_module_called_twice():
    """an nn.Linear called twice on the same input"""
    layer, data = torch.nn.Linear(3, 2), torch.ones(4, 3)
    assert layer(data).grad_fn is not layer(data).grad_fn, "the two calls share a node"


def case_branches_and_loops():
    """loops and branches on values: 0.5 and -0.5 record 11 and 12 products"""
    got = [muls(f(torch.tensor(v, requires_grad=True))) for v in (0.5, -0.5, 2000.0)]
    assert got == [11, 12, 1], f"products recorded: {got}"


def case_run_without_tracking():
    """a run under torch.no_grad() records nothing; the next tracked run records again"""
    x = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        untracked = f(x)
    assert untracked.grad_fn is None and f(x).grad_fn is not None, "recorded under no_grad"
