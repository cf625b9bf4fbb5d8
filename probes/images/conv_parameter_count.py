"""With the default groups=1, each output channel of nn.Conv2d has one kernel per input channel
and sums over all of them, plus one bias: nn.Conv2d(c_in, c_out, k) has
c_out · c_in · k² + c_out parameters, whatever the size of the images it is given."""

import torch
from torch import nn


def count(layer):
    return sum(p.numel() for p in layer.parameters())


def case_formula():
    """several channel counts and square kernels"""
    for c_in, c_out, k in [(1, 16, 3), (16, 32, 3), (3, 64, 7), (2, 1, 1)]:
        got = count(nn.Conv2d(c_in, c_out, k))
        assert got == c_out * c_in * k * k + c_out, f"{(c_in, c_out, k)}: {got}"


def case_weight_shape():
    """the weight holds one k × k kernel per (output, input) channel pair"""
    layer = nn.Conv2d(3, 5, 4)
    assert layer.weight.shape == (5, 3, 4, 4) and layer.bias.shape == (5,), layer.weight.shape


def case_sums_over_every_input_channel():
    """changing any one input channel changes every output channel"""
    layer, x = nn.Conv2d(4, 3, 3), torch.randn(1, 4, 5, 5)
    with torch.no_grad():
        base = layer(x)
        for c in range(4):
            changed = x.clone()
            changed[0, c] += 1
            delta = (layer(changed) - base).abs().amax(dim=(0, 2, 3))
            assert bool((delta > 0).all()), f"channel {c} leaves some output unchanged: {delta}"


def case_independent_of_image_size():
    """the same layer takes 8 × 8, 32 × 32 and 5 × 9 images, its parameters unchanged"""
    layer = nn.Conv2d(1, 16, 3, padding=1)
    before = count(layer)
    for shape in [(1, 1, 8, 8), (2, 1, 32, 32), (1, 1, 5, 9)]:
        layer(torch.zeros(shape))
    assert count(layer) == before == 160, count(layer)


def case_stride_padding_dilation_do_not_count():
    """stride, padding and dilation add no parameters"""
    assert count(nn.Conv2d(3, 8, 3, stride=2, padding=2, dilation=2)) == 8 * 3 * 9 + 8
