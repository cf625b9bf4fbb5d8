import torch

# Rounding alone lets no gradient through: its derivative is 0 everywhere.
x = torch.tensor([0.25, 1.75, -2.75], requires_grad=True)
x.round().sum().backward()
print(x.grad.tolist())


def round_through(x):
    """Rounds in the forward pass; the backward pass treats it as the identity."""
    return x + (x.round() - x).detach()


# -- check: run this after your own round_through
import torch


def check(round_through):
    x = torch.tensor([0.25, 1.75, -2.75], requires_grad=True)
    y = round_through(x)
    assert torch.equal(y, x.round()), f"values {y.tolist()}, expected {x.round().tolist()}"
    (y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    assert x.grad is not None and x.grad.tolist() == [1.0, 2.0, 3.0], f"x.grad is {x.grad}"
    print(y.tolist())
    print(x.grad.tolist())
    print("round_through passes")


check(round_through)
