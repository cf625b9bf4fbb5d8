"""torch.save records the device of each tensor and torch.load puts it back there, so a
checkpoint of CUDA tensors raises a RuntimeError that names map_location on a machine
without CUDA; map_location="cpu" (or a dict, or a torch.device) loads it onto the CPU, and
load_state_dict copies the values into the model's own tensors, which keep their device."""

import io
import unittest

import torch
from torch import nn, serialization

LOAD_DOC = "https://docs.pytorch.org/docs/stable/generated/torch.load.html (map_location)"


def cuda_checkpoint(obj):
    """What torch.save writes on a GPU: every storage tagged "cuda:0" (saved here on the CPU,
    with the tag as torch.save's location_tag gives it for a CUDA tensor)."""
    tag = serialization.location_tag
    serialization.location_tag = lambda storage: "cuda:0"
    try:
        buffer = io.BytesIO()
        torch.save(obj, buffer)
    finally:
        serialization.location_tag = tag
    buffer.seek(0)
    return buffer


def case_location_recorded():
    """a CPU tensor is tagged "cpu", and comes back on the CPU without map_location"""
    buffer = io.BytesIO()
    torch.save({"w": torch.ones(2)}, buffer)
    assert serialization.location_tag(torch.ones(2).untyped_storage()) == "cpu"
    buffer.seek(0)
    assert torch.load(buffer, weights_only=True)["w"].device.type == "cpu"


def case_cuda_checkpoint_without_cuda_fails():
    """without CUDA, loading a CUDA checkpoint raises RuntimeError naming map_location"""
    if torch.cuda.is_available():
        raise unittest.SkipTest(f"this machine has CUDA; documented at {LOAD_DOC}")
    for weights_only in (True, False):
        buffer = cuda_checkpoint({"w": torch.ones(2)})
        try:
            torch.load(buffer, weights_only=weights_only)
        except RuntimeError as error:
            assert "map_location" in str(error), error
        else:
            raise AssertionError("a CUDA checkpoint loaded on a machine without CUDA")


def case_map_location_spellings():
    """ "cpu", torch.device("cpu") and {"cuda:0": "cpu"} all load the CUDA checkpoint onto the CPU"""
    for where in ("cpu", torch.device("cpu"), {"cuda:0": "cpu"}):
        loaded = torch.load(
            cuda_checkpoint({"w": torch.arange(3.0)}), map_location=where, weights_only=True
        )
        assert loaded["w"].device.type == "cpu", where
        assert torch.equal(loaded["w"], torch.arange(3.0)), where


def case_load_state_dict_keeps_the_model_device():
    """load_state_dict copies into the existing parameters: same tensors, same device"""
    model = nn.Linear(3, 2)
    target = "cuda" if torch.cuda.is_available() else "cpu"
    model.to(target)
    pointers = [p.data_ptr() for p in model.parameters()]
    state = {k: torch.full_like(v, 2.0, device="cpu") for k, v in model.state_dict().items()}
    model.load_state_dict(state)
    assert [p.data_ptr() for p in model.parameters()] == pointers
    assert all(p.device.type == target and bool((p == 2).all()) for p in model.parameters())
