"""No conversion from NumPy takes an array with negative strides or big-endian bytes: from_numpy, as_tensor (with or without another dtype), torch.tensor and torch.Tensor all raise rather than copy, and numpy() refuses a bfloat16 tensor; n.copy() fixes the strides, n.astype(n.dtype.newbyteorder("=")) both, and torch.tensor(n) never shares memory with n."""

import numpy as np
import torch

CONVERSIONS = {
    "from_numpy": torch.from_numpy,
    "as_tensor": torch.as_tensor,
    "as_tensor to float32": lambda n: torch.as_tensor(n, dtype=torch.float32),
    "tensor": torch.tensor,
    "tensor to float32": lambda n: torch.tensor(n, dtype=torch.float32),
    "Tensor": torch.Tensor,
}


def address(n):
    return n.__array_interface__["data"][0]


def refused(convert, n):
    try:
        convert(n)
    except (ValueError, TypeError, RuntimeError):
        return True
    return False


def odd_arrays():
    return {
        "reversed": np.arange(4.0)[::-1],
        "reversed columns": np.arange(6.0).reshape(2, 3)[:, ::-1],
        "reversed float32": np.arange(4, dtype=np.float32)[::-1],
        "big-endian float32": np.arange(3, dtype=">f4"),
        "big-endian int64": np.arange(3, dtype=">i8"),
        "big-endian and reversed": np.arange(4, dtype=">f8")[::-1],
    }


def case_every_conversion_refuses():
    """from_numpy, as_tensor, as_tensor to float32, tensor, tensor to float32 and Tensor, each odd array"""
    for array, n in odd_arrays().items():
        for name, convert in CONVERSIONS.items():
            assert refused(convert, n), f"{name} took the {array} array"


def case_normal_arrays_convert():
    """the same arrays copied in order and in native byte order: every conversion takes them"""
    for array, n in odd_arrays().items():
        fixed = n.astype(n.dtype.newbyteorder("="))
        for name, convert in CONVERSIONS.items():
            assert not refused(convert, fixed), f"{name} refused the fixed {array} array"


def case_copy_fixes_the_strides():
    """n[::-1].copy() converts, with the reversed values"""
    t = torch.from_numpy(np.arange(4.0)[::-1].copy())
    assert t.tolist() == [3.0, 2.0, 1.0, 0.0], t.tolist()


def case_copy_keeps_big_endian():
    """a copy of a big-endian array is big-endian still, and refused"""
    assert refused(torch.from_numpy, np.arange(3, dtype=">f4").copy()), "the copy was taken"


def case_positive_steps_are_fine():
    """a stepped slice n[::2] and a transposed array: shared by from_numpy, not refused"""
    for n in (np.arange(6.0)[::2], np.arange(6.0).reshape(2, 3).T):
        assert torch.from_numpy(n).data_ptr() == address(n), f"strides {n.strides}"


def case_tensor_never_shares():
    """torch.tensor of float64, float32, int64, 0-d, transposed and read-only arrays: other memory"""
    for n in (
        np.zeros(3),
        np.zeros(3, dtype=np.float32),
        np.zeros(3, dtype=np.int64),
        np.array(1.0),
        np.zeros((2, 3)).T,
        np.frombuffer(bytes(16), dtype=np.float32),
    ):
        assert torch.tensor(n).data_ptr() != address(n), f"shape {n.shape}, {n.dtype}: shared"


def case_numpy_refuses_bfloat16():
    """numpy() of a bfloat16 tensor, and of one as a 0-d tensor"""
    for t in (torch.ones(2, dtype=torch.bfloat16), torch.tensor(1.0, dtype=torch.bfloat16)):
        assert refused(lambda t: t.numpy(), t), f"bfloat16 of shape {tuple(t.shape)} converted"
