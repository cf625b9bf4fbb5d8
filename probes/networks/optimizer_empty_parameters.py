"""A model whose layers sit in a plain Python list has no parameters and an empty state_dict; a torch.optim optimiser given its parameters() refuses the empty list with a ValueError, while an nn.ModuleList registers the layers."""

import inspect

import torch
from torch import nn


class Plain(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(4, 8), nn.Linear(8, 3)]

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def optimisers():
    for name, cls in vars(torch.optim).items():
        if (
            inspect.isclass(cls)
            and issubclass(cls, torch.optim.Optimizer)
            and cls is not torch.optim.Optimizer
        ):
            yield name, cls


def case_no_parameters_empty_state_dict():
    """Plain(): no parameters, an empty state_dict, though the forward pass works"""
    model = Plain()
    assert list(model.parameters()) == [] and len(model.state_dict()) == 0, list(model.state_dict())
    assert model(torch.randn(2, 4)).shape == (2, 3)


def case_every_optimiser_refuses():
    """every optimiser class of torch.optim, given Plain().parameters(): ValueError"""
    accepted = []
    for name, cls in optimisers():
        try:
            cls(Plain().parameters(), lr=0.1)
        except ValueError:
            continue
        except TypeError:  # a required argument other than lr: try the empty list alone
            try:
                cls(Plain().parameters())
            except ValueError:
                continue
        accepted.append(name)
    assert not accepted, f"accepted an empty parameter list: {accepted}"


def case_empty_list_and_empty_group():
    """an empty list is refused; a list holding one group with no parameters is taken"""
    try:
        torch.optim.SGD([], lr=0.1)
    except ValueError:
        pass
    else:
        raise AssertionError("an empty list was taken")
    optimiser = torch.optim.SGD([{"params": []}], lr=0.1)
    assert optimiser.param_groups[0]["params"] == [], optimiser.param_groups


def case_module_list_registers():
    """the same layers in an nn.ModuleList: 4 parameters, and an optimiser takes them"""

    class Listed(Plain):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList(self.layers)

    model = Listed()
    assert len(list(model.parameters())) == 4, list(model.state_dict())
    torch.optim.SGD(model.parameters(), lr=0.1)
