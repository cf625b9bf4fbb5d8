"""Along the bias, the mean squared error of a line is a parabola of curvature 2, so a
gradient step with learning rate lr multiplies the bias's distance from its best value by
1 - 2 lr (exactly while the weight stays put): -2 for lr = 1.5."""

import itertools

import torch
from torch import nn


def data(n=100, seed=0):
    generator = torch.Generator().manual_seed(seed)
    x = torch.linspace(-1, 1, n, dtype=torch.float64)
    y = 2 * x + 1 + 0.1 * torch.randn(n, generator=generator, dtype=torch.float64)
    return x, y


def loss_of_bias(x, y, w):
    return lambda b: nn.functional.mse_loss(w * x + b, y)


def case_curvature_two():
    """the second derivative in the bias, for 100 points, for one point, and at several w"""
    for n in (100, 1):
        x, y = data(n)
        for w in (0.0, 2.0, -3.0):
            for b in (0.0, 5.0):
                second = torch.autograd.functional.hessian(
                    loss_of_bias(x, y, w), torch.tensor(b, dtype=torch.float64)
                )
                assert torch.isclose(second, torch.tensor(2.0, dtype=torch.float64)), (
                    f"n={n}, w={w}, b={b}: {second.item()}"
                )


def bias_distances(lr, steps, x, y, w=2.0, b=0.0):
    """Distances of the bias from its best value over plain gradient steps on the bias alone."""
    best = (y - w * x).mean()
    bias = torch.tensor(b, dtype=torch.float64, requires_grad=True)
    optimizer = torch.optim.SGD([bias], lr=lr)
    distances = [(bias - best).item()]
    for _ in range(steps):
        optimizer.zero_grad()
        nn.functional.mse_loss(w * x + bias, y).backward()
        optimizer.step()
        distances.append((bias - best).item())
    return distances


def case_factor_one_minus_two_lr():
    """learning rates 0.1, 0.5, 0.9 and 1.5, four steps each"""
    x, y = data()
    for lr in (0.1, 0.5, 0.9, 1.5):
        d = bias_distances(lr, 4, x, y)
        for before, after in itertools.pairwise(d):
            assert abs(after - (1 - 2 * lr) * before) < 1e-9 * max(1.0, abs(before)), (
                f"lr={lr}: {before} -> {after}"
            )


def case_lr_1_5_doubles_on_the_other_side():
    """lr=1.5: each step lands twice as far away, on the other side"""
    x, y = data()
    d = bias_distances(1.5, 5, x, y)
    assert all(abs(after / before + 2) < 1e-9 for before, after in itertools.pairwise(d)), d


def case_weight_moving_too():
    """the weight trained along with the bias: still about -2 per step on x spread around 0"""
    x, y = data()
    model = nn.Linear(1, 1).double()
    with torch.no_grad():
        model.weight.fill_(2.0)
        model.bias.fill_(0.0)
    optimizer = torch.optim.SGD(model.parameters(), lr=1.5)
    best = (y - 2 * x).mean().item()
    ratios = []
    for _ in range(3):
        before = model.bias.item() - best
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x.unsqueeze(1)).squeeze(1), y).backward()
        optimizer.step()
        ratios.append((model.bias.item() - best) / before)
    assert all(abs(r + 2) < 0.2 for r in ratios), f"ratios {ratios}"
