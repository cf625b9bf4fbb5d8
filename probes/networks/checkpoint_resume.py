"""A checkpoint saved as one dict (the model's and the optimiser's state_dict(), the epoch) is read by the default torch.load, and with everything the training depends on (the random state too, where the training draws random numbers) resuming continues exactly as training without a break; without the optimiser's state it does not."""

import io

import torch
from torch import nn


def build(dropout=False):
    torch.manual_seed(0)
    layers = (
        [nn.Linear(3, 8), nn.ReLU()] + ([nn.Dropout(0.5)] if dropout else []) + [nn.Linear(8, 1)]
    )
    model = nn.Sequential(*layers)
    return model, torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)


def step(model, optimiser, x, y):
    optimiser.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimiser.step()


def run(dropout=False, keep_optimiser=True, keep_rng=True, make_optimiser=None):
    torch.manual_seed(1)
    x, y = torch.randn(32, 3), torch.randn(32, 1)
    model, optimiser = build(dropout)
    if make_optimiser:
        optimiser = make_optimiser(model.parameters())
    for _ in range(3):
        step(model, optimiser, x, y)
    buffer = io.BytesIO()
    torch.save(
        {
            "model": model.state_dict(),
            "optimizer": optimiser.state_dict(),
            "epoch": 3,
            "rng": torch.get_rng_state(),
        },
        buffer,
    )
    for _ in range(3):
        step(model, optimiser, x, y)
    straight = [p.detach().clone() for p in model.parameters()]

    torch.manual_seed(123)  # a new process: other random state
    model, optimiser = build(dropout)
    if make_optimiser:
        optimiser = make_optimiser(model.parameters())
    buffer.seek(0)
    checkpoint = torch.load(buffer)  # the default, weights_only=True
    model.load_state_dict(checkpoint["model"])
    if keep_optimiser:
        optimiser.load_state_dict(checkpoint["optimizer"])
    if keep_rng:
        torch.set_rng_state(checkpoint["rng"])
    assert checkpoint["epoch"] == 3, checkpoint["epoch"]
    for _ in range(3):
        step(model, optimiser, x, y)
    return all(torch.equal(a, b) for a, b in zip(straight, model.parameters(), strict=False))


def case_sgd_momentum():
    """SGD with momentum: resumed from the checkpoint, the same parameters bit for bit"""
    assert run(), "the resumed parameters differ"


def case_adam():
    """Adam, whose state holds two running averages and a step count"""
    assert run(make_optimiser=lambda p: torch.optim.Adam(p, lr=1e-2)), (
        "the resumed parameters differ"
    )


def case_optimiser_state_needed():
    """without the optimiser's state_dict() the momentum restarts, and the parameters differ"""
    assert not run(keep_optimiser=False), "the optimiser's state made no difference"


def case_random_state_needed_with_dropout():
    """with dropout, the random state is needed as well: with it the same, without it not"""
    assert run(dropout=True), "the resumed parameters differ"
    assert not run(dropout=True, keep_rng=False), "the random state made no difference"
