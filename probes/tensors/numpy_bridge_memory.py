"""numpy(), torch.from_numpy() and torch.as_tensor() of an array with the same dtype and device never copy: they share the memory, or raise where it cannot be shared; torch.as_tensor() to another dtype, torch.tensor() and torch.Tensor() copy."""

import numpy as np
import torch


def address(array):
    return array.__array_interface__["data"][0]


def linked(tensor, array):
    """Whether a write into the array shows in the tensor (both non-empty, writable)."""
    before = tensor.flatten()[0].item()
    array.flat[0] = array.flat[0] + 1
    return tensor.flatten()[0].item() != before


def raises(call, *errors):
    try:
        call()
    except errors:
        return True
    return False


def case_numpy_every_common_dtype():
    """numpy() of float32, float64, float16, int8, int64, uint8, bool and complex64 tensors"""
    for dtype in (
        torch.float32,
        torch.float64,
        torch.float16,
        torch.int8,
        torch.int64,
        torch.uint8,
        torch.bool,
        torch.complex64,
    ):
        t = torch.zeros(4, dtype=dtype)
        a = t.numpy()
        assert address(a) == t.data_ptr(), f"{dtype}: the array is not at the tensor's address"


def case_numpy_zero_dim():
    """numpy() of a 0-d tensor"""
    t = torch.tensor(1.5)
    a = t.numpy()
    assert a.shape == () and address(a) == t.data_ptr(), f"shape {a.shape}, not shared"


def case_numpy_empty():
    """numpy() of a tensor with no elements: there is nothing to copy"""
    a = torch.zeros(0, 3).numpy()
    assert a.shape == (0, 3) and a.nbytes == 0, f"shape {a.shape}, {a.nbytes} bytes"


def case_numpy_non_contiguous():
    """numpy() of a transposed tensor and of a slice with a storage offset and a step"""
    base = torch.arange(24.0).view(4, 6)
    for t in (base.t(), base[1:, ::2]):
        a = t.numpy()
        assert address(a) == t.data_ptr(), "the array is not at the view's address"
        assert a.strides == tuple(s * t.element_size() for s in t.stride()), a.strides
        a[0, 0] = -1.0
        assert t[0, 0].item() == -1.0, "a write into the array did not reach the tensor"


def case_numpy_large():
    """numpy() of ten million elements: the array is at the tensor's address, so no time is spent copying"""
    t = torch.zeros(10_000_000)
    assert address(t.numpy()) == t.data_ptr(), "a copy was made"


def case_numpy_requires_grad_refused():
    """numpy() of a tensor that requires gradients, with gradients on: refused, not copied"""
    assert raises(torch.ones(2, requires_grad=True).numpy, RuntimeError), "it converted"


def case_numpy_bfloat16_float8_refused():
    """numpy() of bfloat16 and float8 tensors, dtypes NumPy lacks"""
    for dtype in (torch.bfloat16, torch.float8_e4m3fn):
        assert raises(torch.ones(2, dtype=dtype).numpy, TypeError), f"{dtype} converted"


def case_numpy_conj_and_neg_bits_refused():
    """numpy() of a lazily conjugated tensor and of the imaginary part of one (negative bit)"""
    z = torch.ones(2, dtype=torch.complex64).conj()
    assert raises(z.numpy, RuntimeError), "a conjugated view converted"
    assert raises(z.imag.numpy, RuntimeError), "a negated view converted"


def case_numpy_meta_and_sparse_refused():
    """numpy() of a meta tensor (no memory) and of a sparse one"""
    assert raises(torch.ones(2, device="meta").numpy, TypeError, RuntimeError), "meta converted"
    assert raises(torch.ones(2).to_sparse().numpy, TypeError, RuntimeError), "sparse converted"


def case_from_numpy_layouts():
    """from_numpy of a 0-d array, a Fortran-order array and a strided slice"""
    for n in (
        np.array(2.0),
        np.asfortranarray(np.ones((2, 3))),
        np.arange(12.0).reshape(3, 4)[:, ::2],
    ):
        t = torch.from_numpy(n)
        assert t.data_ptr() == address(n), f"an array of shape {n.shape} was copied"
        if n.size:
            assert linked(t, n), "a write into the array did not reach the tensor"


def case_from_numpy_dtypes():
    """from_numpy of bool, uint8, int16, uint16, int32, float16 and complex128 arrays: shared, or refused"""
    for dtype in (np.bool_, np.uint8, np.int16, np.uint16, np.int32, np.float16, np.complex128):
        n = np.zeros(3, dtype=dtype)
        try:
            t = torch.from_numpy(n)
        except TypeError:  # a dtype this release does not take
            continue
        assert t.data_ptr() == address(n), f"{np.dtype(dtype)} was copied"


def case_from_numpy_read_only():
    """from_numpy of a read-only array: shared all the same (with a warning)"""
    n = np.frombuffer(bytes(16), dtype=np.float32)
    assert torch.from_numpy(n).data_ptr() == address(n), "a read-only array was copied"


def case_from_numpy_empty():
    """from_numpy of an array with no elements"""
    t = torch.from_numpy(np.zeros((0, 3)))
    assert t.shape == (0, 3), f"gave shape {tuple(t.shape)}"


def case_from_numpy_negative_strides_refused():
    """from_numpy and as_tensor of an array read backwards (n[::-1], negative strides)"""
    n = np.arange(4.0)[::-1]
    assert raises(lambda: torch.from_numpy(n), ValueError), "from_numpy took it"
    assert raises(lambda: torch.as_tensor(n), ValueError), "as_tensor took it"


def case_from_numpy_big_endian_refused():
    """from_numpy and as_tensor of a big-endian array"""
    n = np.arange(3, dtype=">f4")
    assert raises(lambda: torch.from_numpy(n), ValueError, TypeError), "from_numpy took it"
    assert raises(lambda: torch.as_tensor(n), ValueError, TypeError), "as_tensor took it"


def case_from_numpy_odd_strides_refused():
    """from_numpy of a field of a structured array (strides not a multiple of the element size)"""
    n = np.zeros(3, dtype=[("a", "<i4"), ("b", "u1")])["a"]
    assert raises(lambda: torch.from_numpy(n), ValueError, TypeError), "it was taken"


def case_from_numpy_unknown_dtypes_refused():
    """from_numpy of object, string and long-double arrays"""
    for n in (np.array([1, None], dtype=object), np.array(["a"]), np.zeros(2, dtype=np.longdouble)):
        if n.dtype == np.float64:  # where long double is double, NumPy gives float64
            continue
        assert raises(lambda n=n: torch.from_numpy(n), TypeError), f"{n.dtype} was taken"


def case_as_tensor_same_dtype_shares():
    """as_tensor of float64, int64 and bool arrays, with and without dtype and device named"""
    for n, dtype in (
        (np.zeros(3), torch.float64),
        (np.zeros(3, dtype=np.int64), torch.int64),
        (np.zeros(3, dtype=bool), torch.bool),
    ):
        for t in (torch.as_tensor(n), torch.as_tensor(n, dtype=dtype, device="cpu")):
            assert t.data_ptr() == address(n), f"{n.dtype} was copied"


def case_as_tensor_other_dtype_copies():
    """as_tensor asked for another dtype: float64 to float32, int64 to float64, bool to uint8"""
    for n, dtype in (
        (np.zeros(3), torch.float32),
        (np.zeros(3, dtype=np.int64), torch.float64),
        (np.zeros(3, dtype=bool), torch.uint8),
    ):
        t = torch.as_tensor(n, dtype=dtype)
        assert t.dtype == dtype and t.data_ptr() != address(n), f"{n.dtype} to {dtype} shared"
        n[0] = 1
        assert t[0].item() == 0, f"{n.dtype} to {dtype}: a write travelled"


def case_tensor_copies():
    """torch.tensor of arrays of several dtypes, 0-d, non-contiguous, read-only"""
    arrays = [
        np.zeros(3),
        np.zeros(3, dtype=np.float32),
        np.zeros(3, dtype=np.int64),
        np.array(0.0),
        np.zeros((3, 4)).T,
        np.frombuffer(bytes(16), dtype=np.float32),
    ]
    for n in arrays:
        t = torch.tensor(n)
        assert t.data_ptr() != address(n), f"an array of shape {n.shape} was shared"
        assert t.dtype == torch.from_numpy(np.ascontiguousarray(n)).dtype, f"dtype {t.dtype}"


def case_tensor_copies_a_write():
    """a write into the array after torch.tensor(n) does not reach the tensor"""
    n = np.zeros(3)
    t = torch.tensor(n)
    n[0] = 7
    assert t[0].item() == 0, "the write travelled"


def case_tensor_copies_a_tensor():
    """torch.tensor of a tensor (PyTorch warns, and copies)"""
    x = torch.ones(3)
    assert torch.tensor(x).data_ptr() != x.data_ptr(), "it was shared"


def case_legacy_constructor_copies():
    """torch.Tensor(n) of a float64 array converts to the default float dtype, so copies"""
    n = np.zeros(3)
    t = torch.Tensor(n)
    assert t.dtype == torch.float32 and t.data_ptr() != address(n), f"{t.dtype}, shared"
