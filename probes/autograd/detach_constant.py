"""Backward does not pass through a detached tensor: what is computed from it alone is a constant to the gradient of x, while a term that also uses x still depends on x through its other factor."""

import torch


def grad_of(build, value=1.0, dtype=torch.float32):
    x = torch.tensor(value, dtype=dtype, requires_grad=True)
    build(x).backward()
    return x.grad


def case_detached_term():
    """s = x ** 2 + (x ** 3).detach(): only the first term counts, at several x"""
    for value in (1.0, -2.0, 0.5):
        grad = grad_of(lambda x: x**2 + (x**3).detach(), value)
        assert grad.item() == 2 * value, f"at x = {value}: gradient {grad.item()}, not {2 * value}"


def case_further_operations_on_detached():
    """operations chained on the detached tensor stay constant: exp((x ** 3).detach() / 2).sin() + x"""
    grad = grad_of(lambda x: torch.exp((x**3).detach() / 2).sin() * 4 + x)
    assert grad.item() == 1.0, f"gradient {grad.item()}"


def case_product_with_x():
    """x * x.detach() at x = 3: the detached factor is the constant 3, the other factor is x"""
    grad = grad_of(lambda x: x * x.detach(), 3.0)
    assert grad.item() == 3.0, f"gradient {grad.item()}, where 3 (the constant) was expected"


def case_detached_made_a_leaf():
    """a detached tensor given requires_grad_() starts a graph of its own: x still gets nothing"""
    x = torch.tensor(2.0, requires_grad=True)
    d = (x * 3).detach().requires_grad_()
    (d * d + x).backward()
    assert x.grad.item() == 1.0 and d.grad.item() == 12.0, f"x.grad {x.grad}, d.grad {d.grad}"


def case_view_and_non_contiguous():
    """a detached transposed view of a matrix"""
    x = torch.ones(2, 3, requires_grad=True)
    (x.t().detach() * 7 + x.t()).sum().backward()
    assert torch.equal(x.grad, torch.ones(2, 3)), f"gradient {x.grad}"


def case_dtypes():
    """float16 and complex64 tensors"""
    grad = grad_of(lambda x: x**2 + (x**3).detach(), 1.0, torch.float16)
    assert grad.item() == 2.0, f"float16: {grad.item()}"
    z = torch.tensor(1 + 1j, requires_grad=True)
    (z * 2 + (z * z).detach()).real.backward()
    assert z.grad.item() == 2.0, f"complex64: {z.grad.item()}"


def case_second_derivative():
    """with create_graph=True the detached term stays constant in the second derivative too"""
    x = torch.tensor(2.0, requires_grad=True)
    (first,) = torch.autograd.grad(x**2 + (x**3).detach(), x, create_graph=True)
    (second,) = torch.autograd.grad(first, x)
    assert (first.item(), second.item()) == (4.0, 2.0), f"{first.item()}, {second.item()}"
