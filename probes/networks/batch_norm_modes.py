"""nn.BatchNorm1d normalises each feature separately. In training mode it uses the batch's own
mean and variance, so each feature of the output has the layer's bias as its mean, whatever
the batch (0 while the bias is new), provided each feature has more than one value: for (N, C)
input a batch of a single sample raises an error (with (N, C, L) input, or BatchNorm2d's
(N, C, H, W), the positions count as values); it moves its running estimates a fraction momentum (0.1) of
the way towards the batch's values, and in evaluation mode it uses those estimates."""

import torch
from torch import nn


def batch(shape, seed=0):
    generator = torch.Generator().manual_seed(seed)
    x = torch.randn(shape, generator=generator)
    scales = torch.tensor([1.0, 100.0, 0.1])
    offsets = torch.tensor([5.0, -300.0, 0.0])
    if len(shape) == 3:
        return x * scales[:, None] + offsets[:, None]
    return x * scales + offsets


def case_new_layer_mean_zero():
    """a new layer, 3 features of very different scales, batches of 2, 16 and 500"""
    for n in (2, 16, 500):
        out = nn.BatchNorm1d(3)(batch((n, 3)))
        assert out.mean(dim=0).abs().max() < 1e-5, f"n={n}: means {out.mean(dim=0).tolist()}"


def case_each_feature_separately():
    """the same 3 features: each column has variance 1 (weight²), whatever its own scale"""
    out = nn.BatchNorm1d(3)(batch((400, 3)))
    variance = out.var(dim=0, unbiased=False)
    assert torch.allclose(variance, torch.ones(3), atol=2e-3), f"variances {variance.tolist()}"


def case_mean_is_the_bias():
    """a layer with bias [0.5, -2, 3] and weight [2, 0.1, -1]: the means are the bias"""
    layer = nn.BatchNorm1d(3)
    with torch.no_grad():
        layer.bias.copy_(torch.tensor([0.5, -2.0, 3.0]))
        layer.weight.copy_(torch.tensor([2.0, 0.1, -1.0]))
    means = layer(batch((64, 3))).mean(dim=0)
    assert torch.allclose(means, layer.bias, atol=1e-5), f"means {means.tolist()}"


def case_channels_and_length():
    """input (N, C, L): each channel over the batch and the length, also with N = 1"""
    for n in (4, 1):
        out = nn.BatchNorm1d(3)(batch((n, 3, 50)))
        means = out.mean(dim=(0, 2))
        assert means.abs().max() < 1e-5, f"N={n}: channel means {means.tolist()}"


def case_constant_feature():
    """a feature with the same value in every sample: its output is the bias (0), no NaN"""
    x = batch((8, 3))
    x[:, 1] = 7.0
    out = nn.BatchNorm1d(3)(x)
    assert torch.allclose(out[:, 1], torch.zeros(8), atol=1e-3), f"gave {out[:, 1].tolist()}"


def case_affine_false_and_float64():
    """affine=False (no bias at all), and a float64 layer"""
    for layer, x in (
        (nn.BatchNorm1d(3, affine=False), batch((32, 3))),
        (nn.BatchNorm1d(3).double(), batch((32, 3)).double()),
    ):
        means = layer(x).mean(dim=0)
        assert means.abs().max() < 1e-5, f"means {means.tolist()}"


def case_one_sample_raises_in_training():
    """a batch of one sample (1, 3) in training mode, then in evaluation mode"""
    layer = nn.BatchNorm1d(3)
    try:
        layer(batch((1, 3)))
    except ValueError:
        pass
    else:
        raise AssertionError("training mode took a batch of one sample")
    layer.eval()
    assert layer(batch((1, 3))).shape == (1, 3), "evaluation mode refused one sample"


def case_running_estimates():
    """one batch of mean 2.5 moves the running mean from 0 to 0.25 (momentum 0.1)"""
    layer = nn.BatchNorm1d(1)
    x = torch.tensor([[1.0], [2.0], [3.0], [4.0]])
    layer(x)
    assert layer.momentum == 0.1 and torch.allclose(layer.running_mean, torch.tensor([0.25])), (
        f"running mean {layer.running_mean.tolist()}"
    )


def case_eval_uses_running_estimates():
    """evaluation mode: a sample alone gives what it gives in its batch, from the running stats"""
    layer = nn.BatchNorm1d(3)
    layer(batch((16, 3), seed=1))
    layer.eval()
    x = batch((8, 3))
    expected = (x - layer.running_mean) / torch.sqrt(layer.running_var + layer.eps)
    assert torch.allclose(layer(x), expected, atol=1e-5), "not the running statistics"
    assert torch.allclose(layer(x[:1]), layer(x)[:1]), "alone differs from in the batch"


def case_one_sample_with_positions():
    """training mode, one sample: (1, 3, 5) and BatchNorm2d's (1, 3, 4, 4) work; (1, 3, 1) raises"""
    for layer, shape in ((nn.BatchNorm1d(3), (1, 3, 5)), (nn.BatchNorm2d(3), (1, 3, 4, 4))):
        out = layer(torch.randn(shape, generator=torch.Generator().manual_seed(0)))
        dims = (0, *range(2, len(shape)))
        assert out.mean(dim=dims).abs().max() < 1e-5, (
            f"{shape}: means {out.mean(dim=dims).tolist()}"
        )
    try:
        nn.BatchNorm1d(3)(torch.ones(1, 3, 1))
    except ValueError:
        return
    raise AssertionError("training mode took (1, 3, 1)")
