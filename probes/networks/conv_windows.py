"""A convolution layer slides its kernels over its input, moving by its stride, and at every step sums the products of kernel and window, plus a bias if it has one."""

import torch
import torch.nn.functional as F
from torch import nn


def by_hand_2d(conv, x):
    """The sum of products at each step, computed window by window in double precision."""
    (sh, sw), (ph, pw), (dh, dw) = conv.stride, conv.padding, conv.dilation
    x = F.pad(x.double(), (pw, pw, ph, ph))
    weight = conv.weight.double()
    out_channels, per_group, kh, kw = weight.shape
    groups = conv.groups
    rows = (x.shape[2] - dh * (kh - 1) - 1) // sh + 1
    cols = (x.shape[3] - dw * (kw - 1) - 1) // sw + 1
    out = torch.zeros(x.shape[0], out_channels, rows, cols, dtype=torch.float64)
    for o in range(out_channels):
        g = o // (out_channels // groups)
        for i in range(rows):
            for j in range(cols):
                window = x[
                    :,
                    g * per_group : (g + 1) * per_group,
                    i * sh : i * sh + dh * (kh - 1) + 1 : dh,
                    j * sw : j * sw + dw * (kw - 1) + 1 : dw,
                ]
                out[:, o, i, j] = (window * weight[o]).sum(dim=(1, 2, 3))
                if conv.bias is not None:
                    out[:, o, i, j] += conv.bias[o].double()
    return out


def agrees(conv, x, tolerance=1e-5):
    with torch.no_grad():
        got = conv(x).double()
        expected = by_hand_2d(conv, x)
    assert got.shape == expected.shape, f"shape {tuple(got.shape)} against {tuple(expected.shape)}"
    assert torch.allclose(got, expected, atol=tolerance), (got - expected).abs().max()


def case_stride_one():
    """a 3 × 3 kernel, stride 1, with a bias"""
    agrees(nn.Conv2d(2, 3, 3), torch.randn(1, 2, 6, 5))


def case_stride_two():
    """stride 2: the windows it steps to, and no others"""
    agrees(nn.Conv2d(1, 2, 3, stride=2), torch.randn(2, 1, 7, 8))


def case_padding_and_dilation():
    """zero padding 2 and dilation 2"""
    agrees(nn.Conv2d(2, 2, 3, padding=2, dilation=2), torch.randn(1, 2, 5, 5))


def case_groups_no_bias():
    """groups=2 and bias=False: each output channel sums over its group's inputs, nothing added"""
    agrees(nn.Conv2d(4, 4, 2, groups=2, bias=False), torch.randn(1, 4, 4, 4))


def case_not_flipped():
    """a kernel [[1, 2], [3, 4]] over one window: products position by position, not flipped"""
    conv = nn.Conv2d(1, 1, 2, bias=False)
    with torch.no_grad():
        conv.weight.copy_(torch.tensor([[[[1.0, 2.0], [3.0, 4.0]]]]))
        out = conv(torch.tensor([[[[1.0, 0.0], [0.0, 0.0]]]]))
    assert out.item() == 1.0, f"gave {out.item()} (a flipped kernel gives 4)"


def case_conv1d_as_2d():
    """Conv1d with stride 2 agrees with the same kernel as a 1-row Conv2d"""
    c1 = nn.Conv1d(2, 3, 3, stride=2)
    c2 = nn.Conv2d(2, 3, (1, 3), stride=(1, 2))
    with torch.no_grad():
        c2.weight.copy_(c1.weight.unsqueeze(2))
        c2.bias.copy_(c1.bias)
    x = torch.randn(1, 2, 9)
    agrees(c2, x.unsqueeze(2))
    assert torch.allclose(c1(x), c2(x.unsqueeze(2)).squeeze(2), atol=1e-6)


def case_channels_last_and_bfloat16():
    """a channels-last input, and a bfloat16 layer (up to bfloat16's rounding)"""
    agrees(
        nn.Conv2d(3, 2, 3), torch.randn(1, 3, 5, 5).contiguous(memory_format=torch.channels_last)
    )
    agrees(nn.Conv2d(3, 2, 3).bfloat16(), torch.randn(1, 3, 5, 5).bfloat16(), tolerance=1e-1)


def case_batch_of_one_unbatched():
    """an unbatched input (C, H, W) gives the same sums as a batch of one"""
    conv, x = nn.Conv2d(2, 2, 3), torch.randn(2, 4, 4)
    with torch.no_grad():
        assert torch.allclose(conv(x), conv(x.unsqueeze(0)).squeeze(0)), "they differ"
