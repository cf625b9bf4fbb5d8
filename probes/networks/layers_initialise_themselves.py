"""Every torch.nn layer with parameters initialises them when it is built, from the random generator, so a model can be trained at once; a lazy layer (nn.LazyLinear) does it at its first input, and a layer built on the meta device holds no values."""

import torch
from torch import nn


def layers():
    return {
        "Linear": nn.Linear(4, 3),
        "Bilinear": nn.Bilinear(2, 2, 2),
        "Conv1d": nn.Conv1d(2, 3, 3),
        "Conv2d": nn.Conv2d(3, 4, 3),
        "Conv3d": nn.Conv3d(1, 2, 2),
        "ConvTranspose2d": nn.ConvTranspose2d(2, 2, 3),
        "Embedding": nn.Embedding(5, 3),
        "RNN": nn.RNN(3, 4),
        "LSTM": nn.LSTM(3, 4),
        "GRU": nn.GRU(3, 4),
        "MultiheadAttention": nn.MultiheadAttention(4, 2),
        "TransformerEncoderLayer": nn.TransformerEncoderLayer(4, 2, 8),
        "LayerNorm": nn.LayerNorm(3),
        "BatchNorm2d": nn.BatchNorm2d(3),
        "GroupNorm": nn.GroupNorm(1, 2),
        "PReLU": nn.PReLU(),
    }


def built(seed):
    torch.manual_seed(seed)
    return {
        name: [p.detach().clone() for p in layer.parameters()] for name, layer in layers().items()
    }


def case_values_come_from_the_generator():
    """each layer built twice from the same seed holds the same values, finite ones"""
    first, second = built(0), built(0)
    for name in first:
        for a, b in zip(first[name], second[name], strict=False):
            assert torch.isfinite(a).all(), f"{name}: values that are not finite"
            assert torch.equal(a, b), f"{name}: not a function of the seed (memory left as it was?)"


def case_weights_random():
    """weights of Linear, convolutions, Embedding, recurrent layers and attention differ from seed to seed"""
    first, second = built(0), built(1)
    for name in first:
        if name in ("LayerNorm", "BatchNorm2d", "GroupNorm", "PReLU"):
            continue
        assert not torch.equal(first[name][0], second[name][0]), f"{name}: the same weight"


def case_norm_layers_ones_and_zeros():
    """LayerNorm, BatchNorm2d and GroupNorm start with weight 1 and bias 0"""
    for name in ("LayerNorm", "BatchNorm2d", "GroupNorm"):
        weight, bias = layers()[name].parameters()
        assert torch.equal(weight, torch.ones_like(weight)) and torch.equal(
            bias, torch.zeros_like(bias)
        ), name


def case_built_in_grad_modes():
    """a Linear built under no_grad and inference_mode is initialised the same way"""
    torch.manual_seed(0)
    plain = nn.Linear(3, 3).weight.detach().clone()
    for mode in (torch.no_grad, torch.inference_mode):
        torch.manual_seed(0)
        with mode():
            weight = nn.Linear(3, 3).weight.detach().clone()
        assert torch.equal(weight, plain), mode.__name__


def case_one_step_trains():
    """one SGD step on a freshly built Linear lowers its loss"""
    torch.manual_seed(0)
    layer = nn.Linear(3, 1)
    x, y = torch.randn(16, 3), torch.randn(16, 1)
    loss = nn.functional.mse_loss(layer(x), y)
    loss.backward()
    with torch.no_grad():
        for p in layer.parameters():
            p -= 0.1 * p.grad
    assert nn.functional.mse_loss(layer(x), y) < loss, "the loss did not fall"


def case_lazy_waits_for_input():
    """LazyLinear: an uninitialised parameter until the first input, then random values"""
    layer = nn.LazyLinear(3)
    assert isinstance(layer.weight, nn.parameter.UninitializedParameter), type(layer.weight)
    layer(torch.ones(2, 4))
    assert not isinstance(layer.weight, nn.parameter.UninitializedParameter), type(layer.weight)
    assert layer.weight.shape == (3, 4) and torch.isfinite(layer.weight).all(), layer.weight


def case_meta_holds_no_values():
    """a Linear built on the meta device has shapes but no values"""
    layer = nn.Linear(3, 2, device="meta")
    assert layer.weight.is_meta and layer.weight.shape == (2, 3), layer.weight
    try:
        layer.weight.tolist()
    except (RuntimeError, NotImplementedError):
        return
    raise AssertionError("a meta weight gave values")
