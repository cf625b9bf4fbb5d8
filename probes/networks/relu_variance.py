"""A linear layer with n inputs and no bias whose weights are drawn independently, symmetric about 0, with variance sigma^2, followed by a ReLU, multiplies the expected mean square of its inputs by n sigma^2 / 2, whatever the inputs (also non-negative ones, after a ReLU); going back, it multiplies the mean square of the gradient by n_out sigma^2 / 2; init.kaiming_normal_(w, nonlinearity="relu") draws with sigma^2 = 2 / fan_in, which keeps the forward factor at 1 through depth, and init.xavier_normal_ with sigma^2 = 2 / (fan_in + fan_out)."""

import torch
from torch import nn
from torch.nn import init


def factor(width, weight_init, samples=4096, seed=0):
    """The mean square after one layer and its ReLU, over the mean square before."""
    torch.manual_seed(seed)
    x = torch.randn(samples, width)
    layer = nn.Linear(width, width, bias=False)
    weight_init(layer.weight)
    return (torch.relu(layer(x)).pow(2).mean() / x.pow(2).mean()).item()


def case_one_layer_multiplies_by_n_sigma_squared_over_two():
    """for widths 64, 256 and 1024 and several sigma, the factor is within 10% of n sigma^2 / 2"""
    for width in (64, 256, 1024):
        for sigma in (0.01, 0.05, 0.12):
            measured = factor(width, lambda w, s=sigma: init.normal_(w, std=s))
            predicted = width * sigma**2 / 2
            assert abs(measured / predicted - 1) < 0.1, (width, sigma, measured, predicted)


def case_non_negative_inputs_after_a_relu():
    """inputs that a ReLU made non-negative: the same factor, averaged over four draws of the weights"""
    measured = []
    for seed in range(4):
        torch.manual_seed(10 + seed)
        x = torch.relu(torch.randn(4096, 512))
        layer = nn.Linear(512, 512, bias=False)
        init.normal_(layer.weight, std=0.05)
        measured.append((torch.relu(layer(x)).pow(2).mean() / x.pow(2).mean()).item())
    mean = sum(measured) / len(measured)
    assert abs(mean / (512 * 0.05**2 / 2) - 1) < 0.1, measured


def case_backward_factor_uses_the_fan_out():
    """256 inputs, 1024 outputs, Kaiming (fan-in): forward factor about 1, backward about 4"""
    torch.manual_seed(4)
    x = torch.randn(4096, 256, requires_grad=True)
    layer = nn.Linear(256, 1024, bias=False)
    init.kaiming_normal_(layer.weight, nonlinearity="relu")
    y = torch.relu(layer(x))
    forward = (y.pow(2).mean() / x.pow(2).mean()).item()
    g = torch.randn_like(y)
    y.backward(g)
    backward = (x.grad.pow(2).mean() / g.pow(2).mean()).item()
    assert abs(forward - 1) < 0.1 and abs(backward / 4 - 1) < 0.1, (forward, backward)


def case_inputs_of_another_symmetric_law():
    """uniform inputs, symmetric about 0: the same factor"""
    torch.manual_seed(1)
    x = torch.rand(4096, 256) * 2 - 1
    layer = nn.Linear(256, 256, bias=False)
    init.normal_(layer.weight, std=0.1)
    measured = (torch.relu(layer(x)).pow(2).mean() / x.pow(2).mean()).item()
    assert abs(measured / (256 * 0.01 / 2) - 1) < 0.1, measured


def case_kaiming_normal_uses_two_over_fan_in():
    """kaiming_normal_(nonlinearity="relu") has std sqrt(2 / fan_in), also for a non-square layer"""
    w = torch.empty(512, 300)
    init.kaiming_normal_(w, nonlinearity="relu")
    assert abs(w.std().item() / (2 / 300) ** 0.5 - 1) < 0.02, w.std().item()


def case_xavier_normal_uses_the_sum_of_fans():
    """xavier_normal_ has std sqrt(2 / (fan_in + fan_out))"""
    w = torch.empty(512, 300)
    init.xavier_normal_(w)
    assert abs(w.std().item() / (2 / 812) ** 0.5 - 1) < 0.02, w.std().item()


def case_kaiming_keeps_thirty_layers_level():
    """30 layers of width 256 with Kaiming: the mean square stays within a factor of 10 of the input's"""
    torch.manual_seed(2)
    h = torch.randn(1024, 256)
    start = h.pow(2).mean().item()
    for _ in range(30):
        layer = nn.Linear(256, 256, bias=False)
        init.kaiming_normal_(layer.weight, nonlinearity="relu")
        h = torch.relu(layer(h))
    ratio = h.pow(2).mean().item() / start
    assert 0.1 < ratio < 10, ratio


def case_smaller_or_larger_scale_vanishes_or_explodes():
    """the same 30 layers with half and twice Kaiming's std: below 1e-6, above 1e6 of the input's"""
    for scale, check in ((0.5, lambda r: r < 1e-6), (2.0, lambda r: r > 1e6)):
        torch.manual_seed(3)
        h = torch.randn(1024, 256)
        start = h.pow(2).mean().item()
        for _ in range(30):
            layer = nn.Linear(256, 256, bias=False)
            init.normal_(layer.weight, std=scale * (2 / 256) ** 0.5)
            h = torch.relu(layer(h))
        ratio = h.pow(2).mean().item() / start
        assert check(ratio), (scale, ratio)
