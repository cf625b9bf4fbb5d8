"""After backward() of a scalar, x.grad has x's shape and holds the derivative of that scalar with respect to each element of x."""

import torch


def case_vector():
    """L = sum(x³) for a vector: 3x² element by element"""
    x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
    (x**3).sum().backward()
    assert torch.allclose(x.grad, 3 * x.detach() ** 2), x.grad


def case_matrix_shape():
    """a 2 × 3 matrix: .grad has the matrix's shape"""
    x = torch.randn(2, 3, requires_grad=True)
    (x * torch.arange(6.0).view(2, 3)).sum().backward()
    assert x.grad.shape == (2, 3) and torch.equal(x.grad, torch.arange(6.0).view(2, 3)), x.grad


def case_finite_differences():
    """float64, L = sum(sin(x) · x): each element against a central difference"""
    x = torch.randn(5, dtype=torch.float64, requires_grad=True)

    def loss(v):
        return (torch.sin(v) * v).sum()

    loss(x).backward()
    h = 1e-6
    for i in range(5):
        e = torch.zeros(5, dtype=torch.float64)
        e[i] = h
        numeric = (loss(x.detach() + e) - loss(x.detach() - e)) / (2 * h)
        assert abs(x.grad[i] - numeric) < 1e-6, f"element {i}: {x.grad[i]} against {numeric}"


def case_unused_elements():
    """only x[0] used: the other elements' derivatives are 0, not missing"""
    x = torch.ones(3, requires_grad=True)
    (x[0] * 5).backward()
    assert x.grad.tolist() == [5.0, 0.0, 0.0], x.grad


def case_non_contiguous_leaf():
    """a leaf made from a transposed tensor: .grad follows the leaf's own positions"""
    x = torch.arange(6.0).view(2, 3).t().detach().requires_grad_()
    (x * x).sum().backward()
    assert torch.equal(x.grad, 2 * x.detach()), x.grad


def case_0d_and_empty():
    """a 0-d x, and an empty x whose .grad is empty"""
    x = torch.tensor(3.0, requires_grad=True)
    (x * x).backward()
    assert x.grad.shape == () and x.grad.item() == 6.0, x.grad
    e = torch.empty(0, requires_grad=True)
    e.sum().backward()
    assert e.grad.shape == (0,), e.grad


def case_half_precision():
    """bfloat16 x: 2x, in bfloat16"""
    x = torch.tensor([1.5, -3.0], dtype=torch.bfloat16, requires_grad=True)
    (x * x).sum().backward()
    assert x.grad.dtype == torch.bfloat16 and x.grad.tolist() == [3.0, -6.0], x.grad


def case_complex():
    """a complex x and real L = |x|²: .grad holds ∂L/∂re + i·∂L/∂im, the derivatives of both parts"""
    x = torch.tensor([1 + 2j, -3j], requires_grad=True)
    (x.abs() ** 2).sum().backward()
    assert torch.allclose(x.grad, 2 * x.detach()), x.grad


def case_not_a_scalar():
    """backward() of a vector without a gradient: refused, the definition needs a scalar"""
    x = torch.ones(2, requires_grad=True)
    try:
        (x * 2).backward()
    except RuntimeError:
        return
    raise AssertionError("backward() of a vector filled .grad")
