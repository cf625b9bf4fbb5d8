"""For f, which doubles b = 2a until its norm reaches 1000 and then keeps it or multiplies it by 100, f(a) is a times a constant along either path, so the gradient is that constant, d / a, for any finite a other than 0 (at 0 the loop never ends)."""

import torch


def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        return b
    return 100 * b


def gradient_and_ratio(value, dtype=torch.float32):
    a = torch.tensor(value, dtype=dtype, requires_grad=True)
    d = f(a)
    d.sum().backward()
    return a.grad, (d / a).detach()


def case_page_values():
    """a = 0.5 and a = -0.5: both branches, the gradient exactly d / a"""
    for value in (0.5, -0.5):
        grad, ratio = gradient_and_ratio(value)
        assert torch.equal(grad, ratio), (
            f"a = {value}: gradient {grad.item()}, d / a {ratio.item()}"
        )


def case_other_magnitudes():
    """tiny, large and non-dyadic values: the gradient is d / a up to rounding"""
    for value in (1e-30, -3e-7, 0.3, -7.1, 999.0, 2000.0, -5e20):
        grad, ratio = gradient_and_ratio(value)
        assert torch.allclose(grad, ratio, rtol=1e-6), (
            f"a = {value}: {grad.item()} against {ratio.item()}"
        )


def case_float64():
    """float64 values"""
    for value in (0.1, -0.1, 1e-200):
        grad, ratio = gradient_and_ratio(value, torch.float64)
        assert torch.allclose(grad, ratio, rtol=1e-12), (
            f"a = {value}: {grad.item()} against {ratio.item()}"
        )


def case_vector():
    """a vector a whose sum is negative, and one whose sum is 0 (the branch with 100)"""
    for value in ([1.0, -3.0], [1.0, -1.0]):
        grad, ratio = gradient_and_ratio(value)
        assert torch.allclose(grad, ratio), f"a = {value}: {grad.tolist()} against {ratio.tolist()}"


def case_infinite():
    """a = inf: f(a) is still 2a, but d / a is nan, not the constant 2"""
    grad, ratio = gradient_and_ratio(float("inf"))
    assert grad.item() == 2.0 and ratio.isnan(), f"gradient {grad.item()}, d / a {ratio.item()}"
