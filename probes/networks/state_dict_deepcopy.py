"""The tensors of model.state_dict() share memory with the model's parameters and buffers, so they follow every in-place change; copy.deepcopy(model.state_dict()) holds copies, which keep the values of the moment it was taken and load back with load_state_dict."""

import copy

import torch
from torch import nn


def model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Linear(4, 1))


def train_step(net):
    optimiser = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    optimiser.zero_grad()
    net(torch.randn(8, 3)).pow(2).mean().backward()
    optimiser.step()


def case_state_dict_follows_the_model():
    """after an optimiser step, the tensors of a kept state_dict() equal the new values"""
    net = model()
    kept = net.state_dict()
    before = net[0].weight.detach().clone()
    train_step(net)
    assert not torch.equal(net[0].weight, before), "the step changed nothing"
    assert torch.equal(kept["0.weight"], net[0].weight), "the state_dict did not follow"
    assert kept["0.weight"].data_ptr() == net[0].weight.data_ptr()


def case_deepcopy_keeps_the_moment():
    """copy.deepcopy(state_dict()) before a step: parameters and batch-norm buffers as they were"""
    net = model()
    snapshot = copy.deepcopy(net.state_dict())
    before = {k: v.clone() for k, v in net.state_dict().items()}
    train_step(net)
    assert not torch.equal(net[1].running_mean, before["1.running_mean"]), "no buffer changed"
    for key, value in snapshot.items():
        assert torch.equal(value, before[key]), f"{key} changed in the copy"
        assert value.data_ptr() != net.state_dict()[key].data_ptr(), f"{key} shares memory"


def case_loads_back():
    """load_state_dict(snapshot) after training restores the earlier predictions"""
    net = model().eval()
    x = torch.randn(2, 3)
    expected = net(x).detach()
    snapshot = copy.deepcopy(net.state_dict())
    net.train()
    train_step(net)
    net.load_state_dict(snapshot)
    assert torch.equal(net.eval()(x), expected), "not restored"


def case_tied_weights_stay_tied():
    """one layer used twice: in the copy both keys share one new storage, as in the original"""
    shared = nn.Linear(2, 2)
    net = nn.Sequential(shared, nn.ReLU(), shared)
    state = net.state_dict()
    snapshot = copy.deepcopy(state)
    assert state["0.weight"].data_ptr() == state["2.weight"].data_ptr()
    assert snapshot["0.weight"].data_ptr() == snapshot["2.weight"].data_ptr(), (
        "the copy untied them"
    )
    assert snapshot["0.weight"].data_ptr() != state["0.weight"].data_ptr(), "not copied"


def case_dtypes_and_grad_modes():
    """a bfloat16 model, the copy taken under no_grad and inference_mode"""
    net = nn.Linear(3, 2, dtype=torch.bfloat16)
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            snapshot = copy.deepcopy(net.state_dict())
        before = snapshot["weight"].clone()
        with torch.no_grad():
            net.weight.add_(1)
        assert (
            torch.equal(snapshot["weight"], before) and snapshot["weight"].dtype == torch.bfloat16
        ), mode
