"""from_numpy() keeps the array's dtype; converting a tensor to another dtype (.float(), .to(), .type(), .half()) always makes new memory, while view(dtype) reads the same bytes as another dtype."""

import numpy as np
import torch


def shares(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


def case_from_numpy_keeps_dtype():
    """float64, float32, float16, int64, int32, uint8, bool and complex64 arrays"""
    pairs = {
        np.float64: torch.float64,
        np.float32: torch.float32,
        np.float16: torch.float16,
        np.int64: torch.int64,
        np.int32: torch.int32,
        np.uint8: torch.uint8,
        np.bool_: torch.bool,
        np.complex64: torch.complex64,
    }
    for np_dtype, dtype in pairs.items():
        got = torch.from_numpy(np.zeros(2, dtype=np_dtype)).dtype
        assert got == dtype, f"{np.dtype(np_dtype)} became {got}"


def case_numpy_default_float():
    """NumPy's default float (np.zeros, np.ones, np.array of floats) becomes a 64-bit tensor"""
    for n in (np.zeros(2), np.ones(2), np.array([1.5, 2.0])):
        assert torch.from_numpy(n).dtype == torch.float64, torch.from_numpy(n).dtype


def case_conversions_copy():
    """.float(), .half(), .int(), .bool(), .to(torch.float32), .type(torch.float32), .to(torch.bfloat16) of a float64 tensor"""
    t = torch.from_numpy(np.zeros(4))
    for convert in (
        lambda t: t.float(),
        lambda t: t.half(),
        lambda t: t.int(),
        lambda t: t.bool(),
        lambda t: t.to(torch.float32),
        lambda t: t.type(torch.float32),
        lambda t: t.to(torch.bfloat16),
    ):
        r = convert(t)
        assert r.dtype != t.dtype and not shares(r, t), f"{r.dtype} shares the memory"


def case_copy_false_still_copies():
    """.to(torch.float32, copy=False): another dtype needs new memory all the same"""
    t = torch.from_numpy(np.zeros(4))
    assert not shares(t.to(torch.float32, copy=False), t), "it shared"


def case_zero_dim_empty_non_contiguous():
    """0-d, empty and transposed tensors converted with .float()"""
    for t in (
        torch.tensor(1.0, dtype=torch.float64),
        torch.zeros(0, dtype=torch.float64),
        torch.zeros(3, 4, dtype=torch.float64).t(),
    ):
        r = t.float()
        assert r.dtype == torch.float32 and (t.numel() == 0 or not shares(r, t)), "it shared"


def case_same_dtype_no_copy():
    """.double() and .to(torch.float64) of a float64 tensor change nothing and return the tensor itself"""
    t = torch.from_numpy(np.zeros(4))
    assert t.double() is t and t.to(torch.float64) is t, "a new tensor was made"


def case_view_dtype_shares():
    """view(torch.int64) of a float64 tensor reads the same bytes: the array sees writes to it"""
    n = np.zeros(4)
    v = torch.from_numpy(n).view(torch.int64)
    v[0] = 4607182418800017408  # the bits of 1.0
    assert n[0] == 1.0, n
