"""The gradient of y = 2 xᵀx with respect to x is 4x: each term 2 x_i² depends on x_i alone, and x.grad has x's shape with ∂y/∂x_i = 4 x_i in place i."""

import torch


def gradient(x):
    x = x.detach().clone().requires_grad_(True)
    (2 * (x * x).sum()).backward()
    return x.grad


def case_page_example():
    """x = [0, 1, 2, 3]: the gradient 0, 4, 8, 12"""
    x = torch.arange(4.0)
    assert torch.equal(gradient(x), 4 * x), f"gradient {gradient(x)}"


def case_random_float64():
    """100 random float64 values"""
    x = torch.randn(100, dtype=torch.float64)
    assert torch.equal(gradient(x), 4 * x), "differs from 4x"


def case_matrix_and_non_contiguous():
    """a 3 × 4 matrix and its transposed view: the gradient has the shape of x"""
    m = torch.randn(3, 4)
    for x in (m, m.t()):
        g = gradient(x)
        assert g.shape == x.shape and torch.allclose(g, 4 * x), f"shape {tuple(g.shape)}"


def case_zero_dimensional_and_empty():
    """a 0-d tensor and a tensor with no elements"""
    assert gradient(torch.tensor(1.5)).item() == 6.0, "0-d: not 4x"
    assert gradient(torch.ones(0)).shape == (0,), "empty: the gradient is not empty"


def case_half_precision():
    """float16 and bfloat16 values (4x is exact in binary)"""
    for dtype in (torch.float16, torch.bfloat16):
        x = torch.tensor([0.5, -1.25, 3.0], dtype=dtype)
        assert torch.equal(gradient(x), 4 * x), f"{dtype}: {gradient(x)}"


def case_central_difference():
    """each partial derivative by moving x_i alone by ±h, in float64"""
    x, h = torch.randn(5, dtype=torch.float64), 1e-4

    def y(t):
        return 2 * (t * t).sum()

    numeric = torch.stack(
        [(y(x + h * e) - y(x - h * e)) / (2 * h) for e in torch.eye(5, dtype=torch.float64)]
    )
    assert torch.allclose(numeric, 4 * x, atol=1e-8), f"{numeric} against {4 * x}"
