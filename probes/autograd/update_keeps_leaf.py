"""Of two gradient steps on a leaf w, the in-place update under torch.no_grad() keeps w a leaf that goes on receiving gradients, while w = w - lr * w.grad makes a new non-leaf tensor whose .grad the next backward pass does not fill."""

import warnings

import torch


def steps():
    w = torch.tensor(1.0, requires_grad=True)
    (w**2).backward()
    with torch.no_grad():
        w -= 0.25 * w.grad
    v = torch.tensor(1.0, requires_grad=True)
    (v**2).backward()
    v = v - 0.25 * v.grad
    return w, v


def case_values():
    """both ways give 0.5"""
    w, v = steps()
    assert w.item() == v.item() == 0.5, f"{w.item()}, {v.item()}"


def case_leaf_or_not():
    """the in-place way keeps a leaf, the other makes a non-leaf"""
    w, v = steps()
    assert w.is_leaf and not v.is_leaf, f"w.is_leaf {w.is_leaf}, v.is_leaf {v.is_leaf}"


def case_next_backward():
    """the next backward pass adds to w.grad, and leaves v.grad None"""
    w, v = steps()
    (w**2).backward()
    (v**2).backward()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        v_grad = v.grad
    assert w.grad.item() == 3.0 and v_grad is None, f"w.grad {w.grad}, v.grad {v_grad}"


def case_optimizer_refuses_non_leaf():
    """an optimizer refuses the non-leaf v, and takes w"""
    w, v = steps()
    torch.optim.SGD([w], lr=0.1)
    try:
        torch.optim.SGD([v], lr=0.1)
    except ValueError:
        return
    raise AssertionError("the optimizer took a non-leaf tensor")


def case_several_steps():
    """five in-place steps: w stays a leaf and follows gradient descent to 1 / 2 ** 5"""
    w = torch.tensor(1.0, requires_grad=True)
    for _ in range(5):
        w.grad = None
        (w**2).backward()
        with torch.no_grad():
            w -= 0.25 * w.grad
    assert w.is_leaf and w.item() == 1 / 32, f"w {w.item()}"
