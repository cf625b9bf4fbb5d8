"""PyTorch's 2-D image layers (Conv2d, MaxPool2d, AvgPool2d, BatchNorm2d) take a batch as
N x C x H x W: dimension 1 is read as the channels, and the last two as rows and columns."""

import torch
from torch import nn


def case_channels_in_dimension_1():
    """a Conv2d with 3 input channels takes (N, 3, H, W) and refuses (N, H, W, 3)"""
    conv = nn.Conv2d(3, 5, kernel_size=3)
    assert conv(torch.randn(2, 3, 8, 10)).shape == (2, 5, 6, 8)
    try:
        conv(torch.randn(2, 8, 10, 3))
    except RuntimeError:
        pass
    else:
        raise AssertionError("channels last accepted")


def case_batch_norm_per_channel():
    """BatchNorm2d(C) keeps one running mean per channel, dimension 1"""
    norm = nn.BatchNorm2d(3)
    x = torch.randn(4, 3, 5, 6) + torch.tensor([0.0, 10.0, 20.0]).view(1, 3, 1, 1)
    norm(x)
    assert torch.allclose(norm.running_mean, 0.1 * x.mean(dim=(0, 2, 3)), atol=1e-5)


def case_pooling_over_the_last_two():
    """pooling shrinks H and W and leaves N and C"""
    x = torch.randn(2, 3, 8, 6)
    assert nn.MaxPool2d(2)(x).shape == (2, 3, 4, 3)
    assert nn.AvgPool2d(2)(x).shape == (2, 3, 4, 3)
