"""The names under which layers are registered become the parameter names (dotted through nested containers), and those names, with the buffers', are the keys of the model's state_dict, saved and loaded as they are."""

import io
from collections import OrderedDict

import torch
from torch import nn


def keys(model):
    return list(model.state_dict())


def case_numbered_sequential():
    """Sequential(Linear, ReLU, Linear): positions 0 and 2; the ReLU has no key"""
    model = nn.Sequential(nn.Linear(1, 2), nn.ReLU(), nn.Linear(2, 1))
    assert keys(model) == ["0.weight", "0.bias", "2.weight", "2.bias"], keys(model)


def case_named_sequential():
    """the same layers from an OrderedDict named hidden, act, out: the names replace 0 and 2"""
    model = nn.Sequential(OrderedDict(hidden=nn.Linear(1, 2), act=nn.ReLU(), out=nn.Linear(2, 1)))
    assert keys(model) == ["hidden.weight", "hidden.bias", "out.weight", "out.bias"], keys(model)


def case_add_module():
    """add_module("conv1", ...) on an empty Sequential"""
    model = nn.Sequential()
    model.add_module("conv1", nn.Conv2d(1, 1, 3))
    assert keys(model) == ["conv1.weight", "conv1.bias"], keys(model)


def case_attributes_and_nesting():
    """a subclass with a block of its own and a ModuleList: dotted names"""

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Sequential(OrderedDict(conv1=nn.Conv2d(1, 1, 3)))
            self.layers = nn.ModuleList([nn.Linear(1, 1)])
            self.scale = nn.Parameter(torch.ones(1))

    expected = ["scale", "conv.conv1.weight", "conv.conv1.bias", "layers.0.weight", "layers.0.bias"]
    assert keys(Net()) == expected, keys(Net())


def case_parameter_names_are_the_keys():
    """for a model without buffers, named_parameters() gives exactly the state_dict keys"""
    model = nn.Sequential(OrderedDict(a=nn.Linear(2, 2), b=nn.Sequential(nn.Linear(2, 2))))
    assert [n for n, _ in model.named_parameters()] == keys(model), keys(model)


def case_buffers_named_too():
    """BatchNorm's running statistics are keys under the layer's name"""
    model = nn.Sequential(OrderedDict(bn=nn.BatchNorm1d(2)))
    expected = [
        "bn.weight",
        "bn.bias",
        "bn.running_mean",
        "bn.running_var",
        "bn.num_batches_tracked",
    ]
    assert keys(model) == expected, keys(model)


def case_shared_layer():
    """one layer under two names gives keys under both names"""

    class Tied(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = self.b = nn.Linear(1, 1)

    assert keys(Tied()) == ["a.weight", "a.bias", "b.weight", "b.bias"], keys(Tied())


def case_wrapper_adds_its_name():
    """a model held by a wrapper under the name inner: every key gains the prefix inner."""

    class Wrapper(nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

    assert keys(Wrapper(nn.Linear(1, 1))) == ["inner.weight", "inner.bias"]


def case_saved_and_loaded():
    """torch.save and the default torch.load keep the keys and their order"""
    model = nn.Sequential(OrderedDict(hidden=nn.Linear(1, 2), out=nn.Linear(2, 1)))
    buffer = io.BytesIO()
    torch.save(model.state_dict(), buffer)
    buffer.seek(0)
    assert list(torch.load(buffer)) == keys(model), "the keys changed"
