"""With momentum mu (and the defaults dampening=0, nesterov=False), torch.optim.SGD keeps a
velocity per parameter, set to the gradient on the first step and then v <- mu * v + g, and
moves each parameter by w <- w - lr * v."""

import torch


def run_optimizer(grads_per_step, **options):
    w = torch.zeros(3, requires_grad=True)
    optimizer = torch.optim.SGD([w], **options)
    for g in grads_per_step:
        optimizer.zero_grad()
        w.grad = g.clone()
        optimizer.step()
    return w.detach()


def by_rule(grads_per_step, lr, mu):
    w, v = torch.zeros(3), None
    for g in grads_per_step:
        v = g.clone() if v is None else mu * v + g
        w = w - lr * v
    return w


GRADS = [
    torch.tensor([1.0, -2.0, 0.5]),
    torch.tensor([0.5, 1.0, 0.0]),
    torch.tensor([-1.0, 0.0, 2.0]),
]


def case_first_step_is_the_gradient():
    """after one step the parameter has moved by lr * g, not lr * (1 - mu) * g"""
    got = run_optimizer(GRADS[:1], lr=0.1, momentum=0.9)
    assert torch.allclose(got, -0.1 * GRADS[0]), got


def case_three_steps():
    """three steps with changing gradients, mu 0.9 and 0.5"""
    for mu in (0.9, 0.5):
        got = run_optimizer(GRADS, lr=0.1, momentum=mu)
        assert torch.allclose(got, by_rule(GRADS, 0.1, mu), atol=1e-6), (mu, got)


def case_defaults():
    """dampening defaults to 0 and nesterov to False"""
    defaults = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1, momentum=0.9).defaults
    assert defaults["dampening"] == 0 and defaults["nesterov"] is False, defaults


def case_foreach_and_float64():
    """the foreach implementation, and float64 parameters, follow the same rule"""
    w = torch.zeros(3, dtype=torch.float64, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1, momentum=0.9, foreach=True)
    for g in GRADS:
        optimizer.zero_grad()
        w.grad = g.double()
        optimizer.step()
    assert torch.allclose(w.detach().float(), by_rule(GRADS, 0.1, 0.9), atol=1e-6), w
