"""Whether the gradients are cleared after the update (the from-scratch sgd of together/scratch)
or before backward() (optimizer.zero_grad()), the steps are the same as long as they are cleared
between two backward() calls; left uncleared, they differ. What can differ is not the place but
zeros against None, where a parameter gets no gradient in a step and the optimizer has momentum
(together/training)."""

import torch
from torch import nn


def batches(n=4):
    generator = torch.Generator().manual_seed(1)
    return [
        (torch.randn(8, 3, generator=generator), torch.randn(8, 1, generator=generator))
        for _ in range(n)
    ]


def train(order, make_optimizer, used=lambda step: True):
    torch.manual_seed(0)
    model = nn.Linear(3, 1)
    extra = nn.Parameter(torch.ones(1))  # used only in the steps where used(step) is True
    optimizer = make_optimizer([*list(model.parameters()), extra])
    for step, (x, y) in enumerate(batches()):
        if order == "before":
            optimizer.zero_grad()  # set_to_none=True, the default
        loss = nn.functional.mse_loss(model(x), y)
        if used(step):
            loss = loss + (extra**2).sum()
        loss.backward()
        optimizer.step()
        if order == "after":
            for p in optimizer.param_groups[0]["params"]:
                if p.grad is not None:
                    p.grad.zero_()
        elif order == "after, None":
            optimizer.zero_grad()
    return [p.detach().clone() for p in [*list(model.parameters()), extra]]


OPTIMIZERS = {
    "SGD": lambda p: torch.optim.SGD(p, lr=0.1),
    "SGD with momentum": lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9),
    "SGD with weight decay": lambda p: torch.optim.SGD(p, lr=0.1, weight_decay=0.1),
    "Adam": lambda p: torch.optim.Adam(p, lr=0.1),
}


def case_same_steps_either_place():
    """SGD, SGD with momentum or weight decay, Adam: cleared after the update or before backward()"""
    for name, make in OPTIMIZERS.items():
        after, before = train("after", make), train("before", make)
        assert all(torch.equal(a, b) for a, b in zip(after, before, strict=True)), (
            f"{name}: they differ"
        )


def case_uncleared_differs():
    """never cleared: other parameters than when cleared"""
    make = OPTIMIZERS["SGD"]
    never, cleared = train("never", make), train("before", make)
    assert not all(torch.equal(a, b) for a, b in zip(never, cleared, strict=True)), (
        "clearing changed nothing"
    )


def case_plain_sgd_unused_parameter():
    """plain SGD, a parameter left out of the loss after the first step: zeros and None agree"""
    used = lambda step: step == 0
    make = OPTIMIZERS["SGD"]
    after, before = train("after", make, used), train("before", make, used)
    assert all(torch.equal(a, b) for a, b in zip(after, before, strict=True)), "they differ"


def case_momentum_unused_parameter():
    """SGD with momentum, the same unused parameter: zeroed after the update it moves, set to None it does not"""
    used = lambda step: step == 0
    make = OPTIMIZERS["SGD with momentum"]
    zeroed, none_after, before = (
        train(order, make, used) for order in ("after", "after, None", "before")
    )
    assert not torch.equal(zeroed[-1], before[-1]), "zeros and None gave the same parameter"
    assert all(torch.equal(a, b) for a, b in zip(none_after, before, strict=True)), (
        "None after and before differ"
    )
