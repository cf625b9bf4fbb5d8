"""x.to(device) returns x on that device, a copy when x is elsewhere and x itself when it is there already, and never changes x, so its result must be assigned; torch.ones_like(x, device=device) creates a tensor directly on that device, and zeros_like and ones_like without device= take the device and dtype of x."""

import unittest

import torch

CUDA_NOTES = "https://docs.pytorch.org/docs/stable/notes/cuda.html"


def kinds():
    """CPU tensors of several kinds: float, int64, bfloat16, complex, 0-d, empty, transposed, requiring grad."""
    return {
        "float32": torch.ones(3),
        "int64": torch.arange(3),
        "bfloat16": torch.ones(2, dtype=torch.bfloat16),
        "complex64": torch.ones(2, dtype=torch.complex64),
        "0-d": torch.tensor(2.0),
        "empty": torch.empty(0, 3),
        "transposed": torch.ones(2, 3).t(),
        "requiring grad": torch.ones(3, requires_grad=True),
    }


def case_to_another_device_is_a_new_tensor_there():
    """x.to("meta") of each kind: a new tensor on meta, with x's shape and dtype"""
    for name, x in kinds().items():
        y = x.to("meta")
        assert y is not x and y.device.type == "meta", f"{name}: {y.device}"
        assert y.shape == x.shape and y.dtype == x.dtype, f"{name}: {y.shape} {y.dtype}"


def case_to_the_same_device_is_x():
    """x.to("cpu") and x.to(torch.device("cpu")) of each kind: x itself"""
    for name, x in kinds().items():
        assert x.to("cpu") is x and x.to(torch.device("cpu")) is x, f"{name}: a copy"


def case_x_is_not_changed():
    """after x.to("meta"), x.to(torch.float64) and x.to("meta", torch.float16), x is where and what it was"""
    for name, x in kinds().items():
        device, dtype, values = x.device, x.dtype, x.detach().clone()
        x.to("meta")
        x.to(torch.float64)
        x.to("meta", torch.float16)
        assert x.device == device and x.dtype == dtype, f"{name}: now {x.device} {x.dtype}"
        assert torch.equal(x.detach(), values), f"{name}: its values changed"


def case_grad_modes():
    """under no_grad and inference_mode: x.to("meta") a new tensor, x unchanged"""
    for mode in (torch.no_grad, torch.inference_mode):
        x = torch.ones(3)
        with mode():
            y = x.to("meta")
        assert y.device.type == "meta" and x.device.type == "cpu", mode.__name__


def case_like_with_device_creates_there():
    """ones_like, zeros_like, full_like, rand_like and empty_like with device="meta" of each float kind"""
    for name, x in kinds().items():
        makers = [
            torch.ones_like,
            torch.zeros_like,
            torch.empty_like,
            lambda t, device: torch.full_like(t, 7, device=device),
        ]
        if x.is_floating_point() or x.is_complex():
            makers.append(torch.rand_like)
        for make in makers:
            y = make(x, device="meta")
            assert y.device.type == "meta" and y.shape == x.shape and y.dtype == x.dtype, (
                f"{name}: {y}"
            )


def case_like_takes_device_and_dtype():
    """zeros_like and ones_like of meta tensors of float16, int64 and bool: on meta, in that dtype"""
    for dtype in (torch.float16, torch.int64, torch.bool):
        x = torch.ones(2, 3, dtype=dtype, device="meta")
        for make in (torch.zeros_like, torch.ones_like):
            y = make(x)
            assert y.device.type == "meta" and y.dtype == dtype, (
                f"{make.__name__}: {y.device} {y.dtype}"
            )


def case_like_ignores_the_default_device():
    """inside with torch.device("meta"): zeros_like of a CPU tensor stays on the CPU"""
    x = torch.ones(3)
    with torch.device("meta"):
        y = torch.zeros_like(x)
    assert y.device.type == "cpu", f"on {y.device}"


def case_device_attribute():
    """x.device of CPU, meta and moved tensors names where each is"""
    x = torch.ones(2)
    assert x.device == torch.device("cpu") and x.to("meta").device == torch.device("meta")


def case_cuda():
    """on a CUDA GPU: x.to("cuda") a copy there, x stays on the CPU; ones_like(x, device="cuda") there"""
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {CUDA_NOTES}")
    x = torch.ones(3)
    y = x.to("cuda")
    assert y.device.type == "cuda" and x.device.type == "cpu" and y.to("cuda") is y
    assert torch.ones_like(x, device="cuda").device.type == "cuda"
