"""A device chosen as cuda, then mps, then cpu exists on every machine, and the constructors and modules a script uses all take it as device=, so one script runs anywhere."""

import unittest

import numpy as np
import torch

CUDA_NOTES = "https://docs.pytorch.org/docs/stable/notes/cuda.html"


def pick_device():
    """The page's choice: a CUDA GPU, else Apple's GPU, else the CPU."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def constructors(device):
    return {
        "zeros": torch.zeros(2, 3, device=device),
        "ones": torch.ones(2, device=device),
        "empty": torch.empty(2, device=device),
        "full": torch.full((2,), 7.0, device=device),
        "rand": torch.rand(2, device=device),
        "randn": torch.randn(2, device=device),
        "randint": torch.randint(5, (2,), device=device),
        "randperm": torch.randperm(4, device=device),
        "arange": torch.arange(3, device=device),
        "linspace": torch.linspace(0, 1, 3, device=device),
        "eye": torch.eye(2, device=device),
        "tensor": torch.tensor([1.0, 2.0], device=device),
        "as_tensor of NumPy": torch.as_tensor(np.ones(2), device=device),
        "zeros_like": torch.zeros_like(torch.ones(2), device=device),
    }


def modules(device):
    return (
        torch.nn.Linear(3, 2, device=device),
        torch.nn.Conv2d(1, 2, 3, device=device),
        torch.nn.Embedding(4, 2, device=device),
        torch.nn.BatchNorm1d(3, device=device),
        torch.nn.LSTM(2, 3, device=device),
        torch.nn.LayerNorm(3, device=device),
    )


def case_the_choice_is_usable_here():
    """the device pick_device() chooses on this machine takes a tensor and a module"""
    device = pick_device()
    x = torch.ones(2, 3, device=device)
    y = torch.nn.Linear(3, 2, device=device)(x)
    assert y.device.type == device.type, f"the result is on {y.device}, not {device}"


def case_constructors_take_device():
    """zeros, ones, empty, full, rand, randn, randint, randperm, arange, linspace, eye, tensor, as_tensor, zeros_like on meta"""
    for name, tensor in constructors("meta").items():
        assert tensor.device.type == "meta", f"{name} is on {tensor.device}"


def case_modules_take_device():
    """Linear, Conv2d, Embedding, BatchNorm1d (with buffers), LSTM, LayerNorm on meta"""
    for module in modules("meta"):
        places = {t.device.type for t in [*module.parameters(), *module.buffers()]}
        assert places == {"meta"}, f"{type(module).__name__} is on {places}"


def case_chosen_accelerator():
    """on a machine with CUDA or MPS, the same constructors and modules on the chosen device"""
    device = pick_device()
    if device.type == "cpu":
        raise unittest.SkipTest(f"no CUDA or MPS device; documented at {CUDA_NOTES}")
    for name, tensor in constructors(device).items():
        assert tensor.device.type == device.type, f"{name} is on {tensor.device}"
    for module in modules(device):
        places = {t.device.type for t in [*module.parameters(), *module.buffers()]}
        assert places == {device.type}, f"{type(module).__name__} is on {places}"
