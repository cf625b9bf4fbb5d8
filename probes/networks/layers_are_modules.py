"""nn.Linear and nn.Conv2d (and their lazy forms) are modules, subclasses of nn.Module, each computing one step of a network: called on an input, they return its output in one call, for a batch, a batch of one, an unbatched input, on the meta device and under no_grad."""

import torch
from torch import nn


def layers():
    return {
        "Linear": (nn.Linear(4, 3), (4,), (3,)),
        "Conv2d": (nn.Conv2d(2, 5, 3), (2, 6, 6), (5, 4, 4)),
    }


def case_subclasses_of_module():
    """nn.Linear, nn.Conv2d, nn.LazyLinear and nn.LazyConv2d are nn.Module subclasses"""
    for cls in (nn.Linear, nn.Conv2d, nn.LazyLinear, nn.LazyConv2d):
        assert issubclass(cls, nn.Module), f"{cls.__name__} is not a module"


def case_batch_and_batch_of_one():
    """a batch of 8 and a batch of 1: one output per sample"""
    torch.manual_seed(0)
    for name, (layer, sample, out) in layers().items():
        for n in (8, 1):
            y = layer(torch.randn(n, *sample))
            assert y.shape == (n, *out), f"{name}, batch of {n}: shape {tuple(y.shape)}"


def case_unbatched_input():
    """a single sample without a batch dimension"""
    for name, (layer, sample, out) in layers().items():
        y = layer(torch.randn(*sample))
        assert y.shape == out, f"{name}: shape {tuple(y.shape)}"


def case_lazy_layers():
    """nn.LazyLinear(3) and nn.LazyConv2d(5, 3) compute the same step once they have seen an input"""
    for layer, x, out in (
        (nn.LazyLinear(3), torch.randn(2, 4), (2, 3)),
        (nn.LazyConv2d(5, 3), torch.randn(2, 2, 6, 6), (2, 5, 4, 4)),
    ):
        assert layer(x).shape == out, type(layer).__name__


def case_meta_device():
    """layers built on the meta device give an output of the right shape, without data"""
    for layer, x, out in (
        (nn.Linear(4, 3, device="meta"), torch.empty(2, 4, device="meta"), (2, 3)),
        (nn.Conv2d(2, 5, 3, device="meta"), torch.empty(1, 2, 6, 6, device="meta"), (1, 5, 4, 4)),
    ):
        y = layer(x)
        assert y.is_meta and y.shape == out, f"{type(layer).__name__}: {tuple(y.shape)}"


def case_no_grad_same_values():
    """under no_grad the step gives the same values (to rounding), without a graph"""
    torch.manual_seed(0)
    for name, (layer, sample, _) in layers().items():
        x = torch.randn(2, *sample)
        tracked = layer(x)
        with torch.no_grad():
            untracked = layer(x)
        assert torch.allclose(tracked, untracked) and untracked.grad_fn is None, name
