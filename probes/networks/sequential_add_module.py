"""An empty nn.Sequential filled with add_module(name, layer) registers each layer under its name, in the order added, and calls them in that order; a name must be a new, non-empty string without dots, and adding a name again replaces that layer in its place."""

import torch
from torch import nn


def built():
    model = nn.Sequential()
    model.add_module("conv1", nn.Conv2d(1, 2, 3))
    model.add_module("relu1", nn.ReLU())
    model.add_module("pool1", nn.MaxPool2d(2))
    return model


def case_names_in_order():
    """conv1, relu1, pool1: the names of the children and of the parameters"""
    model = built()
    assert [n for n, _ in model.named_children()] == ["conv1", "relu1", "pool1"], list(
        model._modules
    )
    assert list(model.state_dict()) == ["conv1.weight", "conv1.bias"], list(model.state_dict())


def case_called_in_order():
    """the output equals pool1(relu1(conv1(x))), for a batch of one"""
    model = built()
    x = torch.randn(1, 1, 6, 6)
    assert torch.equal(model(x), model.pool1(model.relu1(model.conv1(x))))


def case_names_and_positions():
    """a named layer keeps its position: model.conv1 is model[0]"""
    model = built()
    assert model.conv1 is model[0] and model.pool1 is model[2]


def case_attribute_assignment_same():
    """model.relu1 = nn.ReLU() on an empty Sequential registers it the same way"""
    model = nn.Sequential()
    model.relu1 = nn.ReLU()
    assert list(model._modules) == ["relu1"], list(model._modules)


def case_added_after_numbered_layers():
    """add_module on a Sequential built with layers appends after the numbered ones"""
    model = nn.Sequential(nn.Linear(2, 2))
    model.add_module("extra", nn.ReLU())
    assert list(model._modules) == ["0", "extra"] and isinstance(model[1], nn.ReLU), list(
        model._modules
    )


def case_same_name_replaces_in_place():
    """add_module('conv1', ...) again replaces the first layer and keeps its position"""
    model = built()
    new = nn.Conv2d(1, 2, 3)
    model.add_module("conv1", new)
    assert list(model._modules) == ["conv1", "relu1", "pool1"] and model[0] is new, list(
        model._modules
    )


def case_bad_names_refused():
    """a dotted name, an empty one, an existing attribute (forward): KeyError; a number: TypeError"""
    for name, error in (("a.b", KeyError), ("", KeyError), ("forward", KeyError), (3, TypeError)):
        try:
            nn.Sequential().add_module(name, nn.ReLU())
        except error:
            continue
        raise AssertionError(f"the name {name!r} was taken")


def case_not_a_module_refused():
    """a tensor given as the layer: TypeError"""
    try:
        nn.Sequential().add_module("x", torch.ones(1))
    except TypeError:
        return
    raise AssertionError("a tensor was added as a layer")
