"""A float64 tensor (what from_numpy makes of NumPy's default floats) meets float32 weights in one of two ways: a layer or a matrix product refuses the mix, an element-wise operation promotes the result to float64; a zero-dimensional float64 tensor counts as a number and leaves float32, and .float() first makes everything float32."""

import numpy as np
import torch
import torch.nn.functional as F


def raises(operation):
    """Whether operation refuses its operands (an LSTM says so with a ValueError in recent releases)."""
    try:
        operation()
    except (RuntimeError, ValueError):
        return True
    return False


def data():
    return torch.from_numpy(np.ones((4, 3)))


def case_layers_and_products_refuse():
    """nn.Linear, F.linear, @, mm, a Conv1d and an LSTM with float32 weights, fed float64 data"""
    x, w = data(), torch.ones(2, 3)
    refused = {
        "nn.Linear": lambda: torch.nn.Linear(3, 2)(x),
        "F.linear": lambda: F.linear(x, w),
        "@": lambda: x @ w.t(),
        "mm": lambda: torch.mm(x, w.t()),
        "Conv1d": lambda: torch.nn.Conv1d(4, 2, 1)(x.unsqueeze(0)),
        "LSTM": lambda: torch.nn.LSTM(3, 2)(x.unsqueeze(1)),
    }
    for name, operation in refused.items():
        assert raises(operation), f"{name} ran on float64 data with float32 weights"


def case_element_wise_promotes():
    """+, *, torch.maximum and torch.where of float64 data with float32 weights: float64"""
    x, w = data(), torch.ones(4, 3)
    for name, result in (
        ("+", x + w),
        ("*", w * x),
        ("maximum", torch.maximum(x, w)),
        ("where", torch.where(x > 0, x, w)),
    ):
        assert result.dtype == torch.float64, f"{name} gave {result.dtype}"


def case_batch_of_one_and_non_contiguous():
    """one sample, (1, 3), and transposed float64 data: refused by Linear, promoted by +"""
    for x in (torch.from_numpy(np.ones((1, 3))), torch.from_numpy(np.ones((3, 4))).t()):
        assert raises(lambda x=x: torch.nn.Linear(3, 2)(x)), f"{tuple(x.shape)} ran"
        assert (x + torch.ones(3)).dtype == torch.float64


def case_zero_d_counts_as_a_number():
    """a 0-d float64 tensor (from a 0-d array) times float32 weights: float32"""
    scale = torch.from_numpy(np.array(2.0))
    assert (torch.ones(3) * scale).dtype == torch.float32, (torch.ones(3) * scale).dtype


def case_in_place_into_float32_keeps_float32():
    """w.add_(x) with float32 w and float64 x: w stays float32"""
    w = torch.ones(4, 3)
    w.add_(data())
    assert w.dtype == torch.float32, w.dtype


def case_float_fixes_it():
    """after .float() the layer runs and the sum is float32"""
    x = data().float()
    assert (
        torch.nn.Linear(3, 2)(x).dtype == torch.float32
        and (x + torch.ones(3)).dtype == torch.float32
    )


def case_grad_modes():
    """under no_grad and inference_mode the layer still refuses the mix"""
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            assert raises(lambda: torch.nn.Linear(3, 2)(data())), mode.__name__
