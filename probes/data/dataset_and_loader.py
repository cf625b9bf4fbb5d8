"""A map-style dataset says how many samples it has (__len__) and returns sample i (__getitem__); a DataLoader over it decides the order (0, 1, 2, … or, with shuffle=True, a permutation), groups the samples into batches (of 1 unless told; batch_size=None turns grouping off) and loads them in worker processes only when num_workers asks for them. An IterableDataset is the other kind: it has no sample i, and its own iteration decides the order."""

import torch
from torch.utils.data import DataLoader, Dataset, IterableDataset, TensorDataset


class Asked(Dataset):
    """Records the indices it is asked for."""

    def __init__(self, n):
        self.n, self.asked = n, []

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        self.asked.append(i)
        return torch.tensor(float(i))


def case_length_and_sample_i():
    """TensorDataset and a class of one's own: len() and dataset[i]"""
    data = TensorDataset(torch.arange(10.0))
    assert len(data) == 10 and data[3][0].item() == 3.0, data[3]
    own = Asked(4)
    assert len(own) == 4 and own[2].item() == 2.0


def case_order_default_and_shuffled():
    """the loader asks for 0, 1, …, 5 by default, for a permutation of them with shuffle=True"""
    plain = Asked(6)
    list(DataLoader(plain, batch_size=4))
    assert plain.asked == [0, 1, 2, 3, 4, 5], plain.asked
    shuffled = Asked(6)
    list(
        DataLoader(shuffled, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(1))
    )
    assert sorted(shuffled.asked) == list(range(6)) and shuffled.asked != list(range(6)), (
        shuffled.asked
    )


def case_grouped_into_batches():
    """batch_size=4 over 6 samples: batches of 4 and 2; without batch_size, batches of 1"""
    sizes = [len(b) for b in DataLoader(Asked(6), batch_size=4)]
    assert sizes == [4, 2], sizes
    default = [tuple(b.shape) for b in DataLoader(Asked(3))]
    assert default == [(1,), (1,), (1,)], default


def case_batch_size_none_ungrouped():
    """batch_size=None: the samples come one by one, without a batch dimension"""
    shapes = [tuple(b.shape) for b in DataLoader(Asked(3), batch_size=None)]
    assert shapes == [(), (), ()], shapes


def case_no_workers_unless_asked():
    """num_workers is 0 unless given: the samples are loaded in this process"""
    loader = DataLoader(Asked(2))
    assert loader.num_workers == 0, loader.num_workers
    assert next(iter(loader)).shape == (1,) and torch.utils.data.get_worker_info() is None


def case_iterable_dataset():
    """an IterableDataset: no sample i, its own order, shuffle=True refused with ValueError"""

    class Stream(IterableDataset):
        def __iter__(self):
            return iter([3, 1, 2])

    try:
        Stream()[0]
    except (TypeError, NotImplementedError):
        pass
    else:
        raise AssertionError("an IterableDataset gave sample 0")
    assert [b.tolist() for b in DataLoader(Stream(), batch_size=2)] == [[3, 1], [2]]
    try:
        DataLoader(Stream(), shuffle=True)
    except ValueError:
        return
    raise AssertionError("shuffle=True was taken")
