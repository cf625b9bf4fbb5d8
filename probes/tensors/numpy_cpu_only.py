"""Only a CPU tensor can share memory with a NumPy array: numpy() refuses a tensor elsewhere, and bringing a GPU tensor to the CPU (t.cpu()) copies it."""

import unittest

import numpy as np
import torch

NUMPY_DOC = "https://pytorch.org/docs/stable/generated/torch.Tensor.numpy.html"
CPU_DOC = "https://pytorch.org/docs/stable/generated/torch.Tensor.cpu.html"


def needs_cuda(doc=NUMPY_DOC):
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {doc}")


def case_from_numpy_is_on_the_cpu():
    """from_numpy and as_tensor of an array give CPU tensors"""
    n = np.zeros(3)
    assert torch.from_numpy(n).device.type == "cpu", torch.from_numpy(n).device
    assert torch.as_tensor(n).device.type == "cpu", torch.as_tensor(n).device


def case_meta_refused():
    """numpy() of a meta tensor, which has no memory at all"""
    try:
        torch.zeros(3, device="meta").numpy()
    except (TypeError, RuntimeError):
        return
    raise AssertionError("a meta tensor converted")


def case_cpu_call_on_a_cpu_tensor():
    """t.cpu() on a CPU tensor returns that tensor, so t.cpu().numpy() still shares"""
    t = torch.zeros(3)
    assert t.cpu() is t, "cpu() made a new tensor"
    a = t.cpu().numpy()
    a[0] = 5
    assert t[0].item() == 5, "the write did not reach the tensor"


def case_cuda_numpy_refused():
    """numpy() of a CUDA tensor"""
    needs_cuda()
    try:
        torch.zeros(3, device="cuda").numpy()
    except (TypeError, RuntimeError):
        return
    raise AssertionError("a CUDA tensor converted")


def case_cuda_cpu_copies():
    """t.cpu().numpy() of a CUDA tensor: a write into the array leaves the GPU tensor as it was"""
    needs_cuda(CPU_DOC)
    t = torch.zeros(3, device="cuda")
    a = t.cpu().numpy()
    a[0] = 5
    assert t[0].item() == 0, "the write reached the GPU tensor"


def case_cuda_force_copies():
    """numpy(force=True) of a CUDA tensor: a copy as well"""
    needs_cuda()
    t = torch.zeros(3, device="cuda")
    a = t.numpy(force=True)
    a[0] = 5
    assert t[0].item() == 0, "the write reached the GPU tensor"
