"""A layer of torch.nn sets its parameters when it is built (a lazy layer, at its first input), and they require gradients from the start, whatever grad mode it is built in; only telling them otherwise (requires_grad_(False)) stops that."""

import torch
from torch import nn

MAKERS = {
    "Linear": lambda: nn.Linear(3, 2),
    "Conv2d": lambda: nn.Conv2d(1, 2, 3),
    "BatchNorm1d": lambda: nn.BatchNorm1d(2),
    "LayerNorm": lambda: nn.LayerNorm(3),
    "Embedding": lambda: nn.Embedding(4, 2),
    "LSTM": lambda: nn.LSTM(2, 3),
}


def case_values_set_when_built():
    """Linear, Conv2d, BatchNorm1d, LayerNorm, Embedding, LSTM: finite values right after building"""
    for name, make in MAKERS.items():
        for key, p in make().named_parameters():
            assert torch.isfinite(p).all(), f"{name}.{key}"


def case_require_gradients_from_the_start():
    """the same layers built under no_grad, inference_mode and set_grad_enabled(False)"""
    for mode in (torch.no_grad, torch.inference_mode, lambda: torch.set_grad_enabled(False)):
        with mode():
            layers = {name: make() for name, make in MAKERS.items()}
        for name, layer in layers.items():
            assert all(p.requires_grad for p in layer.parameters()), name


def case_lazy_at_first_input():
    """LazyLinear: uninitialised until its first input, then finite values that require gradients"""
    lazy = nn.LazyLinear(2)
    assert isinstance(lazy.weight, nn.parameter.UninitializedParameter), type(lazy.weight)
    lazy(torch.ones(1, 3))
    assert torch.isfinite(lazy.weight).all() and lazy.weight.requires_grad, lazy.weight


def case_dtypes():
    """float64 and bfloat16 layers: set and requiring gradients"""
    for dtype in (torch.float64, torch.bfloat16):
        layer = nn.Linear(3, 2, dtype=dtype)
        assert (
            layer.weight.dtype == dtype
            and torch.isfinite(layer.weight).all()
            and layer.weight.requires_grad
        )


def case_told_otherwise():
    """requires_grad_(False) on the built layer: its parameters stop requiring gradients"""
    layer = nn.Linear(3, 2).requires_grad_(False)
    assert not any(p.requires_grad for p in layer.parameters())
