"""Batch normalization normalizes each channel with the batch's mean and variance in training mode (it needs more than one value per channel), and with its running estimates in evaluation mode; built with track_running_stats=False it keeps none and uses the batch's in both modes."""

import torch
from torch import nn


def normalized(x, mean, var, eps=1e-5):
    shape = [1, -1] + [1] * (x.dim() - 2)
    return (x - mean.view(shape)) / torch.sqrt(var.view(shape) + eps)


def batch_statistics(x):
    dims = [0, *range(2, x.dim())]
    return x.mean(dims), x.var(dims, unbiased=False)


def case_training_per_channel():
    """BatchNorm2d in training mode, 3 channels of very different scales"""
    x = torch.randn(4, 3, 5, 5) * torch.tensor([1.0, 10.0, 100.0]).view(1, 3, 1, 1) + 7
    assert torch.allclose(nn.BatchNorm2d(3)(x), normalized(x, *batch_statistics(x)), atol=1e-4)


def case_eval_running_estimates():
    """evaluation mode: the running estimates, whatever the batch, a batch of one included"""
    bn = nn.BatchNorm1d(2)
    with torch.no_grad():
        bn.running_mean.copy_(torch.tensor([1.0, -2.0]))
        bn.running_var.copy_(torch.tensor([4.0, 9.0]))
    bn.eval()
    x = torch.randn(5, 2)
    expected = normalized(x, bn.running_mean, bn.running_var)
    assert torch.allclose(bn(x), expected, atol=1e-5), "not the running estimates"
    assert torch.allclose(bn(x[:1]), expected[:1], atol=1e-5), "a batch of one differs"


def case_one_value_per_channel():
    """a batch of one sample in BatchNorm1d, training mode: refused"""
    try:
        nn.BatchNorm1d(3)(torch.randn(1, 3))
    except ValueError:
        return
    raise AssertionError("one value per channel was normalized")


def case_one_sample_many_values():
    """a batch of one image, 2 × 2 values per channel: normalized over those 4 values"""
    x = torch.randn(1, 2, 2, 2)
    assert torch.allclose(nn.BatchNorm2d(2)(x), normalized(x, *batch_statistics(x)), atol=1e-4)


def case_no_running_stats():
    """track_running_stats=False: no estimates kept, the batch's statistics in evaluation mode too"""
    bn = nn.BatchNorm1d(2, track_running_stats=False).eval()
    assert bn.running_mean is None and bn.running_var is None
    x = torch.randn(6, 2) * 3 + 1
    assert torch.allclose(bn(x), normalized(x, *batch_statistics(x)), atol=1e-5), "not the batch's"


def case_cumulative_average():
    """momentum=None: the running estimates are a plain average of the batches, still used in eval"""
    bn = nn.BatchNorm1d(1, momentum=None)
    bn(torch.tensor([[0.0], [2.0]]))
    bn(torch.tensor([[4.0], [6.0]]))
    assert torch.allclose(bn.running_mean, torch.tensor([3.0])), bn.running_mean
    bn.eval()
    x = torch.tensor([[3.0]])
    assert torch.allclose(bn(x), normalized(x, bn.running_mean, bn.running_var), atol=1e-5)


def case_grad_modes_in_training():
    """training mode under no_grad and inference_mode: still the batch's statistics"""
    x = torch.randn(8, 2)
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            got = nn.BatchNorm1d(2)(x)
        assert torch.allclose(got, normalized(x, *batch_statistics(x)), atol=1e-5), mode.__name__


def case_channels_last_and_bfloat16():
    """a channels-last float32 input, and a bfloat16 layer and input"""
    x = torch.randn(4, 3, 4, 4)
    expected = normalized(x, *batch_statistics(x))
    got = nn.BatchNorm2d(3)(x.contiguous(memory_format=torch.channels_last))
    assert torch.allclose(got, expected, atol=1e-4)
    got = nn.BatchNorm2d(3).bfloat16()(x.bfloat16())
    assert torch.allclose(got.float(), expected, atol=6e-2), (got.float() - expected).abs().max()
