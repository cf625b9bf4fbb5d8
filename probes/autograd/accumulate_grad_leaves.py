"""Walking next_functions from a result's grad_fn with a stack and a set of the nodes already seen, skipping None, the variables of the AccumulateGrad nodes met are exactly the leaves that backward() gives a .grad, each once."""

import torch


def leaves(t):
    found, seen, stack = [], set(), [t.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        if type(node).__name__ == "AccumulateGrad":
            found.append(node.variable)
        stack.extend(n for n, _ in node.next_functions)
    return found


def matches(result, candidates):
    """The walk's leaves, against the candidates that backward() gives a .grad."""
    walked = leaves(result)
    result.sum().backward()
    filled = [c for c in candidates if c.grad is not None]
    same = len(walked) == len(filled) and all(any(w is f for f in filled) for w in walked)
    return same, len(walked), len(filled)


def case_one_neuron():
    """sigmoid((w * data).sum() + b): w and b, not data"""
    w, b, data = (
        torch.ones(3, requires_grad=True),
        torch.zeros(1, requires_grad=True),
        torch.ones(3),
    )
    same, walked, filled = matches(torch.sigmoid((w * data).sum() + b), [w, b, data])
    assert same and walked == 2, f"walked {walked}, filled {filled}"


def case_leaf_along_several_paths():
    """(y * y * x) with y = x + 2: x reached along two paths is one leaf"""
    x = torch.ones(2, requires_grad=True)
    y = x + 2
    same, walked, filled = matches(y * y * x, [x])
    assert same and walked == 1, f"walked {walked}, filled {filled}"


def case_views_and_broadcasting():
    """a leaf reached through a view, an expansion and an index"""
    x, b = torch.ones(3, requires_grad=True), torch.ones(1, requires_grad=True)
    same, walked, filled = matches(x[0] * x.expand(2, 3) + b + x[torch.tensor([2, 1, 0])], [x, b])
    assert same and walked == 2, f"walked {walked}, filled {filled}"


def case_module_and_untracked_input():
    """an nn.Linear on data: weight and bias only"""
    layer, data = torch.nn.Linear(3, 2), torch.ones(4, 3)
    same, walked, filled = matches(layer(data), [layer.weight, layer.bias, data])
    assert same and walked == 2, f"walked {walked}, filled {filled}"


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, k):
        return a * k

    @staticmethod
    def backward(ctx, grad):
        return grad * 2, None


def case_custom_function():
    """a custom autograd.Function with a non-tensor argument"""
    x = torch.ones(2, requires_grad=True)
    same, walked, filled = matches(Scale.apply(x, 2.0), [x])
    assert same and walked == 1, f"walked {walked}, filled {filled}"


def case_leaf_used_only_in_a_comparison():
    """a leaf that requires gradients but only chooses a branch gets no node and no .grad"""
    x, chooser = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
    same, walked, filled = matches(torch.where(chooser > 0, x, x * 2), [x, chooser])
    assert same and walked == 1, f"walked {walked}, filled {filled}"


def case_no_grad_view():
    """a view made under no_grad requires gradients but has no node: walked nowhere, filled nowhere"""
    x = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        v = x[:1]
    same, walked, filled = matches(v * 3, [x, v])
    assert same and walked == 0, f"walked {walked}, filled {filled}"
