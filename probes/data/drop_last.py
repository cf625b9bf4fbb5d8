"""A DataLoader's last batch holds what is left; drop_last=True leaves it out, so that every
batch has batch_size samples; with shuffling, other samples fall in the remainder each epoch."""

import torch
from torch.utils.data import DataLoader, TensorDataset


def sizes(n, batch_size, **options):
    loader = DataLoader(TensorDataset(torch.arange(n)), batch_size=batch_size, **options)
    got = [len(batch) for (batch,) in loader]
    assert len(loader) == len(got), f"len(loader) {len(loader)}, {len(got)} batches"
    return got


def case_remainder_kept():
    """23 samples in batches of 5"""
    assert sizes(23, 5) == [5, 5, 5, 5, 3], sizes(23, 5)


def case_remainder_dropped():
    """23 samples in batches of 5, drop_last=True: every batch has 5"""
    assert sizes(23, 5, drop_last=True) == [5, 5, 5, 5], sizes(23, 5, drop_last=True)


def case_no_remainder():
    """20 samples in batches of 5, with and without drop_last"""
    assert sizes(20, 5) == sizes(20, 5, drop_last=True) == [5] * 4


def case_fewer_samples_than_a_batch():
    """3 samples in batches of 5: one short batch, or none with drop_last=True"""
    assert sizes(3, 5) == [3] and sizes(3, 5, drop_last=True) == [], "unexpected batches"


def case_batches_of_one():
    """batch_size=1: nothing is ever left over"""
    assert sizes(7, 1, drop_last=True) == [1] * 7


def case_shapes_equal():
    """with drop_last=True, every batch of a 2-D dataset has the same shape"""
    loader = DataLoader(TensorDataset(torch.zeros(23, 3)), batch_size=5, drop_last=True)
    shapes = {tuple(batch.shape) for (batch,) in loader}
    assert shapes == {(5, 3)}, f"shapes {shapes}"


def case_remainder_moves_when_shuffled():
    """shuffle=True, seeded: the dropped samples change between epochs, and 20 epochs use all"""
    loader = DataLoader(
        TensorDataset(torch.arange(23)),
        batch_size=5,
        shuffle=True,
        drop_last=True,
        generator=torch.Generator().manual_seed(0),
    )
    dropped, seen = [], set()
    for _ in range(20):
        used = {int(i) for (batch,) in loader for i in batch}
        dropped.append(set(range(23)) - used)
        seen |= used
    assert dropped[0] != dropped[1], f"epochs 1 and 2 both dropped {dropped[0]}"
    assert seen == set(range(23)), f"never used: {set(range(23)) - seen}"
