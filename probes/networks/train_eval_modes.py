"""Every nn.Module has a flag training, set by nn.Module.__init__ (a subclass must call it);
train() and eval() set and clear it on a module and all its submodules, and a layer without
dropout or batch norm, such as nn.Linear, computes the same in both modes."""

import torch
from torch import nn


def case_built_in_modules():
    """Linear, Conv2d, LSTM, Dropout, BatchNorm1d, ReLU, Sequential, ModuleList, Identity, lazy"""
    modules = [
        nn.Linear(2, 2),
        nn.Conv2d(1, 1, 3),
        nn.LSTM(2, 2),
        nn.Dropout(),
        nn.BatchNorm1d(2),
        nn.ReLU(),
        nn.Sequential(),
        nn.ModuleList(),
        nn.Identity(),
        nn.LazyLinear(2),
        nn.Module(),
    ]
    missing = [type(m).__name__ for m in modules if not isinstance(m.training, bool)]
    assert not missing, f"no flag on {missing}"
    assert all(m.training for m in modules), "not in training mode when new"


def case_on_the_meta_device():
    """a layer made on the meta device"""
    assert nn.Linear(2, 2, device="meta").training is True


class Skips(nn.Module):
    def __init__(self):
        self.size = 3


class Calls(nn.Module):
    def __init__(self):
        super().__init__()
        self.size = 3


def case_subclass_calls_init():
    """a subclass of its own that calls super().__init__()"""
    assert Calls().training is True


def case_subclass_skipping_init():
    """a subclass whose __init__ skips nn.Module.__init__: the flag is missing"""
    try:
        Skips().training  # noqa: B018
    except AttributeError:
        return
    raise AssertionError("the flag was there without nn.Module.__init__")


def case_train_eval_recursive():
    """eval() and train() on nested containers reach the innermost layer"""
    inner = nn.Dropout()
    model = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.ModuleList([inner])))
    model.eval()
    assert not any(m.training for m in model.modules()), "eval() missed a submodule"
    model.train()
    assert all(m.training for m in model.modules()), "train() missed a submodule"
    assert model.train(False) is model and not inner.training, "train(False) is not eval()"


def case_linear_same_in_both_modes():
    """nn.Linear in both modes: float32, float64, bfloat16, a batch of one, an empty batch"""
    torch.manual_seed(0)
    for dtype in (torch.float32, torch.float64, torch.bfloat16):
        layer = nn.Linear(4, 3).to(dtype)
        for batch in (torch.randn(5, 4), torch.randn(1, 4), torch.randn(0, 4)):
            batch = batch.to(dtype)
            layer.train()
            trained = layer(batch)
            layer.eval()
            assert torch.equal(trained, layer(batch)), f"{dtype}, batch {tuple(batch.shape)}"


def case_dropout_and_batch_norm_differ():
    """nn.Dropout(0.5) and nn.BatchNorm1d give other outputs in the two modes"""
    torch.manual_seed(0)
    x = torch.randn(8, 4) + 3
    for layer in (nn.Dropout(0.5), nn.BatchNorm1d(4)):
        layer.train()
        trained = layer(x)
        layer.eval()
        assert not torch.equal(trained, layer(x)), f"{type(layer).__name__} gave the same"
