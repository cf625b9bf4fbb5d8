"""A comparison of tensors gives booleans, and .float() turns any tensor into float32, whatever the default dtype: a new tensor from another dtype, the tensor itself (sharing its memory, with a NumPy array too) when it is float32 already."""

import numpy as np
import torch


def with_default(dtype, check):
    before = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        check()
    finally:
        torch.set_default_dtype(before)


def case_comparisons_give_bool():
    """==, <, >= and ne of int, float, bfloat16 and complex tensors, broadcast, 0-d and empty"""
    labels, classes = torch.tensor([2, 0, 1]).view(-1, 1), torch.arange(4)
    results = {
        "int column == row": labels == classes,
        "float <": torch.ones(2, 3) < 0.5,
        "bfloat16 >=": torch.ones(3, dtype=torch.bfloat16) >= torch.zeros(3, dtype=torch.bfloat16),
        "complex ne": torch.tensor([1 + 1j]).ne(torch.tensor([1j])),
        "0-d ==": torch.tensor(1.0) == 1,
        "empty <": torch.empty(0, 3) < 1,
    }
    for name, result in results.items():
        assert result.dtype == torch.bool, f"{name} gave {result.dtype}"


def case_float_gives_float32():
    """.float() of bool, uint8, int64, float16, bfloat16, float64, 0-d, empty and transposed tensors"""
    sources = (
        torch.tensor([True, False]),
        torch.arange(3, dtype=torch.uint8),
        torch.arange(3),
        torch.ones(2, dtype=torch.float16),
        torch.ones(2, dtype=torch.bfloat16),
        torch.ones(2, dtype=torch.float64),
        torch.tensor(3),
        torch.empty(0, dtype=torch.int64),
        torch.arange(6).view(2, 3).t(),
    )
    for t in sources:
        assert t.float().dtype == torch.float32, f"{t.dtype} became {t.float().dtype}"


def case_float_ignores_the_default():
    """the default set to float64 (and to bfloat16): .float() of booleans still gives float32"""
    for default in (torch.float64, torch.bfloat16):

        def check(default=default):
            got = (torch.arange(4) == 2).float().dtype
            assert got == torch.float32, f"with the default {default}: {got}"

        with_default(default, check)


def case_float_copies_from_another_dtype():
    """.float() of an int64 and a float64 tensor: a new tensor in new memory"""
    for t in (torch.arange(3), torch.ones(3, dtype=torch.float64)):
        f = t.float()
        assert f is not t and f.untyped_storage().data_ptr() != t.untyped_storage().data_ptr()


def case_float_of_float32_is_itself():
    """.float() of a float32 tensor, of one made from a float32 NumPy array, under no_grad and inference_mode"""
    a = np.ones(3, dtype=np.float32)
    t = torch.from_numpy(a)
    assert t.float() is t, "a new tensor"
    t.float()[0] = 5
    assert a[0] == 5, "the array lost its link"
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            x = torch.ones(2)
            assert x.float() is x, f"a new tensor under {mode.__name__}"


def case_float_of_a_float64_array_breaks_the_link():
    """torch.from_numpy(np.ones(3)).float(): a write into the array does not reach it"""
    a = np.ones(3)
    t = torch.from_numpy(a).float()
    a[0] = 100
    assert t[0].item() == 1.0, "the write reached the float32 tensor"
