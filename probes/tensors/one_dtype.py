"""Every element of a tensor is of the tensor's one dtype: mixed values are promoted to one, and a write is converted to it or refused."""

import numpy as np
import torch


def case_ints_and_floats():
    """a Python list of an int and a float"""
    t = torch.tensor([1, 2.5])
    assert t.dtype == torch.get_default_dtype(), f"gave {t.dtype}"
    assert all(e.dtype == t.dtype for e in t), [e.dtype for e in t]


def case_bool_int_complex():
    """a bool with an int, and an int with a complex number"""
    assert torch.tensor([True, 2]).dtype == torch.int64, torch.tensor([True, 2]).dtype
    assert torch.tensor([1, 2 + 1j]).dtype == torch.complex64, torch.tensor([1, 2 + 1j]).dtype


def case_write_converted():
    """2.7 written into an int64 tensor"""
    ints = torch.zeros(3, dtype=torch.int64)
    ints[0] = 2.7
    assert ints.dtype == torch.int64 and ints[0].item() == 2, f"{ints} ({ints.dtype})"


def case_write_that_does_not_fit():
    """300 written into a uint8 tensor, and 1.5 added in place to an int64 one: refused"""
    small = torch.zeros(2, dtype=torch.uint8)
    for write in (lambda: small.__setitem__(0, 300), lambda: torch.zeros(2).long().add_(1.5)):
        try:
            write()
        except RuntimeError:
            continue
        raise AssertionError(f"the write was accepted: {small}")
    assert small.dtype == torch.uint8 and small.tolist() == [0, 0], f"{small}"


def case_default_dtype_float64():
    """an int and a float with the default dtype set to float64"""
    before = torch.get_default_dtype()
    try:
        torch.set_default_dtype(torch.float64)
        t = torch.tensor([1, 2.5])
    finally:
        torch.set_default_dtype(before)
    assert t.dtype == torch.float64, f"gave {t.dtype}"


def case_element_of_half_tensor():
    """one element of a float16 and of a bfloat16 tensor is a 0-d tensor of that dtype"""
    for dtype in (torch.float16, torch.bfloat16):
        t = torch.arange(3, dtype=dtype)
        assert t[1].dtype == dtype and t[1].dim() == 0, f"{t[1]!r}"


def case_empty_and_0d():
    """an empty bool tensor and a 0-d tensor"""
    assert torch.empty(0, dtype=torch.bool).dtype == torch.bool, "empty tensor lost its dtype"
    assert torch.tensor(5).dtype == torch.int64, torch.tensor(5).dtype


def case_cat_promotes():
    """int64 joined to bfloat16 gives one bfloat16 tensor"""
    joined = torch.cat([torch.ones(2, dtype=torch.int64), torch.ones(2, dtype=torch.bfloat16)])
    assert joined.dtype == torch.bfloat16, f"gave {joined.dtype}"


def case_object_array_refused():
    """a NumPy object array holding a number and a string"""
    try:
        torch.from_numpy(np.array([1, "a"], dtype=object))
    except TypeError:
        return
    raise AssertionError("a tensor of mixed objects was made")


def case_view_as_other_dtype():
    """view(torch.int32) of a float32 tensor: a new tensor, again of one dtype"""
    t = torch.ones(4).view(torch.int32)
    assert t.dtype == torch.int32 and all(e.dtype == torch.int32 for e in t), f"{t.dtype}"


def case_sparse_values():
    """a sparse COO tensor of int16 values"""
    s = torch.sparse_coo_tensor([[0, 2]], torch.tensor([1, 2], dtype=torch.int16), (3,))
    assert s.dtype == torch.int16 and s.to_dense().dtype == torch.int16, f"{s.dtype}"
