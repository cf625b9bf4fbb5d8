"""nn.Linear(in, out) computes x @ W.T + b over the last dimension of x, where the weight W (out × in) and the bias b (out elements) are leaves that require gradients."""

import torch


def formula_holds(layer, x):
    expected = x @ layer.weight.T + layer.bias
    got = layer(x)
    return got.shape == expected.shape and torch.allclose(got, expected, atol=1e-6)


def case_shapes_and_leaves():
    """nn.Linear(3, 2): a 2 × 3 weight and a 2-element bias, leaves that require gradients"""
    layer = torch.nn.Linear(3, 2)
    w, b = layer.weight, layer.bias
    assert (tuple(w.shape), tuple(b.shape)) == ((2, 3), (2,)), f"{tuple(w.shape)}, {tuple(b.shape)}"
    assert w.is_leaf and b.is_leaf and w.requires_grad and b.requires_grad, "not tracked leaves"


def case_batches():
    """a batch of 4, a batch of 1, a single input without a batch dimension, and an empty batch"""
    layer = torch.nn.Linear(3, 2)
    for x in (torch.randn(4, 3), torch.randn(1, 3), torch.randn(3), torch.randn(0, 3)):
        assert formula_holds(layer, x), f"input of shape {tuple(x.shape)}"


def case_leading_dimensions():
    """an input of shape 2 × 5 × 3, and a non-contiguous one"""
    layer = torch.nn.Linear(3, 2)
    for x in (torch.randn(2, 5, 3), torch.randn(3, 5).t()):
        assert formula_holds(layer, x), f"input of shape {tuple(x.shape)}"


def case_float64():
    """a layer made in float64 (the default dtype changed, then restored)"""
    previous = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        layer = torch.nn.Linear(3, 2)
        x = torch.randn(4, 3)
    finally:
        torch.set_default_dtype(previous)
    assert layer.weight.dtype == torch.float64 and formula_holds(layer, x), "float64"


def case_made_under_no_grad():
    """a layer made inside torch.no_grad() still has parameters that require gradients"""
    with torch.no_grad():
        layer = torch.nn.Linear(3, 2)
    assert layer.weight.requires_grad and layer.bias.requires_grad, "parameters not tracked"


def case_meta_device():
    """a layer on the meta device: shapes and leaves, no values"""
    layer = torch.nn.Linear(3, 2, device="meta")
    out = layer(torch.empty(4, 3, device="meta"))
    assert out.shape == (4, 2) and layer.weight.is_leaf and layer.weight.requires_grad, tuple(
        out.shape
    )
