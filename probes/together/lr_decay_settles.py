"""With mini-batches and a constant learning rate, SGD keeps jittering around the best value,
since each batch pulls towards a best value of its own; lowering the learning rate towards the
end of training (a schedule of torch.optim.lr_scheduler, such as StepLR) lets the parameter
settle near the best value. With the whole data as one batch there is no jitter to settle."""

import torch
from torch.optim.lr_scheduler import ExponentialLR, StepLR


def targets(n=100):
    return 1 + 0.1 * torch.randn(n, generator=torch.Generator().manual_seed(0), dtype=torch.float64)


def train(schedule=None, batch_size=10, epochs=30, lr=0.3):
    """Fit one number b to the targets by the mean squared error; b after each step of the last epoch."""
    y = targets()
    b = torch.zeros((), dtype=torch.float64, requires_grad=True)
    optimizer = torch.optim.SGD([b], lr=lr)
    scheduler = schedule(optimizer) if schedule else None
    generator = torch.Generator().manual_seed(1)
    last = []
    for epoch in range(epochs):
        for index in torch.randperm(len(y), generator=generator).split(batch_size):
            optimizer.zero_grad()
            ((b - y[index]) ** 2).mean().backward()
            optimizer.step()
            if epoch == epochs - 1:
                last.append(b.item())
        if scheduler:
            scheduler.step()
    best = y.mean().item()
    return max(abs(v - best) for v in last), optimizer.param_groups[0]["lr"]


def case_constant_lr_jitters():
    """batches of 10, constant lr: in the last epoch b still strays from the best value"""
    stray, _ = train()
    assert stray > 0.005, f"b strays at most {stray}"


def case_step_lr_settles():
    """StepLR(step_size=10, gamma=0.1): in the last epoch b strays ten times less, or less"""
    constant, _ = train()
    stepped, lr = train(lambda o: StepLR(o, step_size=10, gamma=0.1))
    assert abs(lr - 0.0003) < 1e-12, f"the learning rate is {lr}"
    assert stepped < constant / 10, f"{stepped} against {constant} with a constant rate"


def case_exponential_lr_settles():
    """ExponentialLR(gamma=0.8): it settles too"""
    constant, _ = train()
    decayed, _ = train(lambda o: ExponentialLR(o, gamma=0.8))
    assert decayed < constant / 10, f"{decayed} against {constant}"


def case_full_batch_no_jitter():
    """one batch of all 100 targets, constant lr: b settles on the best value without a schedule"""
    stray, _ = train(batch_size=100)
    assert stray < 1e-9, f"b strays {stray}"
