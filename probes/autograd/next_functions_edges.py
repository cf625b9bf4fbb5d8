"""Every backward node has next_functions: (node, index) pairs that lead to the nodes of its operation's inputs (None for an input that needs no gradient), the index saying which output of that node the input was; an AccumulateGrad node has none; following them from the root meets every node of the graph."""

import torch
import torch.nn.functional as F


def node_of(t):
    """The node a gradient for t flows into: its grad_fn, or the AccumulateGrad of a leaf."""
    if t.grad_fn is not None:
        return t.grad_fn
    return (t.view_as(t)).grad_fn.next_functions[0][0]


def leads_to(result, inputs):
    """Each non-None pair of result.grad_fn leads to the node of one of the inputs, and each
    input that requires gradients is reached."""
    pairs = [(n, i) for n, i in result.grad_fn.next_functions if n is not None]
    targets = [node_of(t) for t in inputs if t.requires_grad]
    return all(any(n is t for t in targets) for n, _ in pairs) and all(
        any(n is t for n, _ in pairs) for t in targets
    )


def case_accumulate_grad_has_none():
    """the AccumulateGrad node of a leaf has an empty next_functions"""
    x = torch.ones(2, requires_grad=True)
    node = (x * 2).grad_fn.next_functions[0][0]
    assert type(node).__name__ == "AccumulateGrad" and node.next_functions == (), (
        node.next_functions
    )


def case_constant_is_none():
    """x + 2 and x * torch.ones(3): the constant's pair is None"""
    x = torch.ones(3, requires_grad=True)
    for r in (x + 2, x * torch.ones(3)):
        kinds = [None if n is None else type(n).__name__ for n, _ in r.grad_fn.next_functions]
        assert kinds == ["AccumulateGrad", None], f"{type(r.grad_fn).__name__}: {kinds}"


def case_operations():
    """products, a power, a concatenation of three, where and an index"""
    x, y = torch.ones(3, requires_grad=True), torch.ones(3, requires_grad=True)
    z = y * 2
    cases = [
        (x * z, [x, z]),
        (x**2, [x]),
        (torch.cat([x, z, x]), [x, z]),
        (torch.where(x > 0, x, z), [x, z]),
        (x[torch.tensor([0, 2])], [x]),
    ]
    wrong = [type(r.grad_fn).__name__ for r, inputs in cases if not leads_to(r, inputs)]
    assert not wrong, f"next_functions do not lead to the inputs' nodes for {wrong}"


def case_not_one_pair_per_argument():
    """x ** 2 and x[idx]: the exponent and the index get no pair, x + 2 gives its number one"""
    x = torch.ones(3, requires_grad=True)
    counts = [len(r.grad_fn.next_functions) for r in (x**2, x[torch.tensor([0, 2])], x + 2)]
    assert counts == [1, 1, 2], f"pairs: {counts}"


def case_lower_level_operation():
    """F.linear runs mm on the input and the transposed weight: the pairs lead to those"""
    x, w = torch.ones(1, 3, requires_grad=True), torch.ones(2, 3, requires_grad=True)
    r = F.linear(x * 1, w)
    kinds = [type(n).__name__ for n, _ in r.grad_fn.next_functions]
    transposed = r.grad_fn.next_functions[1][0]
    assert kinds == ["MulBackward0", "TBackward0"], kinds
    assert transposed.next_functions[0][0] is node_of(w), "TBackward0 does not lead to the weight"


def case_index_names_the_output():
    """a, b = y.unbind(): in a * b the pairs are (UnbindBackward0, 0) and (UnbindBackward0, 1)"""
    y = torch.ones(2, requires_grad=True) * 2
    a, b = y.unbind(0)
    pairs = [(type(n).__name__, i) for n, i in (a * b).grad_fn.next_functions]
    assert pairs == [("UnbindBackward0", 0), ("UnbindBackward0", 1)], pairs


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, k, b):
        return a * k + b

    @staticmethod
    def backward(ctx, grad):
        return grad, None, grad


def case_custom_function():
    """a custom Function of a tracked tensor, a number and a constant tensor"""
    x = torch.ones(2, requires_grad=True)
    r = Scale.apply(x, 2.0, torch.ones(2))
    assert leads_to(r, [x, torch.ones(2)]), [n for n, _ in r.grad_fn.next_functions]


def case_dtypes_and_shapes():
    """complex64, float16, a 0-d and an empty tensor"""
    made = [
        torch.ones(2, dtype=torch.complex64, requires_grad=True),
        torch.ones(2, dtype=torch.float16, requires_grad=True),
        torch.tensor(1.0, requires_grad=True),
        torch.ones(0, requires_grad=True),
    ]
    wrong = [m.dtype for m in made if not leads_to(m * m.detach(), [m])]
    assert not wrong, f"wrong edges for {wrong}"


def case_walk_visits_the_whole_graph():
    """following next_functions from the root meets every node that the backward pass runs"""
    x, w = torch.ones(3, requires_grad=True), torch.ones(3, requires_grad=True)
    y = x + 2
    out = (y * y * w).sum() + torch.sigmoid(w).mean()
    seen, stack = set(), [out.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        stack.extend(n for n, _ in node.next_functions)
    ran = set()
    for node in seen:
        node.register_prehook(lambda grads, node=node: ran.add(node))
    out.backward()
    assert ran == seen and len(seen) == 9, f"walked {len(seen)} nodes, {len(ran)} ran"
