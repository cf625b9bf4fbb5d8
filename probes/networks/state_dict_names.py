"""load_state_dict loads parameters into a model only under matching names: by default other names are refused, and with strict=False they are skipped, not loaded."""

import torch
from torch import nn


class Named(nn.Module):
    def __init__(self, first="hidden"):
        super().__init__()
        self.first = first
        setattr(self, first, nn.Linear(3, 4))
        self.out = nn.Linear(4, 1)

    def forward(self, x):
        return self.out(getattr(self, self.first)(x))


def case_same_build_loads():
    """a model built the same way: every parameter loaded"""
    a, b = Named(), Named()
    b.load_state_dict(a.state_dict())
    assert all(torch.equal(p, q) for p, q in zip(a.parameters(), b.parameters(), strict=True)), (
        "values differ"
    )


def case_other_attribute_name():
    """the same layers under another attribute name: refused"""
    try:
        Named("layer1").load_state_dict(Named().state_dict())
    except RuntimeError:
        return
    raise AssertionError("loaded under other names")


def case_sequential_against_module():
    """an nn.Sequential's state (0.weight ...) into a module with named attributes: refused"""
    seq = nn.Sequential(nn.Linear(3, 4), nn.Linear(4, 1))
    try:
        Named().load_state_dict(seq.state_dict())
    except RuntimeError:
        return
    raise AssertionError("loaded under other names")


def case_strict_false_skips():
    """strict=False with other names: no error, and the parameters keep their own values"""
    source, target = Named(), Named("layer1")
    before = target.layer1.weight.clone()
    result = target.load_state_dict(source.state_dict(), strict=False)
    assert torch.equal(target.layer1.weight, before), "a parameter under another name was loaded"
    assert "layer1.weight" in result.missing_keys and "hidden.weight" in result.unexpected_keys, (
        result
    )
    assert torch.equal(target.out.weight, source.out.weight), "the matching names were not loaded"


def case_registration_order():
    """the same names registered in another order: loaded (names matter, not order)"""

    class Reordered(nn.Module):
        def __init__(self):
            super().__init__()
            self.out = nn.Linear(4, 1)
            self.hidden = nn.Linear(3, 4)

    a, b = Named(), Reordered()
    b.load_state_dict(a.state_dict())
    assert torch.equal(a.hidden.weight, b.hidden.weight), "values differ"


def case_wrapper_prefix():
    """a state saved through a wrapper that prefixes names (module.hidden.weight): refused"""
    wrapped = nn.Sequential()
    wrapped.add_module("module", Named())
    try:
        Named().load_state_dict(wrapped.state_dict())
    except RuntimeError:
        return
    raise AssertionError("loaded under prefixed names")


def case_lazy_target():
    """a lazy layer under the same name: loaded, and its shape taken from the state"""

    class Lazy(nn.Module):
        def __init__(self):
            super().__init__()
            self.hidden = nn.LazyLinear(4)
            self.out = nn.Linear(4, 1)

    a, b = Named(), Lazy()
    b.load_state_dict(a.state_dict())
    assert b.hidden.weight.shape == (4, 3) and torch.equal(b.hidden.weight, a.hidden.weight)
