"""An nn.Parameter is a tensor that a module registers for its optimizer to adjust (running statistics are buffers, not parameters); it requires gradients unless it is frozen with requires_grad=False, given when it is made or set afterwards, and one of an integer dtype must be frozen."""

import torch
from torch import nn


def case_new_parameter():
    """nn.Parameter(torch.ones(2)) requires gradients and is a leaf"""
    p = nn.Parameter(torch.ones(2))
    assert p.requires_grad and p.is_leaf and p.grad_fn is None, f"{p.requires_grad}, {p.is_leaf}"


def case_made_under_no_grad_and_inference_mode():
    """a parameter made under no_grad or inference_mode still requires gradients"""
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            p = nn.Parameter(torch.ones(2))
        assert p.requires_grad, f"made under {mode.__name__}"


def case_layers_parameters():
    """the parameters of Linear, Conv2d, BatchNorm1d, LayerNorm, Embedding and a lazy layer after its first input"""
    lazy = nn.LazyLinear(2)
    lazy(torch.ones(1, 3))
    for layer in (
        nn.Linear(2, 2),
        nn.Conv2d(1, 1, 3),
        nn.BatchNorm1d(2),
        nn.LayerNorm(2),
        nn.Embedding(3, 2),
        lazy,
    ):
        for name, p in layer.named_parameters():
            assert isinstance(p, nn.Parameter) and p.requires_grad, f"{type(layer).__name__}.{name}"


def case_other_float_dtypes_and_meta():
    """float64, bfloat16, complex64 and a parameter on the meta device"""
    for t in (
        torch.ones(2, dtype=torch.float64),
        torch.ones(2, dtype=torch.bfloat16),
        torch.ones(2, dtype=torch.complex64),
        torch.empty(2, device="meta"),
    ):
        assert nn.Parameter(t).requires_grad, f"{t.dtype} on {t.device}"


def case_frozen():
    """requires_grad=False when made, requires_grad_(False) and p.requires_grad = False afterwards"""
    made = nn.Parameter(torch.ones(2), requires_grad=False)
    layer = nn.Linear(2, 2)
    layer.weight.requires_grad_(False)
    layer.bias.requires_grad = False
    for p in (made, layer.weight, layer.bias):
        assert isinstance(p, nn.Parameter) and not p.requires_grad, "still requires gradients"
    assert len(list(layer.parameters())) == 2, "a frozen parameter stopped being a parameter"


def case_integer_parameter_must_be_frozen():
    """an int64 parameter: refused with gradients, accepted frozen"""
    try:
        nn.Parameter(torch.ones(2, dtype=torch.int64))
    except RuntimeError:
        pass
    else:
        raise AssertionError("an integer parameter requiring gradients was made")
    assert not nn.Parameter(torch.ones(2, dtype=torch.int64), requires_grad=False).requires_grad


def case_running_statistics_are_buffers():
    """BatchNorm1d's running mean changes in training, but it is a buffer, not a parameter"""
    bn = nn.BatchNorm1d(2)
    before = bn.running_mean.clone()
    bn(torch.randn(4, 2) + 5)
    names = [name for name, _ in bn.named_parameters()]
    assert not torch.equal(before, bn.running_mean), "the running mean did not move"
    assert names == ["weight", "bias"] and not bn.running_mean.requires_grad, f"{names}"
