"""create_graph=True records the backward pass, so the gradient has a graph of its own (unless computing it used no tracked value) and can be differentiated again, and, since retain_graph defaults to create_graph, keeps the graph of y alive: memory that a plain pass frees, and that only a further differentiation uses."""

import torch


def raises(action):
    try:
        action()
    except RuntimeError:
        return True
    return False


def case_gradient_has_a_graph():
    """y = x ** 3: with create_graph the gradient requires gradients and has a grad_fn"""
    x = torch.tensor(2.0, requires_grad=True)
    (g,) = torch.autograd.grad(x**3, x, create_graph=True)
    assert g.requires_grad and g.grad_fn is not None, f"grad_fn {g.grad_fn}"


def case_plain_gradient_has_none():
    """without create_graph the gradient is a plain value, which cannot be differentiated"""
    x = torch.tensor(2.0, requires_grad=True)
    (g,) = torch.autograd.grad(x**3, x)
    assert not g.requires_grad and g.grad_fn is None, f"grad_fn {g.grad_fn}"
    assert raises(lambda: torch.autograd.grad(g, x)), "the plain gradient was differentiated"


def case_graph_of_y_kept():
    """with create_graph the saved values of y's graph stay (a second pass runs); without, they go"""
    x = torch.tensor(2.0, requires_grad=True)
    y = x**3
    torch.autograd.grad(y, x, create_graph=True)
    kept = y.grad_fn._saved_self is not None
    second = torch.autograd.grad(y, x)[0].item()
    z = x**3
    torch.autograd.grad(z, x)
    assert kept and second == 12.0 and raises(lambda: z.grad_fn._saved_self), (
        "not kept, or kept without it"
    )


def case_linear_function():
    """y = 3x: the gradient is the constant 3, and create_graph records no graph for it"""
    x = torch.tensor(2.0, requires_grad=True)
    (g,) = torch.autograd.grad(x * 3, x, create_graph=True)
    assert g.item() == 3.0 and g.grad_fn is None, f"gradient {g.item()}, grad_fn {g.grad_fn}"


def case_same_values():
    """the first and second derivatives are the same whether the last pass records a graph or not"""
    values = []
    for last in (True, False):
        x = torch.tensor(0.7, dtype=torch.float64, requires_grad=True)
        (g,) = torch.autograd.grad(torch.sin(x) * x**2, x, create_graph=True)
        (h,) = torch.autograd.grad(g, x, create_graph=last)
        values.append((g.item(), h.item()))
    assert values[0] == values[1], f"{values}"


def case_gradient_differentiated_again():
    """x ** 3 at 2: the gradient 12 has a graph, its derivative 12 too, and the third derivative 6 as well"""
    x = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(x**3, x, create_graph=True)
    (h,) = torch.autograd.grad(g, x, create_graph=True)
    (k,) = torch.autograd.grad(h, x, create_graph=True)
    assert (g.item(), h.item(), k.item()) == (12.0, 12.0, 6.0), (g, h, k)
    assert all(t.grad_fn is not None for t in (g, h, k)), "a derivative has no graph"


def case_gradient_from_a_tracked_weight():
    """the gradient of a layer's output with respect to its input: linear in x, yet computed from the tracked weight, so it has a graph"""
    layer = torch.nn.Linear(3, 1)
    x = torch.ones(1, 3, requires_grad=True)
    (g,) = torch.autograd.grad(layer(x).sum(), x, create_graph=True)
    (w_grad,) = torch.autograd.grad(g.sum(), layer.weight)
    assert g.grad_fn is not None and w_grad.tolist() == [[1.0, 1.0, 1.0]], f"{g.grad_fn}, {w_grad}"


def case_dtypes_and_no_grad():
    """float16 and complex64 inputs, and a call inside torch.no_grad()"""
    for dtype in (torch.float16, torch.complex64):
        x = torch.tensor([1.0, 2.0], dtype=dtype, requires_grad=True)
        (g,) = torch.autograd.grad(
            (x * x).real.sum() if dtype.is_complex else (x * x).sum(), x, create_graph=True
        )
        assert g.grad_fn is not None, f"{dtype}: no graph"
    x = torch.tensor(2.0, requires_grad=True)
    y = x**3
    with torch.no_grad():
        (g,) = torch.autograd.grad(y, x, create_graph=True)
    assert g.grad_fn is not None, "no graph under no_grad"


def case_retain_graph_follows_create_graph():
    """retain_graph=False given with create_graph=True frees y's graph: keeping it is only the default"""
    x = torch.tensor(2.0, requires_grad=True)
    y = x**3
    torch.autograd.grad(y, x, create_graph=True, retain_graph=False)
    assert raises(lambda: torch.autograd.grad(y, x)), "the graph of y was kept"
