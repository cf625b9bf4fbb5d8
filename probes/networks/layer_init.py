"""Every layer of torch.nn that has parameters chooses their starting values when it is built (a lazy layer, at its first call)."""

import unittest.mock

import torch
from torch import nn

CONSTANTS = (0.0, 1.0, 0.25)  # what some layers start a parameter at: bias 0, scale 1, PReLU 0.25

LAYERS = {
    "Linear": lambda: nn.Linear(4, 3),
    "Bilinear": lambda: nn.Bilinear(3, 2, 4),
    "Conv1d": lambda: nn.Conv1d(2, 3, 3),
    "Conv2d": lambda: nn.Conv2d(2, 3, 3),
    "Conv3d": lambda: nn.Conv3d(1, 2, 2),
    "ConvTranspose2d": lambda: nn.ConvTranspose2d(2, 3, 3),
    "Embedding": lambda: nn.Embedding(10, 4),
    "EmbeddingBag": lambda: nn.EmbeddingBag(10, 4),
    "RNN": lambda: nn.RNN(3, 4),
    "LSTM": lambda: nn.LSTM(3, 4, num_layers=2),
    "GRUCell": lambda: nn.GRUCell(3, 4),
    "BatchNorm2d": lambda: nn.BatchNorm2d(3),
    "LayerNorm": lambda: nn.LayerNorm(5),
    "GroupNorm": lambda: nn.GroupNorm(2, 4),
    "InstanceNorm1d": lambda: nn.InstanceNorm1d(3, affine=True),
    "RMSNorm": lambda: nn.RMSNorm(5),
    "PReLU": lambda: nn.PReLU(3),
    "MultiheadAttention": lambda: nn.MultiheadAttention(8, 2),
    "TransformerEncoderLayer": lambda: nn.TransformerEncoderLayer(8, 2, dim_feedforward=16),
}


def built(make, seed):
    torch.manual_seed(seed)
    return dict(make().named_parameters())


def case_every_parameter_started():
    """19 layers built under two seeds: each parameter random (differs) or a documented constant"""
    for name, make in LAYERS.items():
        first, second = built(make, 0), built(make, 1)
        assert first, f"{name} has no parameters"
        for key, value in first.items():
            assert torch.isfinite(value).all(), f"{name}.{key} holds {value}"
            if torch.equal(value, second[key]):
                constant = value.flatten()[0].item()
                assert constant in CONSTANTS and (value == constant).all(), (
                    f"{name}.{key} is the same under two seeds but not a constant start: {value}"
                )


def case_lazy_layer():
    """LazyLinear and LazyConv2d: uninitialized until their first call, then started"""
    for make, shape in (
        (lambda: nn.LazyLinear(3), (2, 5)),
        (lambda: nn.LazyConv2d(2, 3), (1, 4, 6, 6)),
    ):
        torch.manual_seed(0)
        layer = make()
        assert isinstance(layer.weight, nn.parameter.UninitializedParameter), type(layer.weight)
        layer(torch.ones(shape))
        assert not isinstance(layer.weight, nn.parameter.UninitializedParameter)
        assert torch.isfinite(layer.weight).all() and layer.weight.abs().max() > 0, layer.weight


def case_within_default_bound():
    """nn.Linear(100, 10): weights uniform within ±1/√100, as its documentation says"""
    w = nn.Linear(100, 10).weight
    assert w.abs().max() <= 0.1 and w.abs().max() > 0.05, w.abs().max()


def case_meta_device():
    """built on the meta device: the layer's initialiser still runs (on tensors without data)"""
    with unittest.mock.patch(
        "torch.nn.init.kaiming_uniform_", wraps=torch.nn.init.kaiming_uniform_
    ) as init:
        layer = nn.Linear(4, 3, device="meta")
    assert init.call_count >= 1 and layer.weight.is_meta, init.call_count


def case_skip_init():
    """torch.nn.utils.skip_init: the layer's initialiser runs on the meta device, and skip_init discards it"""
    with unittest.mock.patch(
        "torch.nn.init.kaiming_uniform_", wraps=torch.nn.init.kaiming_uniform_
    ) as init:
        layer = torch.nn.utils.skip_init(nn.Linear, 4, 3)
    assert init.call_count >= 1 and layer.weight.device.type == "cpu", init.call_count


def case_float64_and_bfloat16():
    """layers built with dtype=float64 and dtype=bfloat16 start their parameters too"""
    for dtype in (torch.float64, torch.bfloat16):
        first = built(lambda dtype=dtype: nn.Linear(4, 3, dtype=dtype), 0)["weight"]
        second = built(lambda dtype=dtype: nn.Linear(4, 3, dtype=dtype), 1)["weight"]
        assert first.dtype == dtype and not torch.equal(first, second), first
