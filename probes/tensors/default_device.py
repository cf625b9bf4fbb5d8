"""A constructor puts its result on the default device, the CPU unless torch.set_default_device or a with torch.device(...) block changed it, whatever device other tensors are on."""

import torch

CONSTRUCTORS = {
    "zeros(3)": lambda: torch.zeros(3),
    "ones(2, 3)": lambda: torch.ones(2, 3),
    "rand(2)": lambda: torch.rand(2),
    "arange(3)": lambda: torch.arange(3),
    "full((2,), 7.0)": lambda: torch.full((2,), 7.0),
    "tensor([1.0])": lambda: torch.tensor([1.0]),
}


def places():
    return {name: make().device.type for name, make in CONSTRUCTORS.items()}


def case_cpu_by_default():
    """nothing changed: every constructor gives a CPU tensor"""
    assert set(places().values()) == {"cpu"}, places()


def case_other_tensors_elsewhere():
    """with other tensors and a model on meta: torch.zeros(3) is still on the CPU"""
    on_meta = torch.ones(3, device="meta")
    model = torch.nn.Linear(3, 3, device="meta")
    assert on_meta.device.type == "meta" and model.weight.device.type == "meta"
    assert set(places().values()) == {"cpu"}, places()


def case_set_default_device():
    """torch.set_default_device("meta"): the constructors follow it, and the CPU is back after"""
    before = torch.get_default_device()
    torch.set_default_device("meta")
    try:
        moved = places()
    finally:
        torch.set_default_device(None if before.type == "cpu" else before)
    assert set(moved.values()) == {"meta"}, moved
    assert set(places().values()) == {"cpu"}, f"after: {places()}"


def case_device_context():
    """inside with torch.device("meta"): the constructors follow it, and the CPU is back after"""
    with torch.device("meta"):
        inside = places()
    assert set(inside.values()) == {"meta"}, inside
    assert set(places().values()) == {"cpu"}, f"after: {places()}"


def case_explicit_device_wins():
    """device="cpu" inside with torch.device("meta"), and device="meta" outside"""
    with torch.device("meta"):
        assert torch.zeros(3, device="cpu").device.type == "cpu", "device= lost to the context"
    assert torch.zeros(3, device="meta").device.type == "meta", "device= ignored"
