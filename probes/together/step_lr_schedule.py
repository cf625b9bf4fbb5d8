"""StepLR(optimizer, step_size, gamma) multiplies the learning rate of each parameter group by
gamma every step_size calls of scheduler.step(): it counts calls, not epochs, so called once per
epoch after the optimizer's steps (as PyTorch expects: called before, it warns) it lowers the
rate every step_size epochs. Weight decay, by contrast, is an argument of the optimizer, which
adds weight_decay times each parameter to its gradient."""

import warnings

import torch
from torch import nn
from torch.optim.lr_scheduler import StepLR


def setup(lr=0.1, weight_decay=0.0, groups=1):
    params = [nn.Parameter(torch.ones(2)) for _ in range(groups)]
    optimizer = torch.optim.SGD([{"params": [p]} for p in params], lr=lr, weight_decay=weight_decay)
    return params, optimizer, StepLR(optimizer, step_size=10, gamma=0.1)


def epochs(optimizer, scheduler, params, count=30, steps_per_epoch=17):
    rates = []
    for _ in range(count):
        rates.append([g["lr"] for g in optimizer.param_groups])
        for _ in range(steps_per_epoch):
            for p in params:
                p.grad = torch.ones(2)
            optimizer.step()
        scheduler.step()
    return rates


def case_once_per_epoch():
    """30 epochs of 17 steps, scheduler.step() after each epoch: 0.1, 0.01, 0.001 in epochs 1, 11, 21"""
    params, optimizer, scheduler = setup()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning about the order of the calls
        rates = [r[0] for r in epochs(optimizer, scheduler, params)]
    expected = [0.1] * 10 + [0.01] * 10 + [0.001] * 10
    assert all(abs(a - b) < 1e-12 for a, b in zip(rates, expected, strict=True)), rates
    assert len({round(r, 12) for r in rates}) == 3, rates


def case_counts_calls():
    """scheduler.step() after every batch instead: the rate drops after 10 batches, within the first epoch"""
    params, optimizer, scheduler = setup()
    rates = []
    for _ in range(17):
        rates.append(optimizer.param_groups[0]["lr"])
        params[0].grad = torch.ones(2)
        optimizer.step()
        scheduler.step()
    assert abs(rates[9] - 0.1) < 1e-12 and abs(rates[10] - 0.01) < 1e-12, rates


def case_every_group():
    """two parameter groups with rates 0.1 and 0.1: both multiplied"""
    params, optimizer, scheduler = setup(groups=2)
    rates = epochs(optimizer, scheduler, params, count=11)
    assert all(abs(r - 0.01) < 1e-12 for r in rates[10]), rates[10]


def case_called_before_optimizer_warns():
    """scheduler.step() before the first optimizer.step(): a UserWarning"""
    _, _, scheduler = setup()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scheduler.step()
    assert any("optimizer.step()" in str(w.message) for w in caught), [
        str(w.message) for w in caught
    ]


def case_resumes_from_state_dict():
    """a new scheduler given the state_dict of one stepped 12 times goes on from there"""
    params, optimizer, scheduler = setup()
    epochs(optimizer, scheduler, params, count=12, steps_per_epoch=1)
    _, optimizer2, scheduler2 = setup()
    optimizer2.load_state_dict(optimizer.state_dict())
    scheduler2.load_state_dict(scheduler.state_dict())
    assert scheduler2.last_epoch == 12 and abs(optimizer2.param_groups[0]["lr"] - 0.01) < 1e-12


def case_weight_decay_is_an_argument():
    """SGD(weight_decay=1e-4): one step moves w by lr * (grad + 1e-4 * w)"""
    params, optimizer, _ = setup(weight_decay=1e-4)
    w = params[0]
    before = w.detach().clone()
    w.grad = torch.full((2,), 0.5)
    optimizer.step()
    assert torch.allclose(w.detach(), before - 0.1 * (0.5 + 1e-4 * before)), w
