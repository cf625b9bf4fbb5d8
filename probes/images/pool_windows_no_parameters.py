"""A pooling layer has no parameters; its stride defaults to its window size, so 2 × 2 windows do
not overlap and halve an even height and width (an odd one loses its last row or column)."""

import torch
from torch import nn


def case_no_parameters():
    """max, average, adaptive and power-average pooling, 1-, 2- and 3-d"""
    layers = [
        nn.MaxPool2d(2),
        nn.AvgPool2d(3),
        nn.AdaptiveAvgPool2d(1),
        nn.AdaptiveMaxPool2d(2),
        nn.LPPool2d(2, 2),
        nn.MaxPool1d(2),
        nn.AvgPool3d(2),
    ]
    for layer in layers:
        assert list(layer.parameters()) == [] and list(layer.buffers()) == [], layer


def case_stride_defaults_to_window():
    """MaxPool2d(2) and AvgPool2d(3) take their stride from the window"""
    assert nn.MaxPool2d(2).stride == 2 and nn.AvgPool2d(3).stride == 3


def case_halves_even_sizes():
    """8 × 8 -> 4 × 4, 6 × 10 -> 3 × 5"""
    for h, w in [(8, 8), (6, 10)]:
        shape = nn.MaxPool2d(2)(torch.randn(1, 2, h, w)).shape
        assert shape == (1, 2, h // 2, w // 2), shape


def case_odd_loses_last():
    """7 × 5 -> 3 × 2: the last row and column are left out"""
    x = torch.zeros(1, 1, 7, 5)
    x[..., 6, :] = 100
    x[..., :, 4] = 100
    out = nn.MaxPool2d(2)(x)
    assert out.shape == (1, 1, 3, 2) and out.max().item() == 0, out
