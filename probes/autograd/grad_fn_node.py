"""A tensor's grad_fn is the backward node of the operation, an instance of torch.autograd.graph.Node, not a torch.autograd.Function; subclassing Function defines an operation whose results, computed from tracked inputs while gradients are enabled, get a node that calls the Function's backward."""

import torch
from torch.autograd.graph import Node


class Double(torch.autograd.Function):
    calls = 0

    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, grad):
        Double.calls += 1
        return grad * 2


def leaf(*shape, dtype=torch.float32):
    return torch.ones(*shape, dtype=dtype, requires_grad=True)


def is_node_not_function(node):
    return isinstance(node, Node) and not isinstance(node, torch.autograd.Function)


def case_built_in_operations():
    """products, sums, views, a matrix product, an assignment into part of a tensor"""
    x = leaf(2, 3)
    y = x * 2
    y[0] = 1.0
    results = (x * 2, x.sum(), x.t(), x @ x.t(), y)
    assert all(is_node_not_function(r.grad_fn) for r in results), "a grad_fn is not a Node"


def case_accumulate_grad():
    """the AccumulateGrad node of a leaf, reached through next_functions"""
    node = (leaf(2) * 2).grad_fn.next_functions[0][0]
    assert is_node_not_function(node), type(node)


def case_custom_function_node_calls_backward():
    """a custom Function's result: its grad_fn is a Node, and backward runs through it"""
    Double.calls = 0
    x = leaf(3)
    r = Double.apply(x)
    assert is_node_not_function(r.grad_fn), type(r.grad_fn)
    r.sum().backward()
    assert Double.calls == 1 and x.grad.tolist() == [2.0, 2.0, 2.0], f"{Double.calls}, {x.grad}"


def case_custom_function_dtypes():
    """float16, complex64 and a 0-d input"""
    for x in (
        leaf(2, dtype=torch.float16),
        leaf(2, dtype=torch.complex64),
        torch.tensor(1.0, requires_grad=True),
    ):
        assert is_node_not_function(Double.apply(x).grad_fn), x.dtype


def case_custom_function_untracked_input():
    """from an input that does not require gradients, or under no_grad: no node"""
    with torch.no_grad():
        under_no_grad = Double.apply(leaf(2))
    assert Double.apply(torch.ones(2)).grad_fn is None and under_no_grad.grad_fn is None, "a node"
