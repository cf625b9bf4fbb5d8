"""model.to(device) moves a module's parameters and buffers and returns the same module, while
tensor.to(device) returns a new tensor and leaves the original where it was, so each batch is
moved by assigning the result (non_blocking=True changes nothing of that). The module keeps its
Parameter objects where the new tensor can replace the old one's data (another dtype, or CPU to
GPU), but moving to the meta device gives it new ones: an optimizer made before the move would
hold the old ones, so the model is moved before the optimizer is made."""

import unittest

import torch
from torch import nn

MODULE_TO_DOC = "https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.to"


def case_module_moved_same_module():
    """nn.Sequential with batch norm to the meta device: the same module back, parameters and buffers moved"""
    model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4))
    assert model.to("meta") is model, "to() returned another module"
    assert all(t.is_meta for t in list(model.parameters()) + list(model.buffers())), "left behind"


def case_dtype_keeps_parameter_objects():
    """model.to(torch.float64): the same Parameter objects, so an optimizer made before holds the converted ones"""
    model = nn.Linear(3, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    before = list(model.parameters())
    model.to(torch.float64)
    assert all(a is b for a, b in zip(before, model.parameters(), strict=True)), (
        "new Parameter objects"
    )
    assert all(p.dtype == torch.float64 for p in optimizer.param_groups[0]["params"]), (
        "not converted"
    )


def case_meta_replaces_parameter_objects():
    """model.to("meta"): new Parameter objects; an optimizer made before still holds the CPU ones"""
    model = nn.Linear(3, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model.to("meta")
    held = optimizer.param_groups[0]["params"]
    assert all(p.device.type == "cpu" for p in held), "the optimizer's parameters moved"
    assert not any(p is q for p in held for q in model.parameters()), "the same objects"


def case_tensor_to_returns_new():
    """a batch, with and without non_blocking=True: a new tensor on the device, the original unchanged"""
    for non_blocking in (False, True):
        batch = torch.ones(4, 3)
        moved = batch.to("meta", non_blocking=non_blocking)
        assert moved is not batch and moved.is_meta and batch.device.type == "cpu", non_blocking


def case_already_there():
    """a batch already on the device: .to returns the batch itself"""
    batch = torch.ones(4, 3)
    assert batch.to("cpu", non_blocking=True) is batch, "a copy"


def case_cuda_keeps_parameter_objects():
    """model.to("cuda"): the same Parameter objects, now on the GPU"""
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {MODULE_TO_DOC}")
    model = nn.Linear(3, 4)
    before = list(model.parameters())
    model.to("cuda")
    assert all(a is b for a, b in zip(before, model.parameters(), strict=True)), "new objects"
    assert all(p.is_cuda for p in model.parameters()), "left behind"
