"""The state_dict of the layers of torch.nn holds tensors only (parameters and buffers, under
names), no code; a module of one's own can add other state with get_extra_state, and the
quantized layers of torch.ao hold other objects too."""

import pickle
import warnings

import torch
from torch import nn


def values(module):
    return list(module.state_dict().values())


def case_layers_hold_tensors():
    """Linear, Conv2d, BatchNorm1d (with its int64 counter), LSTM, Embedding, LayerNorm, MultiheadAttention"""
    model = nn.Sequential(
        nn.Linear(4, 4),
        nn.Conv2d(1, 2, 3),
        nn.BatchNorm1d(4),
        nn.LSTM(4, 4),
        nn.Embedding(5, 4),
        nn.LayerNorm(4),
        nn.MultiheadAttention(4, 2),
    )
    kinds = {type(v).__name__ for v in values(model)}
    assert all(isinstance(v, torch.Tensor) for v in values(model)), f"found {kinds}"
    counter = model[2].state_dict()["num_batches_tracked"]
    assert counter.dtype == torch.int64, counter.dtype


def case_parameters_are_plain_tensors():
    """state_dict() gives the tensors detached, not as Parameters that require gradients"""
    tensors = values(nn.Linear(2, 2))
    assert not any(t.requires_grad for t in tensors), "a tensor requires grad"


def case_lazy_layer():
    """a lazy layer before its first call holds uninitialised parameters, still tensors"""
    tensors = values(nn.LazyLinear(3))
    assert tensors and all(isinstance(v, torch.Tensor) for v in tensors), tensors


def case_no_code_saved():
    """pickling the state_dict of a model with a lambda in a module of its own: no code goes in"""

    class Scaled(nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = nn.Linear(2, 2)
            self.activation = lambda x: x * 3

        def forward(self, x):
            return self.activation(self.linear(x))

    data = pickle.dumps(Scaled().state_dict())
    assert b"forward" not in data and b"lambda" not in data, "the pickle names code"


def case_extra_state_of_ones_own():
    """a module of one's own with get_extra_state: the state_dict holds what it returns"""

    class Tagged(nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = nn.Linear(2, 2)

        def get_extra_state(self):
            return {"tag": "not a tensor"}

        def set_extra_state(self, state):
            self.tag = state["tag"]

    state = Tagged().state_dict()
    assert state["_extra_state"] == {"tag": "not a tensor"}, state.keys()


def case_quantized_layer_holds_other_objects():
    """torch.ao.nn.quantized.Linear (not a layer of torch.nn): a dtype and a tuple beside its tensors"""
    try:
        from torch.ao.nn import quantized
    except ImportError:
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 2.14 deprecates quantized tensors
        state = quantized.Linear(2, 2).state_dict()
    kinds = {key: type(value) for key, value in state.items()}
    assert kinds["_packed_params.dtype"] is torch.dtype, kinds
    assert kinds["_packed_params._packed_params"] is tuple, kinds
