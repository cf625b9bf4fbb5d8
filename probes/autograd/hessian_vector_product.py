"""The Hessian times a vector v is the gradient of g · v, where g is the gradient computed with
create_graph=True and v is held fixed: two passes give it without forming the Hessian."""

import torch


def hvp(f, x, v):
    x = x.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(f(x), x, create_graph=True)
    (hv,) = torch.autograd.grad(g @ v, x)
    return hv


def case_quadratic_gives_A_v():
    """f(x) = ½ xᵀAx with symmetric A: Hv = Av at any x"""
    torch.manual_seed(0)
    M = torch.randn(5, 5, dtype=torch.float64)
    A = M + M.T
    v = torch.randn(5, dtype=torch.float64)
    for _ in range(3):
        x = torch.randn(5, dtype=torch.float64)
        assert torch.allclose(hvp(lambda t: 0.5 * t @ A @ t, x, v), A @ v)


def case_matches_the_full_hessian():
    """non-quadratic functions: the result equals torch.autograd.functional.hessian(f, x) @ v"""
    torch.manual_seed(0)
    W = torch.randn(4, 6, dtype=torch.float64)
    functions = [
        lambda t: t.sin().sum() * t.pow(2).sum(),
        lambda t: torch.tanh(W @ t).pow(2).sum(),
        lambda t: torch.logsumexp(W @ t, dim=0),
    ]
    for f in functions:
        x = torch.randn(6, dtype=torch.float64)
        v = torch.randn(6, dtype=torch.float64)
        H = torch.autograd.functional.hessian(f, x)
        assert torch.allclose(hvp(f, x, v), H @ v)
