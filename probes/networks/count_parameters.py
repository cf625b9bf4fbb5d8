"""sum(p.numel() for p in model.parameters()) counts every parameter of a model once, a lazy layer's once it has seen an input (a Linear(i, o) has i·o weights and o biases, a ReLU none); adding if p.requires_grad counts only the trainable ones, and all(p.requires_grad for p in model.parameters()) checks them all."""

import torch
from torch import nn


def count(model, trainable_only=False):
    return sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)


def case_linear_layers():
    """Linear(4, 8), Linear(8, 3), Linear(8, 3, bias=False) and Linear(1, 1)"""
    assert count(nn.Linear(4, 8)) == 4 * 8 + 8 == 40, count(nn.Linear(4, 8))
    assert count(nn.Linear(8, 3)) == 27, count(nn.Linear(8, 3))
    assert count(nn.Linear(8, 3, bias=False)) == 24, count(nn.Linear(8, 3, bias=False))
    assert count(nn.Linear(1, 1)) == 2, count(nn.Linear(1, 1))


def case_activations_have_none():
    """ReLU, ReLU(inplace=True), Tanh, Sigmoid, GELU, Softmax, Dropout and MaxPool2d"""
    for layer in (
        nn.ReLU(),
        nn.ReLU(inplace=True),
        nn.Tanh(),
        nn.Sigmoid(),
        nn.GELU(),
        nn.Softmax(dim=1),
        nn.Dropout(),
        nn.MaxPool2d(2),
    ):
        assert count(layer) == 0, f"{layer} has {count(layer)}"


def case_prelu_is_not_relu():
    """PReLU learns its slope: one parameter"""
    assert count(nn.PReLU()) == 1, count(nn.PReLU())


def case_whole_model_and_frozen_layer():
    """Sequential(Linear(4, 8), ReLU(), Linear(8, 3)): 67, and 27 trainable with the first frozen"""
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
    assert count(model) == 67, count(model)
    model[0].requires_grad_(False)
    assert count(model) == 67 and count(model, trainable_only=True) == 27, count(model, True)


def case_shared_parameter_counted_once():
    """one Linear used twice in a Sequential: its parameters counted once"""
    layer = nn.Linear(3, 3)
    model = nn.Sequential(layer, nn.ReLU(), layer)
    assert count(model) == 12, count(model)


def case_buffers_not_counted():
    """BatchNorm1d(4): 8 parameters; its running statistics are buffers"""
    assert count(nn.BatchNorm1d(4)) == 8, count(nn.BatchNorm1d(4))


def case_no_parameters():
    """a model without parameters counts 0, and all() over none is True"""
    model = nn.Sequential(nn.ReLU())
    assert count(model) == 0 and all(p.requires_grad for p in model.parameters())


def case_all_detects_one_frozen_parameter():
    """all(p.requires_grad ...) is True for a new model and False once one bias is frozen"""
    model = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 2))
    assert all(p.requires_grad for p in model.parameters())
    model[1].bias.requires_grad_(False)
    assert not all(p.requires_grad for p in model.parameters()), "the frozen bias was missed"


def case_parameters_is_a_method():
    """model.parameters is a method and model.parameters() an iterator: neither has requires_grad"""
    model = nn.Linear(2, 2)
    assert not hasattr(model.parameters, "requires_grad")
    assert not hasattr(model.parameters(), "requires_grad")


def case_built_under_no_grad_and_inference_mode():
    """layers built inside no_grad and inference_mode: their parameters still require gradients"""
    with torch.no_grad():
        a = nn.Linear(2, 2)
    with torch.inference_mode():
        b = nn.Linear(2, 2)
    assert all(p.requires_grad for p in [*a.parameters(), *b.parameters()])


def case_lazy_counted_after_first_input():
    """LazyLinear(3): numel() refuses before the first input, counts 15 after an input of 4 features"""
    layer = nn.LazyLinear(3)
    try:
        count(layer)
    except ValueError:
        pass
    else:
        raise AssertionError("an uninitialised parameter was counted")
    layer(torch.ones(1, 4))
    assert count(layer) == 15, count(layer)
