"""With num_workers=2 a DataLoader starts two worker processes, separate from the main one, each loading whole batches, in turns, while the main process takes them, by default (in_order=True) in the sampler's order; inside a worker torch.utils.data.get_worker_info() returns the worker's id and num_workers, in the main process None."""

import functools
import multiprocessing
import os
import unittest

import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info

DOC = "https://pytorch.org/docs/stable/data.html#platform-specific-behaviors"


class WhoLoads(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        info = get_worker_info()
        return (
            i,
            -1 if info is None else info.id,
            -1 if info is None else info.num_workers,
            os.getpid(),
        )


@functools.cache
def by_default():
    """One run with the default options, read by several cases."""
    return loaded()


def loaded(**options):
    # fork: the worker inherits this module's class; spawn and forkserver would need it importable
    if "fork" not in multiprocessing.get_all_start_methods():
        raise unittest.SkipTest(f"no fork start method here; workers start as documented at {DOC}")
    loader = DataLoader(
        WhoLoads(),
        batch_size=2,
        num_workers=2,
        multiprocessing_context="fork",
        timeout=60,
        **options,
    )
    return [[column.tolist() for column in batch] for batch in loader]


def case_two_processes_not_the_main_one():
    """the samples come from 2 process ids, neither of them the main process"""
    pids = {pid for batch in by_default() for pid in batch[3]}
    assert len(pids) == 2 and os.getpid() not in pids, (pids, os.getpid())


def case_worker_info_in_workers():
    """in a worker, get_worker_info() gives id 0 or 1 and num_workers 2"""
    batches = by_default()
    assert {w for batch in batches for w in batch[1]} == {0, 1}, batches
    assert {n for batch in batches for n in batch[2]} == {2}, batches


def case_none_in_the_main_process():
    """num_workers=0: get_worker_info() is None while loading, and outside any loader"""
    batch = next(iter(DataLoader(WhoLoads(), batch_size=2)))
    assert batch[1].tolist() == [-1, -1] and get_worker_info() is None, batch


def case_whole_batches_in_turns_in_order():
    """each batch from one worker, workers 0, 1, 0, 1, the batches in the sampler's order"""
    batches = by_default()
    assert [batch[0] for batch in batches] == [[0, 1], [2, 3], [4, 5], [6, 7]], batches
    assert [len(set(batch[1])) for batch in batches] == [1, 1, 1, 1], batches
    assert [batch[1][0] for batch in batches] == [0, 1, 0, 1], batches


def case_in_order_false():
    """in_order=False: every batch still arrives once, in whatever order the workers finish"""
    batches = loaded(in_order=False)
    assert sorted(i for batch in batches for i in batch[0]) == list(range(8)), batches


def case_shuffled():
    """shuffle=True, seeded: the same order of samples as the same loader without workers"""
    batches = loaded(shuffle=True, generator=torch.Generator().manual_seed(0))
    got = [i for batch in batches for i in batch[0]]
    alone = DataLoader(
        WhoLoads(), batch_size=2, shuffle=True, generator=torch.Generator().manual_seed(0)
    )
    expected = [i for batch in alone for i in batch[0].tolist()]
    assert sorted(got) == list(range(8)) and got == expected, (got, expected)
