"""Tensor.to returns the tensor itself when what it is asked for is what the tensor already has, and copies only when something differs or copy=True is passed."""

import torch


def shares(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


def case_nothing_to_change():
    """to("cpu"), to(device), to(float32), to(x), to(device, dtype), cpu(), float(), type(float32)"""
    x = torch.ones(3)
    calls = {
        'to("cpu")': x.to("cpu"),
        "to(torch.device('cpu'))": x.to(torch.device("cpu")),
        "to(torch.float32)": x.to(torch.float32),
        "to(x)": x.to(x),
        "to(x.device, x.dtype)": x.to(x.device, x.dtype),
        "cpu()": x.cpu(),
        "float()": x.float(),
        "type(torch.float32)": x.type(torch.float32),
    }
    for call, result in calls.items():
        assert result is x, f"{call} gave a new tensor"


def case_unusual_tensors():
    """a transposed view, a leaf requiring grad, a lazily conjugated complex tensor, an int64 tensor"""
    transposed = torch.ones(3, 4).t()
    leaf = torch.ones(3, requires_grad=True)
    conjugated = torch.ones(2, dtype=torch.complex64).conj()
    ints = torch.arange(3)
    for x in (transposed, leaf, conjugated, ints):
        assert x.to("cpu", x.dtype) is x, f"{x.dtype} {tuple(x.shape)}: a new tensor"


def case_grad_modes():
    """under no_grad and inference_mode"""
    x = torch.ones(3)
    with torch.no_grad():
        assert x.to("cpu") is x, "no_grad: a new tensor"
    with torch.inference_mode():
        assert x.to("cpu") is x, "inference_mode: a new tensor"


def case_dtype_change_copies():
    """float32 to float64, int64 to float32, float32 to bfloat16: new memory"""
    for x, dtype in (
        (torch.ones(3), torch.float64),
        (torch.arange(3), torch.float32),
        (torch.ones(3), torch.bfloat16),
    ):
        y = x.to(dtype)
        assert y is not x and not shares(x, y) and y.dtype == dtype, f"{x.dtype} to {dtype}"


def case_device_change_copies():
    """to("meta"): a new tensor on meta"""
    x = torch.ones(3)
    y = x.to("meta")
    assert y is not x and y.device.type == "meta", f"on {y.device}"


def case_copy_true():
    """to("cpu", copy=True) with nothing to change: a copy in new memory"""
    x = torch.ones(3)
    y = x.to("cpu", copy=True)
    assert y is not x and not shares(x, y), "copy=True returned the same memory"


def case_device_named_with_an_index():
    """to("cpu:0"): a copy exactly when torch.device("cpu:0") differs from x.device"""
    x = torch.ones(3)
    y = x.to("cpu:0")
    if torch.device("cpu:0") == x.device:
        assert y is x, "a new tensor though the devices are equal"
    else:
        assert y is not x, "the same tensor though the devices differ"


def case_memory_format():
    """a contiguous 4-D tensor asked for channels_last: a copy; asked for its own format: itself"""
    x = torch.ones(1, 3, 4, 4)
    y = x.to(memory_format=torch.channels_last)
    assert y is not x and y.is_contiguous(memory_format=torch.channels_last), (
        "no channels_last copy"
    )
    assert x.to(memory_format=torch.contiguous_format) is x, "a copy in the same format"
