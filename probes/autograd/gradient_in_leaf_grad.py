"""backward() of a scalar stores, in the .grad of each leaf it reaches that requires gradients, the derivative of that scalar with respect to each element of the leaf (a tensor of the leaf's shape); it stores nothing in the .grad of an intermediate result (without retain_grad()), of a leaf it does not reach or of one that does not require gradients, and torch.autograd.grad returns the gradients without storing them."""

import warnings

import torch
from torch import nn


def case_leaf_holds_each_derivative():
    """y = (x ** 2 * w).sum(): x.grad is 2 x w, of x's shape"""
    x = torch.tensor([[1.0, -2.0], [3.0, 0.5]], requires_grad=True)
    w = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    (x**2 * w).sum().backward()
    assert x.grad.shape == x.shape and torch.allclose(x.grad, 2 * x.detach() * w), f"{x.grad}"


def case_intermediate_not_stored():
    """the .grad of an intermediate result stays None (PyTorch warns when it is read)"""
    x = torch.ones(3, requires_grad=True)
    h = x * 2
    (h * h).sum().backward()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        assert h.grad is None, "an intermediate's gradient was stored"
    assert x.grad is not None, "the leaf got nothing"


def case_leaf_not_reached():
    """a leaf that requires gradients but is not used by the scalar keeps .grad None, not zeros"""
    x, unused = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
    (x * 3).sum().backward()
    assert unused.grad is None and x.grad.tolist() == [3.0, 3.0], f"{unused.grad}, {x.grad}"


def case_leaf_not_requiring_gradients():
    """a leaf without requires_grad, used in the computation, gets no .grad"""
    x, c = torch.ones(2, requires_grad=True), torch.full((2,), 5.0)
    (x * c).sum().backward()
    assert c.grad is None and x.grad.tolist() == [5.0, 5.0], f"{c.grad}, {x.grad}"


def case_autograd_grad_stores_nothing():
    """torch.autograd.grad returns the gradient and leaves .grad None"""
    x = torch.ones(2, requires_grad=True)
    (g,) = torch.autograd.grad((x * 4).sum(), x)
    assert g.tolist() == [4.0, 4.0] and x.grad is None, f"{g}, {x.grad}"


def case_module_parameters():
    """the parameters of nn.Linear are leaves: each gets a .grad of its shape"""
    layer = nn.Linear(3, 2)
    layer(torch.ones(4, 3)).sum().backward()
    for name, p in layer.named_parameters():
        assert p.grad is not None and p.grad.shape == p.shape, f"{name}: {p.grad}"


def case_zero_dimensional_non_contiguous_and_float64():
    """a 0-d leaf, a transposed leaf and a float64 leaf"""
    s = torch.tensor(3.0, requires_grad=True)
    (s**2).backward()
    assert s.grad.shape == () and s.grad.item() == 6.0, f"{s.grad}"
    t = torch.arange(6.0).view(2, 3).t().detach().requires_grad_()
    (t * t).sum().backward()
    assert t.grad.shape == (3, 2) and torch.equal(t.grad, 2 * t.detach()), f"{t.grad}"
    d = torch.ones(2, dtype=torch.float64, requires_grad=True)
    (d * 2).sum().backward()
    assert d.grad.dtype == torch.float64 and d.grad.tolist() == [2.0, 2.0], f"{d.grad}"
