"""A checkpoint saved as one dict of the model's and the optimizer's state_dict, the epoch, the
CPU's random state (torch.get_rng_state()) and the loader's generator state
(generator.get_state()) loads with weights_only=True, and restored completely it resumes
training with exactly the parameters of a run without a break (same machine, release and thread
count, deterministic kernels); a fresh optimizer or a re-seeded generator breaks that, the
latter by giving the next epoch the order of the first."""

import io
import unittest

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

CUDA_DOC = "https://pytorch.org/docs/stable/generated/torch.cuda.get_rng_state_all.html"


def data():
    generator = torch.Generator().manual_seed(5)
    return TensorDataset(
        torch.randn(40, 6, generator=generator), torch.randint(0, 3, (40,), generator=generator)
    )


def build():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Dropout(0.3), nn.Linear(8, 3))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    generator = torch.Generator().manual_seed(0)
    return (
        model,
        optimizer,
        generator,
        DataLoader(data(), batch_size=8, shuffle=True, generator=generator),
    )


def epoch(model, optimizer, loader):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


def straight():
    model, optimizer, _, loader = build()
    for _ in range(4):
        epoch(model, optimizer, loader)
    return [p.detach().clone() for p in model.parameters()]


def checkpoint_after_two():
    model, optimizer, generator, loader = build()
    for _ in range(2):
        epoch(model, optimizer, loader)
    buffer = io.BytesIO()
    torch.save(
        {
            "model": model.state_dict(),
            "optimizer": optimizer.state_dict(),
            "epoch": 2,
            "torch_rng": torch.get_rng_state(),
            "loader_rng": generator.get_state(),
        },
        buffer,
    )
    buffer.seek(0)
    return buffer


def resumed(keep_optimizer=True, keep_generator=True):
    buffer = checkpoint_after_two()
    torch.manual_seed(123)  # a new process: another random state
    model, optimizer, generator, loader = build()
    checkpoint = torch.load(buffer, weights_only=True)
    model.load_state_dict(checkpoint["model"])
    if keep_optimizer:
        optimizer.load_state_dict(checkpoint["optimizer"])
    torch.set_rng_state(checkpoint["torch_rng"])
    if keep_generator:
        generator.set_state(checkpoint["loader_rng"])
    for _ in range(checkpoint["epoch"], 4):
        epoch(model, optimizer, loader)
    return [p.detach().clone() for p in model.parameters()]


def equal(a, b):
    return all(torch.equal(x, y) for x, y in zip(a, b, strict=True))


def with_threads(count, run):
    before = torch.get_num_threads()
    torch.set_num_threads(count)
    try:
        return run()
    finally:
        torch.set_num_threads(before)


def case_loads_with_weights_only():
    """torch.load(weights_only=True): a dict, the epoch an int, the random states uint8 tensors"""
    checkpoint = torch.load(checkpoint_after_two(), weights_only=True)
    assert type(checkpoint) is dict and type(checkpoint["epoch"]) is int, checkpoint.keys()
    for key in ("torch_rng", "loader_rng"):
        assert checkpoint[key].dtype == torch.uint8, checkpoint[key].dtype


def case_states_restore_draws():
    """torch.get_rng_state() and generator.get_state() put back give the same draws again"""
    state = torch.get_rng_state()
    first = torch.rand(3)
    torch.set_rng_state(state)
    assert torch.equal(torch.rand(3), first), "the CPU generator drew other numbers"
    generator = torch.Generator().manual_seed(0)
    state = generator.get_state()
    first = torch.randperm(10, generator=generator)
    generator.set_state(state)
    assert torch.equal(torch.randperm(10, generator=generator), first), "another order"


def case_resumed_exactly():
    """everything restored, on 1 and on 4 threads: the parameters of 4 epochs in one go, bit for bit"""
    for threads in (1, 4):
        assert with_threads(threads, lambda: equal(resumed(), straight())), (
            f"{threads} threads: differ"
        )


def case_fresh_optimizer_differs():
    """resumed with a fresh optimizer: the momentum restarts, the parameters differ"""
    assert not equal(resumed(keep_optimizer=False), straight()), "the same parameters"


def case_reseeded_generator_differs():
    """resumed with the generator seeded with 0 again: epoch 3 has the order of epoch 1, the parameters differ"""
    generator = torch.Generator().manual_seed(0)
    loader = DataLoader(range(8), batch_size=8, shuffle=True, generator=generator)
    orders = [next(iter(loader)).tolist() for _ in range(3)]
    generator.manual_seed(0)
    assert next(iter(loader)).tolist() == orders[0] != orders[2], orders
    assert not equal(resumed(keep_generator=False), straight()), "the same parameters"


def case_cuda_states():
    """torch.cuda.get_rng_state_all(): one uint8 state per GPU, which set_rng_state_all restores"""
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {CUDA_DOC}")
    states = torch.cuda.get_rng_state_all()
    first = torch.rand(3, device="cuda")
    torch.cuda.set_rng_state_all(states)
    assert len(states) == torch.cuda.device_count() and states[0].dtype == torch.uint8
    assert torch.equal(torch.rand(3, device="cuda"), first), "other draws"
