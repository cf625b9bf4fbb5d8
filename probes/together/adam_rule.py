"""torch.optim.Adam keeps running averages m and s of each parameter's gradient and squared
gradient, corrects them by 1 - beta**t, and moves the parameter by lr * m_hat / (sqrt(s_hat) +
eps); its defaults are betas=(0.9, 0.999) and eps=1e-8, so its first step moves each weight by
about lr, whatever the scale of its gradient."""

import math

import torch


def by_rule(grads, lr=0.01, b1=0.9, b2=0.999, eps=1e-8):
    w, m, s = torch.zeros_like(grads[0]), 0.0, 0.0
    for t, g in enumerate(grads, start=1):
        m = b1 * m + (1 - b1) * g
        s = b2 * s + (1 - b2) * g * g
        w = w - lr * (m / (1 - b1**t)) / ((s / (1 - b2**t)).sqrt() + eps)
    return w


def run_adam(grads, **options):
    w = torch.zeros_like(grads[0], requires_grad=True)
    optimizer = torch.optim.Adam([w], **options)
    for g in grads:
        optimizer.zero_grad()
        w.grad = g.clone()
        optimizer.step()
    return w.detach()


GRADS = [
    torch.tensor([1.0, -2.0, 1e-3]),
    torch.tensor([0.5, 1.0, -1e-3]),
    torch.tensor([-1.0, 0.0, 2e-3]),
]


def case_defaults():
    """betas (0.9, 0.999), eps 1e-8, no weight decay, no amsgrad"""
    d = torch.optim.Adam([torch.zeros(1, requires_grad=True)]).defaults
    assert d["betas"] == (0.9, 0.999) and d["eps"] == 1e-8, d
    assert d["weight_decay"] == 0 and d["amsgrad"] is False, d


def case_three_steps():
    """three steps, gradients of very different scales"""
    got = run_adam(GRADS, lr=0.01)
    assert torch.allclose(got, by_rule(GRADS), atol=1e-6), (got, by_rule(GRADS))


def case_first_step_about_lr():
    """the first step moves each weight by lr up to eps's share, for gradients of 1e-3 and 1e3"""
    for scale in (1e-3, 1.0, 1e3):
        got = run_adam([torch.tensor([scale, -scale])], lr=0.01)
        assert torch.allclose(got.abs(), torch.full((2,), 0.01), rtol=1e-4), (scale, got)


def case_zero_gradient_does_not_move():
    """a gradient of exactly 0 moves nothing on the first step"""
    got = run_adam([torch.tensor([0.0, 1.0])], lr=0.01)
    assert got[0].item() == 0.0 and math.isclose(got[1].item(), -0.01, rel_tol=1e-4), got


def case_gradient_near_eps_moves_less():
    """a gradient of 1e-8, eps's size, moves the weight by about lr / 2; one of 1e-10 hardly at all"""
    got = run_adam([torch.tensor([1e-8, 1e-10])], lr=0.01)
    assert math.isclose(got[0].item(), -0.005, rel_tol=1e-2), got
    assert abs(got[1].item()) < 2e-4, got
