import torch


def gradient(f, x):
    """The gradient of the scalar f(x) with respect to x, as a new tensor; x is left unchanged."""
    x = x.detach().clone().requires_grad_(True)
    f(x).backward()
    return x.grad


# -- check: run this after your own gradient(f, x)
import torch


def check(gradient):
    x = torch.arange(4.0)
    g = gradient(lambda t: 2 * torch.dot(t, t), x)
    assert torch.equal(g, 4 * x), f"the gradient of 2 * dot(x, x) is 4x, not {g}"
    again = gradient(lambda t: 2 * torch.dot(t, t), x)
    assert torch.equal(again, g), "a second call must give the same gradient, not add to it"
    assert not x.requires_grad and x.grad is None, "x itself must be left as it was"
    cubes = gradient(lambda t: (t**3).sum(), torch.tensor([1.0, 2.0]))
    assert torch.equal(cubes, torch.tensor([3.0, 12.0])), f"sum(x³) gives 3x², not {cubes}"
    print(g.tolist())
    print(cubes.tolist())
    print("all checks passed")


check(gradient)
