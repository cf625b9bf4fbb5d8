"""Max pooling keeps only the largest value of each window, or a NaN if the window holds one."""

import math

import torch
import torch.nn.functional as F
from torch import nn


def windows_2d(x, k, s, p=0, d=1, ceil=False):
    """The largest value of each window (a NaN if any), window by window; padding counts as -inf."""
    x = F.pad(x.double(), (p, p, p, p), value=-math.inf)
    span = d * (k - 1) + 1
    size = [(n - span) / s + 1 for n in x.shape[-2:]]
    rows, cols = (math.ceil(n) if ceil else math.floor(n) for n in size)
    out = torch.empty(*x.shape[:-2], rows, cols, dtype=torch.float64)
    for i in range(rows):
        for j in range(cols):
            w = x[..., i * s : i * s + span : d, j * s : j * s + span : d].flatten(-2)
            out[..., i, j] = torch.where(
                w.isnan().any(-1), math.nan, w.nan_to_num(-math.inf).amax(-1)
            )
    return out


def agrees(got, expected):
    assert got.shape == expected.shape, f"shape {tuple(got.shape)} against {tuple(expected.shape)}"
    assert torch.equal(got.double().isnan(), expected.isnan()), f"NaN where it should not be: {got}"
    assert torch.equal(got.double().nan_to_num(0), expected.nan_to_num(0)), (
        f"{got} against {expected}"
    )


def case_default_windows():
    """2 × 2 windows side by side (the default stride)"""
    x = torch.randn(2, 3, 6, 6)
    agrees(F.max_pool2d(x, 2), windows_2d(x, 2, 2))


def case_overlapping_windows():
    """3 × 3 windows with stride 1"""
    x = torch.randn(1, 2, 5, 5)
    agrees(nn.MaxPool2d(3, stride=1)(x), windows_2d(x, 3, 1))


def case_padding_all_negative():
    """padding 1 around negative numbers: padding is never the largest value (it is -inf, not 0)"""
    x = -torch.rand(1, 1, 4, 4) - 1
    got = F.max_pool2d(x, 2, padding=1)
    assert (got < 0).all(), got
    agrees(got, windows_2d(x, 2, 2, p=1))


def case_dilation_and_ceil_mode():
    """dilation 2, and ceil_mode=True with a partial window at the edge"""
    x = torch.randn(1, 1, 7, 7)
    agrees(F.max_pool2d(x, 2, stride=1, dilation=2), windows_2d(x, 2, 1, d=2))
    agrees(F.max_pool2d(x, 2, ceil_mode=True), windows_2d(x, 2, 2, ceil=True))


def case_nan():
    """a NaN in the first window, in 1-d, 2-d and 3-d: that window gives NaN, the others their largest value"""
    x = torch.arange(16.0)
    x[0] = math.nan
    for pool, shape in ((F.max_pool1d, (16,)), (F.max_pool2d, (4, 4)), (F.max_pool3d, (2, 2, 4))):
        got = pool(x.view(1, 1, *shape), 2).flatten()
        assert got[0].isnan() and not got[1:].isnan().any(), f"{pool.__name__}: {got}"


def case_ties_and_infinities():
    """ties, -inf and +inf in windows"""
    x = torch.tensor([[[[1.0, 1.0, -math.inf, -math.inf], [0.0, 1.0, -math.inf, -math.inf]]]])
    x2 = x.clone()
    x2[0, 0, 0, 3] = math.inf
    assert F.max_pool2d(x, 2).flatten().tolist() == [1.0, -math.inf], F.max_pool2d(x, 2)
    assert F.max_pool2d(x2, 2).flatten().tolist() == [1.0, math.inf], F.max_pool2d(x2, 2)


def case_dtypes():
    """bfloat16, float16 and float64 inputs"""
    x = torch.randint(-50, 50, (1, 2, 4, 4))
    for dtype in (torch.bfloat16, torch.float16, torch.float64):
        y = x.to(dtype)
        got = F.max_pool2d(y, 2)
        assert got.dtype == dtype, got.dtype
        agrees(got, windows_2d(y, 2, 2))


def case_layouts():
    """a channels-last input, a transposed one, and an unbatched one"""
    x = torch.randn(2, 3, 6, 6)
    agrees(F.max_pool2d(x.contiguous(memory_format=torch.channels_last), 2), windows_2d(x, 2, 2))
    t = x.transpose(2, 3)
    agrees(F.max_pool2d(t, 2), windows_2d(t, 2, 2))
    agrees(F.max_pool2d(x[0], 2), windows_2d(x[0], 2, 2))


def case_indices_point_at_largest():
    """return_indices=True: each index points at its window's largest value"""
    x = torch.randn(1, 1, 4, 4)
    values, indices = F.max_pool2d(x, 2, return_indices=True)
    assert torch.equal(x.flatten()[indices.flatten()], values.flatten()), (values, indices)


def case_adaptive():
    """adaptive max pooling to 1 × 1: the largest value of the whole map"""
    x = torch.randn(2, 3, 5, 7)
    assert torch.equal(F.adaptive_max_pool2d(x, 1).flatten(), x.flatten(2).amax(-1).flatten())
