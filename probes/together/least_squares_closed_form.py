"""Under Gaussian noise of fixed variance, the negative log-likelihood of a linear model is a
constant plus the sum of squared errors over 2 sigma^2, so least squares is maximum likelihood;
for linear regression the minimum solves X^T X theta = X^T y, which torch.linalg.lstsq finds."""

import math

import torch


def data(n=200, seed=0):
    generator = torch.Generator().manual_seed(seed)
    X = torch.randn(n, 3, dtype=torch.float64, generator=generator)
    X1 = torch.cat([X, torch.ones(n, 1, dtype=torch.float64)], dim=1)
    y = X1 @ torch.tensor([2.0, -3.4, 0.5, 4.2], dtype=torch.float64)
    return X1, y + 0.1 * torch.randn(n, dtype=torch.float64, generator=generator)


def case_lstsq_solves_normal_equations():
    """three data sets: the solution satisfies X^T X theta = X^T y and the gradient is 0 there"""
    for seed in range(3):
        X1, y = data(seed=seed)
        theta = torch.linalg.lstsq(X1, y.unsqueeze(1)).solution.flatten()
        assert torch.allclose(X1.T @ X1 @ theta, X1.T @ y, atol=1e-8)
        moved = theta.clone().requires_grad_(True)
        ((X1 @ moved - y) ** 2).sum().backward()
        assert moved.grad.abs().max() < 1e-8


def case_minimum_beats_neighbours():
    """every small step away from the solution raises the sum of squared errors"""
    X1, y = data()
    theta = torch.linalg.lstsq(X1, y.unsqueeze(1)).solution.flatten()
    best = ((X1 @ theta - y) ** 2).sum()
    for i in range(4):
        for step in (1e-3, -1e-3):
            other = theta.clone()
            other[i] += step
            assert ((X1 @ other - y) ** 2).sum() > best


def case_gaussian_nll_is_scaled_squares():
    """the NLL equals n/2 log(2 pi sigma^2) + SSE / (2 sigma^2) for any theta and sigma"""
    X1, y = data()
    torch.manual_seed(0)
    for sigma in (0.1, 1.0, 3.0):
        theta = torch.randn(4, dtype=torch.float64)
        mean = X1 @ theta
        nll = -torch.distributions.Normal(mean, sigma).log_prob(y).sum()
        sse = ((y - mean) ** 2).sum()
        expected = len(y) / 2 * math.log(2 * math.pi * sigma**2) + sse / (2 * sigma**2)
        assert torch.allclose(nll, expected), sigma
