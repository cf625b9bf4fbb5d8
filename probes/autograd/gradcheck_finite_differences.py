"""torch.autograd.gradcheck tests the gradient autograd computes against one from finite differences (moving each input element by ±eps): it returns True when they agree within its tolerances and raises when they do not."""

import torch
from torch.autograd import gradcheck
from torch.autograd.gradcheck import GradcheckError


class WrongSquare(torch.autograd.Function):
    """x ** 2 with a backward that gives 3x instead of 2x."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 3 * x


def case_right_gradient_passes():
    """y = 2 xᵀx and sin(x) · x on float64 vectors and a matrix"""
    x = torch.tensor([0.5, 1.0, 2.0], dtype=torch.float64, requires_grad=True)
    m = torch.rand(2, 3, dtype=torch.float64, requires_grad=True)
    assert gradcheck(lambda t: 2 * (t * t).sum(), (x,)), "a right gradient failed"
    assert gradcheck(lambda t: torch.sin(t) * t, (m,)), "a right gradient failed"


def case_wrong_gradient_raises():
    """a custom Function whose backward is wrong"""
    x = torch.tensor([0.5, 1.0, 2.0], dtype=torch.float64, requires_grad=True)
    try:
        gradcheck(WrongSquare.apply, (x,))
    except GradcheckError:
        return
    raise AssertionError("a wrong gradient passed")


def case_wrong_gradient_reported_without_raising():
    """raise_exception=False returns False instead"""
    x = torch.tensor([0.5, 1.0], dtype=torch.float64, requires_grad=True)
    assert gradcheck(WrongSquare.apply, (x,), raise_exception=False) is False, "it passed"


def case_complex_and_zero_dimensional():
    """a complex128 input and a 0-d input"""
    z = torch.tensor([1 + 2j, -0.5j], dtype=torch.complex128, requires_grad=True)
    s = torch.tensor(0.7, dtype=torch.float64, requires_grad=True)
    assert gradcheck(lambda t: (t * t.conj()).real, (z,)) and gradcheck(torch.exp, (s,)), "failed"


def case_non_contiguous_input():
    """a transposed float64 input"""
    x = torch.rand(3, 2, dtype=torch.float64).t().requires_grad_()
    assert not x.is_contiguous() and gradcheck(lambda t: t.exp().sum(0), (x,)), "failed"


def case_single_precision_too_coarse():
    """in float32 the finite differences are too coarse: a right gradient can fail, so use float64"""
    x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
    assert gradcheck(torch.sin, (x,), raise_exception=False) is False, "float32 passed"
