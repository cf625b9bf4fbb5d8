"""Every tensor has a device, usually the CPU or an accelerator (the meta device holds no data), and an operation's result is on the device of its tensors."""

import unittest

import numpy as np
import torch

CUDA_NOTES = "https://docs.pytorch.org/docs/stable/notes/cuda.html"


def case_every_kind_of_cpu_tensor():
    """dense, 0-d, empty, sparse, nested, a Parameter, from NumPy, with a grad_fn, under inference_mode"""
    leaf = torch.ones(2, requires_grad=True)
    with torch.inference_mode():
        inferred = torch.ones(2) * 2
    tensors = {
        "dense": torch.ones(2, 3),
        "0-d": torch.tensor(2.0),
        "empty": torch.empty(0),
        "sparse": torch.ones(2).to_sparse(),
        "nested": torch.nested.nested_tensor([torch.ones(2), torch.ones(3)]),
        "Parameter": torch.nn.Parameter(torch.ones(2)),
        "from NumPy": torch.from_numpy(np.ones(2)),
        "with a grad_fn": leaf * 2,
        "inference_mode": inferred,
    }
    for kind, tensor in tensors.items():
        assert isinstance(tensor.device, torch.device), f"{kind}: device is {tensor.device!r}"
        assert tensor.device.type == "cpu", f"{kind}: on {tensor.device}"


def case_meta_is_a_device_without_memory():
    """a meta tensor: its device is meta, neither the CPU nor an accelerator"""
    x = torch.ones(3, device="meta")
    assert x.device.type == "meta", f"on {x.device}"
    assert x.data_ptr() == 0, f"its data is at {x.data_ptr()}"


def results_on(device):
    a, b = torch.ones(2, 3, device=device), torch.ones(3, 4, device=device)
    index = torch.tensor([1, 0], device=device)
    return {
        "a + a": a + a,
        "a @ b": a @ b,
        "a.sum(dim=0)": a.sum(dim=0),
        "cat": torch.cat([a, a]),
        "a[index]": a[index],
        "a.t()": a.t(),
        "a.clone()": a.clone(),
        "a.to(float64)": a.to(torch.float64),
        "torch.exp(a)": torch.exp(a),
    }


def case_results_stay_on_cpu():
    """element-wise, matmul, sum, cat, indexing, views, clone and a dtype change on the CPU"""
    for name, result in results_on("cpu").items():
        assert result.device.type == "cpu", f"{name} is on {result.device}"


def case_results_stay_on_meta():
    """the same operations on meta tensors"""
    for name, result in results_on("meta").items():
        assert result.device.type == "meta", f"{name} is on {result.device}"


def case_results_stay_on_cuda():
    """the same operations on CUDA tensors"""
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {CUDA_NOTES}")
    for name, result in results_on("cuda").items():
        assert result.device.type == "cuda", f"{name} is on {result.device}"
