"""For 100 points y = 2x + 1 plus noise of standard deviation 0.1 (the data of together/training),
no straight line reaches a mean squared error of zero: the best one, by least squares, leaves
about 0.1² = 0.01, and every other line leaves more."""

import torch


def data(seed, n=100, sigma=0.1):
    generator = torch.Generator().manual_seed(seed)
    x = torch.linspace(-1, 1, n, dtype=torch.float64).unsqueeze(1)
    y = 2 * x + 1 + sigma * torch.randn(x.shape, generator=generator, dtype=torch.float64)
    return x, y


def best_line(x, y):
    design = torch.cat([x, torch.ones_like(x)], dim=1)
    solution = torch.linalg.lstsq(design, y).solution
    return solution[0, 0], solution[1, 0]


def mse(x, y, w, b):
    return ((w * x + b - y) ** 2).mean().item()


def case_best_line_near_sigma_squared():
    """the least-squares line on 20 draws of the data"""
    for seed in range(20):
        x, y = data(seed)
        error = mse(x, y, *best_line(x, y))
        assert 0.005 < error < 0.015, f"seed {seed}: {error}"


def case_other_lines_leave_more():
    """200 lines near the best one, and the line 2x + 1 the data were made with"""
    x, y = data(0)
    w, b = best_line(x, y)
    floor = mse(x, y, w, b)
    generator = torch.Generator().manual_seed(1)
    shifts = 0.05 * torch.randn(200, 2, generator=generator, dtype=torch.float64)
    for dw, db in shifts.tolist():
        assert mse(x, y, w + dw, b + db) > floor, f"w+{dw}, b+{db} is below the floor"
    assert mse(x, y, 2.0, 1.0) > floor, "the true line is below the best one"


def case_float32_like_the_page():
    """the same in float32, the page's dtype"""
    x, y = (t.float() for t in data(0))
    error = mse(x, y, *best_line(x, y))
    assert 0.005 < error < 0.015, f"{error}"


def case_two_points_only():
    """two noisy points: a line passes through both, so the floor is a matter of enough data"""
    x, y = data(0, n=2)
    assert mse(x, y, *best_line(x, y)) < 1e-20, "two points left an error"
