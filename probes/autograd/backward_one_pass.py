"""A central difference evaluates y twice per element of x, while one backward() pass, after one forward evaluation, gives every partial derivative."""

from typing import ClassVar

import torch


class CountedSquare(torch.autograd.Function):
    """x ** 2, counting the calls of its forward and of its backward."""

    calls: ClassVar[dict] = {"forward": 0, "backward": 0}

    @staticmethod
    def forward(ctx, x):
        CountedSquare.calls["forward"] += 1
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        CountedSquare.calls["backward"] += 1
        (x,) = ctx.saved_tensors
        return 2 * x * grad


def y(x):
    return 2 * CountedSquare.apply(x).sum()


def central_difference(x, h=1e-3):
    flat = x.reshape(-1)
    partials = []
    for i in range(flat.numel()):
        e = torch.zeros_like(flat)
        e[i] = h
        partials.append((y((flat + e).view_as(x)) - y((flat - e).view_as(x))) / (2 * h))
    return torch.stack(partials).view_as(x) if partials else torch.zeros_like(x)


def counts(x):
    CountedSquare.calls = {"forward": 0, "backward": 0}
    central_difference(x)
    by_difference = CountedSquare.calls["forward"]
    CountedSquare.calls = {"forward": 0, "backward": 0}
    t = x.clone().requires_grad_(True)
    y(t).backward()
    return by_difference, dict(CountedSquare.calls), t.grad


def case_vector():
    """a vector of 1000 elements"""
    x = torch.randn(1000, dtype=torch.float64)
    by_difference, calls, grad = counts(x)
    assert by_difference == 2000, f"the central difference evaluated y {by_difference} times"
    assert calls == {"forward": 1, "backward": 1}, f"backward() took {calls}"
    assert torch.equal(grad, 4 * x), "backward() left some partial derivative wrong"


def case_matrix():
    """a 3 × 4 matrix"""
    x = torch.randn(3, 4, dtype=torch.float64)
    by_difference, calls, grad = counts(x)
    assert (by_difference, calls) == (24, {"forward": 1, "backward": 1}), (
        f"{by_difference}, {calls}"
    )
    assert grad.shape == (3, 4) and torch.equal(grad, 4 * x), "backward() left a partial wrong"


def case_single_element():
    """a 0-d tensor: two evaluations against one pass"""
    by_difference, calls, grad = counts(torch.tensor(1.5, dtype=torch.float64))
    assert (by_difference, calls, grad.item()) == (2, {"forward": 1, "backward": 1}, 6.0), (
        f"{by_difference}, {calls}, {grad}"
    )


def case_difference_agrees():
    """the two methods give the same gradient, up to the difference's error"""
    x = torch.randn(6, dtype=torch.float64)
    _, _, grad = counts(x)
    assert torch.allclose(central_difference(x), grad, atol=1e-6), "the two gradients differ"
