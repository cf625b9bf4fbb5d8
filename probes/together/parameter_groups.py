"""An optimizer takes a list of dictionaries, each holding its parameters and, optionally, its
own settings; a setting a group leaves out takes the optimizer's default, and a group whose
weight_decay is 0 gets no weight decay while the others do."""

import torch
from torch import nn


def groups_for(model, decay):
    weights = [p for name, p in model.named_parameters() if name.endswith("weight")]
    biases = [p for name, p in model.named_parameters() if name.endswith("bias")]
    return [{"params": weights, "weight_decay": decay}, {"params": biases, "weight_decay": 0.0}]


def case_settings_per_group():
    """each group keeps its own weight_decay; lr comes from the optimizer's argument"""
    model = nn.Linear(3, 2)
    optimizer = torch.optim.SGD(groups_for(model, 0.1), lr=0.5)
    decays = [group["weight_decay"] for group in optimizer.param_groups]
    rates = [group["lr"] for group in optimizer.param_groups]
    assert decays == [0.1, 0.0] and rates == [0.5, 0.5], (decays, rates)


def case_zero_gradient_step_decays_weights_only():
    """with zero gradients, an SGD step moves the weights by -lr * decay * w and leaves the biases"""
    model = nn.Linear(3, 2)
    before = {name: p.detach().clone() for name, p in model.named_parameters()}
    optimizer = torch.optim.SGD(groups_for(model, 0.1), lr=0.5)
    for p in model.parameters():
        p.grad = torch.zeros_like(p)
    optimizer.step()
    assert torch.equal(model.bias.detach(), before["bias"]), "the bias moved"
    assert torch.allclose(model.weight.detach(), before["weight"] * (1 - 0.5 * 0.1)), "weight"


def case_adam_and_adamw_groups():
    """Adam and AdamW take the same groups: the bias group is not decayed"""
    for optimizer_class in (torch.optim.Adam, torch.optim.AdamW):
        model = nn.Linear(3, 2)
        bias = model.bias.detach().clone()
        optimizer = optimizer_class(groups_for(model, 0.5), lr=0.1)
        for p in model.parameters():
            p.grad = torch.zeros_like(p)
        optimizer.step()
        assert torch.equal(model.bias.detach(), bias), f"{optimizer_class.__name__} moved the bias"


def case_state_dict_keeps_groups():
    """the optimizer's state_dict holds both groups with their settings"""
    model = nn.Linear(3, 2)
    optimizer = torch.optim.SGD(groups_for(model, 0.1), lr=0.5)
    groups = optimizer.state_dict()["param_groups"]
    assert [g["weight_decay"] for g in groups] == [0.1, 0.0], groups
