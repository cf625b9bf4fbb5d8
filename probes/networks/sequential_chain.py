"""nn.Sequential calls its layers one after the other, each on the previous one's output, with no forward to write; it passes one value from layer to layer, so a model that needs more (two inputs, a branch) is a subclass with its own forward."""

import torch
from torch import nn


def case_same_as_the_chain():
    """Sequential(a, b, c)(x) equals c(b(a(x))), for a batch and for a batch of one"""
    a, b, c = nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2)
    model = nn.Sequential(a, b, c)
    for x in (torch.randn(5, 3), torch.randn(1, 3)):
        assert torch.equal(model(x), c(b(a(x)))), "not the chain"


def case_order_of_calls():
    """forward hooks record the layers in the order given, nested containers included"""
    calls = []
    inner = nn.Sequential(nn.Tanh(), nn.Identity())
    model = nn.Sequential(nn.Linear(2, 2), inner, nn.ReLU())
    for layer in (model[0], inner[0], inner[1], model[2]):
        layer.register_forward_hook(lambda m, i, o: calls.append(type(m).__name__))
    model(torch.ones(1, 2))
    assert calls == ["Linear", "Tanh", "Identity", "ReLU"], calls


def case_same_layer_twice():
    """one layer given twice is called twice"""
    layer = nn.Linear(2, 2)
    x = torch.randn(3, 2)
    assert torch.equal(nn.Sequential(layer, layer)(x), layer(layer(x)))


def case_appended_and_inserted():
    """layers added with append and insert are called in their new order"""
    model = nn.Sequential(nn.Linear(2, 2))
    model.append(nn.ReLU())
    model.insert(0, nn.Tanh())
    x = torch.randn(3, 2)
    assert torch.equal(model(x), torch.relu(model[1](torch.tanh(x)))), [
        type(m).__name__ for m in model
    ]


def case_empty_returns_input():
    """an empty Sequential returns its input itself"""
    x = torch.randn(2)
    assert nn.Sequential()(x) is x


def case_grad_modes_and_lazy():
    """under no_grad and inference_mode, and with a lazy first layer"""
    model = nn.Sequential(nn.LazyLinear(3), nn.ReLU(), nn.Linear(3, 1))
    x = torch.randn(4, 5)
    expected = model(x).detach()
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            assert torch.equal(model(x), expected), mode.__name__


def case_one_value_only():
    """two inputs: TypeError; a tuple returned by a layer reaches the next one as one value"""
    try:
        nn.Sequential(nn.Identity())(torch.ones(1), torch.ones(1))
    except TypeError:
        pass
    else:
        raise AssertionError("it took two inputs")

    class Pair(nn.Module):
        def forward(self, x):
            return x, 2 * x

    class Takes(nn.Module):
        def forward(self, pair):
            assert isinstance(pair, tuple), type(pair)
            return pair[0] + pair[1]

    assert torch.equal(nn.Sequential(Pair(), Takes())(torch.ones(2)), torch.full((2,), 3.0))


def case_no_forward_written():
    """a Sequential is used as built: its forward is nn.Sequential's own"""
    model = nn.Sequential(nn.Linear(2, 2))
    assert type(model).forward is nn.Sequential.forward
