"""A DataLoader takes the samples of a map-style dataset in the order its sampler gives (in order by default, a new permutation with shuffle=True, any order of a sampler passed to it), groups them into batches of batch_size (the last may be smaller; batch_size=None leaves them unbatched) and, for num_workers > 0, loads them in worker processes, in the same order."""

import multiprocessing
import os
import unittest

import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset


def flat(loader):
    return [int(i) for batch in loader for i in batch[0].reshape(-1)]


DATA = TensorDataset(torch.arange(7))


class Pids(Dataset):
    """Sample i is (i, the id of the process that loaded it)."""

    def __len__(self):
        return 6

    def __getitem__(self, i):
        return i, os.getpid()


def case_in_order_by_default():
    """no sampler and no shuffle: samples 0 … 6 in order, batches of 3, 3 and 1"""
    loader = DataLoader(DATA, batch_size=3)
    assert flat(loader) == list(range(7)), flat(loader)
    assert [len(b[0]) for b in loader] == [3, 3, 1], [len(b[0]) for b in loader]


def case_shuffle_is_a_permutation():
    """shuffle=True: a RandomSampler, and each epoch a permutation of the samples, not all in one order"""
    loader = DataLoader(
        DATA, batch_size=2, shuffle=True, generator=torch.Generator().manual_seed(0)
    )
    assert isinstance(loader.sampler, torch.utils.data.RandomSampler), type(loader.sampler)
    orders = [flat(loader) for _ in range(4)]
    assert all(sorted(order) == list(range(7)) for order in orders), f"{orders}"
    assert len({tuple(order) for order in orders}) > 1, f"four epochs in one order: {orders[0]}"


def case_sampler_of_ones_own():
    """sampler=[4, 0, 6, 2]: exactly those samples in that order"""
    assert flat(DataLoader(DATA, batch_size=3, sampler=[4, 0, 6, 2])) == [4, 0, 6, 2]


def case_batch_of_one_and_none():
    """batch_size=1 keeps a batch dimension of 1; batch_size=None gives the samples themselves"""
    ones = list(DataLoader(DATA, batch_size=1))
    assert len(ones) == 7 and ones[0][0].shape == (1,), f"{ones[0][0].shape}"
    unbatched = list(DataLoader(DATA, batch_size=None))
    assert len(unbatched) == 7 and unbatched[3][0].shape == () and unbatched[3][0] == 3, unbatched[
        3
    ]


def case_empty_dataset():
    """a dataset of no samples gives no batch"""
    assert list(DataLoader(TensorDataset(torch.empty(0)), batch_size=2)) == []


def case_worker_processes():
    """num_workers=2 (forked workers): other processes load the samples, still in the sampler's order"""
    if "fork" not in multiprocessing.get_all_start_methods():
        raise unittest.SkipTest("no fork here; the DataLoader documentation describes the workers")
    loader = DataLoader(
        Pids(),
        batch_size=2,
        num_workers=2,
        sampler=[5, 1, 3, 0, 2, 4],
        multiprocessing_context="fork",
    )
    order, pids = [], set()
    for index, pid in loader:
        order += index.tolist()
        pids |= set(pid.tolist())
    assert order == [5, 1, 3, 0, 2, 4], f"order {order}"
    assert os.getpid() not in pids and len(pids) == 2, f"loaded by {pids}, main is {os.getpid()}"
