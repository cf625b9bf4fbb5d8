"""Constructors given only a shape use the default float dtype; constructors given values, such as tensor, arange and full, infer the dtype from them, linspace gives floats even from integers, and integers mixed with floats give floats."""

import numpy as np
import torch

SHAPE_ONLY = (torch.empty, torch.zeros, torch.ones, torch.rand, torch.randn)


def with_default(dtype, check):
    before = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        check()
    finally:
        torch.set_default_dtype(before)


def case_shape_only():
    """empty, zeros, ones, rand, randn and eye with 2-D, 0-d, empty and torch.Size shapes"""
    for make in SHAPE_ONLY:
        for shape in ((5, 3), (), (0,), torch.Size([2, 3])):
            got = make(shape).dtype
            assert got == torch.float32, f"{make.__name__}{tuple(shape)} is {got}"
    assert torch.eye(3).dtype == torch.float32, f"eye(3) is {torch.eye(3).dtype}"


def case_shape_only_follow_the_default():
    """the default set to float64: the shape-only constructors follow it"""

    def check():
        for make in SHAPE_ONLY:
            assert make(2, 3).dtype == torch.float64, f"{make.__name__} is {make(2, 3).dtype}"

    with_default(torch.float64, check)


def case_shape_only_on_meta():
    """a shape-only constructor on the meta device"""
    got = torch.zeros(2, 3, device="meta").dtype
    assert got == torch.float32, f"zeros on meta is {got}"


def case_tensor_infers():
    """torch.tensor of ints, floats, bools, a mix, complex numbers, NumPy int32"""
    expected = {
        "[1, 2, 3]": torch.int64,
        "[1.0, 2.0]": torch.float32,
        "[True, False]": torch.bool,
        "[1, 2.5]": torch.float32,
        "[True, 1]": torch.int64,
        "2": torch.int64,
        "1 + 2j": torch.complex64,
    }
    for values, dtype in expected.items():
        got = torch.tensor(eval(values)).dtype
        assert got == dtype, f"torch.tensor({values}) is {got}, not {dtype}"
    got = torch.tensor(np.array([1, 2], dtype=np.int32)).dtype
    assert got == torch.int32, f"NumPy int32 values give {got}"


def case_tensor_floats_follow_the_default():
    """the default set to float64: Python floats follow it, Python ints stay int64"""

    def check():
        assert torch.tensor([1.0]).dtype == torch.float64, torch.tensor([1.0]).dtype
        assert torch.tensor([1]).dtype == torch.int64, torch.tensor([1]).dtype

    with_default(torch.float64, check)


def case_tensor_of_no_values():
    """torch.tensor([]): no value to infer from, so the default float"""
    assert torch.tensor([]).dtype == torch.float32, torch.tensor([]).dtype


def case_arange_infers():
    """arange with integer bounds, with a float step, with a float end"""
    assert torch.arange(1, 3).dtype == torch.int64, torch.arange(1, 3).dtype
    assert torch.arange(5).dtype == torch.int64, torch.arange(5).dtype
    assert torch.arange(0, 1, 0.25).dtype == torch.float32, torch.arange(0, 1, 0.25).dtype
    assert torch.arange(5.0).dtype == torch.float32, torch.arange(5.0).dtype


def case_full_infers():
    """full with an int, a float and a bool fill value"""
    for value, dtype in ((7, torch.int64), (7.0, torch.float32), (True, torch.bool)):
        got = torch.full((2,), value).dtype
        assert got == dtype, f"full((2,), {value!r}) is {got}, not {dtype}"


def case_linspace_gives_floats():
    """linspace(0, 10, 5) and logspace(0, 2, 3), all arguments integers"""
    assert torch.linspace(0, 10, 5).dtype == torch.float32, torch.linspace(0, 10, 5).dtype
    assert torch.logspace(0, 2, 3).dtype == torch.float32, torch.logspace(0, 2, 3).dtype


def case_integers_mixed_with_floats():
    """int64 with float32, float16, a Python float, a 0-d float64; bool with float; int32 with float64"""
    ints = torch.arange(3)
    results = {
        "int64 + float32": ints + torch.ones(3),
        "int64 + float16": ints + torch.ones(3, dtype=torch.float16),
        "int64 * 0.5": ints * 0.5,
        "int64 + 0-d float64": ints + torch.tensor(1.0, dtype=torch.float64),
        "bool + float32": torch.tensor([True, False, True]) + torch.ones(3),
        "int32 + float64": ints.int() + torch.ones(3, dtype=torch.float64),
    }
    for mix, result in results.items():
        assert result.is_floating_point(), f"{mix} gave {result.dtype}"
