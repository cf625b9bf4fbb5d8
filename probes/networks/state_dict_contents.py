"""A state_dict maps the name of each parameter and persistent buffer to its tensor (a buffer registered with persistent=False is left out) and holds nothing of the model's code, so for models of torch.nn's ordinary layers it holds only tensors and the default torch.load reads it; a lazy layer not yet run, or a module that adds extra state, can put other objects in it."""

import io
import pickle

import torch
from torch import nn


def saved(value):
    buffer = io.BytesIO()
    torch.save(value, buffer)
    return buffer


def default_load(buffer):
    buffer.seek(0)
    return torch.load(buffer)


class Mine(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(2, 2)


def page_model():
    return nn.Sequential(nn.Linear(1, 10), nn.ReLU(), nn.Linear(10, 1))


def case_page_model_tensors_only():
    """the page's Linear(1, 10), ReLU, Linear(10, 1): four tensors, read by the default torch.load"""
    state = page_model().state_dict()
    assert all(type(v) is torch.Tensor for v in state.values()), {type(v) for v in state.values()}
    assert list(default_load(saved(state))) == list(state), "the keys changed"


def case_common_layers_tensors_only():
    """Conv2d, BatchNorm2d, LayerNorm, Embedding, LSTM, GRU, MultiheadAttention, TransformerEncoderLayer, PReLU"""
    model = nn.ModuleList(
        [
            nn.Conv2d(1, 2, 3),
            nn.BatchNorm2d(2),
            nn.LayerNorm(3),
            nn.Embedding(4, 2),
            nn.LSTM(2, 3),
            nn.GRU(2, 3),
            nn.MultiheadAttention(4, 2),
            nn.TransformerEncoderLayer(4, 2, 8),
            nn.PReLU(),
        ]
    )
    state = model.state_dict()
    assert all(isinstance(v, torch.Tensor) for v in state.values()), {
        type(v) for v in state.values()
    }
    default_load(saved(state))


def case_parameters_and_buffers_named():
    """BatchNorm1d: its two parameters and three buffers, each under its name"""
    state = nn.BatchNorm1d(2).state_dict()
    expected = ["weight", "bias", "running_mean", "running_var", "num_batches_tracked"]
    assert list(state) == expected, list(state)


def case_non_persistent_buffer_left_out():
    """a buffer registered with persistent=False is a buffer of the module but not in its state_dict"""
    module = nn.Module()
    module.register_buffer("kept", torch.zeros(1))
    module.register_buffer("scratch", torch.zeros(1), persistent=False)
    assert [n for n, _ in module.named_buffers()] == ["kept", "scratch"]
    assert list(module.state_dict()) == ["kept"], list(module.state_dict())


def case_no_code_in_the_file():
    """the file of a state_dict of a model of one's own class names none of its classes"""
    state_file = saved(Mine().state_dict()).getvalue()
    model_file = saved(Mine()).getvalue()
    assert b"Mine" in model_file, "the whole model's file does not name its class either"
    assert b"Mine" not in state_file and b"torch.nn" not in state_file, "the class is named"


def case_frozen_parameters_and_grad_modes():
    """frozen parameters are saved too; state_dict() under no_grad and inference_mode gives the same keys"""
    model = page_model()
    model[0].requires_grad_(False)
    keys = list(model.state_dict())
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            assert list(model.state_dict()) == keys, mode.__name__
    assert keys == ["0.weight", "0.bias", "2.weight", "2.bias"], keys


def case_lazy_layer_not_yet_run():
    """a LazyLinear before its first input holds uninitialised parameters, which the default torch.load refuses"""
    buffer = saved(nn.LazyLinear(2).state_dict())
    try:
        default_load(buffer)
    except pickle.UnpicklingError:
        layer = nn.LazyLinear(2)
        layer(torch.ones(1, 3))
        default_load(saved(layer.state_dict()))
        return
    raise AssertionError("it loaded")


def case_extra_state_can_add_objects():
    """a module of one's own with get_extra_state adds an entry that is not a tensor"""

    class WithNote(nn.Linear):
        def get_extra_state(self):
            return {"note": "kept"}

        def set_extra_state(self, state):
            pass

    state = WithNote(1, 1).state_dict()
    assert state["_extra_state"] == {"note": "kept"}, list(state)


def case_batch_norm_running_estimates():
    """BatchNorm1d after a batch: its running estimates are saved; with track_running_stats=False, only weight and bias"""
    layer = nn.BatchNorm1d(2)
    layer(torch.tensor([[1.0, 2.0], [3.0, 6.0]]))
    state = layer.state_dict()
    assert torch.equal(state["running_mean"], layer.running_mean), state["running_mean"]
    assert torch.allclose(state["running_mean"], torch.tensor([0.2, 0.4])), state["running_mean"]
    assert list(nn.BatchNorm1d(2, track_running_stats=False).state_dict()) == ["weight", "bias"]
