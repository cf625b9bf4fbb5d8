"""Hidden units that start with equal parameters compute the same values and receive the same gradients, so every update changes them alike and they stay copies of each other, as long as nothing treats them differently, such as dropout: bit for bit in the exercise's Linear(2, 4) layer, to rounding in a wide one."""

import torch
from torch import nn


def train(width_in=2, width_hidden=4, optimiser=None, steps=5, dtype=torch.float32, dropout=False):
    torch.manual_seed(0)
    x, y = torch.randn(16, width_in, dtype=dtype), torch.randn(16, 1, dtype=dtype)
    layers = [nn.Linear(width_in, width_hidden), nn.ReLU()]
    if dropout:
        layers.append(nn.Dropout(0.5))
    net = nn.Sequential(*layers, nn.Linear(width_hidden, 1)).to(dtype)
    for p in net.parameters():
        nn.init.constant_(p, 0.5)
    optimiser = (optimiser or (lambda p: torch.optim.SGD(p, lr=1e-3)))(net.parameters())
    for _ in range(steps):
        optimiser.zero_grad()
        nn.functional.mse_loss(net(x), y).backward()
        rows = distinct(net, grad=True)
        optimiser.step()
        if rows != 1:
            return rows
    return distinct(net)


def distinct(net, grad=False):
    """How many different units: rows of the hidden weight, hidden biases, columns of the output weight."""
    first, out = net[0], net[-1]
    pick = (lambda p: p.grad) if grad else (lambda p: p.detach())
    return max(
        len(torch.unique(pick(first.weight), dim=0)),
        len(torch.unique(pick(first.bias))),
        len(torch.unique(pick(out.weight), dim=1)),
    )


def case_sgd():
    """the exercise's Linear(2, 4), ReLU, Linear(4, 1), five SGD steps"""
    assert train() == 1, f"{train()} different rows"


def case_momentum_weight_decay_adam():
    """SGD with momentum and weight decay, Adam, AdamW"""
    for make in (
        lambda p: torch.optim.SGD(p, lr=1e-3, momentum=0.9, weight_decay=1e-2),
        lambda p: torch.optim.Adam(p, lr=1e-3),
        lambda p: torch.optim.AdamW(p, lr=1e-3),
    ):
        assert train(optimiser=make) == 1, f"{train(optimiser=make)} different rows"


def case_wide_layer():
    """300 inputs and 257 hidden units: the units' gradients agree to rounding (not always bit for bit)"""
    torch.manual_seed(0)
    x, y = torch.randn(16, 300), torch.randn(16, 1)
    net = nn.Sequential(nn.Linear(300, 257), nn.ReLU(), nn.Linear(257, 1))
    for p in net.parameters():
        nn.init.constant_(p, 0.5)
    nn.functional.mse_loss(net(x), y).backward()
    for grad in (net[0].weight.grad, net[0].bias.grad.view(-1, 1), net[2].weight.grad.t()):
        spread = ((grad - grad[:1]).abs().max() / grad.abs().max()).item()
        assert spread < 1e-5, f"the units' gradients differ by {spread:.1e} of their size"


def case_threads_and_deterministic_mode():
    """one thread, four threads, and torch.use_deterministic_algorithms(True)"""
    threads = torch.get_num_threads()
    deterministic = torch.are_deterministic_algorithms_enabled()
    try:
        for n in (1, 4):
            torch.set_num_threads(n)
            assert train() == 1, f"{n} threads"
        torch.use_deterministic_algorithms(True)
        assert train() == 1, "deterministic mode"
    finally:
        torch.set_num_threads(threads)
        torch.use_deterministic_algorithms(deterministic)


def case_float64_and_bfloat16():
    """the same network in float64 and in bfloat16"""
    for dtype in (torch.float64, torch.bfloat16):
        assert train(dtype=dtype) == 1, dtype


def case_dropout_separates_them():
    """with dropout after the hidden layer, units are dropped independently, and their gradients differ"""
    assert train(dropout=True) > 1, "dropout left them equal"
