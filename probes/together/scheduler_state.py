"""A learning-rate scheduler counts its steps itself (last_epoch in its state_dict), a count
the optimizer's state_dict does not hold; a scheduler built again starts the count at 0, and
load_state_dict puts the count back, so the next rates are those of a run without a break."""

import torch
from torch import nn

SCHEDULERS = {
    "StepLR": lambda opt: torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.1),
    "MultiStepLR": lambda opt: torch.optim.lr_scheduler.MultiStepLR(
        opt, milestones=[2, 5], gamma=0.5
    ),
    "ExponentialLR": lambda opt: torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9),
    "CosineAnnealingLR": lambda opt: torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=6),
}


def build(make):
    optimizer = torch.optim.SGD(nn.Linear(2, 1).parameters(), lr=0.1, momentum=0.9)
    return optimizer, make(optimizer)


def run(optimizer, scheduler, epochs, rates):
    for _ in range(epochs):
        rates.append(optimizer.param_groups[0]["lr"])
        optimizer.step()
        scheduler.step()


def case_count_in_scheduler_not_optimizer():
    """after 3 steps last_epoch is 3; the optimizer's state_dict has no such count"""
    for name, make in SCHEDULERS.items():
        optimizer, scheduler = build(make)
        run(optimizer, scheduler, 3, [])
        assert scheduler.state_dict()["last_epoch"] == 3, name
        groups = optimizer.state_dict()["param_groups"]
        assert all("last_epoch" not in group for group in groups), name


def case_fresh_scheduler_starts_at_zero():
    """a scheduler built on an optimizer whose state was loaded counts from 0 again"""
    for name, make in SCHEDULERS.items():
        optimizer, scheduler = build(make)
        run(optimizer, scheduler, 3, [])
        saved = optimizer.state_dict()
        optimizer, scheduler = build(make)
        optimizer.load_state_dict(saved)
        assert scheduler.state_dict()["last_epoch"] == 0, name


def case_restored_rates_match():
    """build both, load both: the rates of 3 + 3 epochs equal those of 6 in one go"""
    for name, make in SCHEDULERS.items():
        optimizer, scheduler = build(make)
        straight = []
        run(optimizer, scheduler, 6, straight)
        optimizer, scheduler = build(make)
        resumed = []
        run(optimizer, scheduler, 3, resumed)
        saved = (optimizer.state_dict(), scheduler.state_dict())
        optimizer, scheduler = build(make)
        optimizer.load_state_dict(saved[0])
        scheduler.load_state_dict(saved[1])
        run(optimizer, scheduler, 3, resumed)
        assert resumed == straight, (name, resumed, straight)
