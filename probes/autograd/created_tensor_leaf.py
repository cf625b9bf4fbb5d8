"""A tensor created directly, not computed by an operation (a factory function, torch.tensor, torch.from_numpy, nn.Parameter), has no grad_fn and is a leaf, whether it requires gradients or not."""

import numpy as np
import torch


def is_created_leaf(t):
    return t.grad_fn is None and t.is_leaf


def case_factories():
    """tensor, ones, zeros, full, empty, eye, arange, linspace, rand, randn"""
    made = (
        torch.tensor([1.0, 2.0]),
        torch.ones(2),
        torch.zeros(2, 3),
        torch.full((2,), 7.0),
        torch.empty(3),
        torch.eye(2),
        torch.arange(3.0),
        torch.linspace(0, 1, 5),
        torch.rand(2),
        torch.randn(2),
    )
    assert all(is_created_leaf(t) for t in made), "a created tensor has a grad_fn"


def case_requiring_gradients():
    """the same with requires_grad=True, and an empty and a 0-d one"""
    made = (
        torch.tensor([1.0], requires_grad=True),
        torch.ones(2, requires_grad=True),
        torch.randn(2, 3, requires_grad=True),
        torch.zeros(0, requires_grad=True),
        torch.tensor(1.0, requires_grad=True),
    )
    assert all(is_created_leaf(t) and t.requires_grad for t in made), "not a tracked leaf"


def case_like_a_tracked_tensor():
    """zeros_like, ones_like and empty_like of a tracked result"""
    y = torch.ones(2, requires_grad=True) * 2
    made = (torch.zeros_like(y), torch.ones_like(y), torch.empty_like(y), torch.randn_like(y))
    assert all(is_created_leaf(t) for t in made), "a *_like tensor has a grad_fn"


def case_from_values_of_a_tracked_tensor():
    """torch.tensor of a tracked result copies its values"""
    y = torch.ones(2, requires_grad=True) * 2
    assert is_created_leaf(torch.tensor(y)), "torch.tensor kept the graph"


def case_from_numpy():
    """torch.from_numpy and torch.as_tensor of a NumPy array"""
    a = np.ones(3, dtype=np.float32)
    assert is_created_leaf(torch.from_numpy(a)) and is_created_leaf(torch.as_tensor(a)), "grad_fn"


def case_parameter_of_a_result():
    """nn.Parameter wrapping the result of an operation is a leaf of its own"""
    p = torch.nn.Parameter(torch.ones(2, requires_grad=True) * 2)
    assert is_created_leaf(p) and p.requires_grad, f"grad_fn {p.grad_fn}"


def case_other_dtypes_and_meta():
    """float16, complex64, int64 and a tensor on the meta device"""
    made = (
        torch.ones(2, dtype=torch.float16, requires_grad=True),
        torch.ones(2, dtype=torch.complex64, requires_grad=True),
        torch.arange(3),
        torch.ones(2, device="meta", requires_grad=True),
    )
    assert all(is_created_leaf(t) for t in made), "a created tensor has a grad_fn"
