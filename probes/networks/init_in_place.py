"""Each scheme function of torch.nn.init (Xavier and Kaiming in a uniform and a normal version, and the others) overwrites the tensor it is given in place, without recording gradients, and returns that same tensor, so a parameter stays a leaf that requires gradients; their names end in _, and the old names without it are deprecated."""

import inspect
import warnings

import torch
from torch import nn
from torch.nn import init

ARGUMENTS = {"constant_": (0.3,), "sparse_": (0.5,)}


def scheme_functions():
    """The public functions of torch.nn.init that fill a tensor: all but calculate_gain and the
    deprecated names."""
    for name, function in vars(init).items():
        if (
            name.startswith("_")
            or not inspect.isfunction(function)
            or function.__module__ != init.__name__
        ):
            continue
        if name == "calculate_gain" or not name.endswith("_"):
            continue
        yield name, function


def fill(name, function, tensor):
    if name == "dirac_":
        return function(tensor)  # needs 3 to 5 dimensions: given a convolution's weight
    return function(tensor, *ARGUMENTS.get(name, ()))


def target(name, dtype=torch.float32):
    shape = (4, 3, 3) if name == "dirac_" else (4, 3)
    return nn.Parameter(torch.full(shape, 7.0, dtype=dtype))


def case_every_scheme_in_place():
    """every scheme function on a Parameter: the same object and memory, new values, still a leaf"""
    names = []
    for name, function in scheme_functions():
        names.append(name)
        p = target(name)
        address = p.data_ptr()
        returned = fill(name, function, p)
        assert returned is p and p.data_ptr() == address, f"{name} did not write in place"
        assert not (p == 7).all(), f"{name} left the values"
        assert p.is_leaf and p.grad_fn is None and p.requires_grad, f"{name}: grad_fn {p.grad_fn}"
    for expected in ("xavier_uniform_", "xavier_normal_", "kaiming_uniform_", "kaiming_normal_"):
        assert expected in names, f"no {expected}"


def case_no_graph_in_any_grad_mode():
    """called outside no_grad, with grad enabled: no error on the leaf, nothing recorded"""
    with torch.enable_grad():
        p = target("xavier_uniform_")
        init.xavier_uniform_(p)
        init.constant_(p, 0.5)
    assert p.grad_fn is None and p.is_leaf, p.grad_fn


def case_non_contiguous_view():
    """a transposed view: the base tensor's memory is overwritten"""
    for name, function in scheme_functions():
        if name == "dirac_":
            continue
        base = torch.full((3, 4), 7.0)
        view = base.t()
        assert fill(name, function, view) is view and not (base == 7).all(), name


def case_dtypes():
    """float64, float16 and bfloat16 in place; orthogonal_ alone raises for the half types on the CPU"""
    for dtype in (torch.float64, torch.float16, torch.bfloat16):
        for name, function in scheme_functions():
            p = target(name, dtype)
            try:
                fill(name, function, p)
            except (NotImplementedError, RuntimeError):  # RuntimeError up to 2.7
                assert name == "orthogonal_" and dtype != torch.float64, (
                    f"{name} raised for {dtype}"
                )
                continue
            assert p.dtype == dtype and not (p == 7).all(), f"{name} on {dtype}"


def case_old_names_deprecated():
    """xavier_uniform (no _) still fills in place but warns with a FutureWarning"""
    p = target("xavier_uniform_")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        returned = init.xavier_uniform(p)
    assert returned is p and not (p == 7).all(), "not in place"
    assert any(issubclass(w.category, FutureWarning) for w in caught), [w.category for w in caught]


def case_inference_tensor_refused():
    """a tensor made under inference_mode cannot be overwritten outside it (RuntimeError)"""
    with torch.inference_mode():
        t = torch.full((3, 3), 7.0)
    try:
        init.xavier_uniform_(t)
    except RuntimeError:
        return
    raise AssertionError("an inference tensor was written outside inference_mode")


def case_meta_tensor():
    """a tensor on the meta device: the call returns it, with no values to write"""
    p = nn.Parameter(torch.empty(4, 3, device="meta"))
    assert init.xavier_uniform_(p) is p and p.is_meta
