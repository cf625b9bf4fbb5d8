"""A gradient is cleared with .grad = None, .grad.zero_() or optimizer.zero_grad(): after any of them the next backward() pass leaves its own gradient only."""

import torch


def pass_of(x, factor):
    (x * factor).sum().backward()


def after_clearing(clear, dtype=torch.float32):
    x = torch.ones(2, dtype=dtype, requires_grad=True)
    pass_of(x, 3.0)
    clear(x)
    pass_of(x, 5.0)
    return x.grad


def case_set_to_none():
    """x.grad = None: .grad is None until the next pass, which leaves 5"""
    assert after_clearing(lambda x: setattr(x, "grad", None)).tolist() == [5.0, 5.0], "not cleared"


def case_zero_in_place():
    """x.grad.zero_() keeps the same tensor, filled with 0, and the next pass leaves 5"""
    x = torch.ones(2, requires_grad=True)
    pass_of(x, 3.0)
    kept = x.grad
    x.grad.zero_()
    pass_of(x, 5.0)
    assert x.grad is kept and x.grad.tolist() == [5.0, 5.0], f"x.grad {x.grad}"


def case_optimizer_zero_grad():
    """optimizer.zero_grad() clears every parameter, with set_to_none True (its default) and False"""
    for to_none in (True, False):
        layer = torch.nn.Linear(2, 1)
        optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
        layer(torch.ones(1, 2)).sum().backward()
        optimizer.zero_grad(set_to_none=to_none)
        cleared = [
            p.grad is None if to_none else bool((p.grad == 0).all()) for p in layer.parameters()
        ]
        layer(torch.ones(1, 2)).sum().backward()
        assert all(cleared), f"set_to_none={to_none}: not cleared"
        assert layer.bias.grad.tolist() == [1.0], f"bias.grad {layer.bias.grad}"


def case_dtypes():
    """float16, bfloat16 and complex64 leaves"""
    for dtype in (torch.float16, torch.bfloat16):
        got = after_clearing(lambda x: x.grad.zero_(), dtype)
        assert got.tolist() == [5.0, 5.0], f"{dtype}: {got}"
    z = torch.ones(2, dtype=torch.complex64, requires_grad=True)
    (z * 3).real.sum().backward()
    z.grad = None
    (z * 5).real.sum().backward()
    assert z.grad.tolist() == [5, 5], f"complex64: {z.grad}"


def case_gradient_with_a_graph():
    """a .grad that has a graph of its own (create_graph=True) is cleared both ways"""
    for clear in (lambda x: setattr(x, "grad", None), lambda x: x.grad.zero_()):
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        (x**3).sum().backward(create_graph=True)
        clear(x)
        (x * 5).sum().backward()
        assert x.grad.tolist() == [5.0, 5.0], f"x.grad {x.grad}"


def case_zero_before_any_pass():
    """before any pass there is nothing to clear: .grad is None and .grad.zero_() raises"""
    x = torch.ones(2, requires_grad=True)
    try:
        x.grad.zero_()
    except AttributeError:
        return
    raise AssertionError("zero_() ran on a missing gradient")
