"""F.unfold copies every window of its input into a column, one column per output position, so
that the weights of a convolution layer, reshaped to one row per output channel, times those
columns, plus the bias, give the layer's output."""

import torch
import torch.nn.functional as F
from torch import nn


def by_unfold(layer, x):
    columns = F.unfold(
        x, layer.kernel_size, dilation=layer.dilation, padding=layer.padding, stride=layer.stride
    )
    out = layer.weight.reshape(layer.out_channels, -1) @ columns
    if layer.bias is not None:
        out = out + layer.bias.reshape(-1, 1)
    rows = (
        x.shape[2] + 2 * layer.padding[0] - layer.dilation[0] * (layer.kernel_size[0] - 1) - 1
    ) // layer.stride[0] + 1
    return out.reshape(x.shape[0], layer.out_channels, rows, -1)


def agrees(layer, x):
    with torch.no_grad():
        got, expected = by_unfold(layer, x), layer(x)
    assert got.shape == expected.shape, f"{tuple(got.shape)} against {tuple(expected.shape)}"
    assert torch.allclose(got, expected, atol=1e-5), (got - expected).abs().max()


def case_columns_per_position():
    """3 channels, 3 × 3 windows of a 6 × 6 image: 27 numbers per column, 16 columns"""
    columns = F.unfold(torch.randn(2, 3, 6, 6), 3)
    assert columns.shape == (2, 27, 16), f"shape {tuple(columns.shape)}"


def case_plain_layer():
    """a 3 × 3 layer with a bias, a batch of two"""
    agrees(nn.Conv2d(3, 4, 3), torch.randn(2, 3, 6, 6))


def case_stride_padding_dilation():
    """stride 2, padding 1, dilation 2, a non-square kernel"""
    agrees(nn.Conv2d(2, 3, (3, 2), stride=2, padding=1, dilation=2), torch.randn(1, 2, 9, 8))


def case_no_bias_batch_of_one():
    """bias=False, a batch of one, a 1 × 1 kernel"""
    agrees(nn.Conv2d(5, 2, 1, bias=False), torch.randn(1, 5, 4, 3))
