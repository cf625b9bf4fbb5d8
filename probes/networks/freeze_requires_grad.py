"""requires_grad_(False) on a layer, or on its parameters, freezes them: backward leaves their .grad at None while the layers before still get gradients, and an optimiser skips a parameter whose .grad is None; a gradient it holds from before (not yet reset by zero_grad()) is still applied, and a batch-norm layer in training mode still updates its running statistics."""

import torch
from torch import nn

OPTIMISERS = {
    "SGD momentum": lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.1),
    "Adam": lambda ps: torch.optim.Adam(ps, lr=0.1),
    "AdamW": lambda ps: torch.optim.AdamW(ps, lr=0.1, weight_decay=0.5),
    "RMSprop": lambda ps: torch.optim.RMSprop(ps, lr=0.1),
}


def model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 1))


def step(net, optimiser, x=None):
    optimiser.zero_grad()
    net(torch.randn(5, 3) if x is None else x).pow(2).sum().backward()
    optimiser.step()


def case_on_the_layer_or_its_parameters():
    """layer.requires_grad_(False) and p.requires_grad_(False) for each p freeze the same tensors"""
    a, b = model(), model()
    a[2].requires_grad_(False)
    for p in b[2].parameters():
        p.requires_grad_(False)
    flags = lambda net: [p.requires_grad for p in net.parameters()]
    assert flags(a) == flags(b) == [True, True, False, False, True, True], (flags(a), flags(b))


def case_grad_stays_none_earlier_layers_learn():
    """the middle layer frozen: its .grad stays None, the first layer's is filled"""
    net = model()
    net[2].requires_grad_(False)
    net(torch.randn(5, 3)).sum().backward()
    assert net[2].weight.grad is None and net[2].bias.grad is None, net[2].weight.grad
    assert net[0].weight.grad is not None, "no gradient reached the first layer"


def case_optimisers_skip_frozen():
    """SGD with momentum and weight decay, Adam, AdamW, RMSprop: the frozen layer does not move"""
    for name, make in OPTIMISERS.items():
        net = model()
        net[2].requires_grad_(False)
        before = net[2].weight.detach().clone()
        optimiser = make(net.parameters())
        for _ in range(3):
            step(net, optimiser)
        assert torch.equal(net[2].weight, before), f"{name} moved the frozen weight"


def case_frozen_mid_training_after_zero_grad():
    """frozen after some steps: zero_grad() resets .grad to None, and later steps leave it alone"""
    for name, make in OPTIMISERS.items():
        net = model()
        optimiser = make(net.parameters())
        step(net, optimiser)
        net[2].requires_grad_(False)
        optimiser.zero_grad()
        before = net[2].weight.detach().clone()
        step(net, optimiser)
        assert net[2].weight.grad is None, f"{name}: .grad is {net[2].weight.grad}"
        assert torch.equal(net[2].weight, before), f"{name} moved the frozen weight"


def case_old_gradient_still_applied():
    """frozen between backward and step: the gradient it already holds is applied"""
    net = model()
    optimiser = torch.optim.SGD(net.parameters(), lr=0.1)
    net(torch.randn(5, 3)).sum().backward()
    net[2].requires_grad_(False)
    before = net[2].weight.detach().clone()
    optimiser.step()
    assert not torch.equal(net[2].weight, before), "the old gradient was ignored"


def case_zeroed_not_reset_still_moves_with_momentum():
    """zero_grad(set_to_none=False) leaves a zero .grad: SGD's momentum still moves the frozen layer"""
    net = model()
    optimiser = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    step(net, optimiser)
    net[2].requires_grad_(False)
    optimiser.zero_grad(set_to_none=False)
    before = net[2].weight.detach().clone()
    net(torch.randn(5, 3)).sum().backward()
    optimiser.step()
    assert not torch.equal(net[2].weight, before), "the momentum did not move it"


def case_batch_norm_statistics_still_update():
    """a frozen BatchNorm1d in training mode updates its running mean; in eval mode it does not"""
    norm = nn.BatchNorm1d(2).requires_grad_(False)
    norm(torch.randn(4, 2) + 3)
    assert not torch.equal(norm.running_mean, torch.zeros(2)), norm.running_mean
    norm.eval()
    kept = norm.running_mean.clone()
    norm(torch.randn(4, 2) + 3)
    assert torch.equal(norm.running_mean, kept), norm.running_mean
