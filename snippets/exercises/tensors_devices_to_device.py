import torch


def to_device(batch, device):
    """Move every tensor in batch (a tensor, or a list, tuple or dict of them, nested) to device."""
    if isinstance(batch, torch.Tensor):
        return batch.to(device)
    if isinstance(batch, dict):
        return {key: to_device(value, device) for key, value in batch.items()}
    if isinstance(batch, list | tuple):
        return type(batch)(to_device(item, device) for item in batch)
    return batch  # a number, a string: nothing to move


# -- check: run this after your own to_device
import torch


def check(to_device):
    batch = {"x": torch.ones(2, 3), "pair": (torch.zeros(2), [torch.arange(2)]), "id": 7}
    moved = to_device(batch, "meta")  # meta: a device every machine has
    tensors = [moved["x"], moved["pair"][0], moved["pair"][1][0]]
    assert all(t.device.type == "meta" for t in tensors), "every tensor must end up on meta"
    assert isinstance(moved["pair"], tuple), "a tuple must stay a tuple"
    assert isinstance(moved["pair"][1], list), "a list must stay a list"
    assert moved["id"] == 7, "what is not a tensor stays as it is"
    assert batch["x"].device.type == "cpu", "the caller's batch must not change"
    print(len(tensors))
    print(moved["x"].device)
    print(type(moved["pair"]).__name__, type(moved["pair"][1]).__name__)
    print(moved["id"])
    print(batch["x"].device)


check(to_device)
