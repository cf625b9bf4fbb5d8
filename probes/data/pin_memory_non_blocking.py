"""DataLoader(pin_memory=True) puts each batch in page-locked (pinned) host memory when a CUDA
GPU is there (on a machine without an accelerator it warns and pins nothing); from pinned memory,
.to("cuda", non_blocking=True) may return before the copy is done, the GPU's stream ordering the
copy before the kernels that use it. From ordinary memory the copy is made before .to returns,
and a batch already on the device comes back itself, without a copy."""

import unittest
import warnings

import torch
from torch.utils.data import DataLoader, TensorDataset

DATA_DOC = "https://pytorch.org/docs/stable/data.html#memory-pinning"
NON_BLOCKING_DOC = "https://pytorch.org/tutorials/intermediate/pinmem_nonblock.html"


def loader(pin_memory):
    data = TensorDataset(torch.randn(10, 4), torch.arange(10))
    return DataLoader(data, batch_size=4, pin_memory=pin_memory)


def needs_cuda(doc):
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {doc}")


def case_no_accelerator_pins_nothing():
    """pin_memory=True on a machine without an accelerator: the batches are ordinary, with a
    warning from 2.7 on (2.6 warned of nothing)"""
    if (
        torch.accelerator.is_available()
        if hasattr(torch, "accelerator")
        else torch.cuda.is_available()
    ):
        raise unittest.SkipTest("this machine has an accelerator")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        batches = list(loader(True))
    warned = any("pin_memory" in str(w.message) for w in caught)
    release = tuple(int(n) for n in torch.__version__.split("+")[0].split(".")[:2])
    assert warned == (release >= (2, 7)), [str(w.message) for w in caught]
    assert not any(t.is_pinned() for batch in batches for t in batch), "a batch was pinned"


def case_asked_only_for_cuda():
    """pin_memory=device.type == "cuda" with the CPU as the device: False, and no warning"""
    device = torch.device("cpu")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        batches = list(loader(device.type == "cuda"))
    assert len(batches) == 3, len(batches)


def case_same_device_no_copy():
    """a batch already on the CPU: .to("cpu", non_blocking=True) returns the batch itself"""
    batch = torch.randn(4, 4)
    assert batch.to("cpu", non_blocking=True) is batch, "a copy was made"


def case_cuda_batches_pinned():
    """pin_memory=True with a CUDA GPU: every tensor of every batch is pinned"""
    needs_cuda(DATA_DOC)
    assert all(t.is_pinned() for batch in loader(True) for t in batch), "a batch was not pinned"


def case_cuda_non_blocking_copy_arrives():
    """a pinned batch copied with non_blocking=True: a kernel on the same stream sees the whole batch"""
    needs_cuda(NON_BLOCKING_DOC)
    batch = torch.arange(1_000_000, dtype=torch.float32).pin_memory()
    on_gpu = batch.to("cuda", non_blocking=True)
    total = (on_gpu * 1).sum()  # queued after the copy on the same stream
    assert total.item() == batch.sum().item(), total.item()


def case_cuda_pageable_copy_done():
    """an unpinned batch copied with non_blocking=True: an ordinary copy, equal at once"""
    needs_cuda(NON_BLOCKING_DOC)
    batch = torch.randn(1000)
    on_gpu = batch.to("cuda", non_blocking=True)
    assert torch.equal(on_gpu.cpu(), batch), "the copy differs"
