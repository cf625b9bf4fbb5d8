"""Repeated torch.autograd.grad differentiates the previous result, so every pass but the last needs create_graph=True; on the last pass it changes no value and only keeps memory."""

import math

import torch


def derivatives(f, x, n, last_creates=True, skip=None):
    t = torch.tensor(float(x), dtype=torch.float64, requires_grad=True)
    d, found = f(t), []
    for i in range(n):
        create = (i < n - 1 or last_creates) and i != skip
        (d,) = torch.autograd.grad(d, t, create_graph=create)
        found.append(d.item())
    return found


def case_cube():
    """x ** 3 at 2: 12, 12, 6, 0"""
    assert derivatives(lambda t: t**3, 2, 4) == [12.0, 12.0, 6.0, 0.0], derivatives(
        lambda t: t**3, 2, 4
    )


def case_sine():
    """sin at 0.5: the n-th derivative is sin(x + n π / 2)"""
    got = derivatives(torch.sin, 0.5, 4)
    expected = [math.sin(0.5 + n * math.pi / 2) for n in (1, 2, 3, 4)]
    assert all(abs(g - e) < 1e-12 for g, e in zip(got, expected, strict=True)), f"{got}"


def case_last_pass_plain():
    """the last pass without create_graph gives the same values"""
    for f in (lambda t: t**3, torch.sin, lambda t: torch.exp(t) * t):
        assert derivatives(f, 0.8, 3) == derivatives(f, 0.8, 3, last_creates=False), "values differ"


def case_middle_pass_plain():
    """a pass but the last without create_graph: the next pass raises"""
    for skip in (0, 1):
        try:
            derivatives(torch.sin, 0.5, 3, skip=skip)
        except RuntimeError:
            continue
        raise AssertionError(f"the pass after plain pass {skip} ran")


def case_vector():
    """the sum over a vector: each pass differentiates a scalar sum of the previous gradient"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (g,) = torch.autograd.grad((x**3).sum(), x, create_graph=True)
    (h,) = torch.autograd.grad(g.sum(), x)
    assert g.tolist() == [3.0, 12.0] and h.tolist() == [6.0, 12.0], f"{g.tolist()}, {h.tolist()}"
