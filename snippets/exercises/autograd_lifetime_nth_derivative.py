import math

import torch


def nth_derivative(f, x, n):
    """The n-th derivative of f at the number x, as a float."""
    x = torch.tensor(float(x), requires_grad=True)
    derivative = f(x)
    for _ in range(n):
        # create_graph=True records this pass too, so that its result can be differentiated.
        (derivative,) = torch.autograd.grad(derivative, x, create_graph=True)
    return derivative.item()


# -- check: run this after your own nth_derivative
import math

import torch


def check(nth_derivative):
    cube = [float(nth_derivative(lambda x: x**3, 2.0, n)) for n in (1, 2, 3, 4)]
    assert cube == [12.0, 12.0, 6.0, 0.0], f"x ** 3 at 2: {cube}, expected 12, 12, 6, 0"
    for n in (1, 2, 3, 4):  # the n-th derivative of sin is sin(x + n * pi / 2)
        got, expected = float(nth_derivative(torch.sin, 0.5, n)), math.sin(0.5 + n * math.pi / 2)
        assert abs(got - expected) < 1e-6, f"sin, n = {n}: {got}, expected {expected}"
    print(cube)
    print("nth_derivative passes")


check(nth_derivative)
