"""For a floating-point x, x.detach().clone().requires_grad_(True) is a new leaf cut off from any graph: its .grad starts as None, and gradients computed through it leave x (its data, .grad and graph) untouched."""

import torch


def gradient(f, x):
    t = x.detach().clone().requires_grad_(True)
    assert t.is_leaf and t.grad_fn is None and t.grad is None, "not a fresh leaf"
    f(t).backward()
    return t.grad


def case_plain_tensor():
    """x that does not require gradients: it stays so, twice the same result"""
    x = torch.tensor([1.0, 2.0])
    first, second = gradient(lambda t: (t**2).sum(), x), gradient(lambda t: (t**2).sum(), x)
    assert torch.equal(first, second) and not x.requires_grad and x.grad is None, "x changed"


def case_leaf_with_gradient():
    """a leaf x that requires gradients and already holds a .grad"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x * 5).sum().backward()
    before = x.grad.clone()
    gradient(lambda t: (t**2).sum(), x)
    assert torch.equal(x.grad, before), f"x.grad became {x.grad}"


def case_result_of_a_graph():
    """x computed from a leaf: the leaf gets no gradient through the copy"""
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    x = a * 3
    gradient(lambda t: (t**2).sum(), x)
    assert a.grad is None, f"a.grad became {a.grad}"


def case_copy_changed_in_place():
    """an in-place change of the copy does not reach x"""
    x = torch.tensor([1.0, 2.0])
    t = x.detach().clone().requires_grad_(True)
    with torch.no_grad():
        t.add_(10)
    assert x.tolist() == [1.0, 2.0], f"x became {x.tolist()}"


def case_non_contiguous_and_shapes():
    """a transposed view, a 0-d tensor and an empty tensor"""
    for x in (torch.randn(2, 3).t(), torch.tensor(2.0), torch.ones(0)):
        grad = gradient(lambda t: (t**2).sum(), x)
        assert grad.shape == x.shape and torch.allclose(grad, 2 * x), f"shape {tuple(x.shape)}"


def case_inference_tensor():
    """x made under torch.inference_mode(): the copy made outside it is a normal leaf"""
    with torch.inference_mode():
        x = torch.tensor([1.0, 2.0])
    assert torch.equal(gradient(lambda t: (t**2).sum(), x), 2 * x), "wrong gradient"


def case_dtypes():
    """float64 and complex64"""
    x = torch.tensor([1.0, 2.0], dtype=torch.float64)
    assert torch.equal(gradient(lambda t: (t**2).sum(), x), 2 * x), "float64"
    z = torch.tensor([1 + 1j], dtype=torch.complex64)
    assert gradient(lambda t: (t * t.conj()).real.sum(), z).tolist() == [2 + 2j], "complex64"
