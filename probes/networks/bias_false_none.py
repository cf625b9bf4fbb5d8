"""A linear or convolution layer built with bias=False has its bias attribute set to None (registered, with no tensor and no state_dict key), so a weights_init that tests if m.bias is not None skips it safely; other layers differ: a recurrent layer's bias is a flag, True or False, and an Embedding has none."""

import torch
from torch import nn
from torch.nn import init


class MyLinear(nn.Linear):
    pass


LAYERS = {
    "Linear": lambda: nn.Linear(3, 2, bias=False),
    "Conv1d": lambda: nn.Conv1d(2, 3, 3, bias=False),
    "Conv2d": lambda: nn.Conv2d(2, 3, 3, bias=False),
    "Conv3d": lambda: nn.Conv3d(2, 3, 2, bias=False),
    "ConvTranspose2d": lambda: nn.ConvTranspose2d(2, 3, 3, bias=False),
    "LazyLinear": lambda: nn.LazyLinear(2, bias=False),
    "LazyConv2d": lambda: nn.LazyConv2d(3, 3, bias=False),
    "Bilinear": lambda: nn.Bilinear(2, 2, 3, bias=False),
    "subclass of Linear": lambda: MyLinear(3, 2, bias=False),
}


def weights_init(m):
    if isinstance(m, (nn.Conv1d, nn.Conv2d, nn.Conv3d, nn.ConvTranspose2d, nn.Linear, nn.Bilinear)):
        init.xavier_uniform_(m.weight)
        if m.bias is not None:
            init.constant_(m.bias, 0.1)


def case_bias_is_none():
    """each linear or convolution layer built with bias=False: bias is None, no bias key"""
    for name, make in LAYERS.items():
        layer = make()
        assert layer.bias is None, f"{name}: bias is {type(layer.bias)}"
        assert not any(k.endswith("bias") for k in layer.state_dict()), (
            f"{name}: {list(layer.state_dict())}"
        )


def case_guarded_function_runs():
    """net.apply(weights_init) with the guard: the layers with a bias get 0.1, the others pass"""
    net = nn.Sequential(
        nn.Conv2d(1, 2, 3, bias=False),
        nn.ReLU(),
        nn.Flatten(),
        nn.Linear(8, 4),
        nn.Linear(4, 1, bias=False),
    )
    net.apply(weights_init)
    assert torch.equal(net[3].bias, torch.full((4,), 0.1)), net[3].bias
    assert net[0].bias is None and net[4].bias is None


def case_without_the_guard():
    """init.constant_(None, 0.1), what an unguarded function calls: AttributeError"""
    try:
        init.constant_(nn.Linear(2, 2, bias=False).bias, 0.1)
    except AttributeError:
        return
    raise AssertionError("it did not fail")


def case_recurrent_bias_is_a_flag():
    """nn.RNN and nn.LSTM: bias is the bool flag, not None, whether True or False"""
    for make in (lambda b: nn.RNN(2, 3, bias=b), lambda b: nn.LSTM(2, 3, bias=b)):
        for flag in (True, False):
            assert make(flag).bias is flag, (make(flag), flag)


def case_embedding_has_no_bias_attribute():
    """nn.Embedding has no bias attribute at all"""
    assert not hasattr(nn.Embedding(4, 2), "bias")


def case_lazy_after_first_input():
    """a LazyLinear(bias=False) after its first input: still no bias"""
    layer = nn.LazyLinear(2, bias=False)
    layer(torch.ones(1, 3))
    assert layer.bias is None and layer.weight.shape == (2, 3), layer.bias
