"""Shuffling draws a new random order of the samples for every epoch, as DataLoader(shuffle=True) does; a DistributedSampler does it only when told the epoch with set_epoch."""

import torch
from torch.utils.data import DataLoader, DistributedSampler, IterableDataset, TensorDataset

DATA = TensorDataset(torch.arange(20))


def epochs(loader, count=3):
    return [torch.cat([batch for (batch,) in loader]).tolist() for _ in range(count)]


def case_unseeded_loader():
    """DataLoader(shuffle=True) with no generator of its own: three epochs, three permutations"""
    orders = epochs(DataLoader(DATA, batch_size=6, shuffle=True))
    assert all(sorted(o) == list(range(20)) for o in orders), orders
    assert len({tuple(o) for o in orders}) == 3, orders


def case_seeded_generator():
    """a seeded generator of its own: still a new order each epoch"""
    loader = DataLoader(
        DATA, batch_size=6, shuffle=True, generator=torch.Generator().manual_seed(0)
    )
    orders = epochs(loader)
    assert len({tuple(o) for o in orders}) == 3, orders


def case_without_shuffle():
    """shuffle=False: the same, unshuffled order every epoch"""
    assert epochs(DataLoader(DATA, batch_size=6)) == [list(range(20))] * 3


def case_distributed_sampler():
    """a DistributedSampler(shuffle=True): the same order each epoch until set_epoch changes it"""
    sampler = DistributedSampler(DATA, num_replicas=1, rank=0, shuffle=True)
    first, again = list(sampler), list(sampler)
    assert first == again, "it drew a new order by itself"
    sampler.set_epoch(1)
    assert list(sampler) != first and sorted(sampler) == list(range(20)), "set_epoch kept the order"


def case_iterable_dataset_refused():
    """an IterableDataset has no order to draw: DataLoader refuses shuffle=True"""

    class Stream(IterableDataset):
        def __iter__(self):
            return iter(range(5))

    try:
        DataLoader(Stream(), shuffle=True)
    except ValueError:
        return
    raise AssertionError("shuffle=True was accepted for an IterableDataset")
