"""load_state_dict matches by name: by default a state_dict fits only a model whose parameters and persistent buffers bear the same names, and a shape that differs raises (a lazy layer not yet run takes any shape, a 0-d parameter a one-element vector); strict=False forgives only keys that are missing or unexpected. By default the values are copied into the model's own tensors."""

from collections import OrderedDict

import torch
from torch import nn


def outcome(model, state_dict, strict):
    try:
        model.load_state_dict(state_dict, strict=strict)
    except RuntimeError:
        return "raises"
    return "loads"


def net(hidden=10, names=None):
    layers = [nn.Linear(1, hidden), nn.ReLU(), nn.Linear(hidden, 1)]
    return (
        nn.Sequential(OrderedDict(zip(names, layers, strict=False)))
        if names
        else nn.Sequential(*layers)
    )


def case_same_build_loads():
    """a model built the same way: loaded, and it predicts the same"""
    source, target = net(), net()
    target.load_state_dict(source.state_dict())
    x = torch.randn(4, 1)
    assert torch.equal(source(x), target(x)), "the predictions differ"


def case_other_build_same_names_loads():
    """a subclass of nn.Module with attributes named 0 and 2 and another forward: same names, so it fits"""

    class Other(nn.Module):
        def __init__(self):
            super().__init__()
            self.add_module("0", nn.Linear(1, 10))
            self.add_module("2", nn.Linear(10, 1))

        def forward(self, x):
            return getattr(self, "2")(torch.tanh(getattr(self, "0")(x)))

    assert outcome(Other(), net().state_dict(), strict=True) == "loads"


def case_renamed_refused():
    """the same layers named hidden, act, out: every key missing and unexpected"""
    assert outcome(net(names=["hidden", "act", "out"]), net().state_dict(), strict=True) == "raises"


def case_missing_and_unexpected_refused():
    """a key removed from the state_dict; a key added to it"""
    missing = net().state_dict()
    del missing["2.bias"]
    extra = net().state_dict()
    extra["3.weight"] = torch.zeros(1)
    assert outcome(net(), missing, strict=True) == "raises", "a missing key was forgiven"
    assert outcome(net(), extra, strict=True) == "raises", "an unexpected key was forgiven"


def case_batch_norm_statistics_required():
    """a state_dict of BatchNorm without num_batches_tracked (its version record kept)"""
    state = nn.BatchNorm1d(2).state_dict()
    del state["num_batches_tracked"]
    assert outcome(nn.BatchNorm1d(2), state, strict=True) == "raises", (
        "the missing buffer was forgiven"
    )


def case_non_persistent_buffer_not_needed():
    """a buffer registered with persistent=False is neither saved nor expected"""

    class WithCache(nn.Linear):
        def __init__(self):
            super().__init__(1, 1)
            self.register_buffer("cache", torch.zeros(1), persistent=False)

    assert outcome(WithCache(), nn.Linear(1, 1).state_dict(), strict=True) == "loads"


def case_shape_differs_refused_even_when_not_strict():
    """a hidden layer of 20 instead of 10, and a new head under the old head's name, with strict=False"""
    assert outcome(net(hidden=20), net().state_dict(), strict=False) == "raises", "20 units loaded"
    old = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 3))
    new = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 5))
    assert outcome(new, old.state_dict(), strict=False) == "raises", "the new head loaded"


def case_strict_false_changes_only_missing_and_unexpected():
    """every case above and a few more, strict=True against strict=False"""
    renamed = net(names=["hidden", "act", "out"])
    missing = net().state_dict()
    del missing["2.bias"]
    extra = dict(net().state_dict(), **{"9.weight": torch.zeros(1)})
    zero_d = nn.Module()
    zero_d.p = nn.Parameter(torch.zeros(()))
    cases = {
        "renamed": (renamed, net().state_dict(), True),
        "missing": (net(), missing, True),
        "unexpected": (net(), extra, True),
        "shape": (net(hidden=20), net().state_dict(), False),
        "dtype": (net().double(), net().state_dict(), False),
        "one-element into 0-d": (zero_d, {"p": torch.ones(1)}, False),
        "lazy": (nn.LazyLinear(3), nn.Linear(5, 3).state_dict(), False),
        "same": (net(), net().state_dict(), False),
    }
    for name, (model, state, forgiven) in cases.items():
        strict = outcome(model, state, strict=True)
        loose = outcome(model, state, strict=False)
        changed = strict != loose
        assert changed == forgiven, f"{name}: strict {strict}, strict=False {loose}"


def case_values_copied():
    """after loading, the model's tensors share no memory with the state_dict's, and dtypes are the model's"""
    source = net()
    target = net().double()
    target.load_state_dict(source.state_dict())
    for (name, a), b in zip(
        source.state_dict().items(), target.state_dict().values(), strict=False
    ):
        assert a.data_ptr() != b.data_ptr() and b.dtype == torch.float64, name


def case_lazy_and_zero_d_take_other_shapes():
    """a LazyLinear not yet run takes a 3 x 5 weight; a 0-d parameter takes a one-element vector"""
    lazy = nn.LazyLinear(3)
    lazy.load_state_dict(nn.Linear(5, 3).state_dict())
    zero_d = nn.Module()
    zero_d.p = nn.Parameter(torch.zeros(()))
    zero_d.load_state_dict({"p": torch.ones(1)})
    assert lazy.weight.shape == (3, 5) and zero_d.p.shape == () and zero_d.p.item() == 1.0


def case_assign_true_shares():
    """load_state_dict(..., assign=True), not the default, puts the given tensors in the model"""
    state = net().state_dict()
    target = net()
    target.load_state_dict(state, assign=True)
    assert target[0].weight.data_ptr() == state["0.weight"].data_ptr(), "it copied"


def case_plain_dict_without_version():
    """not a state_dict as state_dict() makes it: a plain dict, without the version record, lacking
    BatchNorm's num_batches_tracked loads, as a file from before that buffer would"""
    state = dict(nn.BatchNorm1d(2).state_dict())
    del state["num_batches_tracked"]
    assert outcome(nn.BatchNorm1d(2), state, strict=True) == "loads"
