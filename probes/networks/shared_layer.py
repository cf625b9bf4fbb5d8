"""A layer object used in two places of a model is one set of parameters: parameters() and named_parameters() yield each of them once, state_dict() has a key for each place (the same data, one storage, under both), and in the backward pass the gradients of both uses add up in the shared parameters' .grad."""

import torch
from torch import nn


def tied_model():
    torch.manual_seed(0)
    shared = nn.Linear(3, 3)
    return shared, nn.Sequential(nn.Linear(2, 3), nn.Tanh(), shared, nn.Tanh(), shared)


def case_parameters_yield_each_once():
    """parameters() and named_parameters() list the shared weight and bias once"""
    shared, net = tied_model()
    tensors = list(net.parameters())
    assert len(tensors) == 4, len(tensors)
    assert sum(p is shared.weight for p in tensors) == 1
    names = [name for name, _ in net.named_parameters()]
    assert names == ["0.weight", "0.bias", "2.weight", "2.bias"], names


def case_named_parameters_with_duplicates():
    """remove_duplicate=False (2.0 on) lists the second place too: the default is once"""
    _shared, net = tied_model()
    names = [name for name, _ in net.named_parameters(remove_duplicate=False)]
    assert names == ["0.weight", "0.bias", "2.weight", "2.bias", "4.weight", "4.bias"], names


def case_state_dict_names_every_place():
    """state_dict() has 2.weight and 4.weight, the same tensor's data under both keys"""
    _shared, net = tied_model()
    state = net.state_dict()
    assert list(state) == [
        "0.weight", "0.bias", "2.weight", "2.bias", "4.weight", "4.bias"
    ], list(state)  # fmt: skip
    assert state["2.weight"].data_ptr() == state["4.weight"].data_ptr()


def case_loading_keeps_the_sharing():
    """load_state_dict into a tied model of the same build leaves it tied"""
    shared, net = tied_model()
    _other_shared, other = tied_model()
    with torch.no_grad():
        for p in net.parameters():
            p.add_(1.0)
    other.load_state_dict(net.state_dict())
    assert other[2] is other[4] and torch.equal(other[2].weight, shared.weight)


def case_gradients_of_both_uses_add_up():
    """the shared .grad equals the sum of the .grad of two separate copies"""
    shared, net = tied_model()
    x = torch.randn(4, 2)
    net(x).pow(2).sum().backward()
    first, second = nn.Linear(3, 3), nn.Linear(3, 3)
    first.load_state_dict(shared.state_dict())
    second.load_state_dict(shared.state_dict())
    untied = nn.Sequential(net[0], nn.Tanh(), first, nn.Tanh(), second)
    untied(x).pow(2).sum().backward()
    for name in ("weight", "bias"):
        total = getattr(first, name).grad + getattr(second, name).grad
        assert torch.allclose(getattr(shared, name).grad, total, atol=1e-6), name
        assert not torch.allclose(getattr(shared, name).grad, getattr(first, name).grad)


def case_one_step_moves_both_places():
    """an optimiser step changes the one tensor both places read"""
    shared, net = tied_model()
    before = shared.weight.detach().clone()
    optimiser = torch.optim.SGD(net.parameters(), lr=0.1)
    net(torch.randn(4, 2)).sum().backward()
    optimiser.step()
    assert net[2].weight is net[4].weight and not torch.equal(net[4].weight, before)
