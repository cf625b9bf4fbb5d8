"""Comparisons of tracked tensors are not differentiable: they give boolean tensors that do not require gradients and have no grad_fn, and only choose which values the gradient flows through."""

import torch


def untracked_bool(t):
    return t.dtype == torch.bool and not t.requires_grad and t.grad_fn is None


def case_comparison_operators():
    """<, <=, >, >=, ==, != on a tracked float32 vector"""
    b = torch.tensor([0.5, -1.0, 2.0], requires_grad=True) * 3
    results = (b < 1, b <= 1, b > 0, b >= 0, b == 1.5, b != 1.5, b.norm() < 1000, b.sum() > 0)
    assert all(untracked_bool(r) for r in results), "a comparison is tracked"


def case_two_tracked_operands():
    """comparisons between two tracked tensors, and torch.lt, torch.eq, torch.isclose"""
    a, b = torch.ones(3, requires_grad=True), torch.zeros(3, requires_grad=True)
    results = (a < b, torch.lt(a, b), torch.eq(a, b), torch.isclose(a, b), torch.maximum(a, b) > 0)
    assert all(untracked_bool(r) for r in results), "a comparison is tracked"


def case_dtypes_and_shapes():
    """float16, bfloat16, float64, complex (==), a 0-d and an empty tensor"""
    made = [
        torch.ones(2, dtype=d, requires_grad=True) * 1
        for d in (torch.float16, torch.bfloat16, torch.float64)
    ]
    results = [m > 0 for m in made]
    results.append(torch.ones(2, dtype=torch.complex64, requires_grad=True) * 1 == 1)
    results.append(torch.tensor(1.0, requires_grad=True) * 2 > 1)
    results.append(torch.ones(0, requires_grad=True) * 2 > 1)
    assert all(untracked_bool(r) for r in results), "a comparison is tracked"


def case_cannot_require_gradients():
    """a comparison's boolean result cannot be made to require gradients"""
    try:
        (torch.ones(2, requires_grad=True) > 0).requires_grad_()
    except RuntimeError:
        return
    raise AssertionError("a boolean tensor was made to require gradients")


def case_mask_chooses_the_values():
    """(x > 0) * x and torch.where(x > 0, x, 0): the gradient is the mask, nothing flows into the comparison"""
    x = torch.tensor([-1.0, 2.0, 3.0], requires_grad=True)
    ((x > 0) * x).sum().backward()
    first = x.grad.tolist()
    x.grad = None
    torch.where(x > 0, x, torch.zeros(3)).sum().backward()
    assert first == x.grad.tolist() == [0.0, 1.0, 1.0], f"gradients {first}, {x.grad.tolist()}"
