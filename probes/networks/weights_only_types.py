"""torch.load(weights_only=True) rebuilds only tensors and parameters, Python's numbers, strings, bytes, booleans and None, lists, tuples, dicts and sets, and a short list of other types (among them OrderedDict, torch.Size, dtypes and devices); it refuses every other class and function, subclasses of Tensor and some built-in types included, unless allowed with add_safe_globals or safe_globals, and weights_only=False rebuilds anything. Passing a pickle_module, or the environment variable TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD, makes the default weights_only=False."""

import collections
import dataclasses
import fractions
import io
import os
import pickle
import warnings

import numpy as np
import torch
from torch import nn


def round_trip(value):
    buffer = io.BytesIO()
    torch.save(value, buffer)
    buffer.seek(0)
    return torch.load(buffer, weights_only=True)


def refused(value):
    try:
        round_trip(value)
    except pickle.UnpicklingError:
        return True
    return False


def case_tensors_and_containers():
    """a tensor in a dict, a list, a tuple, with strings, ints, floats, bools and None"""
    value = {"w": torch.ones(2), "l": [1, 2.5, "s"], "t": (True, None)}
    loaded = round_trip(value)
    assert torch.equal(loaded["w"], value["w"]) and loaded["l"] == value["l"], repr(loaded)
    assert loaded["t"] == value["t"], repr(loaded)


def case_ordered_dict():
    """an OrderedDict (what state_dict() returns)"""
    loaded = round_trip(collections.OrderedDict(a=torch.zeros(1)))
    assert isinstance(loaded, collections.OrderedDict), type(loaded).__name__


def case_torch_types():
    """torch.Size, a dtype and a device"""
    value = (torch.Size([2, 3]), torch.float16, torch.device("cpu"))
    assert round_trip(value) == value, repr(round_trip(value))


def case_sets_bytes_complex():
    """a set, bytes and a complex number"""
    value = ({1, 2}, b"ab", 1 + 2j)
    assert round_trip(value) == value, repr(round_trip(value))


def case_numbers_and_strings():
    """a 100-digit integer, NaN, infinity, a non-ASCII string, an empty string and nested containers"""
    value = [10**100, float("inf"), "é中", "", {"a": [{"b": (1,)}]}]
    loaded = round_trip([*value, float("nan")])
    assert loaded[:-1] == value and loaded[-1] != loaded[-1], repr(loaded)


def case_tensor_kinds():
    """bfloat16, complex, bool, 0-d, empty, transposed, sparse, meta and requires-grad tensors"""
    tensors = [
        torch.ones(2, dtype=torch.bfloat16),
        torch.ones(2, dtype=torch.complex64),
        torch.ones(2, dtype=torch.bool),
        torch.tensor(3.0),
        torch.zeros(0, 3),
        torch.arange(6.0).view(2, 3).t(),
        torch.eye(2).to_sparse(),
        torch.ones(2, device="meta"),
        torch.ones(2, requires_grad=True),
    ]
    for t, loaded in zip(tensors, round_trip(tensors), strict=False):
        assert (
            type(loaded) is torch.Tensor and loaded.dtype == t.dtype and loaded.shape == t.shape
        ), t
        assert loaded.layout == t.layout and loaded.device == t.device, t


def case_shared_storage_kept():
    """a tensor and a slice of it still share memory once loaded"""
    t = torch.arange(6.0)
    loaded = round_trip({"a": t, "b": t[2:]})
    loaded["a"][3] = 100
    assert loaded["b"][1].item() == 100, "they no longer share"


def case_parameter():
    """an nn.Parameter comes back as an nn.Parameter"""
    assert type(round_trip(nn.Parameter(torch.ones(2)))) is nn.Parameter


@dataclasses.dataclass
class Point:
    x: int


class Tagged(torch.Tensor):
    pass


def case_own_class_refused():
    """an instance of a class of one's own (a dataclass)"""
    assert refused(Point(1)), "it was rebuilt"


def case_module_refused():
    """a whole nn.Module"""
    assert refused(torch.nn.Linear(2, 2)), "it was rebuilt"


def case_builtin_types_refused():
    """frozenset, range, slice and Ellipsis"""
    for value in (frozenset({1}), range(3), slice(1, 2), ...):
        assert refused(value), f"{value!r} was rebuilt"


def case_other_containers_refused():
    """collections.defaultdict and collections.deque"""
    for value in (collections.defaultdict(int, a=1), collections.deque([1])):
        assert refused(value), f"{type(value).__name__} was rebuilt"


def case_library_classes_refused():
    """a fractions.Fraction, a NumPy array and a NumPy float"""
    for value in (fractions.Fraction(1, 3), np.ones(2), np.float64(1.0)):
        assert refused(value), f"{type(value).__name__} was rebuilt"


def case_functions_refused():
    """a function (len) and a class object (int)"""
    assert refused(len) and refused(int), "a function or a class was rebuilt"


def case_tensor_subclasses_refused():
    """a subclass of Tensor of one's own, and a lazy layer's uninitialised parameter"""
    assert refused(torch.ones(2).as_subclass(Tagged)), "the subclass was rebuilt"
    assert refused(nn.LazyLinear(2).weight), "the uninitialised parameter was rebuilt"


def case_safe_globals_allow():
    """a Fraction inside safe_globals([Fraction]); a Sequential inside safe_globals of its three classes"""
    with torch.serialization.safe_globals([fractions.Fraction]):
        assert round_trip(fractions.Fraction(1, 3)) == fractions.Fraction(1, 3)
    with torch.serialization.safe_globals([nn.Sequential, nn.Linear, nn.ReLU]):
        assert type(round_trip(nn.Sequential(nn.Linear(1, 2), nn.ReLU()))) is nn.Sequential


def case_allowed_only_inside_the_block():
    """after the safe_globals block the Fraction is refused again"""
    with torch.serialization.safe_globals([fractions.Fraction]):
        pass
    assert refused(fractions.Fraction(1, 3)), "it stayed allowed"


def case_weights_only_false_rebuilds_anything():
    """weights_only=False rebuilds the dataclass, the frozenset and the whole model"""
    buffer = io.BytesIO()
    torch.save([Point(1), frozenset({1}), nn.Linear(1, 1)], buffer)
    buffer.seek(0)
    point, frozen, layer = torch.load(buffer, weights_only=False)
    assert point == Point(1) and frozen == frozenset({1}) and isinstance(layer, nn.Linear)


class WithActivation(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(1, 1)
        self.activation = nn.functional.relu  # a function, stored by name in the pickle


def case_whole_model_needs_its_functions_allowed_too():
    """a module holding a function: its classes alone are not enough for safe_globals, with the function they are"""
    with torch.serialization.safe_globals([WithActivation, nn.Linear]):
        assert refused(WithActivation()), "it loaded without the function allowed"
    with torch.serialization.safe_globals([WithActivation, nn.Linear, nn.functional.relu]):
        assert type(round_trip(WithActivation())) is WithActivation


CALLED = []


def record(*args):
    CALLED.append(args)


class Calls:
    def __reduce__(self):
        return (record, ("ran",))


def case_weights_only_false_runs_code():
    """weights_only=False of a file whose object names a function: the function runs"""
    CALLED.clear()
    buffer = io.BytesIO()
    torch.save(Calls(), buffer)
    buffer.seek(0)
    torch.load(buffer, weights_only=False)
    assert CALLED == [("ran",)], CALLED


def saved(value):
    buffer = io.BytesIO()
    torch.save(value, buffer)
    buffer.seek(0)
    return buffer


def case_pickle_module_makes_the_default_false():
    """torch.load(f, pickle_module=pickle), weights_only not given: a whole nn.Linear is rebuilt and a named function runs"""
    assert isinstance(torch.load(saved(nn.Linear(1, 1)), pickle_module=pickle), nn.Linear)
    CALLED.clear()
    torch.load(saved(Calls()), pickle_module=pickle)
    assert CALLED == [("ran",)], CALLED


def case_environment_makes_the_default_false():
    """TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD=1: the default torch.load rebuilds an nn.Linear; weights_only=True still refuses it"""
    before = os.environ.get("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD")
    os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = "1"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # it warns that it loads with weights_only=False
            assert isinstance(torch.load(saved(nn.Linear(1, 1))), nn.Linear), "it was refused"
        assert refused(nn.Linear(1, 1)), "weights_only=True rebuilt it"
    finally:
        if before is None:
            del os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"]
        else:
            os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = before


def case_environment_off_keeps_the_default():
    """TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD=0, or unset: the default torch.load refuses the nn.Linear"""
    before = os.environ.pop("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", None)
    try:
        for value in (None, "0"):
            if value is not None:
                os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = value
            try:
                torch.load(saved(nn.Linear(1, 1)))
            except pickle.UnpicklingError:
                continue
            raise AssertionError(f"rebuilt with the variable {value!r}")
    finally:
        os.environ.pop("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", None)
        if before is not None:
            os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = before
