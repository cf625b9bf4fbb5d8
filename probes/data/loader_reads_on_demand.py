"""A DataLoader asks a map-style dataset for each sample by its index, batch by batch as the
batches are needed, so a dataset that keeps only where each sample is (the offset of each row of
a file) and reads sample i in __getitem__ never holds the whole data in memory; with num_workers
above 0 it asks in worker processes, outside the training process (with the default 0, in the
training process itself); a dataset that defines __getitems__ is asked for a batch's indices at
once instead."""

import multiprocessing
import os
import pathlib
import unittest

import torch
from torch.utils.data import DataLoader, Dataset

PYTHON_DOC = "https://docs.python.org/3/library/multiprocessing.html#contexts-and-start-methods"


def write_rows(n=10):
    path = pathlib.Path("rows.csv")
    path.write_text("".join(f"{i},{i * i}\n" for i in range(n)))
    return path


class Rows(Dataset):
    """Keeps the offset of each row; reads row i when asked, and records which rows it read."""

    def __init__(self, path):
        self.path, self.offsets, self.read = path, [], []
        with open(path, "rb") as file:
            offset = 0
            for line in file:
                self.offsets.append(offset)
                offset += len(line)

    def __len__(self):
        return len(self.offsets)

    def __getitem__(self, i):
        self.read.append(i)
        with open(self.path, "rb") as file:
            file.seek(self.offsets[i])
            x, y = file.readline().decode().split(",")
        return torch.tensor(float(x)), torch.tensor(int(y)), torch.tensor(os.getpid())


class Eager(Dataset):
    """Reads every row in __init__."""

    def __init__(self, path):
        self.rows = [line.split(",") for line in path.read_text().splitlines()]

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        x, y = self.rows[i]
        return torch.tensor(float(x)), torch.tensor(int(y)), torch.tensor(os.getpid())


def case_asked_batch_by_batch():
    """batches of 4 from 10 rows: after the first batch only its rows were read, in the sampler's order"""
    data = Rows(write_rows())
    iterator = iter(
        DataLoader(data, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(0))
    )
    first = next(iterator)
    assert data.read == first[0].long().tolist(), f"read {data.read}, batch {first[0].tolist()}"
    rest = list(iterator)
    assert sorted(data.read) == list(range(10)) and len(rest) == 2, data.read


def case_lazy_same_as_eager():
    """the same loader over the lazy and the eager dataset gives the same batches"""
    path = write_rows()
    lazy = [b[:2] for b in DataLoader(Rows(path), batch_size=3)]
    eager = [b[:2] for b in DataLoader(Eager(path), batch_size=3)]
    assert all(
        torch.equal(a, b)
        for x, y in zip(lazy, eager, strict=True)
        for a, b in zip(x, y, strict=True)
    ), "they differ"


def case_batch_size_none():
    """batch_size=None: one index at a time, each sample as __getitem__ returns it"""
    data = Rows(write_rows(5))
    samples = list(DataLoader(data, batch_size=None))
    assert data.read == [0, 1, 2, 3, 4] and samples[3][1].item() == 9, data.read


def case_default_reads_in_training_process():
    """num_workers=0, the default: every row is read in the training process"""
    pids = {int(p) for _, _, pid in DataLoader(Rows(write_rows()), batch_size=4) for p in pid}
    assert pids == {os.getpid()}, f"read in {pids}"


def case_workers_read_outside():
    """num_workers=2: every row is read in a worker process, none in the training process"""
    if "fork" not in multiprocessing.get_all_start_methods():
        raise unittest.SkipTest(f"no fork start method here; documented at {PYTHON_DOC}")
    data = Rows(write_rows())
    loader = DataLoader(data, batch_size=4, num_workers=2, multiprocessing_context="fork")
    pids = {int(p) for _, _, pid in loader for p in pid}
    assert os.getpid() not in pids and len(pids) == 2, f"read in {pids}, main {os.getpid()}"
    assert data.read == [], f"the training process read {data.read}"


def case_getitems_asked_for_batch():
    """a dataset with __getitems__: asked once per batch, with the batch's indices"""

    class Batched(Rows):
        def __getitems__(self, indices):
            self.read.append(list(indices))
            return [Rows.__getitem__(self, i) for i in indices]

    data = Batched(write_rows())
    list(DataLoader(data, batch_size=4))
    assert data.read[0] == [0, 1, 2, 3] and [4, 5, 6, 7] in data.read, data.read
